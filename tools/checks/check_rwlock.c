// SPDX-License-Identifier: GPL-2.0
/*
 * check_rwlock.c - the rwlock_t and rw_semaphore checks, rwlock-spinlock
 * and percpu-rwsem: locks ranked by expected benefit, a verdict per lock
 * (rwlock_verdict.c) kept in this checker's results (check_rwlock.h), a finding
 * per read site of a lock to rewrite; what whole-tree coverage changes in
 * a verdict, and the notices of rewrites it left incomplete, are
 * rwlock_coverage.c's.  What the report and explain show of it is
 * present/present_rwlock.c's, its patch jobs patch/patch_rwlock.c's.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "checks/rwlock_verdict.h"
#include "checks/rwlock_context.h"
#include "analysis/runtime.h"
#include "coverage/coverage.h"
#include "checks/benefit.h"
#include "checks/checker.h"
#include "checks/check_rwlock.h"

struct lf_ranked *lf_ranked_of(const struct lf_analysis *a)
{
	return lf_results(a, &lf_checker_rwlock);
}

/* Samples of the functions holding L's read sites, each function once. */
static double lock_samples(const struct lf_analysis *a, const struct lf_lock *l)
{
	const char **seen = xcalloc(l->sites.n, sizeof(*seen));
	size_t n = 0;
	double sum = 0;

	for (size_t i = 0; i < l->sites.n; i++) {
		const struct lf_rec *r = l->sites.v[i].rec;
		const char *fn = lf_fn_basename(r->function);
		bool dup = false;

		if (!lf_is_read(r))
			continue;
		for (size_t j = 0; j < n && !dup; j++)
			dup = !strcmp(seen[j], fn);
		if (dup)
			continue;
		seen[n++] = fn;
		sum += lf_profile_weight(&a->profile, r->function);
	}
	free(seen);
	return sum;
}

/* Expected benefit: read sites, times samples when a profile says how
 * often they run; a cleanup (issue 29 rule 6) after every other lock,
 * whatever its read sites: it buys no speed.  Ties by name, so the order
 * never depends on input order. */
static int cmp_rank(const void *x, const void *y)
{
	const struct lf_verdict *a = *(const struct lf_verdict *const *)x;
	const struct lf_verdict *b = *(const struct lf_verdict *const *)y;

	if (a->cleanup != b->cleanup)
		return a->cleanup ? 1 : -1;
	if (a->benefit != b->benefit)
		return a->benefit > b->benefit ? -1 : 1;
	return strcmp(a->lock->name, b->lock->name);
}

static void rank(struct lf_analysis *a)
{
	struct lf_ranked *ranked = lf_ranked_of(a);

	ranked->bylock = strmap_new();
	for (size_t i = 0; i < a->locks.locks.n; i++) {
		const struct lf_lock *l = a->locks.locks.v[i];
		struct lf_verdict *v;

		if (!lf_rwlock_judges(a, l))
			continue;
		v = xcalloc(1, sizeof(*v));
		v->lock = l;
		if (a->has_profile) {
			v->samples = lock_samples(a, l);
			v->benefit = l->nread * v->samples;
		} else {
			v->benefit = l->nread;
		}
		VEC_PUSH(ranked, v);
		strmap_put(ranked->bylock, l->name, v);
	}
	lf_sort(ranked->v, ranked->n, sizeof(*ranked->v), cmp_rank);
}

bool lf_rwlock_judges(const struct lf_analysis *a, const struct lf_lock *l)
{
	return lf_rules_class_judged(&a->rules, l->cls,
				     LFR_MOD_BIT(LFR_MOD_rwlock));
}

struct lf_verdict *lf_rwlock_verdict(const struct lf_analysis *a,
				     const struct lf_lock *l)
{
	struct lf_verdict *v = strmap_get(lf_ranked_of(a)->bylock, l->name);

	if (!v)
		lf_die("internal error: no verdict for %s", l->name);
	return v;
}

static void analyse(struct lf_analysis *a)
{
	struct lf_ranked *ranked = lf_ranked_of(a);

	rank(a);
	for (size_t i = 0; i < ranked->n; i++) {
		const struct lf_lock *l = ranked->v[i]->lock;

		lf_verdict_compute(ranked->v[i], a);
		for (size_t j = 0; j < l->sites.n; j++)
			VEC_PUSH(&a->sited, l->sites.v[j].rec);
	}
	/* the verdicts say which are cleanups */
	lf_sort(ranked->v, ranked->n, sizeof(*ranked->v), cmp_rank);
}

static char *spinlock_message(const struct lf_verdict *v, size_t i)
{
	const struct lf_lock *l = v->lock;
	const struct lf_rec *r = l->sites.v[i].rec;
	const char *why = v->cleanup && !v->cold ? "has readers that never overlap" :
			  v->cold ? "is read only from cold entries" :
			  "has only short read sections";
	const char *act = v->cleanup ? "a spinlock_t is a cleanup, not a speedup" :
			  "make it a spinlock_t";
	char *m, *w;

	if (!l->nread)
		return xasprintf("%s '%s' is only ever write-locked in the whole "
				 "tree: make it a spinlock_t; here %s -> %s",
				 lf_lock_type(l), l->name, r->api, v->needs[i]);
	if (v->promote[i])
		m = xasprintf("%s '%s' %s: %s; here promote %s -> %s (writers "
			      "use %s)", lf_lock_type(l), l->name, why, act, r->api,
			      v->needs[i], v->writer_api);
	else
		m = xasprintf("%s '%s' %s: %s; here %s -> %s", lf_lock_type(l),
			      l->name, why, act, r->api, v->needs[i]);
	if (!v->writes)
		return m;
	w = xasprintf("%s; its readers update shared state (%s): the "
		      "spinlock_t serialises them", m, v->writes);
	free(m);
	return w;
}

static char *rcu_message(const struct lf_verdict *v, size_t i)
{
	const struct lf_lock *l = v->lock;
	const struct lf_rec *r = l->sites.v[i].rec;
	char *where = lf_site_where_text(r, lf_site_ctx_at(v->ctx, i));
	bool two = v->rcu_how && !strcmp(v->rcu_how, "two steps");
	const char *how = two ? "has long hot readers in bh or irq context and "
			  "readers that are not hot" : v->rcu_how ?
			  "is a lookup user space queries at will, written at "
			  "registration, teardown or configuration," :
			  "has long read sections in bh, irq or hot context and";
	char *m = two ? xasprintf("%s '%s' %s: move the hot readers to RCU, then "
				  "make it a spinlock_t; here %s (%s)",
				  lf_lock_type(l), l->name, how, r->api, where) :
		  xasprintf("%s '%s' %s %zu write site%s: convert the readers "
			    "to RCU and the writers to spinlock_t; here %s (%s)",
			    lf_lock_type(l), l->name, how, l->nwrite,
			    lf_plural(l->nwrite), r->api, where);

	free(where);
	return m;
}

static char *percpu_message(const struct lf_verdict *v, size_t i)
{
	const struct lf_lock *l = v->lock;
	return xasprintf("%s '%s' is read-mostly (%zu read, %zu write sites) with "
			 "long or hot sleepable readers: make it a "
			 "percpu_rw_semaphore; here %s -> %s", lf_lock_type(l),
			 l->name, l->nread, l->nwrite, l->sites.v[i].rec->api,
			 v->needs[i]);
}

static void lock_findings(struct lf_findings *out, const struct lf_verdict *v)
{
	const struct lf_lock *l = v->lock;
	enum lf_verdict_kind k = v->kind;

	if (k != LF_V_SPINLOCK && k != LF_V_PERCPU && k != LF_V_RCU)
		return;
	for (size_t i = 0; i < l->sites.n; i++) {
		const struct lf_rec *r = l->sites.v[i].rec;
		struct lf_finding f = {
			.check = lf_checks[k == LF_V_SPINLOCK ? LF_CHECK_rwlock_spinlock :
				k == LF_V_RCU ? LF_CHECK_rwlock_rcu :
				LF_CHECK_percpu_rwsem].name,
			.file = r->file, .function = r->function, .lock = l->name,
			.line = r->line, .column = r->column,
			.cleanup = v->cleanup,
		};

		/* the read sites; a write-only lock's write sites */
		if (!lf_is_read(r) && l->nread)
			continue;
		f.message = k == LF_V_SPINLOCK ? spinlock_message(v, i) :
			    k == LF_V_RCU ? rcu_message(v, i) :
			    percpu_message(v, i);
		VEC_PUSH(out, f);
	}
}

static void findings(const struct lf_analysis *a, struct lf_findings *out)
{
	struct lf_ranked *ranked = lf_ranked_of(a);

	for (size_t i = 0; i < ranked->n; i++)
		lock_findings(out, ranked->v[i]);
}

static void names(const struct lf_analysis *a,
		  void (*fn)(const char *name, void *arg), void *arg)
{
	struct lf_ranked *ranked = lf_ranked_of(a);

	for (size_t i = 0; i < ranked->n; i++)
		fn(ranked->v[i]->lock->name, arg);
}

const struct lf_checker lf_checker_rwlock = {
	.name = "rwlock",
	.results_size = sizeof(struct lf_ranked),
	.analyse = analyse,
	.findings = findings,
	.names = names,
	.cov_ask = lf_rwlock_cov_ask,
	.cov_apply = lf_rwlock_cov_apply,
	.notices = lf_rwlock_cov_notices,
};
