// SPDX-License-Identifier: GPL-2.0
/*
 * analysis.c - the pipeline every subcommand shares: rules, records,
 * locks and bindings, lock order, profile, verdicts, ranking, the call
 * graph, arch_spin_lock callers, bit locks, findings.
 */
#include <stdlib.h>
#include <string.h>
#include "util.h"
#include "analysis.h"
#include "verdict.h"

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

static void count_matched(struct lf_analysis *a, const struct lf_rec *r,
			  struct strmap *seen)
{
	const char *fn = lf_fn_basename(r->function);

	if (strmap_get(seen, fn) || lf_profile_weight(&a->profile, fn) <= 0)
		return;
	strmap_put(seen, fn, a);
	a->profile_matched++;
}

/* Functions with samples and a lock site (rwlock, rwsem or bit lock):
 * none says the profile is of another kernel or workload. */
static void profile_matched(struct lf_analysis *a)
{
	struct strmap *seen = strmap_new();

	for (size_t i = 0; i < a->ranked.n; i++)
		for (size_t j = 0; j < a->ranked.v[i]->sites.n; j++)
			count_matched(a, a->ranked.v[i]->sites.v[j].rec, seen);
	for (size_t i = 0; i < a->bitlocks.locks.n; i++)
		for (size_t j = 0; j < a->bitlocks.locks.v[i]->sites.n; j++)
			count_matched(a, a->bitlocks.locks.v[i]->sites.v[j].rec,
				      seen);
}

/* Expected benefit: read sites, times samples when a profile says how
 * often they run.  Ties by name, so the order never depends on input
 * order. */
static int cmp_rank(const void *x, const void *y)
{
	const struct lf_lock *a = *(const struct lf_lock *const *)x;
	const struct lf_lock *b = *(const struct lf_lock *const *)y;

	if (a->benefit != b->benefit)
		return a->benefit > b->benefit ? -1 : 1;
	return strcmp(a->name, b->name);
}

static void rank(struct lf_analysis *a)
{
	for (size_t i = 0; i < a->locks.locks.n; i++) {
		struct lf_lock *l = a->locks.locks.v[i];

		if (a->has_profile) {
			l->samples = lock_samples(a, l);
			l->benefit = l->nread * l->samples;
		} else {
			l->benefit = l->nread;
		}
		VEC_PUSH(&a->ranked, l);
	}
	lf_sort(a->ranked.v, a->ranked.n, sizeof(*a->ranked.v), cmp_rank);
}

void lf_analyze(struct lf_analysis *a, const char *dir, const char *profile,
		unsigned load)
{
	memset(a, 0, sizeof(*a));
	lf_rules_load(&a->rules);
	if (profile) {
		lf_profile_load(profile, &a->profile);
		a->has_profile = true;
	}
	lf_records_load(dir, load, &a->recs);
	lf_locks_build(&a->recs, &a->locks);
	lf_graph_build(&a->recs, &a->locks, &a->graph);
	rank(a);
	for (size_t i = 0; i < a->ranked.n; i++)
		lf_verdict_compute(a->ranked.v[i], a);
	lf_callgraph_build(&a->recs, &a->rules, &a->calls);
	lf_arch_resolve(&a->recs, &a->calls, &a->arch);
	lf_bitlocks_build(a, &a->bitlocks);
	if (a->has_profile)
		profile_matched(a);
	lf_findings_build(a);
}
