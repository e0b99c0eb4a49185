// SPDX-License-Identifier: GPL-2.0
/*
 * apply.c - the coverage stage, which looks up in the use index the
 * locks the checkers ask about and hands them their uses, seen and
 * unseen (coverage.h; checker.h's cov_ask and cov_apply).  What the uses
 * change in a result is its checker's.  The tree: --tree, else the
 * records' srcroot when it is a kernel tree here (tree.c).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lib/util.h"
#include "lib/path.h"
#include "analysis/analysis.h"
#include "analysis/hooks.h"
#include "coverage/coverage.h"
#include "coverage/kbuild.h"
#include "coverage/tree.h"
#include "coverage/unseen.h"
#include "index/index.h"

/* ---- which locks, which uses --------------------------------------- */

/* Checker I (check module I, rules/reader.h) is served L's coverage: it
 * asks LF_FACT_COVERAGE and judges L's class. */
static bool served(const struct lf_analysis *a, size_t i,
		   const struct lf_lock *l)
{
	return (lfr_module_facts((enum lfr_module)i) & LF_FACT_COVERAGE) &&
	       lf_rules_class_judged(&a->rules, l->cls, LFR_MOD_BIT(i)) &&
	       a->checkers[i]->cov_ask;
}

/* What the checkers ask of L's uses (checker.h): the most any asks. */
static enum lf_cov_ask ask(const struct lf_analysis *a, const struct lf_lock *l)
{
	enum lf_cov_ask most = LF_COV_NONE;

	for (size_t i = 0; i < a->ncheckers; i++)
		if (served(a, i, l)) {
			enum lf_cov_ask k = a->checkers[i]->cov_ask(a, l);

			if (k > most)
				most = k;
		}
	return most;
}

/* COV to each checker that asked about L: what it changes is theirs. */
static void hand(struct lf_analysis *a, const struct lf_lock *l,
		 struct lf_cov *cov)
{
	for (size_t i = 0; i < a->ncheckers; i++) {
		const struct lf_checker *k = a->checkers[i];

		if (served(a, i, l) && k->cov_apply &&
		    k->cov_ask(a, l) != LF_COV_NONE && k->cov_apply(a, l, cov))
			strmap_put(a->cov->incomplete, l->name, (void *)l);
	}
}

static bool counted(const struct lf_use *u)
{
	return u->what == LF_USE_TAKE || u->what == LF_USE_RELEASE ||
	       u->what == LF_USE_ASSERT || u->what == LF_USE_ADDR;
}

static bool seen(const struct lf_cov_ctx *c, const char *file)
{
	return strmap_get(c->tus, file) || strmap_get(c->files, file);
}

/* IL's uses, added to COV. */
static void add_uses(struct lf_cov_ctx *c, struct lf_cov *cov,
		     const struct lf_ilock *il)
{
	for (size_t i = 0; i < il->uses.n; i++) {
		const struct lf_use *u = &il->uses.v[i];

		if (!counted(u))
			continue;
		if (u->what == LF_USE_TAKE) {
			cov->takes++;
			cov->read_takes += u->call && strstr(u->call, "read");
		}
		if (seen(c, u->file)) {
			cov->seen++;
		} else {
			struct lf_cov_unseen x = { xstrdup(u->file), u->line,
						   xstrdup(lf_cov_why_unseen(c, u->file)) };

			VEC_PUSH(&cov->unseen, x);
		}
	}
}

/* L's uses in the tree, IL[0] and those of the pointers that name it,
 * IL[1..N-1]: seen or not, and why not. */
static void lock_coverage(struct lf_cov_ctx *c, const struct lf_lock *l,
			  const struct lf_ilock *il, size_t n)
{
	struct lf_cov *cov = xcalloc(1, sizeof(*cov));
	const struct lf_rec *first;

	cov->how = LF_COV_LOOKED;
	for (size_t k = 0; k < n; k++)
		add_uses(c, cov, &il[k]);
	cov->command = lf_cov_command(c, cov);
	cov->missed = lf_cov_missed(c->tree, l, il, &first);
	if (cov->missed)
		cov->missed_at = xasprintf("%s:%d", first->file, first->line);
	hand(c->a, l, cov);
}

/* No tree to look in (HOW): the rewrites (LF_COV_NEED) are not checked. */
static void not_checked(struct lf_analysis *a, enum lf_cov_how how)
{
	for (size_t i = 0; i < a->locks.locks.n; i++) {
		struct lf_lock *l = a->locks.locks.v[i];
		struct lf_cov *cov;

		if (ask(a, l) != LF_COV_NEED)
			continue;
		cov = xcalloc(1, sizeof(*cov));
		cov->how = how;
		a->cov->not_checked += how != LF_COV_TRUSTED;
		hand(a, l, cov);
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

/* The sites taken through a pointer that names a lock: a bound on the
 * aliases to look up. */
static size_t n_aliased(const struct lf_analysis *a)
{
	size_t n = 0;

	for (size_t i = 0; i < a->locks.locks.n; i++) {
		const struct lf_lock *l = a->locks.locks.v[i];

		for (size_t j = 0; j < l->sites.n + l->rels.n; j++) {
			const struct lf_site *s = j < l->sites.n ? &l->sites.v[j] :
						  &l->rels.v[j - l->sites.n];

			n += s->via && s->via[0] == '*';
		}
	}
	return n;
}

/*
 * The pointers through which L's sites were taken (alias records,
 * analysis/locks.h) are L too: their uses in the tree are L's, looked up
 * after L's own (WHICH[k] L for each).  The arrays hold one entry per
 * lock and alias: there are fewer aliases than sites.
 */
static void look_up_aliases(struct lf_index *ix, struct lf_lock **which,
			    struct lf_lock *l)
{
	struct strmap *done = strmap_new();

	for (size_t i = 0; i < l->sites.n + l->rels.n; i++) {
		const struct lf_site *s = i < l->sites.n ? &l->sites.v[i] :
					  &l->rels.v[i - l->sites.n];
		struct lf_ilock *il = &ix->locks[ix->nlocks];
		char *why;

		if (!s->via || s->via[0] != '*' || strmap_get(done, s->via))
			continue;
		strmap_put(done, s->via, l);
		if (lf_ilock_parse(il, s->via, &why) && il->indexed)
			which[ix->nlocks++] = l;
	}
}

void lf_coverage_apply(struct lf_analysis *a, const struct lf_cov_opts *o,
		       const char *dir)
{
	struct lf_cov_ctx c = { .a = a, .dir = dir };
	const char *src = NULL, *obj = NULL;
	char *config = NULL;
	struct lf_index ix = { 0 }, mix;
	struct lf_lock **which, **mwhich;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	bool has_build;

	a->cov = xcalloc(1, sizeof(*a->cov));
	a->cov->incomplete = strmap_new();
	has_build = lf_records_build_dirs(&a->recs, &src, &obj);
	if (o->assume_complete) {
		a->cov->assumed = true;
		not_checked(a, LF_COV_ASSUMED);
		return;
	}
	if (o->tree) {
		if (!lf_is_dir(o->tree))
			lf_die("--tree %s: not a directory", o->tree);
		a->cov->tree = realpath(o->tree, NULL);
	} else if (has_build && lf_kernel_tree(src)) {
		a->cov->tree = realpath(src, NULL);
	}
	if (!a->cov->tree) {
		a->cov->assumed = o->trust_without_tree;
		not_checked(a, a->cov->assumed ? LF_COV_TRUSTED : LF_COV_NO_TREE);
		return;
	}
	c.tree = a->cov->tree;
	c.modroot = lf_records_modroot(&a->recs);
	if (c.modroot && !lf_cov_module_dir(c.modroot))
		lf_die("the records' module directory %s is not a kbuild module "
		       "directory (one with a Kbuild or Makefile file, not /): "
		       "its files are not walked", c.modroot);
	lf_cov_check_tree(c.tree, a);
	if (has_build) {
		c.src = src;
		c.obj = obj;
	} else {
		c.src = c.tree;
	}
	config = xasprintf("%s/.config", has_build && lf_is_dir(obj) ? obj : c.tree);
	{
		char *arch = lf_cov_config_arch(config);

		c.kb = lf_kbuild_open(c.tree, access(config, R_OK) ? NULL : config,
				      arch);
	}
	c.tus = strmap_new();
	c.files = strmap_new();
	c.whys = strmap_new();
	c.objs = strmap_new();
	for (size_t i = 0; i < a->recs.recs.n; i++) {
		const struct lf_rec *r = a->recs.recs.v[i];

		if (r->tu)
			strmap_put(c.tus, r->tu, a);
		if (r->file)
			strmap_put(c.files, r->file, a);
	}
	which = xcalloc(a->locks.locks.n + n_aliased(a) + 1, sizeof(*which));
	ix.tree = c.tree;
	ix.locks = xcalloc(a->locks.locks.n + n_aliased(a) + 1, sizeof(*ix.locks));
	ix.jobs = cpus > 0 ? (int)cpus : 1;
	ix.cache = o->no_cache ? NULL : lf_index_cache_dir();
	mix = ix;
	mix.tree = c.modroot;
	mix.locks = xcalloc(a->locks.locks.n + 1, sizeof(*mix.locks));
	mwhich = xcalloc(a->locks.locks.n + 1, sizeof(*mwhich));
	for (size_t i = 0; i < a->locks.locks.n; i++) {
		struct lf_lock *l = a->locks.locks.v[i];
		enum lf_cov_ask k = ask(a, l);
		bool mod = c.modroot && module_lock(l);
		struct lf_index *x = mod ? &mix : &ix;
		struct lf_ilock *il = &x->locks[x->nlocks];
		char *why, *id;

		if (k == LF_COV_NONE)
			continue;
		id = mod ? module_id(l->name) : xstrdup(l->name);
		if (!lf_ilock_parse(il, id, &why) || !il->indexed) {
			if (k == LF_COV_NEED) {
				struct lf_cov *cov = xcalloc(1, sizeof(*cov));

				cov->how = LF_COV_UNINDEXED;
				cov->why = il->why ? il->why : why;
				hand(a, l, cov);
			}
			continue;
		}
		(mod ? mwhich : which)[x->nlocks++] = l;
		if (!mod)
			look_up_aliases(&ix, which, l);
	}
	if (ix.nlocks)
		lf_index_load(&ix);
	/* the module's own locks: its directory is their whole tree */
	if (mix.nlocks)
		lf_index_load(&mix);
	a->cov->index_secs = ix.secs + mix.secs;
	for (size_t k = 0, n; k < ix.nlocks; k += n) {
		for (n = 1; k + n < ix.nlocks && which[k + n] == which[k]; n++)
			;
		lock_coverage(&c, which[k], &ix.locks[k], n);
	}
	for (size_t k = 0; k < mix.nlocks; k++) {
		struct lf_ilock *il = &mix.locks[k];

		for (size_t u = 0; u < il->uses.n; u++) {
			char *f = il->uses.v[u].file;

			il->uses.v[u].file = xasprintf(LF_MODROOT_TAG "/%s", f);
			free(f);
		}
		lock_coverage(&c, mwhich[k], il, 1);
	}
	free(mwhich);
	free(which);
	free(config);
}
