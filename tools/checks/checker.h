/* SPDX-License-Identifier: GPL-2.0 */
/*
 * checker.h - one module per check that decides, as smatch's check_*.c
 * and GCC's analyzer sm-*.cc: each check_*.c defines a struct
 * lf_checker (analysis/hooks.h: its analysis, its findings, its lock
 * names, what it asks of whole-tree coverage, its notices) and keeps
 * its results typed for its presenter (present/present.h) and job
 * builder (patch/pjob.h), which show them.  A new check is one
 * check_*.c plus its rows in schema/checks.def, the registry the plugin
 * reads too: its names, SARIF texts and checker symbol come from there.
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
#include "analysis/hooks.h"

struct lf_analysis;

/* A check name: --check NAME, a finding's check, a SARIF rule
 * (schema/checks.def's LF_CHECK rows). */
struct lf_check {
	const char *name;
	const char *summary;	/* one line: the SARIF rule's shortDescription */
	const char *help;	/* its fullDescription, and a patch's message */
};

/* Every check, by enum lf_check_id: lf_checks[LF_CHECK_rwlock_rcu].name */
extern const struct lf_check lf_checks[LF_NCHECKS];

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
