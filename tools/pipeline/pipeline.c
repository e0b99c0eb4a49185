// SPDX-License-Identifier: GPL-2.0
/*
 * pipeline.c - the pipeline every subcommand shares: rules, records,
 * locks and bindings, lock order, profile, the call graph; then each
 * checker's analysis (lf_checkers[]), and their findings.  The evidence
 * stages (lf_stages[]: lock_stat, whole-tree coverage) run at their
 * places in it; then what the presenters (lf_presenters[], one per
 * check with a report section) and the stages show, in the one order
 * the text report, the JSON report and explain take from here.
 */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "lib/util.h"
#include "lib/phase.h"
#include "lib/cli.h"
#include "analysis/analysis.h"
#include "pipeline/pipeline.h"
#include "analysis/where.h"
#include "analysis/stage.h"
#include "checks/checker.h"
#include "present/present.h"

const struct lf_stage *const lf_stages[] = {
	&lf_stage_runtime,
	&lf_stage_coverage,
};
const size_t lf_nstages = ARRAY_SIZE(lf_stages);

const struct lf_presenter *const lf_presenters[] = {
#define LF_REPORT(module, present) &present,
#include "schema/checks.def"
};
const size_t lf_npresenters = ARRAY_SIZE(lf_presenters);

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

/* a->locks: the lock classes of every checker that asks LF_FACT_LOCKS
 * (rules/reader.h numbers the checks' modules as lf_checkers[]); the
 * facts served for a->locks need it. */
static void group_locks(struct lf_analysis *a)
{
	unsigned modules = 0;

	for (size_t i = 0; i < lf_ncheckers; i++) {
		unsigned facts = lfr_module_facts((enum lfr_module)i);

		if ((facts & (LF_FACT_COVERAGE | LF_FACT_LOCKSTAT)) &&
		    !(facts & LF_FACT_LOCKS))
			lf_die("internal error: check module %s asks facts of "
			       "locks it does not group", lf_checkers[i]->name);
		if (facts & LF_FACT_LOCKS)
			modules |= LFR_MOD_BIT(i);
	}
	lf_locks_build(&a->recs, &a->rules, modules, &a->locks);
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
	a->checkers = lf_checkers;
	a->ncheckers = lf_ncheckers;
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
	lf_records_load(dir, (e->mixed_builds ? LF_LOAD_MIXED_BUILDS : 0) | load,
			&a->recs);
	lf_phase_end("records");
	group_locks(a);
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

void lf_show_text_header(FILE *out, const struct lf_analysis *a)
{
	for (size_t i = 0; i < lf_nstages; i++)
		if (lf_stages[i]->text_header)
			lf_stages[i]->text_header(out, a);
	for (size_t i = 0; i < lf_npresenters; i++)
		if (lf_presenters[i]->text_header)
			lf_presenters[i]->text_header(out, a);
}

void lf_show_text(FILE *out, const struct lf_analysis *a)
{
	for (size_t i = 0; i < lf_npresenters; i++)
		lf_presenters[i]->text(out, a);
	for (size_t i = 0; i < lf_nstages; i++)
		if (lf_stages[i]->text)
			lf_stages[i]->text(out, a);
}

void lf_show_json_summary(struct json_t *summary, const struct lf_analysis *a)
{
	/* last stage first: "coverage" came before "lock_stat" in version 1
	 * of the format */
	for (size_t i = lf_nstages; i-- > 0;) {
		json_t *v = lf_stages[i]->json ? lf_stages[i]->json(a) : NULL;

		if (v)
			json_object_set_new(summary, lf_stages[i]->json_key, v);
	}
}

void lf_show_json(struct json_t *root, const struct lf_analysis *a)
{
	for (size_t i = 0; i < lf_npresenters; i++)
		json_object_set_new(root, lf_presenters[i]->json_key,
				    lf_presenters[i]->json(a));
}

bool lf_show_explain(const struct lf_analysis *a, const char *lock)
{
	for (size_t i = 0; i < lf_npresenters; i++)
		if (lf_presenters[i]->explain(a, lock)) {
			/* then what the evidence stages have on it */
			for (size_t j = 0; j < lf_nstages; j++)
				if (lf_stages[j]->explain)
					lf_stages[j]->explain(a, lock);
			return true;
		}
	return false;
}
