// SPDX-License-Identifier: GPL-2.0
// SPDX-License-Identifier: GPL-2.0
/*
 * apply.c - rewrite verdicts only for locks whose every use in the
 * source tree was seen (coverage.h): which locks are looked up in the
 * use index, and what their uses change in their verdicts.  The tree:
 * --tree, else the records' srcroot when it is a kernel tree here
 * (tree.c).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "checks/verdict.h"
#include "coverage/coverage.h"
#include "coverage/kbuild.h"
#include "coverage/tree.h"
#include "coverage/unseen.h"
#include "index/index.h"

/* Unseen files named in one reason; explain and JSON list every use. */
#define FILES_MAX 10

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

static bool seen(const struct lf_cov_ctx *c, const char *file)
{
	return strmap_get(c->tus, file) || strmap_get(c->files, file);
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
static void make_unknown(struct lf_cov_ctx *c, const struct lf_lock *l,
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
	if (cov->unseen.n || !cov->missed) {
		if (cov->command)
			reason_first(v, xasprintf("complete the evidence: %s", cov->command));
		reason_first(v, xasprintf("unseen: %s", files));
		reason_first(v, xasprintf("incomplete coverage: these records alone say "
					  "%s, but %zu of its %zu uses in the tree (take, "
					  "release, assert, address) are in %zu file%s "
					  "whose records were not read", cov->would,
					  cov->unseen.n, cov->unseen.n + cov->seen,
					  nfiles, lf_plural(nfiles)));
	}
	if (cov->missed)
		reason_first(v, lf_cov_missed_text(cov));
	free(files);
}

static void lock_coverage(struct lf_cov_ctx *c, struct lf_lock *l,
			  const struct lf_ilock *il)
{
	struct lf_cov *cov = xcalloc(1, sizeof(*cov));
	struct lf_verdict *v = lf_rwlock_verdict(c->a, l);
	const struct lf_rec *first;
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
						   xstrdup(lf_cov_why_unseen(c, u->file)) };

			VEC_PUSH(&cov->unseen, x);
		}
	}
	cov->command = lf_cov_command(c, cov);
	cov->missed = lf_cov_missed(c->tree, l, il, &first);
	if (cov->missed)
		cov->missed_at = xasprintf("%s:%d", first->file, first->line);
	if (rewrite(v)) {
		if (cov->unseen.n || cov->missed)
			make_unknown(c, l, cov);
		else
			VEC_PUSH(&v->reasons, xasprintf(
				"every use in the tree seen: %zu take, release, "
				"assert or address use%s, all in units whose "
				"records were read", cov->seen, lf_plural(cov->seen)));
		return;
	}
	/* write-only candidate */
	if (!cov->unseen.n && !cov->missed && !reads && takes) {
		lf_verdict_write_only(v, c->a, cov->seen);
		return;
	}
	if (cov->missed)
		VEC_PUSH(&v->reasons, lf_cov_missed_text(cov));
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
	has_build = lf_records_build_dirs(&a->recs, &src, &obj);
	if (o->assume_complete) {
		a->cov->assumed = true;
		not_checked(a, "--assume-complete");
		return;
	}
	if (o->tree) {
		if (!lf_cov_is_dir(o->tree))
			lf_die("--tree %s: not a directory", o->tree);
		a->cov->tree = realpath(o->tree, NULL);
	} else if (has_build && lf_cov_kernel_tree(src)) {
		a->cov->tree = realpath(src, NULL);
	}
	if (!a->cov->tree) {
		a->cov->assumed = o->trust_without_tree;
		not_checked(a, "no source tree");
		return;
	}
	c.tree = a->cov->tree;
	lf_cov_check_tree(c.tree, a);
	c.modroot = lf_records_modroot(&a->recs);
	if (has_build) {
		c.src = src;
		c.obj = obj;
	} else {
		c.src = c.tree;
	}
	config = xasprintf("%s/.config", has_build && lf_cov_is_dir(obj) ? obj : c.tree);
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
	mix.tree = c.modroot;
	mix.locks = xcalloc(a->locks.locks.n + 1, sizeof(*mix.locks));
	mwhich = xcalloc(a->locks.locks.n + 1, sizeof(*mwhich));
	for (size_t i = 0; i < a->locks.locks.n; i++) {
		struct lf_lock *l = a->locks.locks.v[i];
		struct lf_verdict *v = lf_rwlock_verdict(a, l);
		bool mod = c.modroot && module_lock(l);
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
		lf_index_load(&ix);
	/* the module's own locks: its directory is their whole tree */
	if (mix.nlocks)
		lf_index_load(&mix);
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
