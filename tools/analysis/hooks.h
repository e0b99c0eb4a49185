/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hooks.h - a checker as the stages below the checks see it: struct
 * lf_checker, the hooks a check module gives the pipeline (a->checkers,
 * analysis.h).  The stages (lock names, whole-tree coverage) call them
 * through a->checkers and never name a check; the registry of checks
 * (lf_checkers[], lf_checks[]) is checks/checker.h's, above them.
 */
#ifndef LOCKFIT_HOOKS_H
#define LOCKFIT_HOOKS_H

#include <stdbool.h>
#include <stddef.h>

struct lf_analysis;
struct lf_findings;
struct lf_lock;
struct lf_cov;

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

#endif
