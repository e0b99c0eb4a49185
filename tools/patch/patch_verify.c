// SPDX-License-Identifier: GPL-2.0
/*
 * patch_verify.c - a patch is offered only if (a) it applies to the tree
 * (git apply --check), (b) the objects it touches rebuild with the
 * tree's config, (c) sparse (make C=1) says nothing after it did not say
 * before, (d) checkpatch has no ERROR or WARNING.
 *
 * git apply is given the diff lockfit made, as a file of its own, never
 * the patch file: what the message says cannot become a hunk.  What it
 * would change (git apply --numstat) must be the files the diff's
 * headers name, each a plain path inside the tree.
 *
 * The tree is never written.  (b) and (c) run in a scratch copy made of
 * hard links (cp -al: fast, same file system) in a directory of lockfit's
 * own (mkdtemp, patch_safe.c) beside the tree or at $LOCKFIT_SCRATCH,
 * which also holds the diff and the stamp; every path deleted or
 * written there is checked to stay inside it (a "tu" of ../x.c is
 * refused).  In it every file the patch changes is first made a
 * real copy, and each object to rebuild and its .cmd file are deleted,
 * since a compiler writing them in place would write through the link
 * into the tree.  After the builds, any hard-linked file modified in
 * the scratch copy is reported as an error: kbuild wrote into the tree.
 *
 * Objects: every object of the build that uses the lock (patch_users.c:
 * the recorded units, the changed .c files it compiles, the objects
 * whose kbuild dependencies name a changed header).  In an O= build the
 * output directory gets a scratch copy of its own, made the same way
 * beside it, and make runs as "make -C SRCCOPY O=OBJCOPY".  With
 * --verify-unbuilt, the changed .c files no object builds are compiled
 * in an allmodconfig output directory made in the scratch directory
 * (make allmodconfig, make prepare), before and after the patch; those
 * that do not build there even before stay "not build-verified".  Only
 * for an O= build: kbuild builds O= from a clean source tree only, and
 * an allmodconfig in a copy of an in-tree build would rebuild host
 * programs (scripts/) that are still hard links to the tree.
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

struct ctx {
	struct lf_pjob *j;
	const struct lf_pbuild *b;
	const char *tree, *patch;
	char *dir, *diff, *scratch, *stamp, *ceiling;
	char *odir, *oscratch;	/* O=: the output directory's copy */
	char *allmod;		/* --verify-unbuilt: allmodconfig O= dir */
	struct lf_strv touched, objs, amobjs;
	struct strbuf *log;
};

/* Where the objects are: the output directory's copy, or the tree's. */
static const char *objroot(const struct ctx *c)
{
	return c->oscratch ? c->oscratch : c->scratch;
}

static bool file_exists(const char *dir, const char *f)
{
	char *p = lf_path_in(dir, f);
	bool ok = p && !access(p, F_OK);

	free(p);
	return ok;
}

static void fail(struct ctx *c, const char *step, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void fail(struct ctx *c, const char *step, const char *fmt, ...)
{
	struct strbuf sb = { 0 };
	va_list ap;

	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	while (sb.len && sb.s[sb.len - 1] == '\n')
		sb.s[--sb.len] = 0;
	if (!c->j->failed) {
		/* the reason is one line; the log has the rest */
		char *one = xasprintf("%s: %s", step, sb_str(&sb));

		for (char *p = one; *p; p++)
			if (*p == '\n')
				*p = ' ';
		c->j->failed = one;
	}
	sb_printf(c->log, "FAILED %s: %s\n", step, sb_str(&sb));
	free(sb.s);
}

static bool run(struct ctx *c, struct lf_exec *r, const char *dir,
		const char *const *argv)
{
	const char *env[] = { c->ceiling, NULL };

	sb_printf(c->log, "$");
	for (size_t i = 0; argv[i]; i++)
		sb_printf(c->log, " %s", argv[i]);
	sb_printf(c->log, "\n");
	lf_exec_run(r, dir, argv, env);
	sb_printf(c->log, "%s[exit %d, %.1fs]\n", r->out, r->status, r->secs);
	return r->status == 0;
}

/* (a) */
static bool apply_check(struct ctx *c)
{
	const char *argv[] = { "git", "apply", "--check", c->diff, NULL };
	const char *env[] = { c->ceiling, NULL };
	struct lf_exec r;
	char *err = lf_diff_check(c->j->diff, c->diff, c->tree, env);
	bool ok;

	if (err) {
		fail(c, "git apply --check", "%s", err);
		free(err);
		return false;
	}
	sb_printf(c->log, "git apply --numstat: the %zu file%s the diff's "
		  "headers name, no other\n", c->touched.n, lf_plural(c->touched.n));
	ok = run(c, &r, c->tree, argv);
	if (!ok) {
		char *h = lf_head(r.out, 3);

		fail(c, "git apply --check", "%s", h);
		free(h);
	}
	free(r.out);
	return ok;
}

/* The files the diff changes, and the objects to rebuild (patch_users.c);
 * false if a path would lead out of the tree. */
static bool plan(struct ctx *c)
{
	char *err = lf_diff_files(c->j->diff, &c->touched);

	if (err) {
		fail(c, "paths", "%s", err);
		free(err);
		return false;
	}
	for (size_t i = 0; i < c->j->tus.n; i++)
		if (!lf_path_ok(c->j->tus.v[i])) {
			fail(c, "paths", "the unit '%s' of the records is not a "
			     "path inside the tree: nothing built",
			     lf_mail_esc(c->j->tus.v[i]));
			return false;
		}
	for (size_t i = 0; i < c->j->objs.n; i++)
		lf_strv_add(&c->objs, c->j->objs.v[i]);
	for (size_t i = 0; i < c->j->unbuilt.n; i++)
		sb_printf(c->log, "note: %s: no object of this configuration "
			  "builds it: not rebuilt%s\n", c->j->unbuilt.v[i],
			  c->b->unbuilt && c->b->oot && lf_strv_has(&c->j->allmod,
						       c->j->unbuilt.v[i]) ?
			  " here (--verify-unbuilt: allmodconfig)" : "");
	return true;
}

static bool unlink_in(struct ctx *c, const char *root, const struct lf_strv *objs)
{
	for (size_t i = 0; i < objs->n; i++) {
		const char *o = objs->v[i], *slash = strrchr(o, '/');
		char *rel = xasprintf("%.*s.%s.cmd", slash ? (int)(slash - o + 1) : 0,
				      o, slash ? slash + 1 : o);
		char *obj = lf_path_in(root, o), *cmd = lf_path_in(root, rel);

		free(rel);
		if (!obj || !cmd) {
			fail(c, "scratch tree", "%s is not inside the scratch copy",
			     lf_mail_esc(o));
			return false;
		}
		if ((unlink(obj) && errno != ENOENT) || (unlink(cmd) && errno != ENOENT)) {
			fail(c, "scratch tree", "cannot delete %s: %s", obj,
			     strerror(errno));
			return false;
		}
		free(obj);
		free(cmd);
	}
	return true;
}

static bool unlink_objs(struct ctx *c)
{
	return unlink_in(c, objroot(c), &c->objs) &&
	       (!c->allmod || unlink_in(c, c->allmod, &c->amobjs));
}

/* A module's directory: a real copy (it is small, and kbuild then
 * writes nothing shared with it), its units' objects deleted. */
static bool module_scratch(struct ctx *c)
{
	const char *argv[] = { "cp", "-a", "--", c->tree, c->scratch, NULL };
	struct lf_exec r;

	if (!run(c, &r, NULL, argv)) {
		fail(c, "scratch tree", "cannot copy %s: %s", c->tree, r.out);
		free(r.out);
		return false;
	}
	free(r.out);
	sb_printf(c->log, "scratch module directory %s: a copy\n", c->scratch);
	return unlink_in(c, c->scratch, &c->objs);
}

static bool make_scratch(struct ctx *c)
{
	char *err;
	size_t n;

	if (c->j->module)
		return module_scratch(c);
	err = lf_scratch_make(c->tree, c->scratch, &n);
	if (err) {
		fail(c, "scratch tree", "%s", err);
		return false;
	}
	sb_printf(c->log, "scratch tree %s: hard links, %zu kbuild files copied\n",
		  c->scratch, n);
	if (c->b->oot) {
		c->odir = lf_private_dir(c->b->obj, "scratch");
		c->oscratch = xasprintf("%s/obj", c->odir);
		err = lf_scratch_make(c->b->obj, c->oscratch, &n);
		if (err) {
			fail(c, "scratch tree", "%s", err);
			return false;
		}
		sb_printf(c->log, "scratch output directory %s (O=): hard links, "
			  "%zu kbuild files copied\n", c->oscratch, n);
	}
	for (size_t i = 0; i < c->touched.n; i++) {
		char *dst = lf_path_in(c->scratch, c->touched.v[i]);

		if (!dst || lf_unshare(dst)) {
			fail(c, "scratch tree", "cannot copy %s: %s",
			     dst ? dst : lf_mail_esc(c->touched.v[i]),
			     dst ? strerror(errno) : "not inside the scratch copy");
			return false;
		}
		free(dst);
	}
	return unlink_in(c, objroot(c), &c->objs);
}

/* make C=1 OBJS in the scratch tree, O=OUT if OUT; its output, or NULL
 * if it failed (and FAILS: the patch fails). */
static char *make_in(struct ctx *c, const char *when, const char *out,
		     const struct lf_strv *objs, bool fails)
{
	struct lf_strv argv = { 0 };
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	char *j = xasprintf("-j%ld", cpus > 0 ? cpus : 1);
	struct lf_exec r;

	lf_strv_add(&argv, "make");
	lf_strv_add(&argv, "-C");
	/* a module: built in its copy against the kernel build, as is */
	lf_strv_add(&argv, c->j->module ? c->b->src : c->scratch);
	if (c->j->module && c->b->oot)
		out = c->b->obj;
	if (out) {
		char *o = xasprintf("O=%s", out);

		lf_strv_add(&argv, o);
		free(o);
	}
	lf_strv_add(&argv, j);
	if (!fails)
		lf_strv_add(&argv, "-k");
	lf_strv_add(&argv, "KBUILD_NOCMDDEP=1");
	lf_strv_add(&argv, "C=1");
	if (c->j->module) {
		char *m = xasprintf("M=%s", c->scratch);

		lf_strv_add(&argv, m);
		/* a kernel build without vmlinux has no Module.symvers: the
		 * module's symbols cannot be checked (6.12's modpost fails) */
		if (!file_exists(c->b->obj, "Module.symvers"))
			lf_strv_add(&argv, "KBUILD_MODPOST_WARN=1");
		lf_strv_add(&argv, "modules");
		free(m);
	}
	for (size_t i = 0; i < objs->n && !c->j->module; i++)
		lf_strv_add(&argv, objs->v[i]);
	VEC_PUSH(&argv, NULL);
	free(j);
	if (run(c, &r, NULL, (const char *const *)argv.v) || !fails)
		return r.out;
	{
		const char *e = strstr(r.out, "error");
		const char *line = e;

		while (line && line > r.out && line[-1] != '\n')
			line--;
		char *h = lf_head(line ? line : r.out, 1);

		fail(c, "rebuild", "%s the patch, the objects do not build: %s",
		     when, h);
		free(h);
	}
	free(r.out);
	return NULL;
}

static char *make(struct ctx *c, const char *when)
{
	return make_in(c, when, c->oscratch, &c->objs, true);
}

/*
 * --verify-unbuilt: an allmodconfig output directory in the scratch
 * directory, prepared, and the changed .c files no object of the build
 * compiles built there (make -k): those whose objects come out are
 * built again after the patch.  Their output, or NULL.
 */
static char *allmod_before(struct ctx *c)
{
	static const char *const steps[] = { "allmodconfig", "prepare" };
	struct lf_strv objs = { 0 };
	char *out;

	c->allmod = xasprintf("%s/allmod", c->dir);
	lf_mkdir_p(c->allmod);
	for (size_t i = 0; i < 2; i++) {
		struct lf_strv t = { 0 };

		lf_strv_add(&t, steps[i]);
		out = make_in(c, "before", c->allmod, &t, true);
		if (!out) {
			fail(c, "verify-unbuilt", "make %s in the allmodconfig "
			     "scratch failed", steps[i]);
			return NULL;
		}
		free(out);
	}
	for (size_t i = 0; i < c->j->allmod.n; i++) {
		const char *f = c->j->allmod.v[i];
		char *o = xasprintf("%.*s.o", (int)(strlen(f) - 2), f);

		lf_strv_add(&objs, o);
		free(o);
	}
	out = make_in(c, "before", c->allmod, &objs, false);
	for (size_t i = 0; i < objs.n; i++)
		if (file_exists(c->allmod, objs.v[i]))
			lf_strv_add(&c->amobjs, objs.v[i]);
		else
			sb_printf(c->log, "note: %s does not build in allmodconfig "
				  "either: not build-verified\n", c->j->allmod.v[i]);
	return out;
}

/* "FILE:LINE:COL: warning: TEXT" -> "warning: TEXT": the text alone,
 * since a rewrite moves lines and may move where sparse reports (a
 * macro's header instead of the call); NULL if the line is none. */
static char *diag_key(const char *line, size_t n)
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
		char *k = n ? diag_key(p, n) : NULL;

		if (k) {
			lf_strv_add(keys, k);
			free(k);
		}
	}
}

/* (c): each warning after the patch must have been there before, as
 * often (line numbers left out: the patch moves lines). */
static void compare(struct ctx *c, const char *before, const char *after)
{
	struct lf_strv b = { 0 }, a = { 0 };
	struct strbuf fresh = { 0 };
	size_t nfresh = 0;
	bool *used;

	diags(before, &b);
	diags(after, &a);
	used = xcalloc(b.n + 1, sizeof(*used));
	for (size_t i = 0; i < a.n; i++) {
		bool found = false;

		for (size_t k = 0; k < b.n && !found; k++)
			if (!used[k] && !strcmp(a.v[i], b.v[k]))
				found = used[k] = true;
		if (!found && nfresh++ < 3)
			sb_printf(&fresh, "%s%s", nfresh > 1 ? "; " : "", a.v[i]);
	}
	sb_printf(c->log, "sparse/compiler diagnostics: %zu before, %zu after, "
		  "%zu new\n", b.n, a.n, nfresh);
	if (nfresh)
		fail(c, "sparse", "%zu new warning%s: %s", nfresh,
		     lf_plural(nfresh), sb_str(&fresh));
	free(used);
	free(fresh.s);
}

/* kbuild wrote through a hard link into the tree? */
static void linked_writes(struct ctx *c, const char *stamp)
{
	const char *argv[] = { "find", c->scratch, "-type", "f", "-links", "+1",
			       "-newer", stamp, NULL };
	struct lf_exec r;

	run(c, &r, NULL, argv);
	if (c->oscratch) {
		struct lf_exec o;

		argv[1] = c->oscratch;
		run(c, &o, NULL, argv);
		r.out = xasprintf("%s%s", r.out, o.out);
	}
	if (*r.out) {
		char *h = lf_head(r.out, 5);

		sb_printf(c->log, "WARNING: files still shared with the tree were "
			  "modified during the build (by it, or by another build "
			  "in the tree at the same time):\n%s", h);
		lf_fprintf(stderr, "lockfit patch: WARNING: files shared with %s "
			   "were modified during the scratch build (by it, or by "
			   "another build in %s at the same time):\n", c->tree,
			   c->tree);
		/* one line per file name, each escaped: names are the tree's */
		for (char *line = strtok(h, "\n"); line; line = strtok(NULL, "\n"))
			lf_fprintf(stderr, "%s\n", line);
		free(h);
	}
	free(r.out);
}

/* A module built against the kernel build must leave it as it was. */
static void kernel_untouched(struct ctx *c, const char *stamp)
{
	const char *argv[] = { "find", c->b->obj, "-newer", stamp, NULL };
	struct lf_exec r;

	run(c, &r, NULL, argv);
	if (*r.out) {
		char *h = lf_head(r.out, 1);

		fail(c, "rebuild", "the module build wrote into the kernel "
		     "build %s: %s", c->b->obj, lf_mail_esc(h));
		free(h);
	}
	free(r.out);
}

static bool apply_scratch(struct ctx *c)
{
	const char *argv[] = { "git", "apply", c->diff, NULL };
	struct lf_exec r;
	bool ok = run(c, &r, c->scratch, argv);

	if (!ok)
		fail(c, "git apply", "in the scratch tree: %s", r.out);
	free(r.out);
	return ok;
}

/* The allmodconfig objects that built before and after move from the
 * job's unbuilt files to allmodok. */
static void allmod_done(struct ctx *c)
{
	struct lf_strv left = { 0 };

	for (size_t i = 0; i < c->j->unbuilt.n; i++) {
		const char *f = c->j->unbuilt.v[i];
		char *o = xasprintf("%.*s.o", (int)(strlen(f) - 2), f);

		if (lf_strv_has(&c->amobjs, o))
			lf_strv_add(&c->j->allmodok, f);
		else
			lf_strv_add(&left, f);
		free(o);
	}
	c->j->unbuilt = left;
}

/* (b) and (c) */
static void rebuild(struct ctx *c)
{
	char *before, *after = NULL, *ambefore = NULL, *amafter = NULL;
	int fd;

	if (!c->objs.n) {
		fail(c, "rebuild", "no object to rebuild: no object of the "
		     "build uses the lock");
		return;
	}
	if (!make_scratch(c))
		return;
	fd = open(c->stamp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
		  0600);
	if (fd < 0 || close(fd)) {
		fail(c, "scratch tree", "cannot create %s: %s", c->stamp,
		     strerror(errno));
		return;
	}
	before = make(c, "before");
	if (!before)
		return;
	if (c->b->unbuilt && c->j->allmod.n && !c->b->oot)
		/* kbuild builds O= only from a clean source tree, and an
		 * allmodconfig make in a copy of a built tree would rebuild
		 * host programs still linked to it */
		sb_printf(c->log, "note: --verify-unbuilt: not with an in-tree "
			  "build (allmodconfig needs a clean source tree, make "
			  "O=): %zu file%s not build-verified\n", c->j->allmod.n,
			  lf_plural(c->j->allmod.n));
	else if (c->b->unbuilt && c->j->allmod.n &&
		 !(ambefore = allmod_before(c)))
		return;
	if (!unlink_objs(c) || !apply_scratch(c))
		return;
	after = make(c, "after");
	if (after)
		compare(c, before, after);
	if (after && c->amobjs.n) {
		amafter = make_in(c, "after", c->allmod, &c->amobjs, true);
		if (amafter) {
			compare(c, ambefore, amafter);
			if (!c->j->failed)
				allmod_done(c);
		}
	}
	linked_writes(c, c->stamp);
	if (c->j->module)
		kernel_untouched(c, c->stamp);
}

/* (d) */
static void checkpatch(struct ctx *c)
{
	char *script = xasprintf("%s/scripts/checkpatch.pl", c->b->src);
	const char *argv[] = { "perl", script, "--no-tree", "--no-signoff",
			       "--strict", "--show-types", c->patch, NULL };
	struct lf_exec r;
	struct strbuf bad = { 0 };
	size_t nbad = 0, checks = 0;

	if (access(script, R_OK)) {
		fail(c, "checkpatch", "no %s", script);
		return;
	}
	run(c, &r, "/", argv);
	for (const char *p = r.out; *p; p += strcspn(p, "\n") + (p[strcspn(p, "\n")] != 0)) {
		if (!strncmp(p, "ERROR:", 6) || !strncmp(p, "WARNING:", 8)) {
			if (nbad++ < 3)
				sb_printf(&bad, "%s%.*s", nbad > 1 ? "; " : "",
					  (int)strcspn(p, "\n"), p);
		} else if (!strncmp(p, "CHECK:", 6)) {
			checks++;
		}
	}
	if (nbad)
		fail(c, "checkpatch", "%s", sb_str(&bad));
	else if (!strstr(r.out, "total: "))
		fail(c, "checkpatch", "did not run: %s", r.out);
	sb_printf(c->log, "checkpatch: %zu error/warning, %zu CHECK (--strict, "
		  "not failing)\n", nbad, checks);
	free(bad.s);
	free(r.out);
	free(script);
}

void lf_verify(struct lf_pjob *j, const struct lf_pbuild *b,
	       const char *patch)
{
	char *parent;
	struct strbuf log = { 0 };
	struct ctx c = { .j = j, .b = b, .patch = patch, .log = &log };

	c.tree = j->module ? b->mod : b->src;
	parent = xstrdup(c.tree);
	if (strrchr(parent, '/') && strrchr(parent, '/') != parent)
		*strrchr(parent, '/') = 0;
	c.dir = lf_private_dir(c.tree, "scratch");
	c.diff = xasprintf("%s/patch.diff", c.dir);
	c.scratch = xasprintf("%s/tree", c.dir);
	c.stamp = xasprintf("%s/stamp", c.dir);
	/* git apply must not take the tree or its copy for a subdirectory
	 * of some repository above it */
	c.ceiling = xasprintf("GIT_CEILING_DIRECTORIES=%s:%s", parent, c.dir);
	free(parent);
	if (lf_safe_write(c.diff, j->diff))
		lf_die("cannot write %s: %s", c.diff, strerror(errno));
	if (b->oot)
		sb_printf(&log, "build: O=%s, source %s\n", b->obj, b->src);
	if (j->module)
		sb_printf(&log, "module: M=%s, rebuilt in a copy\n", b->mod);
	if (plan(&c)) {
		sb_printf(&log, "objects: ");
		for (size_t i = 0; i < c.objs.n; i++)
			sb_printf(&log, "%s%s", i ? " " : "", c.objs.v[i]);
		sb_printf(&log, "\n");
		if (apply_check(&c))
			rebuild(&c);
		/* the message says what was built: again, if allmodconfig
		 * built some of the files */
		if (j->allmodok.n) {
			lf_mail_build(j);
			if (lf_safe_write(patch, j->mail))
				lf_die("cannot write %s: %s", patch, strerror(errno));
		}
		checkpatch(&c);
	}
	if (c.odir)
		lf_private_remove(c.odir, getenv("LOCKFIT_KEEP_SCRATCH"));
	lf_private_remove(c.dir, getenv("LOCKFIT_KEEP_SCRATCH"));
	j->log = sb_take(&log);
}
