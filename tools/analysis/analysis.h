/* SPDX-License-Identifier: GPL-2.0 */
/*
 * analysis.h - everything one run computes from a record directory:
 * rules, records, locks, lock order, profile, the call graph, and what
 * the checkers (checker.h) make of them: verdicts, arch_spin_lock
 * sites, bit locks, findings.  Every subcommand fills it with
 * lf_analyze() (pipeline/pipeline.h) so that report, gate and explain
 * can never disagree.
 */
#ifndef LOCKFIT_ANALYSIS_H
#define LOCKFIT_ANALYSIS_H

#include "records/tables.h"
#include "records/recdir.h"
#include "analysis/locks.h"
#include "analysis/lockorder.h"
#include "records/profile.h"
#include "analysis/findings.h"
#include "analysis/callgraph.h"

struct lf_checker;

struct lf_analysis {
	struct lf_rules rules;
	struct lf_records recs;
	struct lf_locks locks;
	struct lf_graph graph;
	struct lf_profile profile;
	bool has_profile;
	size_t profile_matched;	/* functions with lock sites and samples */
	struct lf_callgraph calls;
	/* the lock sites the checkers rank, for profile_matched */
	struct { const struct lf_rec **v; size_t n, cap; } sited;
	/* each checker's own results, in lf_checkers[] order (checker.h:
	 * lf_results()); the findings of all */
	void **results;
	/* the checkers, lf_checkers[] as the pipeline hands them to the
	 * stages below the checks (coverage/apply.c) */
	const struct lf_checker *const *checkers;
	size_t ncheckers;
	struct lf_findings findings;
	/* the evidence stages' results (stage.h): lockfit report
	 * --lock-stat (runtime.h), NULL without; whole-tree coverage of the
	 * verdicts (checks/coverage.h) */
	struct lf_runtime *runtime;
	struct lf_cov_run *cov;
};

struct lf_where;

/* Where FUNCTION runs (where.h: lf_where_in() of A's call graph). */
bool lf_where_of(const struct lf_analysis *a, const char *function,
		 struct lf_where *out);

#endif
