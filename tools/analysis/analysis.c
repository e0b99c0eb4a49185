// SPDX-License-Identifier: GPL-2.0
/*
 * analysis.c - the pipeline every subcommand shares: rules, records,
 * locks and bindings, lock order, profile, the call graph; then each
 * checker's analysis (lf_checkers[]), and their findings.  The evidence
 * stages (stage.h) run at their places in it.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "lib/cli.h"
#include "lib/phase.h"
#include "analysis/analysis.h"
#include "analysis/where.h"
#include "analysis/stage.h"
#include "checks/checker.h"

static void count_matched(struct lf_analysis *a, const struct lf_rec *r,
			  struct strmap *seen)
{
	const char *fn = lf_fn_basename(r->function);

	if (strmap_get(seen, fn) || lf_profile_weight(&a->profile, fn) <= 0)
		return;
	strmap_put(seen, fn, a);
	a->profile_matched++;
}

/* Functions with samples and a lock site the checks rank (a->sited):
 * none says the profile is of another kernel or workload. */
static void profile_matched(struct lf_analysis *a)
{
	struct strmap *seen = strmap_new();

	for (size_t i = 0; i < a->sited.n; i++)
		count_matched(a, a->sited.v[i], seen);
}

void *lf_results(const struct lf_analysis *a, const struct lf_checker *c)
{
	for (size_t i = 0; i < lf_ncheckers; i++)
		if (lf_checkers[i] == c)
			return a->results[i];
	lf_die("checker %s is not in lf_checkers[]", c->name);
}

bool lf_where_of(const struct lf_analysis *a, const char *function,
		 struct lf_where *out)
{
	return lf_where_in(&a->calls, function, out);
}

void lf_analyze(struct lf_analysis *a, const char *dir, const char *profile,
		unsigned load)
{
	struct lf_evidence e = { .profile = profile,
				 .cov = { .trust_without_tree = true } };

	lf_analyze_with(a, dir, &e, load);
}

void lf_analyze_with(struct lf_analysis *a, const char *dir,
		     const struct lf_evidence *e, unsigned load)
{
	memset(a, 0, sizeof(*a));
	lf_phase_start();
	lf_rules_load(&a->rules);
	if (e->profile) {
		lf_profile_load(e->profile, &a->profile);
		a->has_profile = true;
	}
	for (size_t i = 0; i < lf_nstages; i++)
		if (lf_stages[i]->load)
			lf_stages[i]->load(a, e);
	lf_phase_end("rules, inputs");
	lf_records_load(dir, e->load | load, &a->recs);
	lf_phase_end("records");
	lf_locks_build(&a->recs, &a->rules, LFR_MOD_rwlock, &a->locks);
	for (size_t i = 0; i < lf_nstages; i++)
		if (lf_stages[i]->map)
			lf_stages[i]->map(a);
	lf_graph_build(&a->recs, &a->locks, &a->graph);
	lf_callgraph_build(&a->recs, &a->rules, &a->calls);
	lf_where_build(&a->recs, &a->rules, &a->calls);
	lf_phase_end("locks, calls");
	a->results = xcalloc(lf_ncheckers, sizeof(*a->results));
	for (size_t i = 0; i < lf_ncheckers; i++) {
		a->results[i] = xcalloc(1, lf_checkers[i]->results_size);
		lf_checkers[i]->analyse(a);
	}
	lf_phase_end("checkers");
	for (size_t i = 0; i < lf_nstages; i++)
		if (lf_stages[i]->apply) {
			lf_stages[i]->apply(a, e, dir);
			lf_phase_end(lf_stages[i]->name);
		}
	if (a->has_profile)
		profile_matched(a);
	for (size_t i = 0; i < lf_ncheckers; i++)
		lf_checkers[i]->findings(a, &a->findings);
	lf_findings_sort(&a->findings);
}
