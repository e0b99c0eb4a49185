// SPDX-License-Identifier: GPL-2.0
/*
 * patch_users.c - a whole-tree rewrite (lf_pkind: the rwlock checker's)
 * touches every user of the lock, not only the units that were built
 * with the plugin:
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
 *     compiles, each built .c file the index found using the lock, and
 *     each object whose kbuild dependency list (dir/.name.o.cmd) names
 *     a changed header, unless the header only declares the lock
 *     (includers_needed: then its users are enough).  The changed files
 *     no object builds are said in the patch message as not
 *     build-verified (--verify-unbuilt compiles them in an allmodconfig
 *     scratch).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lib/util.h"
#include "lib/path.h"
#include "analysis/analysis.h"
#include "index/index.h"
#include "patch/patch.h"
#include "coverage/coverage.h"

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

void lf_pbuild_resolve(struct lf_pbuild *b, const struct lf_analysis *a,
		       const char *tree, const char *build)
{
	const char *rsrc = NULL, *robj = NULL;
	char *p;

	lf_records_build_dirs(&a->recs, &rsrc, &robj);
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
	if (lf_records_modroot(&a->recs))
		b->mod = real_dir(lf_records_modroot(&a->recs), "module directory "
				  "(the records' modroot)");
	/* the coverage has checked its tree; the patches may be for another */
	if (!a->cov || !a->cov->tree || strcmp(a->cov->tree, b->src))
		lf_cov_check_tree(b->src, a);
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

/* What the rebuild needs of U (lf_users_plan): its file's object; a
 * header's declaration, or a use every includer compiles. */
static void note_use(struct lf_pjob *j, const struct lf_use *u)
{
	lf_strv_add_unique(&j->usefiles, u->file);
	if (u->what == LF_USE_DECL) {
		char *at = xasprintf("%s:%d", u->file, u->line);

		lf_strv_add_unique(&j->decls, at);
		free(at);
	} else if (!lf_has_suffix(u->file, ".c")) {
		lf_strv_add_unique(&j->usecode, u->file);
	}
}

static void add_uses(struct lf_pjob *j, const struct lf_ilock *l, const char *src)
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
		note_use(j, u);
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
	lf_pjob_via(j, l);
	lf_pjob_paths(j);
	lf_pjob_guards(j, l, src);
}

static bool indexed_job(const struct lf_pjob *j, bool module)
{
	return j->kind->whole_tree && !j->refused && j->module == module;
}

/* A module lock's identity in its directory's index: a static's unit
 * without "$M/". */
static const char *index_id(const char *id)
{
	size_t stars = strspn(id, "*");

	return lf_modroot_file(id + stars) ?
	       xasprintf("%.*s%s", (int)stars, id, lf_modroot_file(id + stars)) :
	       id;
}

/* The jobs of TREE: the kernel tree's, or (MODULE) the module's; the
 * guards a rewrite may use are the kernel tree's, KSRC. */
static void index_jobs(struct lf_pjobs *jobs, const char *tree, bool module,
		       const char *ksrc)
{
	struct lf_index ix = { .tree = tree };
	struct lf_strv ids = { 0 };
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	for (size_t i = 0; i < jobs->n; i++) {
		const struct lf_pjob *j = jobs->v[i];

		if (indexed_job(j, module))
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

		if (!lf_ilock_parse(&ix.locks[i], index_id(ids.v[i]), &why)) {
			ix.locks[i].id = ids.v[i];
			ix.locks[i].kind = LF_IK_NONE;
			ix.locks[i].why = why;
		}
	}
	lf_index_build(&ix);
	printf("lockfit patch: use index of %zu lock%s in %s: %.1fs\n", ix.nlocks,
	       lf_plural(ix.nlocks), tree, ix.secs);
	for (size_t i = 0; i < jobs->n; i++)
		for (size_t k = 0; k < ix.nlocks; k++)
			if (indexed_job(jobs->v[i], module) &&
			    !strcmp(ix.locks[k].id, index_id(jobs->v[i]->lock)))
				add_uses(jobs->v[i], &ix.locks[k], ksrc);
}

void lf_pjobs_index(struct lf_pjobs *jobs, const struct lf_pbuild *b)
{
	index_jobs(jobs, b->src, false, b->src);
	if (b->mod)
		index_jobs(jobs, b->mod, true, b->src);
	for (size_t i = 0; i < jobs->n; i++)
		lf_pjob_setup_files(jobs->v[i], b);
}

/* kbuild's dir/.name.o.cmd of object O (dir/name.o). */
static char *cmd_of(const char *o)
{
	const char *slash = strrchr(o, '/');

	return xasprintf("%.*s.%s.cmd", slash ? (int)(slash - o + 1) : 0, o,
			 slash ? slash + 1 : o);
}

/* Does the build compile O (dir/name.o): its object or kbuild's
 * dir/.name.o.cmd is in the output directory. */
static bool built(const struct lf_pbuild *b, const char *o)
{
	char *cmd = cmd_of(o);
	bool yes = exists_in(b->obj, o) || exists_in(b->obj, cmd);

	free(cmd);
	return yes;
}

/* The objects whose kbuild dependency lists (.*.o.cmd) name header H:
 * added to OBJS; how many. */
static size_t header_users(struct lf_strv *objs, const struct lf_pbuild *b,
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
		if (base[0] != '.' || !lf_has_suffix(base, ".o.cmd") || lf_has_suffix(base, ".mod.o.cmd"))
			continue;
		c = xasprintf("%.*s%.*s.c", (int)(base - rel), rel,
			      (int)(strlen(base) - 7), base + 1);
		o = xasprintf("%.*so", (int)(strlen(c) - 1), c);
		if (lf_path_ok(c) && exists_in(b->src, c)) {
			lf_strv_add_unique(objs, o);
			users++;
		}
		free(c);
		free(o);
	}
	free(r.out);
	return users;
}

/* A module job: the module's build compiles all its units; each changed
 * file is one of them or a header they may include. */
static void module_plan(struct lf_pjob *j, const struct lf_strv *touched)
{
	for (size_t i = 0; i < j->tus.n; i++) {
		const char *f = j->tus.v[i];
		char *o;

		if (!lf_path_ok(f) || !lf_has_suffix(f, ".c"))
			continue;
		o = xasprintf("%.*s.o", (int)(strlen(f) - 2), f);
		lf_strv_add_unique(&j->objs, o);
		free(o);
	}
	for (size_t i = 0; i < touched->n; i++)
		lf_strv_add_unique(&j->verified, touched->v[i]);
	lf_strv_sort(&j->objs);
	lf_strv_sort(&j->verified);
}

/* Why every includer of header H must be rebuilt for J: "" when H's
 * own uses are compiled in each of them (an inline, a macro) or the
 * lock is not indexed (as ever, not said); else the reason, said in the
 * message; NULL when its users are enough: the diff changes only lines
 * the use index types as the lock's declarations, and the index examined
 * every file naming the lock, so an includer not using it compiles the
 * same code with the lock's new type. */
static const char *includers_needed(const struct lf_pjob *j, const char *h)
{
	const char *why = NULL;
	size_t added, n;
	int *lines;

	if (!j->indexed || lf_strv_has(&j->usecode, h))
		return "";
	if (j->unexamined.n)
		return "the use index did not examine every file naming the lock";
	n = lf_diff_removed(j->diff, h, &lines, &added);
	if (added != n)
		why = "the patch adds or removes lines there";
	for (size_t i = 0; i < n && !why; i++) {
		char *at = xasprintf("%s:%d", h, lines[i]);

		if (!lf_strv_has(&j->decls, at))
			why = "the patch changes more than the lock's declaration there";
		free(at);
	}
	free(lines);
	return why;
}

/* Does an object of OBJS compile header H (its .cmd names it)? */
static bool compiled_in(const struct lf_strv *objs, const struct lf_pbuild *b,
			const char *h)
{
	bool yes = false;

	for (size_t i = 0; i < objs->n && !yes; i++) {
		char *cmd = cmd_of(objs->v[i]), *path = lf_path_in(b->obj, cmd);
		char *text = path ? lf_read_file(path, NULL) : NULL;

		yes = text && strstr(text, h);
		free(text);
		free(path);
		free(cmd);
	}
	return yes;
}

/* The objects of the other files the use index found using the lock
 * (not changed: a use as an address, in an assertion), which the build
 * compiles. */
static void use_objects(struct lf_pjob *j, const struct lf_pbuild *b)
{
	for (size_t i = 0; i < j->usefiles.n; i++) {
		const char *f = j->usefiles.v[i];
		char *o;

		if (!lf_has_suffix(f, ".c") || !lf_path_ok(f))
			continue;
		o = xasprintf("%.*s.o", (int)(strlen(f) - 2), f);
		if (built(b, o))
			lf_strv_add_unique(&j->objs, o);
		free(o);
	}
}

/* Touched header H of J: its includers, or (includers_needed) only the
 * objects using the lock that compile it; the message says which. */
static void header_plan(struct lf_pjob *j, const struct lf_pbuild *b,
			const char *h, struct strbuf *why)
{
	const char *need = includers_needed(j, h);
	struct lf_strv inc = { 0 };
	size_t n = header_users(&inc, b, h), users = j->objs.n;

	if (!need && !compiled_in(&j->objs, b, h))
		need = "no object using the lock compiles it";
	if (need) {
		for (size_t i = 0; i < inc.n; i++)
			lf_strv_add_unique(&j->objs, inc.v[i]);
		if (*need && n)
			sb_printf(why, "\nRebuilt for %s: every object including "
				  "it (%zu), not only those using the lock: %s.\n",
				  lf_mail_esc(h), n, need);
	} else {
		for (size_t i = 0; i < j->usecode.n; i++)
			header_users(&j->objs, b, j->usecode.v[i]);
		sb_printf(why, "\nRebuilt for %s: the %zu object%s using the lock "
			  "(the units of the records, the files the use index "
			  "found), not every object including it (%zu): the "
			  "patch changes only the lock's declaration there, and "
			  "the index examined every file naming the lock, so an "
			  "includer not rebuilt does not name it (it compiles "
			  "only the lock's new size).\n", lf_mail_esc(h), users,
			  lf_plural(users), n);
	}
	if (n)
		lf_strv_add_unique(&j->verified, h);
	else
		lf_strv_add_unique(&j->unbuilt, h);
	for (size_t i = 0; i < inc.n; i++)
		free(inc.v[i]);
	free(inc.v);
}

void lf_users_plan(struct lf_pjob *j, const struct lf_pbuild *b)
{
	struct lf_strv touched = { 0 };
	struct strbuf why = { 0 };
	char *err = lf_diff_files(j->diff, &touched);

	free(err);	/* lf_vjob_start says it */
	if (j->module) {
		module_plan(j, &touched);
		return;
	}
	for (size_t i = 0; i < j->tus.n + touched.n; i++) {
		bool tu = i < j->tus.n;
		const char *f = tu ? j->tus.v[i] : touched.v[i - j->tus.n];
		size_t n = strlen(f);
		char *o;

		if (!lf_path_ok(f) || !lf_has_suffix(f, ".c") || !exists_in(b->src, f) ||
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
	if (j->indexed)
		use_objects(j, b);
	for (size_t i = 0; i < touched.n; i++) {
		const char *f = touched.v[i];

		if (!lf_has_suffix(f, ".c") && lf_path_ok(f))
			header_plan(j, b, f, &why);
	}
	j->rebuilt_why = why.s;
	lf_strv_sort(&j->objs);
	lf_strv_sort(&j->verified);
	lf_strv_sort(&j->unbuilt);
	lf_strv_sort(&j->allmod);
	for (size_t i = 0; i < touched.n; i++)
		free(touched.v[i]);
	free(touched.v);
}
