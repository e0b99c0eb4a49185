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
 * Objects: the units whose records name the lock (their .o), and each
 * .c file the patch changes that has an object in the tree.  A header
 * change is checked through those units only: users of the header the
 * records do not name are not rebuilt.
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
	const char *tree, *patch;
	char *dir, *diff, *scratch, *stamp, *ceiling;
	struct lf_strv touched, objs;
	struct strbuf *log;
};

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

/* The files the diff changes, and the objects to rebuild; false if a
 * path would lead out of the tree. */
static bool plan(struct ctx *c)
{
	char *err = lf_diff_files(c->j->diff, &c->touched);

	if (err) {
		fail(c, "paths", "%s", err);
		free(err);
		return false;
	}
	for (size_t i = 0; i < c->j->tus.n + c->touched.n; i++) {
		bool tu = i < c->j->tus.n;
		const char *f = tu ? c->j->tus.v[i] : c->touched.v[i - c->j->tus.n];
		size_t n = strlen(f);
		char *o;

		if (!lf_path_ok(f)) {
			fail(c, "paths", "the unit '%s' of the records is not a "
			     "path inside the tree: nothing built", lf_mail_esc(f));
			return false;
		}
		if (n < 3 || strcmp(f + n - 2, ".c") || !file_exists(c->tree, f))
			continue;
		o = xasprintf("%.*s.o", (int)(n - 2), f);
		if (tu || file_exists(c->tree, o))
			lf_strv_add_unique(&c->objs, o);
		else
			sb_printf(c->log, "note: %s has no object in the tree (not "
				  "built in this configuration): not rebuilt\n", f);
		free(o);
	}
	lf_strv_sort(&c->objs);
	return true;
}

static bool unlink_objs(struct ctx *c)
{
	for (size_t i = 0; i < c->objs.n; i++) {
		const char *o = c->objs.v[i], *slash = strrchr(o, '/');
		char *rel = xasprintf("%.*s.%s.cmd", slash ? (int)(slash - o + 1) : 0,
				      o, slash ? slash + 1 : o);
		char *obj = lf_path_in(c->scratch, o), *cmd = lf_path_in(c->scratch, rel);

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

static bool make_scratch(struct ctx *c)
{
	char *err;
	size_t n;

	err = lf_scratch_make(c->tree, c->scratch, &n);
	if (err) {
		fail(c, "scratch tree", "%s", err);
		return false;
	}
	sb_printf(c->log, "scratch tree %s: hard links, %zu kbuild files copied\n",
		  c->scratch, n);
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
	return unlink_objs(c);
}

/* make C=1 OBJS in the scratch tree: its output, or NULL if it failed. */
static char *make(struct ctx *c, const char *when)
{
	struct lf_strv argv = { 0 };
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	char *j = xasprintf("-j%ld", cpus > 0 ? cpus : 1);
	struct lf_exec r;

	lf_strv_add(&argv, "make");
	lf_strv_add(&argv, "-C");
	lf_strv_add(&argv, c->scratch);
	lf_strv_add(&argv, j);
	lf_strv_add(&argv, "KBUILD_NOCMDDEP=1");
	lf_strv_add(&argv, "C=1");
	for (size_t i = 0; i < c->objs.n; i++)
		lf_strv_add(&argv, c->objs.v[i]);
	VEC_PUSH(&argv, NULL);
	free(j);
	if (run(c, &r, NULL, (const char *const *)argv.v))
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

/* (b) and (c) */
static void rebuild(struct ctx *c)
{
	char *before, *after = NULL;
	int fd;

	if (!c->objs.n) {
		fail(c, "rebuild", "no object to rebuild: no unit of the records "
		     "is in the tree");
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
	if (!before || !unlink_objs(c) || !apply_scratch(c))
		return;
	after = make(c, "after");
	if (after)
		compare(c, before, after);
	linked_writes(c, c->stamp);
}

/* (d) */
static void checkpatch(struct ctx *c)
{
	char *script = xasprintf("%s/scripts/checkpatch.pl", c->tree);
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

void lf_verify(struct lf_pjob *j, const char *tree, const char *patch)
{
	char real[PATH_MAX], *parent;
	struct strbuf log = { 0 };
	struct ctx c = { .j = j, .patch = patch, .log = &log };

	if (!realpath(tree, real))
		lf_die("cannot resolve %s: %s", tree, strerror(errno));
	c.tree = real;
	parent = xstrdup(real);
	if (strrchr(parent, '/') && strrchr(parent, '/') != parent)
		*strrchr(parent, '/') = 0;
	c.dir = lf_private_dir(real, "scratch");
	c.diff = xasprintf("%s/patch.diff", c.dir);
	c.scratch = xasprintf("%s/tree", c.dir);
	c.stamp = xasprintf("%s/stamp", c.dir);
	/* git apply must not take the tree or its copy for a subdirectory
	 * of some repository above it */
	c.ceiling = xasprintf("GIT_CEILING_DIRECTORIES=%s:%s", parent, c.dir);
	free(parent);
	if (lf_safe_write(c.diff, j->diff))
		lf_die("cannot write %s: %s", c.diff, strerror(errno));
	if (plan(&c)) {
		sb_printf(&log, "objects: ");
		for (size_t i = 0; i < c.objs.n; i++)
			sb_printf(&log, "%s%s", i ? " " : "", c.objs.v[i]);
		sb_printf(&log, "\n");
		if (apply_check(&c))
			rebuild(&c);
		checkpatch(&c);
	}
	lf_private_remove(c.dir, getenv("LOCKFIT_KEEP_SCRATCH"));
	j->log = sb_take(&log);
}
