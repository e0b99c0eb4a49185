/* SPDX-License-Identifier: GPL-2.0 */
/*
 * checker.h - one module per check that decides, as smatch's check_*.c
 * and GCC's analyzer sm-*.cc: each check_*.c defines a struct
 * lf_checker (its analysis, its findings, its lock names, what it asks
 * of whole-tree coverage, its notices) and keeps its results typed for
 * its presenter (report/present.h) and patch jobs (patch/patch.h), which
 * show them.  A new check is one check_*.c plus its rows in
 * schema/checks.def, the registry the plugin reads too: its names,
 * SARIF texts and checker symbol come from there.
 *
 * Every checker runs inside the shared pipeline (pipeline/pipeline.c:
 * rules, records, locks, lock order, profile, call graph, the evidence
 * stages that come before the verdicts: analysis/stage.h), in the order
 * of lf_checkers[], which is also the order of the SARIF rules; the
 * stages below the checks reach them only through a->checkers.
 */
#ifndef LOCKFIT_CHECKER_H
#define LOCKFIT_CHECKER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "schema/check_ids.h"

struct lf_analysis;
struct lf_findings;
struct lf_pjobs;
struct lf_pkind;
struct lf_lock;
struct lf_cov;
struct strmap;
struct json_t;

/* A check name: --check NAME, a finding's check, a SARIF rule
 * (schema/checks.def's LF_CHECK rows). */
struct lf_check {
	const char *name;
	const char *summary;	/* one line: the SARIF rule's shortDescription */
	const char *help;	/* its fullDescription, and a patch's message */
};

/* Every check, by enum lf_check_id: lf_checks[LF_CHECK_rwlock_rcu].name */
extern const struct lf_check lf_checks[LF_NCHECKS];

/* What a checker's result for a lock asks of its uses in the whole tree
 * (the coverage stage, coverage/coverage.h). */
enum lf_cov_ask {
	LF_COV_NONE,
	LF_COV_MAY,	/* they may change it: looked up when there is a tree */
	LF_COV_NEED,	/* a rewrite, which every use must agree with */
};

struct lf_checker {
	const char *name;		/* the module: check_NAME.c */
	size_t results_size;		/* its results, zeroed: lf_results() */
	/* The facts it asks of the pipeline are its LF_FACTS row in
	 * schema/checks.def, served for the lock classes it judges
	 * (rules/classes.tbl): with LF_FACT_LOCKS, a->locks holds their
	 * locks beside those of the other checkers that ask it, so it
	 * keeps to its own classes there (lf_rules_class_judged). */
	/* its verdicts, from the shared pipeline's results */
	void (*analyse)(struct lf_analysis *a);
	/* its findings, appended to OUT (sorted by lf_findings_sort) */
	void (*findings)(const struct lf_analysis *a, struct lf_findings *out);
	/* its lock names, for explain's "did you mean" */
	void (*names)(const struct lf_analysis *a,
		      void (*fn)(const char *name, void *arg), void *arg);
	/* whole-tree coverage, after analyse: what its result for L asks of
	 * L's uses, and what COV (the uses, or why there are none: its how)
	 * changes in it; true if that leaves the result incomplete (said in
	 * the report header and by notices).  It may keep COV.  NULL: none */
	enum lf_cov_ask (*cov_ask)(const struct lf_analysis *a,
				   const struct lf_lock *l);
	bool (*cov_apply)(struct lf_analysis *a, const struct lf_lock *l,
			  struct lf_cov *cov);
	/* what it neither finds nor passes: a lock whose verdict an evidence
	 * stage (analysis/stage.h) found incomplete, one line each through
	 * FN, for the gate's stderr and SARIF's notifications; NULL: none */
	void (*notices)(const struct lf_analysis *a,
			void (*fn)(const char *lock, const char *text, void *arg),
			void *arg);
};

#define LF_CHECKER(module, plugin, tool) extern const struct lf_checker tool;
#include "schema/checks.def"

extern const struct lf_checker *const lf_checkers[];
extern const size_t lf_ncheckers;

/* The check NAME, or NULL; *INDEX (if not NULL) its place in
 * lf_checks[], as SARIF's ruleIndex. */
const struct lf_check *lf_check_find(const char *name, int *index);

/* C's results in A (results_size bytes, zeroed before its analyse):
 * what it found stays its own, so no other module knows its types. */
void *lf_results(const struct lf_analysis *a, const struct lf_checker *c);


#endif
