/* SPDX-License-Identifier: GPL-2.0 */
/*
 * stage.h - the evidence stages of the analysis: what lockfit reads
 * beside the records and joins to the checkers' verdicts.  runtime.c
 * maps a /proc/lock_stat file to the locks before the checkers decide
 * (--lock-stat), coverage/apply.c looks up every use in the source tree
 * of the locks the checkers ask about, after they decided.
 *
 * lf_analyze_with() runs each stage's hooks at its place in the
 * pipeline, in lf_stages[] order; report, gate and explain show what the
 * stages found through the same hooks, so none of them knows a stage by
 * name.  A stage computes evidence; what it changes in a checker's own
 * results is that checker's decision, through its hooks (checker.h:
 * cov_ask, cov_apply, notices).
 */
#ifndef LOCKFIT_STAGE_H
#define LOCKFIT_STAGE_H

#include <stddef.h>
#include <stdio.h>

struct lf_analysis;
struct lf_evidence;
struct json_t;

struct lf_stage {
	const char *name;
	/* before the records are read: read and check its own input */
	void (*load)(struct lf_analysis *a, const struct lf_evidence *e);
	/* once the locks are built, before the checkers decide */
	void (*map)(struct lf_analysis *a);
	/* after the checkers decided, before their findings; DIR: the
	 * records */
	void (*apply)(struct lf_analysis *a, const struct lf_evidence *e,
		      const char *dir);
	/* text report: its header line, its section after the checkers' */
	void (*text_header)(FILE *out, const struct lf_analysis *a);
	void (*text)(FILE *out, const struct lf_analysis *a);
	/* JSON report: its key of the summary, and the value (NULL: the
	 * key is left out) */
	const char *json_key;
	struct json_t *(*json)(const struct lf_analysis *a);
	/* lockfit explain LOCK: what it has on LOCK, after the checker's */
	void (*explain)(const struct lf_analysis *a, const char *lock);
};

extern const struct lf_stage lf_stage_runtime, lf_stage_coverage;

extern const struct lf_stage *const lf_stages[];
extern const size_t lf_nstages;

#endif
