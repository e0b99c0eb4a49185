// SPDX-License-Identifier: GPL-2.0
/*
 * coverage.c - rewrite verdicts only for locks whose every use in the
 * source tree was seen (coverage.h).  The tree: --tree, else the
 * records' srcroot when it is a kernel tree here.  The records must match
 * it (every recorded site's file there, its line naming the lock), or
 * nothing said about the tree would be true: exit 2.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <jansson.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "checks/verdict.h"
#include "checks/coverage.h"
#include "analysis/stage.h"
#include "index/index.h"
#include "index/kbuild.h"
#include "report/render.h"

/* Unseen files named in one reason; explain and JSON list every use. */
#define FILES_MAX 10

static bool is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

static bool exists_in(const char *dir, const char *name)
{
	char *p = xasprintf("%s/%s", dir, name);
	bool ok = !access(p, F_OK);

	free(p);
	return ok;
}

/* The build identity's srcroot and objtree (recfields.c writes
 * "srcroot S, objtree O, config C"); false if the records have none. */
static bool kernel_tree(const char *dir)
{
	return is_dir(dir) && exists_in(dir, "Makefile") &&
	       exists_in(dir, "Kconfig") && exists_in(dir, "include/linux");
}

/* ---- the tree matches the records ---------------------------------- */

static struct strmap *texts;	/* file -> its text, "" if unreadable */
static const char *modroot;	/* the records' module directory, or NULL */

static const char *text_of(const char *tree, const char *file)
{
	char *t = strmap_get(texts, file), *p;

	if (t)
		return *t ? t : NULL;
	p = lf_records_path(tree, modroot, file);
	t = p ? lf_read_file(p, NULL) : NULL;
	free(p);
	strmap_put(texts, file, t ? t : "");
	return t;
}

/* Does line LINE of TEXT hold WORD (as a word: AS_WORD)?  Not "is it
 * the lock's use": a tree of another version fails it, a macro's site
 * may too. */
static bool line_holds(const char *text, int line, const char *word,
		       bool as_word)
{
	const char *s = text, *e;
	size_t n = strlen(word);

	for (int l = 1; s && l < line; l++) {
		s = strchr(s, '\n');
		s = s ? s + 1 : NULL;
	}
	if (!s)
		return false;
	e = s + strcspn(s, "\n");
	for (const char *p = s; p + n <= e; p++)
		if (!strncmp(p, word, n) && (!as_word ||
		    ((p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
		     !(isalnum((unsigned char)p[n]) || p[n] == '_'))))
			return true;
	return false;
}

/* The word the text of a use of lock ID holds ("lock" for "struct a::lock"),
 * NULL when the identity names none (bit locks, parameters). */
static const char *lock_word(struct strmap *words, const char *id)
{
	struct lf_ilock il;
	char *why, *w = strmap_get(words, id);

	if (!w) {
		w = lf_ilock_parse(&il, id, &why) && il.kind != LF_IK_NONE ?
		    il.word : "";
		strmap_put(words, id, w);
	}
	return *w ? w : NULL;
}

/* A file's recorded sites of locks with a searchable name. */
struct fsites {
	size_t held;			/* whose line names the call or the lock */
	const struct lf_rec *first;	/* the first whose line does not */
};

/*
 * Each recorded site of an rwlock_t or rw_semaphore (the locks whose
 * rewrites depend on the tree) must be in the tree, and a file none of
 * whose sites' lines name their call or lock has moved on since the
 * build.  One site whose line does not, among others that do, is a call
 * through a macro of another name (spin_lock_irqsave recorded as
 * raw_spin_lock_irqsave): not a mismatch.
 */
void lf_cov_check_tree(const char *tree, const struct lf_analysis *a)
{
	struct strmap *words = strmap_new(), *files = strmap_new();
	struct { const char **v; size_t n, cap; } names = { 0 };

	texts = strmap_new();
	modroot = lf_records_modroot(&a->recs);
	for (size_t i = 0; i < a->recs.recs.n; i++) {
		const struct lf_rec *r = &a->recs.recs.v[i];
		const char *t, *word;
		struct fsites *f;

		/* the locks whose rewrites depend on the tree */
		if ((r->kind != LF_REC_SECTION && r->kind != LF_REC_RELEASE_ONLY) ||
		    !r->file || !r->api || !r->lock || !r->cls ||
		    (strcmp(r->cls, "rwlock") && strcmp(r->cls, "rwsem")) ||
		    !(word = lock_word(words, r->lock)))
			continue;
		t = text_of(tree, r->file);
		if (!t && lf_modroot_file(r->file))
			lf_die("%s:%d: the module directory %s does not match these "
			       "records: %s (a site of %s) is not in it", r->src,
			       r->srcline, modroot, r->file, r->lock);
		if (!t)
			lf_die("%s:%d: the tree %s does not match these records: "
			       "%s (a site of %s) is not in it; give the tree the "
			       "records were built from", r->src, r->srcline, tree,
			       r->file, r->lock);
		if (!(f = strmap_get(files, r->file))) {
			f = xcalloc(1, sizeof(*f));
			strmap_put(files, r->file, f);
			VEC_PUSH(&names, r->file);
		}
		/* a wrapper names its own call, not the lock: inode_lock(inode),
		 * raw_spin_lock_rcu_node(rnp) */
		if (line_holds(t, r->line, r->api, false) ||
		    line_holds(t, r->line, word, true))
			f->held++;
		else if (!f->first)
			f->first = r;
	}
	for (size_t i = 0; i < names.n; i++) {
		const struct fsites *f = strmap_get(files, names.v[i]);
		const struct lf_rec *r = f->first;

		if (!f->held)
			lf_die("%s:%d: the tree %s does not match these records: "
			       "%s:%d (a site of %s) names neither %s() nor the "
			       "lock (lines moved?); give the tree the records "
			       "were built from", r->src, r->srcline, tree,
			       r->file, r->line, r->lock, r->api);
	}
}

/* ---- which locks, which uses --------------------------------------- */

static bool rewrite(const struct lf_verdict *v)
{
	return v->kind == LF_V_SPINLOCK || v->kind == LF_V_PERCPU;
}

/* An rwlock the records never read-lock: write-only if the tree agrees. */
static bool write_only_candidate(const struct lf_verdict *v)
{
	const struct lf_lock *l = v->lock;

	if (v->kind != LF_V_UNKNOWN || strcmp(l->cls, "rwlock") || l->nread ||
	    !l->nwrite)
		return false;
	for (size_t i = 0; i < v->rules.n; i++)
		if (!strcmp(v->rules.v[i].name, "identity") &&
		    v->rules.v[i].state != LF_RULE_PASS)
			return false;
	return true;
}

static bool counted(const struct lf_use *u)
{
	return u->what == LF_USE_TAKE || u->what == LF_USE_RELEASE ||
	       u->what == LF_USE_ASSERT || u->what == LF_USE_ADDR;
}

struct ctx {
	struct lf_analysis *a;
	const char *tree, *dir, *src, *obj;
	struct lf_kbuild *kb;
	struct strmap *tus, *files;	/* what the records saw */
	struct strmap *whys;		/* file -> why (memo) */
	struct strmap *objs;		/* file -> "dir/x.o" when buildable */
};

static bool seen(const struct ctx *c, const char *file)
{
	return strmap_get(c->tus, file) || strmap_get(c->files, file);
}

static const char *why_unseen(struct ctx *c, const char *file)
{
	const char *w = strmap_get(c->whys, file);
	size_t n = strlen(file);
	char *why;

	if (w)
		return w;
	if (n < 2 || strcmp(file + n - 2, ".c")) {
		why = xstrdup("a header: no unit of these records has a "
			      "recorded function in it");
	} else if (lf_modroot_file(file)) {
		/* the module build compiles what its Kbuild says: all of it */
		why = xstrdup("in the module directory but not in this build");
		strmap_put(c->objs, file, xstrdup(""));
	} else {
		switch (lf_kbuild_state(c->kb, file, &why)) {
		case LF_KB_ON:
			why = xstrdup("in this configuration but not in this build");
			strmap_put(c->objs, file, xasprintf("%.*s.o", (int)(n - 2), file));
			break;
		case LF_KB_OFF:
			break;
		case LF_KB_UNKNOWN: {
			char *u = xasprintf("not known whether this configuration "
					    "builds it: %s", why);

			free(why);
			why = u;
			break;
		}
		}
	}
	strmap_put(c->whys, file, why);
	return why;
}

/* A word a shell takes as it is, else single-quoted. */
static void shell_word(struct strbuf *sb, const char *w)
{
	if (*w && strspn(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			 "0123456789_./+-=,:@") == strlen(w)) {
		sb_printf(sb, " %s", w);
		return;
	}
	sb_printf(sb, " '");
	for (; *w; w++)
		sb_printf(sb, *w == '\'' ? "'\\''" : "%c", *w);
	sb_printf(sb, "'");
}

static char *command(struct ctx *c, const struct lf_cov *cov)
{
	struct strbuf sb = { 0 };
	struct lf_strv done = { 0 };

	for (size_t i = 0; i < cov->unseen.n; i++) {
		const char *o = strmap_get(c->objs, cov->unseen.v[i].file);

		if (o)	/* "": a file of the module, built with all of it */
			lf_strv_add_unique(&done, *o ? o : "modules");
	}
	/* a kernel lock seen from a module build: its evidence is the
	 * kernel's build, not these records' directory */
	if (!done.n || (modroot && !lf_strv_has(&done, "modules")))
		return NULL;
	sb_printf(&sb, "lockfit build --out");
	shell_word(&sb, c->dir);
	sb_printf(&sb, " -- make");
	if (c->src && c->obj && strcmp(c->src, c->obj)) {
		char *o = xasprintf("O=%s", c->obj);

		sb_printf(&sb, " -C");
		shell_word(&sb, c->src);
		shell_word(&sb, o);
		free(o);
	} else if (c->src) {
		sb_printf(&sb, " -C");
		shell_word(&sb, c->src);
	}
	if (lf_strv_has(&done, "modules") && modroot) {
		char *m = xasprintf("M=%s", modroot);

		shell_word(&sb, m);
		free(m);
	}
	lf_strv_sort(&done);
	for (size_t i = 0; i < done.n; i++)
		shell_word(&sb, done.v[i]);
	return sb_take(&sb);
}

static void reason_first(struct lf_verdict *v, char *text)
{
	VEC_PUSH(&v->reasons, NULL);
	memmove(v->reasons.v + 1, v->reasons.v,
		(v->reasons.n - 1) * sizeof(*v->reasons.v));
	v->reasons.v[0] = text;
}

/* The unseen files, each once, with why. */
static char *unseen_files(const struct lf_cov *cov, size_t *nfiles)
{
	struct plist *p = plist_new(FILES_MAX);
	const char *last = NULL;

	for (size_t i = 0; i < cov->unseen.n; i++) {
		const struct lf_cov_unseen *u = &cov->unseen.v[i];

		if (last && !strcmp(last, u->file))
			continue;
		last = u->file;
		plist_add(p, "%s (%s)", u->file, u->why);
	}
	*nfiles = p->n;
	return xstrdup(plist_text(p));
}

/* Rewrite verdict, some uses unseen: unknown, with what to do. */
static void make_unknown(struct ctx *c, const struct lf_lock *l,
			 struct lf_cov *cov)
{
	struct lf_verdict *v = lf_rwlock_verdict(c->a, l);
	size_t nfiles;
	char *files = unseen_files(cov, &nfiles);

	cov->incomplete = true;
	cov->would = lf_verdict_name(v->kind);
	v->kind = LF_V_UNKNOWN;
	for (size_t i = 0; i < l->sites.n; i++) {
		v->needs[i] = NULL;
		v->promote[i] = LF_PROMOTE_NONE;
	}
	v->promote_to = LF_PROMOTE_NONE;
	if (cov->command)
		reason_first(v, xasprintf("complete the evidence: %s", cov->command));
	reason_first(v, xasprintf("unseen: %s", files));
	reason_first(v, xasprintf("incomplete coverage: these records alone say "
				  "%s, but %zu of its %zu uses in the tree (take, "
				  "release, assert, address) are in %zu file%s "
				  "whose records were not read", cov->would,
				  cov->unseen.n, cov->unseen.n + cov->seen,
				  nfiles, lf_plural(nfiles)));
	free(files);
}

static void lock_coverage(struct ctx *c, struct lf_lock *l,
			  const struct lf_ilock *il)
{
	struct lf_cov *cov = xcalloc(1, sizeof(*cov));
	struct lf_verdict *v = lf_rwlock_verdict(c->a, l);
	size_t reads = 0, takes = 0;

	v->cov = cov;
	for (size_t i = 0; i < il->uses.n; i++) {
		const struct lf_use *u = &il->uses.v[i];

		if (!counted(u))
			continue;
		if (u->what == LF_USE_TAKE) {
			takes++;
			reads += u->call && strstr(u->call, "read");
		}
		if (seen(c, u->file)) {
			cov->seen++;
		} else {
			struct lf_cov_unseen x = { xstrdup(u->file), u->line,
						   xstrdup(why_unseen(c, u->file)) };

			VEC_PUSH(&cov->unseen, x);
		}
	}
	cov->command = command(c, cov);
	if (rewrite(v)) {
		if (cov->unseen.n)
			make_unknown(c, l, cov);
		else
			VEC_PUSH(&v->reasons, xasprintf(
				"every use in the tree seen: %zu take, release, "
				"assert or address use%s, all in units whose "
				"records were read", cov->seen, lf_plural(cov->seen)));
		return;
	}
	/* write-only candidate */
	if (!cov->unseen.n && !reads && takes) {
		lf_verdict_write_only(v, c->a, cov->seen);
		return;
	}
	if (cov->unseen.n) {
		size_t nfiles;
		char *files = unseen_files(cov, &nfiles);

		VEC_PUSH(&v->reasons, xasprintf(
			"%zu of its %zu uses in the tree are in %zu file%s whose "
			"records were not read: %s", cov->unseen.n,
			cov->unseen.n + cov->seen, nfiles, lf_plural(nfiles), files));
		if (cov->command)
			VEC_PUSH(&v->reasons, xasprintf("complete the evidence: %s",
							cov->command));
		free(files);
	} else if (reads) {
		VEC_PUSH(&v->reasons, xasprintf(
			"the tree read-locks it (%zu read take%s) in code these "
			"records saw without a section", reads, lf_plural(reads)));
	}
}

static void not_checked(struct lf_analysis *a, const char *why)
{
	for (size_t i = 0; i < a->locks.locks.n; i++) {
		struct lf_lock *l = a->locks.locks.v[i];
		struct lf_verdict *v = lf_rwlock_verdict(a, l);

		if (!rewrite(v))
			continue;
		if (a->cov->assumed && !strcmp(why, "--assume-complete")) {
			VEC_PUSH(&v->reasons, xasprintf(
				"whole-tree coverage not checked (%s): uses in units "
				"that were not built are assumed to agree", why));
			a->cov->not_checked++;
			continue;
		}
		if (a->cov->assumed)
			continue;	/* lockfit patch: its messages as before */
		v->cov = xcalloc(1, sizeof(*v->cov));
		v->cov->incomplete = true;
		v->cov->would = lf_verdict_name(v->kind);
		v->kind = LF_V_UNKNOWN;
		for (size_t k = 0; k < l->sites.n; k++) {
			v->needs[k] = NULL;
			v->promote[k] = LF_PROMOTE_NONE;
		}
		v->promote_to = LF_PROMOTE_NONE;
		reason_first(v, xasprintf(
			"whole-tree coverage not checked: give --tree DIR (these "
			"records alone say %s; --assume-complete keeps that)",
			v->cov->would));
		a->cov->not_checked++;
	}
}

/* A lock of the module directory: a file-static of one of its units, or
 * one its files declare (a kernel lock taken in the module is declared
 * in the kernel's headers, and keeps the kernel tree's rules). */
static bool module_lock(const struct lf_lock *l)
{
	const char *n = l->name + strspn(l->name, "*");

	if (lf_modroot_file(n))
		return true;
	for (size_t i = 0; i < l->sites.n; i++)
		if (lf_modroot_file(l->sites.v[i].rec->decl_file))
			return true;
	for (size_t i = 0; i < l->rels.n; i++)
		if (lf_modroot_file(l->rels.v[i].rec->decl_file))
			return true;
	return false;
}

/* Its identity as the module directory's index sees it: a static's unit
 * without "$M/". */
static char *module_id(const char *id)
{
	size_t stars = strspn(id, "*");
	const char *rest = lf_modroot_file(id + stars);

	if (!rest)
		return xstrdup(id);
	return xasprintf("%.*s%s", (int)stars, id, rest);
}

/* "# Linux/x86 6.1.0 Kernel Configuration": the architecture directory. */
static char *config_arch(const char *config)
{
	char *t = lf_read_file(config, NULL), *p, *arch = NULL;

	if (t && (p = strstr(t, "# Linux/"))) {
		size_t n = strcspn(p + 8, " \n");

		arch = xasprintf("%.*s", (int)n, p + 8);
	}
	free(t);
	return arch;
}

void lf_coverage_apply(struct lf_analysis *a, const struct lf_cov_opts *o,
		       const char *dir)
{
	struct ctx c = { .a = a, .dir = dir };
	const char *src = NULL, *obj = NULL;
	char *config = NULL;
	struct lf_index ix = { 0 }, mix;
	struct lf_lock **which, **mwhich;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	bool has_build;

	a->cov = xcalloc(1, sizeof(*a->cov));
	has_build = lf_records_build_dirs(&a->recs, &src, &obj);
	if (o->assume_complete) {
		a->cov->assumed = true;
		not_checked(a, "--assume-complete");
		return;
	}
	if (o->tree) {
		if (!is_dir(o->tree))
			lf_die("--tree %s: not a directory", o->tree);
		a->cov->tree = realpath(o->tree, NULL);
	} else if (has_build && kernel_tree(src)) {
		a->cov->tree = realpath(src, NULL);
	}
	if (!a->cov->tree) {
		a->cov->assumed = o->trust_without_tree;
		not_checked(a, "no source tree");
		return;
	}
	c.tree = a->cov->tree;
	lf_cov_check_tree(c.tree, a);
	if (has_build) {
		c.src = src;
		c.obj = obj;
	} else {
		c.src = c.tree;
	}
	config = xasprintf("%s/.config", has_build && is_dir(obj) ? obj : c.tree);
	{
		char *arch = config_arch(config);

		c.kb = lf_kbuild_open(c.tree, access(config, R_OK) ? NULL : config,
				      arch);
	}
	c.tus = strmap_new();
	c.files = strmap_new();
	c.whys = strmap_new();
	c.objs = strmap_new();
	for (size_t i = 0; i < a->recs.recs.n; i++) {
		const struct lf_rec *r = &a->recs.recs.v[i];

		if (r->tu)
			strmap_put(c.tus, r->tu, a);
		if (r->file)
			strmap_put(c.files, r->file, a);
	}
	which = xcalloc(a->locks.locks.n + 1, sizeof(*which));
	ix.tree = c.tree;
	ix.locks = xcalloc(a->locks.locks.n + 1, sizeof(*ix.locks));
	ix.jobs = cpus > 0 ? (int)cpus : 1;
	ix.cache = o->no_cache ? NULL : lf_index_cache_dir();
	mix = ix;
	mix.tree = modroot;
	mix.locks = xcalloc(a->locks.locks.n + 1, sizeof(*mix.locks));
	mwhich = xcalloc(a->locks.locks.n + 1, sizeof(*mwhich));
	for (size_t i = 0; i < a->locks.locks.n; i++) {
		struct lf_lock *l = a->locks.locks.v[i];
		struct lf_verdict *v = lf_rwlock_verdict(a, l);
		bool mod = modroot && module_lock(l);
		struct lf_index *x = mod ? &mix : &ix;
		struct lf_ilock *il = &x->locks[x->nlocks];
		char *why, *id = mod ? module_id(l->name) : xstrdup(l->name);

		if (!rewrite(v) && !write_only_candidate(v)) {
			free(id);
			continue;
		}
		if (!lf_ilock_parse(il, id, &why) || !il->indexed) {
			if (rewrite(v)) {
				struct lf_cov *cov = xcalloc(1, sizeof(*cov));

				v->cov = cov;
				make_unknown(&c, l, cov);
				reason_first(v, xasprintf(
					"its uses cannot be looked up in the tree: %s",
					il->why ? il->why : why));
			}
			continue;
		}
		(mod ? mwhich : which)[x->nlocks++] = l;
	}
	if (ix.nlocks)
		lf_index_build(&ix);
	/* the module's own locks: its directory is their whole tree */
	if (mix.nlocks)
		lf_index_build(&mix);
	a->cov->index_secs = ix.secs + mix.secs;
	for (size_t k = 0; k < ix.nlocks; k++)
		lock_coverage(&c, which[k], &ix.locks[k]);
	for (size_t k = 0; k < mix.nlocks; k++) {
		struct lf_ilock *il = &mix.locks[k];

		for (size_t u = 0; u < il->uses.n; u++) {
			char *f = il->uses.v[u].file;

			il->uses.v[u].file = xasprintf(LF_MODROOT_TAG "/%s", f);
			free(f);
		}
		lock_coverage(&c, mwhich[k], il);
	}
	free(mwhich);
	free(which);
	free(config);
}

/* ---- outputs ------------------------------------------------------- */

void lf_cov_text(FILE *out, const struct lf_cov *cov, const char *indent,
		 size_t max)
{

	if (!cov || (!cov->seen && !cov->unseen.n && cov->incomplete))
		return;
	lf_fprintf(out, "%scoverage: %zu use%s seen, %zu unseen%s\n", indent,
		   cov->seen, lf_plural(cov->seen), cov->unseen.n,
		   cov->unseen.n ? ":" : "");
	for (size_t i = 0; i < cov->unseen.n; i++) {
		const struct lf_cov_unseen *u = &cov->unseen.v[i];

		if (max && i == max) {
			lf_fprintf(out, "%s  ... %zu more (lockfit explain lists "
				   "all)\n", indent, cov->unseen.n - max);
			break;
		}
		lf_fprintf(out, "%s  %s:%d: %s\n", indent, u->file, u->line, u->why);
	}
}

json_t *lf_cov_json(const struct lf_cov *cov)
{
	json_t *un;

	if (!cov || (!cov->seen && !cov->unseen.n && cov->incomplete))
		return json_null();
	un = json_array();
	for (size_t i = 0; i < cov->unseen.n; i++) {
		const struct lf_cov_unseen *u = &cov->unseen.v[i];

		json_array_append_new(un, json_pack("{s:o, s:i, s:o}",
			"file", lf_json_str(u->file), "line", u->line,
			"why", lf_json_str(u->why)));
	}
	return json_pack("{s:I, s:o}", "seen", (json_int_t)cov->seen,
			 "unseen", un);
}

void lf_cov_notices(const struct lf_analysis *a,
		    void (*fn)(const char *lock, const char *text, void *arg),
		    void *arg)
{
	for (size_t i = 0; i < a->locks.locks.n; i++) {
		const struct lf_lock *l = a->locks.locks.v[i];
		const struct lf_cov *cov = lf_rwlock_verdict(a, l)->cov;
		char *text;

		if (!cov || !cov->incomplete)
			continue;
		if (!cov->seen && !cov->unseen.n)
			text = xasprintf("incomplete coverage: %s would be %s from "
					 "these records, but its uses in the whole "
					 "tree were not checked (give --tree DIR): "
					 "no finding, no pass", l->name, cov->would);
		else
			text = xasprintf("incomplete coverage: %s would be %s from "
					 "these records, but %zu of its %zu uses in "
					 "the tree were not seen (first %s:%d: %s): "
					 "no finding, no pass", l->name, cov->would,
					 cov->unseen.n, cov->unseen.n + cov->seen,
					 cov->unseen.v[0].file, cov->unseen.v[0].line,
					 cov->unseen.v[0].why);
		fn(l->name, text, arg);
		free(text);
	}
}

static void count_notice(const char *lock, const char *text, void *arg)
{
	json_array_append_new(arg, lf_json_str(lock));
}

void lf_cov_header(FILE *out, const struct lf_analysis *a)
{
	const struct lf_cov_run *r = a->cov;
	json_t *inc = json_array();
	size_t n;

	if (!r)
		return;
	lf_cov_notices(a, count_notice, inc);
	n = json_array_size(inc);
	json_decref(inc);
	if (r->tree)
		lf_fprintf(out, "source tree: %s; locks with incomplete coverage: "
			   "%zu\n", r->tree, n);
	if (lf_records_modroot(&a->recs))
		lf_fprintf(out, "module directory (" LF_MODROOT_TAG "/): %s\n",
			   lf_records_modroot(&a->recs));
	else if (r->assumed && r->not_checked)
		lf_fprintf(out, "source tree: none; whole-tree coverage not "
			   "checked, the records assumed complete: %zu rewrite "
			   "verdict%s\n", r->not_checked, lf_plural(r->not_checked));
	else if (r->not_checked)
		lf_fprintf(out, "source tree: none; rewrite verdicts made unknown "
			   "(give --tree DIR): %zu\n", r->not_checked);
}

json_t *lf_cov_summary_json(const struct lf_analysis *a)
{
	const struct lf_cov_run *r = a->cov;
	json_t *inc = json_array(), *j;


	lf_cov_notices(a, count_notice, inc);
	j = json_pack("{s:o, s:b, s:o}", "tree", lf_json_str(r ? r->tree : NULL),
		      "assumed_complete", r && r->assumed, "incomplete", inc);
	if (lf_records_modroot(&a->recs))
		json_object_set_new(j, "modroot",
				    lf_json_str(lf_records_modroot(&a->recs)));
	return j;
}

static void apply(struct lf_analysis *a, const struct lf_evidence *e,
		  const char *dir)
{
	lf_coverage_apply(a, &e->cov, dir);
}

const struct lf_stage lf_stage_coverage = {
	.name = "coverage",
	.apply = apply,
	.text_header = lf_cov_header,
	.json_key = "coverage",
	.json = lf_cov_summary_json,
};
