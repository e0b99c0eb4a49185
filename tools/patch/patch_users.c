// SPDX-License-Identifier: GPL-2.0
/*
 * patch_users.c - a rwlock rewrite touches every user of the lock, not
 * only the units that were built with the plugin:
 *
 *   - the build: the source tree and the output directory, which is the
 *     same for an in-tree build and another one for make O=; from
 *     --build, else the records' build identity, else the tree.  It must
 *     be configured (.config, include/generated/autoconf.h), and the
 *     tree must hold the recorded sites where the records say;
 *   - the files: every use the use index (tools/index) finds in the
 *     whole source tree, headers and files this configuration does not
 *     build included; each take, release, init and declaration must be
 *     a removed line of the diff (lf_spatch_run), or the patch fails;
 *     one the index could not type, that the diff leaves, is said in
 *     the message;
 *   - the objects: each changed or recorded .c file that the build
 *     compiles, and each object whose kbuild dependency list
 *     (dir/.name.o.cmd) names a changed header.  The changed files no
 *     object builds are said in the patch message as not build-verified
 *     (--verify-unbuilt compiles them in an allmodconfig scratch).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "index/index.h"
#include "patch/patch.h"

static char *real_dir(const char *path, const char *what)
{
	char buf[PATH_MAX];
	struct stat st;

	if (!realpath(path, buf) || stat(buf, &st))
		lf_die("%s %s: %s", what, path, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		lf_die("%s %s: not a directory", what, path);
	return xstrdup(buf);
}

static bool exists_in(const char *root, const char *rel)
{
	char *p = lf_path_in(root, rel);
	bool ok = p && !access(p, F_OK);

	free(p);
	return ok;
}

/* "srcroot S, objtree O, config C" (records_fields.c): S and O. */
static bool parse_identity(const char *id, char **src, char **obj)
{
	const char *o = strstr(id, ", objtree "), *c = strrchr(id, ',');

	if (strncmp(id, "srcroot ", 8) || !o || !c || c <= o ||
	    strncmp(c, ", config ", 9))
		return false;
	*src = xasprintf("%.*s", (int)(o - id - 8), id + 8);
	*obj = xasprintf("%.*s", (int)(c - o - 10), o + 10);
	return true;
}

/* Line LINE of FILE in SRC, or NULL if the file has fewer lines. */
static char *line_of(const char *src, const char *file, int line)
{
	char *path = xasprintf("%s/%s", src, file), *text = lf_read_file(path, NULL);
	const char *p = text;
	char *out = NULL;

	for (int n = 1; p && *p && n < line; n++) {
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	if (p && *p && line > 0)
		out = xasprintf("%.*s", (int)strcspn(p, "\n"), p);
	free(text);
	free(path);
	return out;
}

struct fsites {
	size_t n, held;			/* sites; sites whose line holds the call */
	const struct lf_rec *first;	/* the first that does not */
};

/*
 * Do the recorded sites stand where the records say?  Each site's file
 * must be in the tree, and its line there; a file none of whose lines
 * hold their recorded call (read_lock) has moved on since the build.
 * One site that does not, among others that do, is a call through a
 * macro of another name: not a mismatch.
 */
static void match_tree(const struct lf_analysis *a, const char *src)
{
	struct strmap *files = strmap_new();
	struct lf_strv names = { 0 };

	for (size_t i = 0; i < a->recs.recs.n; i++) {
		const struct lf_rec *r = &a->recs.recs.v[i];
		struct fsites *f;
		char *text;

		if ((r->kind != LF_REC_SECTION && r->kind != LF_REC_RELEASE_ONLY) ||
		    !r->file || !r->api || !lf_path_ok(r->file))
			continue;
		if (!exists_in(src, r->file))
			lf_die("%s:%d: %s is not in %s: the tree does not match "
			       "the records", r->src, r->srcline,
			       lf_mail_esc(r->file), src);
		text = line_of(src, r->file, r->line);
		if (!text)
			lf_die("%s:%d: %s has no line %d: the tree does not match "
			       "the records", r->src, r->srcline,
			       lf_mail_esc(r->file), r->line);
		f = strmap_get(files, r->file);
		if (!f) {
			f = xcalloc(1, sizeof(*f));
			strmap_put(files, r->file, f);
			lf_strv_add(&names, r->file);
		}
		f->n++;
		if (strstr(text, r->api))
			f->held++;
		else if (!f->first)
			f->first = r;
		free(text);
	}
	for (size_t i = 0; i < names.n; i++) {
		const struct fsites *f = strmap_get(files, names.v[i]);
		const struct lf_rec *r = f->first;

		if (!f->held)
			lf_die("%s:%d: %s:%d does not hold %s(): the tree does not "
			       "match the records (lines moved?)", r->src,
			       r->srcline, lf_mail_esc(r->file), r->line,
			       lf_mail_esc(r->api));
	}
}

void lf_pbuild_resolve(struct lf_pbuild *b, const struct lf_analysis *a,
		       const char *tree, const char *build)
{
	char *rsrc = NULL, *robj = NULL, *p;

	for (size_t i = 0; i < a->recs.recs.n && !rsrc; i++) {
		const struct lf_rec *r = &a->recs.recs.v[i];

		if (r->build && !parse_identity(r->build, &rsrc, &robj))
			lf_die("%s:%d: a build identity lockfit cannot read",
			       r->src, r->srcline);
	}
	if (!tree && !rsrc)
		lf_die("--tree KSRC is needed: the records carry no build identity");
	b->src = real_dir(tree ? tree : rsrc, tree ? "--tree" :
			  "source tree (the records' srcroot; else give --tree KSRC)");
	if (build)
		b->obj = real_dir(build, "--build");
	else if (robj && strcmp(robj, rsrc))
		b->obj = real_dir(robj, "build directory (the records' objtree; "
				  "else give --build OBJDIR)");
	else
		b->obj = xstrdup(b->src);
	b->oot = strcmp(b->src, b->obj) != 0;
	p = xasprintf("%s/include/generated/autoconf.h", b->obj);
	if (!exists_in(b->obj, ".config") || access(p, F_OK))
		lf_die("%s is not a configured kbuild %s (no .config or "
		       "include/generated/autoconf.h): run make %sin it first, "
		       "or give the build directory with --build DIR", b->obj,
		       b->oot ? "output directory" : "tree",
		       b->oot ? "O=DIR prepare " : "prepare ");
	free(p);
	if (b->oot && (exists_in(b->src, ".config") ||
		       exists_in(b->src, "include/config/auto.conf")))
		lf_die("%s is configured itself: kbuild builds in %s (O=) only "
		       "from a clean source tree", b->src, b->obj);
	match_tree(a, b->src);
	free(rsrc);
	free(robj);
}

static bool rewritten_use(const struct lf_use *u)
{
	return u->what == LF_USE_TAKE || u->what == LF_USE_RELEASE ||
	       u->what == LF_USE_INIT || u->what == LF_USE_DECL;
}

static bool has_site(const struct lf_pjob *j, const char *file, int line)
{
	for (size_t i = 0; i < j->must.n; i++)
		if (j->must.v[i].line == line && !strcmp(j->must.v[i].file, file))
			return true;
	return false;
}

static void add_uses(struct lf_pjob *j, const struct lf_ilock *l)
{
	if (!l->indexed) {
		if (!j->refused)
			j->refused = xasprintf("the use index cannot search it (%s): "
					       "its uses outside the records are "
					       "unknown", l->why);
		return;
	}
	j->indexed = true;
	for (size_t i = 0; i < l->uses.n; i++) {
		const struct lf_use *u = &l->uses.v[i];

		struct lf_psite s = { u->file, NULL, lf_use_what_name(u->what),
				      u->line };

		lf_strv_add_unique(&j->files, u->file);
		if (!rewritten_use(u) || has_site(j, u->file, u->line))
			continue;
		/* an untyped one may be another lock's (spatch typing the
		 * function of a view where the index could not): said */
		if (u->unresolved)
			VEC_PUSH(&j->maybe, s);
		else
			VEC_PUSH(&j->must, s);
	}
	for (size_t i = 0; i < l->unexamined.n; i++)
		lf_strv_add_unique(&j->unexamined, l->unexamined.v[i]);
	lf_pjob_paths(j);
}

void lf_pjobs_index(struct lf_pjobs *jobs, const struct lf_pbuild *b)
{
	struct lf_index ix = { .tree = b->src };
	struct lf_strv ids = { 0 };
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	for (size_t i = 0; i < jobs->n; i++) {
		const struct lf_pjob *j = jobs->v[i];

		if ((j->kind == LF_PK_SPINLOCK || j->kind == LF_PK_PERCPU) &&
		    !j->refused)
			lf_strv_add_unique(&ids, j->lock);
	}
	if (!ids.n)
		return;
	ix.locks = xcalloc(ids.n, sizeof(*ix.locks));
	ix.nlocks = ids.n;
	ix.jobs = cpus > 0 ? (int)cpus : 1;
	ix.cache = lf_index_cache_dir();
	for (size_t i = 0; i < ids.n; i++) {
		char *why = NULL;

		if (!lf_ilock_parse(&ix.locks[i], ids.v[i], &why)) {
			ix.locks[i].id = ids.v[i];
			ix.locks[i].kind = LF_IK_NONE;
			ix.locks[i].why = why;
		}
	}
	lf_index_build(&ix);
	printf("lockfit patch: use index of %zu lock%s in %s: %.1fs\n", ix.nlocks,
	       lf_plural(ix.nlocks), b->src, ix.secs);
	for (size_t i = 0; i < jobs->n; i++)
		for (size_t k = 0; k < ix.nlocks; k++)
			if ((jobs->v[i]->kind == LF_PK_SPINLOCK ||
			     jobs->v[i]->kind == LF_PK_PERCPU) &&
			    !jobs->v[i]->refused &&
			    !strcmp(ix.locks[k].id, jobs->v[i]->lock))
				add_uses(jobs->v[i], &ix.locks[k]);
}

static bool ends(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && !strcmp(s + n - m, suffix);
}

/* Does the build compile O (dir/name.o): its object or kbuild's
 * dir/.name.o.cmd is in the output directory. */
static bool built(const struct lf_pbuild *b, const char *o)
{
	const char *slash = strrchr(o, '/');
	char *cmd = xasprintf("%.*s.%s.cmd", slash ? (int)(slash - o + 1) : 0, o,
			      slash ? slash + 1 : o);
	bool yes = exists_in(b->obj, o) || exists_in(b->obj, cmd);

	free(cmd);
	return yes;
}

/* The objects whose kbuild dependency lists (.*.o.cmd) name header H:
 * added to J's objects; false if none. */
static bool header_users(struct lf_pjob *j, const struct lf_pbuild *b,
			 const char *h)
{
	const char *argv[] = { "grep", "-rlF", "--include=.*.o.cmd", "-e", h,
			       b->obj, NULL };
	size_t n = strlen(b->obj), users = 0;
	struct lf_exec r;

	lf_exec_split(&r, NULL, NULL, argv, NULL);
	if (r.status > 1)
		lf_die("grep for the users of %s in %s failed (exit %d)", h,
		       b->obj, r.status);
	for (char *line = strtok(r.out, "\n"); line; line = strtok(NULL, "\n")) {
		char *rel, *base, *c, *o;

		if (strncmp(line, b->obj, n) || line[n] != '/')
			continue;
		rel = line + n + 1;
		base = strrchr(rel, '/');
		base = base ? base + 1 : rel;
		/* dir/.name.o.cmd of a dir/name.c of the tree; not .mod.o */
		if (base[0] != '.' || !ends(base, ".o.cmd") || ends(base, ".mod.o.cmd"))
			continue;
		c = xasprintf("%.*s%.*s.c", (int)(base - rel), rel,
			      (int)(strlen(base) - 7), base + 1);
		o = xasprintf("%.*so", (int)(strlen(c) - 1), c);
		if (lf_path_ok(c) && exists_in(b->src, c)) {
			lf_strv_add_unique(&j->objs, o);
			users++;
		}
		free(c);
		free(o);
	}
	free(r.out);
	return users > 0;
}

void lf_users_plan(struct lf_pjob *j, const struct lf_pbuild *b)
{
	struct lf_strv touched = { 0 };
	char *err = lf_diff_files(j->diff, &touched);

	free(err);	/* lf_verify says it */
	for (size_t i = 0; i < j->tus.n + touched.n; i++) {
		bool tu = i < j->tus.n;
		const char *f = tu ? j->tus.v[i] : touched.v[i - j->tus.n];
		size_t n = strlen(f);
		char *o;

		if (!lf_path_ok(f) || !ends(f, ".c") || !exists_in(b->src, f) ||
		    (!tu && lf_strv_has(&j->tus, f)))
			continue;
		o = xasprintf("%.*s.o", (int)(n - 2), f);
		/* a unit of the records was built: its object, even if gone */
		if (tu || built(b, o)) {
			lf_strv_add_unique(&j->objs, o);
			if (lf_strv_has(&touched, f))
				lf_strv_add_unique(&j->verified, f);
		} else {
			lf_strv_add_unique(&j->unbuilt, f);
			lf_strv_add_unique(&j->allmod, f);
		}
		free(o);
	}
	for (size_t i = 0; i < touched.n; i++) {
		const char *f = touched.v[i];

		if (ends(f, ".c") || !lf_path_ok(f))
			continue;
		if (header_users(j, b, f))
			lf_strv_add_unique(&j->verified, f);
		else
			lf_strv_add_unique(&j->unbuilt, f);
	}
	lf_strv_sort(&j->objs);
	lf_strv_sort(&j->verified);
	lf_strv_sort(&j->unbuilt);
	lf_strv_sort(&j->allmod);
	for (size_t i = 0; i < touched.n; i++)
		free(touched.v[i]);
	free(touched.v);
}
