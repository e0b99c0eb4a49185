// SPDX-License-Identifier: GPL-2.0
/*
 * patch_batch.c - the kernel builds of a run's verification, done once
 * for all its patches rather than once per lock:
 *
 *   - one scratch copy of the tree (and of an O= build directory), made
 *     of hard links (patch_scratch.c), the files any patch changes real
 *     copies; kbuild's host tools are the build's own: tools/'s make
 *     (objtool and its fixdep) records absolute paths, which are moved
 *     to the copy, so it finds them up to date;
 *   - one "before" build of every object any patch rebuilds, with make
 *     C=2: an object up to date in the user's build is not compiled
 *     again, only checked by sparse (each object is a real copy first,
 *     since a compiler writes its output in place);
 *   - the patches whose objects or files overlap verified together, in
 *     one "after" build of their objects (deleted first: in an O= build
 *     their dependencies name the source tree, not the copy); only when
 *     that fails is each built alone, to find which one broke it;
 *   - make's output is split by object (patch_make.c), so each "after"
 *     is compared with the "before" of its own objects.  A
 *     compiler warning of an object the "before" build did not compile
 *     is looked for only when the comparison finds something new: the
 *     patches are taken out again and those objects compiled alone.
 *
 * Every make gets -j from --jobs, else from the make lockfit runs under
 * (MAKEFLAGS), else the number of CPUs; the outer make's MAKEFLAGS are
 * not passed on.  --verify-unbuilt's allmodconfig directory is made once,
 * in the scratch directory, and built the same way.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lib/util.h"
#include "lib/readfile.h"
#include "patch/patch.h"

struct saved;

/* One kernel build: the scratch tree's (O= copy), or allmodconfig's. */
struct side {
	const char *out;		/* O= directory, NULL: in-tree */
	const char *root;		/* where its objects are */
	struct lf_strv all;		/* every object of the run */
	struct lf_diags before;
	struct lf_strv compiled;	/* compiled by a "before" build */
	struct lf_strv broken;		/* do not build before the patch */
};

struct run {
	const struct lf_pbuild *b;
	char *dir, *scratch, *stamp, *odir, *oscratch, *ceiling;
	struct lf_vjob **v;
	size_t n, cap;
	struct side k, am;		/* the build's; --verify-unbuilt's */
	bool allmod;
	struct { struct saved *v; size_t n, cap; } saved;	/* changed files */
	bool on;			/* some diff is applied */
};

/* The objects of V on side S. */
static const struct lf_strv *objs_of(const struct run *r, const struct side *s,
				     const struct lf_vjob *v)
{
	return s == &r->k ? &v->objs : &v->amobjs;
}

/* make -C SCRATCH [O=OUT] -jN -Otarget -k KBUILD_NOCMDDEP=1 [C=C] TARGETS,
 * logged to every job of JOBS (N of them).  -k: make builds what it can,
 * the objects that came out say the rest. */
static void make(struct run *r, const struct side *s, const char *c,
		 const struct lf_strv *targets, struct lf_vjob **jobs, size_t n,
		 struct lf_exec *x)
{
	struct lf_strv argv = { 0 };
	const char *env[] = { r->ceiling, LF_MAKE_ENV, NULL };
	char *arg;

	lf_strv_add(&argv, "make");
	lf_strv_add(&argv, "-C");
	lf_strv_add(&argv, r->scratch);
	if (s->out) {
		arg = xasprintf("O=%s", s->out);
		lf_strv_add(&argv, arg);
		free(arg);
	}
	lf_strv_add(&argv, lf_make_jobs());
	lf_strv_add(&argv, "-Otarget");
	lf_strv_add(&argv, "-k");
	lf_strv_add(&argv, "KBUILD_NOCMDDEP=1");
	if (c) {
		arg = xasprintf("C=%s", c);
		lf_strv_add(&argv, arg);
		free(arg);
	}
	for (size_t i = 0; i < targets->n; i++)
		lf_strv_add(&argv, targets->v[i]);
	VEC_PUSH(&argv, NULL);
	lf_exec_run(x, NULL, (const char *const *)argv.v, env);
	for (size_t i = 0; i < n; i++)
		lf_vlog_cmd(&jobs[i]->log, (const char *const *)argv.v, x);
	for (size_t i = 0; argv.v[i]; i++)
		free(argv.v[i]);
	free(argv.v);
}

/* Does O exist in S's directory, newer than the stamp (NEWER)? */
static bool obj_there(const struct run *r, const struct side *s, const char *o,
		      bool newer)
{
	char *p = lf_path_in(s->root, o);
	struct stat st, sst;
	bool yes = p && !stat(p, &st);

	if (yes && newer)
		yes = !stat(r->stamp, &sst) &&
		      (st.st_mtim.tv_sec > sst.st_mtim.tv_sec ||
		       (st.st_mtim.tv_sec == sst.st_mtim.tv_sec &&
			st.st_mtim.tv_nsec >= sst.st_mtim.tv_nsec));
	free(p);
	return yes;
}

/* A changed file as it was in the scratch copy, to put back. */
struct saved {
	char *path, *text;
	struct timespec times[2];
};

/* Keep FILE of the scratch copy as it is now (once); NULL, or why not. */
static char *save(struct run *r, const char *file)
{
	char *path = lf_path_in(r->scratch, file);
	struct saved sv = { 0 };
	struct stat st;
	size_t len;

	for (size_t i = 0; path && i < r->saved.n; i++)
		if (!strcmp(r->saved.v[i].path, path)) {
			free(path);
			return NULL;
		}
	if (!path || lstat(path, &st) || !S_ISREG(st.st_mode) ||
	    !(sv.text = lf_read_bounded(path, &len)) || strlen(sv.text) != len) {
		free(path);
		return xasprintf("cannot read %s in the scratch copy",
				 lf_mail_esc(file));
	}
	sv.path = path;
	sv.times[0] = st.st_atim;
	sv.times[1] = st.st_mtim;
	VEC_PUSH(&r->saved, sv);
	return NULL;
}

static const struct saved *saved(const struct run *r, const char *file)
{
	char *path = lf_path_in(r->scratch, file);
	const struct saved *sv = NULL;

	for (size_t i = 0; path && i < r->saved.n && !sv; i++)
		if (!strcmp(r->saved.v[i].path, path))
			sv = &r->saved.v[i];
	free(path);
	return sv;
}

/* Write TEXT to the scratch copy's FILE (saved), its times kept. */
static void put(const struct saved *sv, const char *text)
{
	if (lf_safe_write(sv->path, text) ||
	    utimensat(AT_FDCWD, sv->path, sv->times, AT_SYMLINK_NOFOLLOW))
		lf_die("cannot write %s: %s", sv->path, strerror(errno));
}

/* The diffs of SET (N) applied together: each file they change made
 * once from the original and every diff's hunks (patch_merge.c). */
static char *merge_set(struct run *r, struct lf_vjob **set, size_t n)
{
	struct lf_strv files = { 0 };
	char *err = NULL;

	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < set[i]->touched.n; k++)
			lf_strv_add_unique(&files, set[i]->touched.v[k]);
	for (size_t f = 0; f < files.n && !err; f++) {
		const char **diffs = xcalloc(n, sizeof(*diffs));
		size_t nd = 0;
		char *text;

		if ((err = save(r, files.v[f])))
			break;
		for (size_t i = 0; i < n; i++)
			if (lf_strv_has(&set[i]->touched, files.v[f]))
				diffs[nd++] = set[i]->j->diff;
		text = lf_diff_merge(saved(r, files.v[f])->text, files.v[f],
				     diffs, nd, &err);
		if (text)
			put(saved(r, files.v[f]), text);
		free(text);
		free(diffs);
	}
	for (size_t i = 0; i < n; i++)
		sb_printf(&set[i]->log, "applied with the %zu other patch%s of its "
			  "build, hunk by hunk on the tree's lines: %s\n", n - 1,
			  n == 2 ? "" : "es", err ? err : "done");
	return err;
}

/* Every applied diff taken out (the saved files put back), then those
 * of SET (N) applied; NULL, or why they do not apply. */
static char *apply_set(struct run *r, struct lf_vjob **set, size_t n)
{
	struct lf_exec x;
	char *err = NULL;

	for (size_t i = 0; i < r->saved.n && r->on; i++)
		put(&r->saved.v[i], r->saved.v[i].text);
	r->on = false;
	if (!n)
		return NULL;
	r->on = true;
	if (n > 1)
		return merge_set(r, set, n);
	for (size_t k = 0; k < set[0]->touched.n && !err; k++)
		err = save(r, set[0]->touched.v[k]);
	if (!err) {
		const char *argv[] = { "git", "apply", set[0]->diff, NULL };
		const char *env[] = { r->ceiling, NULL };

		lf_exec_run(&x, r->scratch, argv, env);
		lf_vlog_cmd(&set[0]->log, argv, &x);
		if (x.status)
			err = xasprintf("in the scratch tree: %s", x.out);
		free(x.out);
	}
	return err;
}

/* The objects of SET on side S. */
static void set_objs(const struct run *r, const struct side *s,
		     struct lf_vjob **set, size_t n, struct lf_strv *objs)
{
	for (size_t i = 0; i < n; i++) {
		const struct lf_strv *o = objs_of(r, s, set[i]);

		for (size_t k = 0; k < o->n; k++)
			lf_strv_add_unique(objs, o->v[k]);
	}
	lf_strv_sort(objs);
}

/*
 * The compiler's warnings before the patches, for OBJS of S that the
 * "before" build only checked (up to date): every diff out, those
 * objects compiled without sparse (sparse's are known).
 */
static void compile_before(struct run *r, struct side *s,
			   const struct lf_strv *objs, struct lf_vjob **set,
			   size_t n)
{
	struct lf_strv need = { 0 };
	struct lf_exec x;
	char *err;

	for (size_t i = 0; i < objs->n; i++)
		if (!lf_strv_has(&s->compiled, objs->v[i]))
			lf_strv_add(&need, objs->v[i]);
	if (!need.n)
		return;
	for (size_t i = 0; i < n; i++)
		sb_printf(&set[i]->log, "new diagnostics: the objects the build "
			  "had up to date compiled before the patch too, for "
			  "the compiler's own\n");
	err = apply_set(r, NULL, 0);
	if (!err)
		err = lf_unlink_objs(s->root, &need);
	if (err)
		lf_die("%s", err);
	make(r, s, NULL, &need, set, n, &x);
	lf_diags_split(x.out, &need, &s->before);
	for (size_t i = 0; i < need.n; i++)
		lf_strv_add(&s->compiled, need.v[i]);
	free(x.out);
}

/* The "after" build of SET's objects on S, compared with their "before";
 * NULL, or why it fails (STEP: "rebuild", "sparse"). */
static char *after(struct run *r, struct side *s, struct lf_vjob **set,
		   size_t n, const char **step)
{
	struct lf_strv objs = { 0 }, b = { 0 }, a = { 0 };
	struct lf_diags d = { 0 };
	struct lf_exec x;
	char *why = NULL, *text = NULL;
	size_t fresh;

	set_objs(r, s, set, n, &objs);
	if (!objs.n)
		return NULL;
	why = lf_unlink_objs(s->root, &objs);
	if (why) {
		*step = "scratch tree";
		return why;
	}
	lf_step_begin_set(set, n, "after build%s: %zu object%s, make C=1 (sparse)",
			  s == &r->am ? " (allmodconfig)" : "", objs.n,
			  lf_plural(objs.n));
	make(r, s, "1", &objs, set, n, &x);
	lf_step_end("%s", x.status ? "failed" : "done");
	for (size_t i = 0; i < objs.n && !why; i++)
		if (!obj_there(r, s, objs.v[i], false) || x.status) {
			char *e = lf_make_error_of(x.out, &objs, objs.v[i]);

			*step = "rebuild";
			why = xasprintf("after the patch, the objects do not build: %s", e);
			free(e);
		}
	if (!why) {
		lf_step_begin_set(set, n, "sparse: the diagnostics after, "
				  "compared with before");
		lf_diags_split(x.out, &objs, &d);
		lf_diags_keys(&s->before, &objs, &b);
		lf_diags_keys(&d, &objs, &a);
		if (lf_diag_new(&b, &a, NULL)) {
			compile_before(r, s, &objs, set, n);
			b.n = 0;
			lf_diags_keys(&s->before, &objs, &b);
		}
		fresh = lf_diag_new(&b, &a, &text);
		lf_step_end("%zu new", fresh);
		for (size_t i = 0; i < n; i++) {
			sb_printf(&set[i]->log, "sparse/compiler diagnostics: %zu "
				  "before, %zu after, %zu new\n", b.n, a.n, fresh);
			set[i]->j->diags_before = b.n;
			set[i]->j->diags_after = a.n;
		}
		if (fresh) {
			*step = "sparse";
			why = xasprintf("%zu new warning%s: %s", fresh,
					lf_plural(fresh), text);
		}
	}
	free(text);
	free(x.out);
	return why;
}

/* Verify SET (N jobs) together; NULL, or why not (STEP). */
static char *try_set(struct run *r, struct lf_vjob **set, size_t n,
		     const char **step)
{
	char *why = apply_set(r, set, n);

	if (why) {
		*step = "git apply";
		return why;
	}
	why = after(r, &r->k, set, n, step);
	if (!why && r->allmod)
		why = after(r, &r->am, set, n, step);
	return why;
}

static bool overlap(const struct lf_strv *a, const struct lf_strv *b)
{
	for (size_t i = 0; i < a->n; i++)
		if (lf_strv_has(b, a->v[i]))
			return true;
	return false;
}

static size_t find(size_t *up, size_t i)
{
	while (up[i] != i)
		i = up[i] = up[up[i]];
	return i;
}

/* Jobs sharing an object or a changed file: one group (the first's). */
static void groups(struct run *r, size_t *up)
{
	for (size_t i = 0; i < r->n; i++)
		up[i] = i;
	for (size_t i = 0; i < r->n; i++)
		for (size_t k = i + 1; k < r->n; k++)
			if (overlap(&r->v[i]->objs, &r->v[k]->objs) ||
			    overlap(&r->v[i]->amobjs, &r->v[k]->amobjs) ||
			    overlap(&r->v[i]->touched, &r->v[k]->touched)) {
				size_t a = find(up, i), b = find(up, k);

				up[a > b ? a : b] = a > b ? b : a;
			}
}

static void done(struct run *r, struct lf_vjob *v, const char *step,
		 const char *why)
{
	if (!why) {
		if (r->allmod)
			lf_vjob_allmod_done(v);
		return;
	}
	lf_vfail(v, step, "%s", why);
}

/* One group: together, else each alone. */
static void verify_group(struct run *r, struct lf_vjob **set, size_t n)
{
	const char *step = "rebuild";
	char *why = try_set(r, set, n, &step);

	if (n == 1 || !why) {
		for (size_t i = 0; i < n; i++)
			done(r, set[i], step, why);
		free(why);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		sb_printf(&set[i]->log, "together with the %zu other patch%s "
			  "using its objects or files: %s: %s; now alone\n",
			  n - 1, n == 2 ? "" : "es", step, why);
	}
	free(why);
	for (size_t i = 0; i < n; i++) {
		step = "rebuild";
		why = try_set(r, &set[i], 1, &step);
		done(r, set[i], step, why);
		free(why);
	}
}

/* The "before" build of S: every object of the run; those that do not
 * build fail their jobs. */
static void before(struct run *r, struct side *s, const char *c)
{
	struct lf_exec x;

	lf_step_begin_set(r->v, r->n, "before build%s: %zu object%s, make C=%s "
			  "(sparse)", s == &r->am ? " (allmodconfig)" : "",
			  s->all.n, lf_plural(s->all.n), c);
	make(r, s, c, &s->all, r->v, r->n, &x);
	lf_step_end("%s", x.status ? "failed" : "done");
	lf_diags_split(x.out, &s->all, &s->before);
	for (size_t i = 0; i < s->all.n; i++) {
		const char *o = s->all.v[i];

		if (!obj_there(r, s, o, false))
			lf_strv_add(&s->broken, o);
		else if (obj_there(r, s, o, true))
			lf_strv_add(&s->compiled, o);
	}
	for (size_t i = 0; i < r->n && s == &r->k; i++) {
		struct lf_vjob *v = r->v[i];

		for (size_t k = 0; k < v->objs.n && !v->j->failed; k++)
			if (lf_strv_has(&s->broken, v->objs.v[k]) || (x.status &&
			    !s->broken.n)) {
				char *e = lf_make_error_of(x.out, &s->all, v->objs.v[k]);

				lf_vfail(v, "rebuild", "before the patch, the objects "
					 "do not build: %s", e);
				free(e);
			}
	}
	free(x.out);
}

/* --verify-unbuilt: an allmodconfig output directory in the scratch
 * directory, prepared once; the changed .c files no object of the build
 * compiles built there, before (those that do not build stay not
 * build-verified). */
static void allmod_before(struct run *r)
{
	static const char *const steps[] = { "allmodconfig", "prepare" };
	char *dir = xasprintf("%s/allmod", r->dir);

	r->am.out = r->am.root = dir;
	lf_mkdir_p(dir);
	for (size_t i = 0; i < r->n; i++)
		for (size_t k = 0; k < r->v[i]->j->allmod.n; k++) {
			const char *f = r->v[i]->j->allmod.v[k];
			char *o = xasprintf("%.*s.o", (int)(strlen(f) - 2), f);

			lf_strv_add_unique(&r->am.all, o);
			free(o);
		}
	for (size_t i = 0; i < 2; i++) {
		struct lf_strv t = { 0 };
		struct lf_exec x;

		lf_strv_add(&t, steps[i]);
		make(r, &r->am, "1", &t, r->v, r->n, &x);
		free(x.out);
		if (x.status) {
			for (size_t k = 0; k < r->n; k++)
				lf_vfail(r->v[k], "verify-unbuilt", "make %s in the "
					 "allmodconfig scratch failed", steps[i]);
			return;
		}
	}
	before(r, &r->am, "1");
	for (size_t i = 0; i < r->n; i++) {
		struct lf_vjob *v = r->v[i];

		for (size_t k = 0; k < v->j->allmod.n; k++) {
			const char *f = v->j->allmod.v[k];
			char *o = xasprintf("%.*s.o", (int)(strlen(f) - 2), f);

			if (lf_strv_has(&r->am.broken, o))
				sb_printf(&v->log, "note: %s does not build in "
					  "allmodconfig either: not build-verified\n", f);
			else
				lf_strv_add(&v->amobjs, o);
			free(o);
		}
	}
	r->allmod = true;
}

/* kbuild wrote through a hard link into the tree? */
static void linked_writes(struct run *r)
{
	const char *roots[] = { r->scratch, r->oscratch };
	struct strbuf found = { 0 };

	for (size_t i = 0; i < 2 && roots[i]; i++) {
		const char *argv[] = { "find", roots[i], "-type", "f", "-links",
				       "+1", "-newer", r->stamp, NULL };
		struct lf_exec x;

		lf_exec_run(&x, NULL, argv, NULL);
		sb_printf(&found, "%s", x.out);
		free(x.out);
	}
	if (found.len) {
		char *h = lf_head(sb_str(&found), 5);

		for (size_t i = 0; i < r->n; i++)
			sb_printf(&r->v[i]->log, "WARNING: files still shared with "
				  "the tree were modified during the build (by it, "
				  "or by another build in the tree at the same "
				  "time):\n%s", h);
		lf_fprintf(stderr, "lockfit patch: WARNING: files shared with %s "
			   "were modified during the scratch build (by it, or by "
			   "another build in %s at the same time):\n", r->b->src,
			   r->b->src);
		/* one line per file name, each escaped: names are the tree's */
		for (char *line = strtok(h, "\n"); line; line = strtok(NULL, "\n"))
			lf_fprintf(stderr, "%s\n", line);
		free(h);
	}
	free(found.s);
}

static void fail_all(struct run *r, const char *step, const char *why)
{
	for (size_t i = 0; i < r->n; i++)
		lf_vfail(r->v[i], step, "%s", why);
}

/* The scratch copies: the tree's (and the O= directory's), every
 * changed file and every object a real copy; tools/'s recorded paths
 * moved to them. */
static char *scratch(struct run *r)
{
	const struct lf_pbuild *b = r->b;
	const char *from[2] = { b->src, b->obj }, *to[2];
	size_t n, nfix;
	char *err = lf_scratch_make(b->src, r->scratch, &n);

	if (err)
		return err;
	for (size_t i = 0; i < r->n; i++)
		sb_printf(&r->v[i]->log, "scratch tree %s: hard links, %zu kbuild "
			  "files copied\n", r->scratch, n);
	if (b->oot) {
		r->odir = lf_private_dir(b->obj, "scratch");
		r->oscratch = xasprintf("%s/obj", r->odir);
		err = lf_scratch_make(b->obj, r->oscratch, &n);
		if (err)
			return err;
		for (size_t i = 0; i < r->n; i++)
			sb_printf(&r->v[i]->log, "scratch output directory %s (O=): "
				  "hard links, %zu kbuild files copied\n",
				  r->oscratch, n);
	}
	r->k.out = r->oscratch;
	r->k.root = r->oscratch ? r->oscratch : r->scratch;
	to[0] = r->scratch;
	to[1] = r->k.root;
	err = lf_scratch_repath(r->oscratch ? r->oscratch : r->scratch, from, to,
				b->oot ? 2 : 1, &nfix);
	if (err)
		return err;
	if (nfix)
		for (size_t i = 0; i < r->n; i++)
			sb_printf(&r->v[i]->log, "host tools: %zu kbuild file%s of "
				  "tools/ moved to the copy\n", nfix, lf_plural(nfix));
	for (size_t i = 0; i < r->n; i++)
		for (size_t k = 0; k < r->v[i]->touched.n; k++) {
			const char *f = r->v[i]->touched.v[k];
			char *dst = lf_path_in(r->scratch, f);

			if (!dst || lf_unshare(dst)) {
				err = xasprintf("cannot copy %s: %s",
						dst ? dst : lf_mail_esc(f),
						dst ? strerror(errno) :
						"not inside the scratch copy");
				free(dst);
				return err;
			}
			free(dst);
		}
	for (size_t i = 0; i < r->k.all.n; i++) {
		char *dst = lf_path_in(r->k.root, r->k.all.v[i]);

		if (!dst)
			return xasprintf("%s is not inside the scratch copy",
					 lf_mail_esc(r->k.all.v[i]));
		if (lf_unshare(dst) && errno != ENOENT) {
			err = xasprintf("cannot copy %s: %s", dst, strerror(errno));
			free(dst);
			return err;
		}
		free(dst);
	}
	return NULL;
}

void lf_verify_kernel(struct lf_vjob **jobs, size_t n, const char *dir)
{
	struct run r = { .dir = (char *)dir };
	size_t *up, ngroups = 0;
	int fd;
	char *err;

	for (size_t i = 0; i < n; i++) {
		if (!jobs[i]->objs.n)
			lf_vfail(jobs[i], "rebuild", "no object to rebuild: no "
				 "object of the build uses the lock");
		else
			VEC_PUSH(&r, jobs[i]);
	}
	if (!r.n)
		return;
	r.b = r.v[0]->b;
	r.scratch = xasprintf("%s/tree", dir);
	r.stamp = xasprintf("%s/stamp", dir);
	r.ceiling = r.v[0]->ceiling;
	for (size_t i = 0; i < r.n; i++)
		for (size_t k = 0; k < r.v[i]->objs.n; k++)
			lf_strv_add_unique(&r.k.all, r.v[i]->objs.v[k]);
	lf_strv_sort(&r.k.all);
	err = scratch(&r);
	if (err) {
		fail_all(&r, "scratch tree", err);
		goto out;
	}
	fd = open(r.stamp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0 || close(fd)) {
		err = xasprintf("cannot create %s: %s", r.stamp, strerror(errno));
		fail_all(&r, "scratch tree", err);
		goto out;
	}
	before(&r, &r.k, "2");
	{
		size_t unbuilt = 0;

		for (size_t i = 0; i < r.n; i++)
			unbuilt += !r.v[i]->j->failed && r.v[i]->j->allmod.n;
		if (r.b->unbuilt && unbuilt && !r.b->oot) {
			/* kbuild builds O= only from a clean source tree, and an
			 * allmodconfig make in a copy of a built tree would
			 * rebuild host programs still linked to it */
			for (size_t i = 0; i < r.n; i++)
				if (r.v[i]->j->allmod.n)
					sb_printf(&r.v[i]->log, "note: --verify-unbuilt: "
						  "not with an in-tree build (allmodconfig "
						  "needs a clean source tree, make O=): %zu "
						  "file%s not build-verified\n",
						  r.v[i]->j->allmod.n,
						  lf_plural(r.v[i]->j->allmod.n));
		} else if (r.b->unbuilt && unbuilt) {
			allmod_before(&r);
		}
	}
	up = xcalloc(r.n, sizeof(*up));
	groups(&r, up);
	for (size_t g = 0; g < r.n; g++) {
		struct lf_vjob **set = xcalloc(r.n, sizeof(*set));
		size_t k = 0;

		if (find(up, g) != g)
			continue;
		for (size_t i = 0; i < r.n; i++)
			if (find(up, i) == g && !r.v[i]->j->failed)
				set[k++] = r.v[i];
		if (k)
			verify_group(&r, set, k);
		ngroups += k > 0;
		free(set);
	}
	for (size_t i = 0; i < r.n; i++)
		sb_printf(&r.v[i]->log, "verified in one scratch copy with the "
			  "other %zu patch%s of the run: %zu build group%s\n",
			  r.n - 1, r.n == 2 ? "" : "es", ngroups, lf_plural(ngroups));
	free(up);
	linked_writes(&r);
out:
	if (r.odir)
		lf_private_remove(r.odir, getenv("LOCKFIT_KEEP_SCRATCH"));
}
