// SPDX-License-Identifier: GPL-2.0
/*
 * patch_verify.c - a patch is offered only if (a) it applies to the tree
 * (git apply --check), (b) the objects it touches rebuild with the
 * tree's config, (c) sparse (make C=1) says nothing after it did not say
 * before, (d) checkpatch has no ERROR or WARNING; and a kind with a
 * check script, (e) the script finds nothing the patch adds
 * (patch_check.c: the RCU conversion's cocci/rcu_check.cocci).
 *
 * This file holds each patch's own steps: (a), (d), what it rebuilds,
 * the comparison of (c), and the whole of a module's (b) and (c).  The
 * kernel builds of (b) and (c), one scratch copy and one "before" build
 * for all the patches of a run, are patch_batch.c's.
 *
 * git apply is given the diff lockfit made, as a file of its own, never
 * the patch file: what the message says cannot become a hunk.  What it
 * would change (git apply --numstat) must be the files the diff's
 * headers name, each a plain path inside the tree.
 *
 * A module (make M=) is rebuilt in a real copy of its directory, in a
 * directory of lockfit's own (mkdtemp, patch_safe.c), against the
 * kernel build as it is, before and after the patch; nothing in the
 * kernel build may be newer than the start of the builds.
 *
 * checkpatch runs with --no-signoff (the author adds the Signed-off-by)
 * and --strict: CHECKs are kept in the log, they do not fail a patch.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lib/util.h"
#include "patch/patch.h"

static bool file_exists(const char *dir, const char *f)
{
	char *p = lf_path_in(dir, f);
	bool ok = p && !access(p, F_OK);

	free(p);
	return ok;
}

void lf_vfail(struct lf_vjob *v, const char *step, const char *fmt, ...)
{
	struct strbuf sb = { 0 };
	va_list ap;

	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	while (sb.len && sb.s[sb.len - 1] == '\n')
		sb.s[--sb.len] = 0;
	if (!v->j->failed) {
		/* the reason is one line; the log has the rest */
		char *one = xasprintf("%s: %s", step, sb_str(&sb));

		for (char *p = one; *p; p++)
			if (*p == '\n')
				*p = ' ';
		v->j->failed = one;
	}
	sb_printf(&v->log, "FAILED %s: %s\n", step, sb_str(&sb));
	free(sb.s);
}

void lf_vlog_cmd(struct strbuf *log, const char *const *argv,
		 const struct lf_exec *r)
{
	sb_printf(log, "$");
	for (size_t i = 0; argv[i]; i++)
		sb_printf(log, " %s", argv[i]);
	sb_printf(log, "\n%s[exit %d, %.1fs]\n", r->out, r->status, r->secs);
}

bool lf_vrun(struct lf_vjob *v, struct lf_exec *r, const char *dir,
	     const char *const *argv)
{
	const char *env[] = { v->ceiling, NULL };

	lf_exec_run(r, dir, argv, env);
	lf_vlog_cmd(&v->log, argv, r);
	return r->status == 0;
}

/* (a) */
static bool apply_check(struct lf_vjob *v)
{
	const char *argv[] = { "git", "apply", "--check", v->diff, NULL };
	const char *env[] = { v->ceiling, NULL };
	struct lf_exec r;
	char *err = lf_diff_check(v->j->diff, v->diff, v->tree, env);
	bool ok;

	if (err) {
		lf_vfail(v, "git apply --check", "%s", err);
		free(err);
		return false;
	}
	sb_printf(&v->log, "git apply --numstat: the %zu file%s the diff's "
		  "headers name, no other\n", v->touched.n, lf_plural(v->touched.n));
	ok = lf_vrun(v, &r, v->tree, argv);
	if (!ok) {
		char *h = lf_head(r.out, 3);

		lf_vfail(v, "git apply --check", "%s", h);
		free(h);
	}
	free(r.out);
	return ok;
}

/* The files the diff changes, and the objects to rebuild (patch_users.c);
 * false if a path would lead out of the tree. */
static bool plan(struct lf_vjob *v)
{
	char *err = lf_diff_files(v->j->diff, &v->touched);
	const struct lf_pbuild *b = v->b;

	if (err) {
		lf_vfail(v, "paths", "%s", err);
		free(err);
		return false;
	}
	for (size_t i = 0; i < v->j->tus.n; i++)
		if (!lf_path_ok(v->j->tus.v[i])) {
			lf_vfail(v, "paths", "the unit '%s' of the records is not a "
				 "path inside the tree: nothing built",
				 lf_mail_esc(v->j->tus.v[i]));
			return false;
		}
	for (size_t i = 0; i < v->j->objs.n; i++)
		lf_strv_add(&v->objs, v->j->objs.v[i]);
	for (size_t i = 0; i < v->j->unbuilt.n; i++)
		sb_printf(&v->log, "note: %s: no object of this configuration "
			  "builds it: not rebuilt%s\n", v->j->unbuilt.v[i],
			  b->unbuilt && b->oot && lf_strv_has(&v->j->allmod,
						       v->j->unbuilt.v[i]) ?
			  " here (--verify-unbuilt: allmodconfig)" : "");
	return true;
}

bool lf_vjob_start(struct lf_vjob *v, const char *diff)
{
	const struct lf_pbuild *b = v->b;
	char *parent = xstrdup(v->tree), *dir = xstrdup(diff);

	if (strrchr(parent, '/') && strrchr(parent, '/') != parent)
		*strrchr(parent, '/') = 0;
	*strrchr(dir, '/') = 0;
	v->diff = xstrdup(diff);
	/* git apply must not take the tree or its copy for a subdirectory
	 * of some repository above it */
	v->ceiling = xasprintf("GIT_CEILING_DIRECTORIES=%s:%s", parent, dir);
	free(parent);
	free(dir);
	if (lf_safe_write(v->diff, v->j->diff))
		lf_die("cannot write %s: %s", v->diff, strerror(errno));
	if (b->oot)
		sb_printf(&v->log, "build: O=%s, source %s\n", b->obj, b->src);
	if (v->j->module)
		sb_printf(&v->log, "module: M=%s, rebuilt in a copy\n", b->mod);
	if (!plan(v))
		return false;
	v->planned = true;
	sb_printf(&v->log, "objects: ");
	for (size_t i = 0; i < v->objs.n; i++)
		sb_printf(&v->log, "%s%s", i ? " " : "", v->objs.v[i]);
	sb_printf(&v->log, "\n");
	if (!apply_check(v))
		return false;
	lf_vjob_check(v);
	return !v->j->failed;
}

/* "FILE:LINE:COL: warning: TEXT" -> "warning: TEXT": the text alone,
 * since a rewrite moves lines and may move where sparse reports (a
 * macro's header instead of the call); NULL if the line is none. */
char *lf_diag_key(const char *line, size_t n)
{
	const char *w = strstr(line, ": warning: "), *e = strstr(line, ": error: ");
	const char *k = w && (!e || w < e) ? w : e;

	if (!k || k >= line + n)
		return NULL;
	return xasprintf("%.*s", (int)(line + n - k - 2), k + 2);
}

static void diags(const char *out, struct lf_strv *keys)
{
	for (const char *p = out; *p; p += strcspn(p, "\n") + (p[strcspn(p, "\n")] != 0)) {
		size_t n = strcspn(p, "\n");
		char *k = n ? lf_diag_key(p, n) : NULL;

		if (k) {
			lf_strv_add(keys, k);
			free(k);
		}
	}
}

size_t lf_diag_new(const struct lf_strv *b, const struct lf_strv *a,
		   char **text)
{
	struct strbuf fresh = { 0 };
	size_t nfresh = 0;
	bool *used = xcalloc(b->n + 1, sizeof(*used));

	for (size_t i = 0; i < a->n; i++) {
		bool found = false;

		for (size_t k = 0; k < b->n && !found; k++)
			if (!used[k] && !strcmp(a->v[i], b->v[k]))
				found = used[k] = true;
		if (!found && nfresh++ < 3)
			sb_printf(&fresh, "%s%s", nfresh > 1 ? "; " : "", a->v[i]);
	}
	free(used);
	if (text)
		*text = sb_take(&fresh);
	else
		free(fresh.s);
	return nfresh;
}

/* (c) on two whole outputs */
static void compare(struct lf_vjob *v, const char *before, const char *after)
{
	struct lf_strv b = { 0 }, a = { 0 };
	char *text;
	size_t nfresh;

	lf_step_begin(v->j, "sparse: the diagnostics after, compared with before");
	diags(before, &b);
	diags(after, &a);
	nfresh = lf_diag_new(&b, &a, &text);
	lf_step_end("%zu new", nfresh);
	sb_printf(&v->log, "sparse/compiler diagnostics: %zu before, %zu after, "
		  "%zu new\n", b.n, a.n, nfresh);
	v->j->diags_before = b.n;
	v->j->diags_after = a.n;
	if (nfresh)
		lf_vfail(v, "sparse", "%zu new warning%s: %s", nfresh,
			 lf_plural(nfresh), text);
	free(text);
}

char *lf_make_error(const char *out)
{
	const char *e = strstr(out, "error");
	const char *line = e;

	while (line && line > out && line[-1] != '\n')
		line--;
	return lf_head(line ? line : out, 1);
}

/* make -C KSRC [O=OBJ] -jN KBUILD_NOCMDDEP=1 C=1 M=COPY modules: the
 * module in its copy, against the kernel build as it is.  Its output,
 * or NULL (the patch failed). */
static char *make_module(struct lf_vjob *v, const char *copy, const char *when)
{
	struct lf_strv argv = { 0 };
	struct lf_exec r;
	char *arg;

	lf_strv_add(&argv, "make");
	lf_strv_add(&argv, "-C");
	lf_strv_add(&argv, v->b->src);
	if (v->b->oot) {
		arg = xasprintf("O=%s", v->b->obj);
		lf_strv_add(&argv, arg);
		free(arg);
	}
	lf_strv_add(&argv, lf_make_jobs());
	lf_strv_add(&argv, "KBUILD_NOCMDDEP=1");
	lf_strv_add(&argv, "C=1");
	arg = xasprintf("M=%s", copy);
	lf_strv_add(&argv, arg);
	free(arg);
	/* a kernel build without vmlinux has no Module.symvers: the
	 * module's symbols cannot be checked (6.12's modpost fails) */
	if (!file_exists(v->b->obj, "Module.symvers"))
		lf_strv_add(&argv, "KBUILD_MODPOST_WARN=1");
	lf_strv_add(&argv, "modules");
	VEC_PUSH(&argv, NULL);
	{
		const char *env[] = { v->ceiling, LF_MAKE_ENV, NULL };

		lf_step_begin(v->j, "%s build: the module in a copy, make M= "
			      "C=1 (sparse)", when);
		lf_exec_run(&r, NULL, (const char *const *)argv.v, env);
		lf_step_end("%s", r.status ? "failed" : "done");
		lf_vlog_cmd(&v->log, (const char *const *)argv.v, &r);
	}
	if (!r.status)
		return r.out;
	{
		char *h = lf_make_error(r.out);

		lf_vfail(v, "rebuild", "%s the patch, the objects do not build: %s",
			 when, h);
		free(h);
	}
	free(r.out);
	return NULL;
}

static bool unlink_objs(struct lf_vjob *v, const char *root)
{
	char *err = lf_unlink_objs(root, &v->objs);

	if (err)
		lf_vfail(v, "scratch tree", "%s", err);
	free(err);
	return !err;
}

/* A module built against the kernel build must leave it as it was. */
static void kernel_untouched(struct lf_vjob *v, const char *stamp)
{
	const char *argv[] = { "find", v->b->obj, "-newer", stamp, NULL };
	struct lf_exec r;

	lf_vrun(v, &r, NULL, argv);
	if (*r.out) {
		char *h = lf_head(r.out, 1);

		lf_vfail(v, "rebuild", "the module build wrote into the kernel "
			 "build %s: %s", v->b->obj, lf_mail_esc(h));
		free(h);
	}
	free(r.out);
}

/* (b) and (c) of a module: a real copy of its directory (it is small,
 * and kbuild then writes nothing shared with it), its units' objects
 * deleted, built before and after git apply in it. */
void lf_verify_module(struct lf_vjob *v, const char *dir)
{
	char *copy = xasprintf("%s/tree", dir), *stamp = xasprintf("%s/stamp", dir);
	const char *cp[] = { "cp", "-a", "--", v->tree, copy, NULL };
	const char *ap[] = { "git", "apply", v->diff, NULL };
	char *before, *after;
	struct lf_exec r;
	int fd;

	if (!v->objs.n) {
		lf_vfail(v, "rebuild", "no object to rebuild: no object of the "
			 "build uses the lock");
		goto out;
	}
	if (!lf_vrun(v, &r, NULL, cp)) {
		lf_vfail(v, "scratch tree", "cannot copy %s: %s", v->tree, r.out);
		free(r.out);
		goto out;
	}
	free(r.out);
	sb_printf(&v->log, "scratch module directory %s: a copy\n", copy);
	if (!unlink_objs(v, copy))
		goto out;
	fd = open(stamp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0 || close(fd)) {
		lf_vfail(v, "scratch tree", "cannot create %s: %s", stamp,
			 strerror(errno));
		goto out;
	}
	before = make_module(v, copy, "before");
	if (!before || !unlink_objs(v, copy))
		goto out;
	if (!lf_vrun(v, &r, copy, ap)) {
		lf_vfail(v, "git apply", "in the scratch tree: %s", r.out);
		free(r.out);
		goto out;
	}
	free(r.out);
	after = make_module(v, copy, "after");
	if (after)
		compare(v, before, after);
	kernel_untouched(v, stamp);
out:
	free(copy);
	free(stamp);
}

/* The allmodconfig objects that built before and after move from the
 * job's unbuilt files to allmodok. */
void lf_vjob_allmod_done(struct lf_vjob *v)
{
	struct lf_strv left = { 0 };
	struct lf_pjob *j = v->j;

	for (size_t i = 0; i < j->unbuilt.n; i++) {
		const char *f = j->unbuilt.v[i];
		char *o = xasprintf("%.*s.o", (int)(strlen(f) - 2), f);

		if (lf_strv_has(&v->amobjs, o))
			lf_strv_add(&j->allmodok, f);
		else
			lf_strv_add(&left, f);
		free(o);
	}
	j->unbuilt = left;
}

/* (d) */
static void checkpatch(struct lf_vjob *v)
{
	char *script = xasprintf("%s/scripts/checkpatch.pl", v->b->src);
	const char *argv[] = { "perl", script, "--no-tree", "--no-signoff",
			       "--strict", "--show-types", v->patch, NULL };
	struct lf_exec r;
	struct strbuf bad = { 0 };
	size_t nbad = 0, checks = 0;

	if (access(script, R_OK)) {
		lf_vfail(v, "checkpatch", "no %s", script);
		return;
	}
	lf_step_begin(v->j, "checkpatch");
	lf_vrun(v, &r, "/", argv);
	for (const char *p = r.out; *p; p += strcspn(p, "\n") + (p[strcspn(p, "\n")] != 0)) {
		if (!strncmp(p, "ERROR:", 6) || !strncmp(p, "WARNING:", 8)) {
			if (nbad++ < 3)
				sb_printf(&bad, "%s%.*s", nbad > 1 ? "; " : "",
					  (int)strcspn(p, "\n"), p);
		} else if (!strncmp(p, "CHECK:", 6)) {
			checks++;
		}
	}
	lf_step_end("%zu error/warning", nbad);
	if (nbad)
		lf_vfail(v, "checkpatch", "%s", sb_str(&bad));
	else if (!strstr(r.out, "total: "))
		lf_vfail(v, "checkpatch", "did not run: %s", r.out);
	sb_printf(&v->log, "checkpatch: %zu error/warning, %zu CHECK (--strict, "
		  "not failing)\n", nbad, checks);
	free(bad.s);
	free(r.out);
	free(script);
}

void lf_vjob_finish(struct lf_vjob *v)
{
	struct lf_pjob *j = v->j;

	/* the message says what was built (allmodconfig too) and which
	 * checks passed: checkpatch reads it as it will be offered */
	j->checked = !j->failed;
	lf_mail_build(j);
	if (!j->failed && lf_safe_write(v->patch, j->mail))
		lf_die("cannot write %s: %s", v->patch, strerror(errno));
	if (v->planned)
		checkpatch(v);
	if (j->failed)
		lf_mail_build(j);	/* for failed/: why not */
	j->log = sb_take(&v->log);
}

void lf_verify_all(struct lf_pjobs *jobs, char **patches,
		   const struct lf_pbuild *b)
{
	struct lf_vjob *all = xcalloc(jobs->n + 1, sizeof(*all));
	struct { struct lf_vjob **v; size_t n, cap; } kernel = { 0 };
	bool keep = getenv("LOCKFIT_KEEP_SCRATCH") != NULL;
	char *kdir = NULL, *diff;

	for (size_t i = 0; i < jobs->n; i++) {
		struct lf_vjob *v = &all[i];

		if (!patches[i])
			continue;
		v->j = jobs->v[i];
		v->b = b;
		v->patch = patches[i];
		v->tree = v->j->module ? b->mod : b->src;
		if (v->j->module) {
			/* a module: its own copy, its own builds */
			char *dir = lf_private_dir(v->tree, "scratch");

			diff = xasprintf("%s/patch.diff", dir);
			if (lf_vjob_start(v, diff))
				lf_verify_module(v, dir);
			lf_private_remove(dir, keep);
			lf_vjob_finish(v);
			free(dir);
		} else {
			if (!kdir)
				kdir = lf_private_dir(b->src, "scratch");
			diff = xasprintf("%s/%04zu.diff", kdir, i + 1);
			if (lf_vjob_start(v, diff))
				VEC_PUSH(&kernel, v);
		}
		free(diff);
	}
	if (kernel.n)
		lf_verify_kernel(kernel.v, kernel.n, kdir);
	for (size_t i = 0; i < jobs->n; i++)
		if (patches[i] && !all[i].j->module)
			lf_vjob_finish(&all[i]);
	if (kdir)
		lf_private_remove(kdir, keep);
	free(kernel.v);
}
