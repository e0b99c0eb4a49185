/* SPDX-License-Identifier: GPL-2.0 */
/*
 * coverage.h - a rewrite verdict only when every use of the lock in the
 * whole source tree was seen (docs/REPORT.md, "Coverage").  After the
 * verdicts (lf_analyze), the locks whose verdict is a rewrite, and the
 * rwlocks with no read site, are looked up in the use index
 * (index/index.h); a take, release, assert or &lock in a file whose
 * unit's records were not read makes the verdict unknown, with the
 * unseen files, why each was not built (index/kbuild.h) and the command
 * that completes the evidence.  A rwlock whose every use was seen and
 * that is never read-locked becomes a spinlock.
 *
 *   apply.c    which locks, what their uses change in the verdicts
 *   tree.c     the tree: found, and matched with the records
 *   unseen.c   why a file was not built, the command that builds it
 *   kbuild.c   what kbuild Makefiles and the .config say of a file
 *   output.c   text, JSON and SARIF, the gate's notices
 */
#ifndef LOCKFIT_COVERAGE_H
#define LOCKFIT_COVERAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "lib/cli.h"

struct lf_analysis;
struct lf_lock;
struct json_t;

/* One use the records did not see. */
struct lf_cov_unseen {
	char *file;
	int line;
	char *why;
};

/* Per lock (lf_verdict->cov): NULL when it was not looked up. */
struct lf_cov {
	size_t seen;
	struct { struct lf_cov_unseen *v; size_t n, cap; } unseen;
	/* recorded sites the index does not hold (tree.h: lf_cov_missed),
	 * and the first, "FILE:LINE": its uses are then no evidence */
	size_t missed;
	char *missed_at;
	/* the rewrite the records alone call for, made unknown here */
	bool incomplete;
	const char *would;	/* "spinlock", "percpu_rwsem" */
	char *command;		/* lockfit build -- make ..., NULL if none */
};

/* What the whole run did, for the report header and the gate. */
struct lf_cov_run {
	char *tree;		/* NULL: none */
	bool assumed;		/* --assume-complete, or trusted without tree */
	size_t not_checked;	/* rewrite verdicts not checked: no tree */
	double index_secs;
};

/* Apply coverage to A's verdicts (the coverage stage: analysis.c runs
 * it after the checkers decide, before their findings);
 * DIR: the records, for the command that completes them. */
void lf_coverage_apply(struct lf_analysis *a, const struct lf_cov_opts *o,
		       const char *dir);

/* Die (exit 2) unless TREE is the tree A's records were built from:
 * every recorded site's file in it, its lines naming the lock or the
 * site's call.  lf_coverage_apply() checks its tree so. */
void lf_cov_check_tree(const char *tree, const struct lf_analysis *a);

/* The reason a lock whose recorded sites the index missed (cov->missed)
 * gets: its uses in the tree are unknown. */
char *lf_cov_missed_text(const struct lf_cov *cov);

/* Outputs: the lock block's lines (at most MAX unseen uses, 0: all),
 * its JSON value (null when not looked up). */
void lf_cov_text(FILE *out, const struct lf_cov *cov, const char *indent,
		 size_t max);
struct json_t *lf_cov_json(const struct lf_cov *cov);
/* The report header's line; the JSON summary's "coverage" value (the
 * coverage stage's hooks, analysis/stage.h). */
void lf_cov_header(FILE *out, const struct lf_analysis *a);
struct json_t *lf_cov_summary_json(const struct lf_analysis *a);
/* Each incomplete lock's one-line notice ("incomplete coverage: ..."),
 * for the gate and SARIF: FN called per line (the rwlock checker's
 * notices, checker.h). */
void lf_cov_notices(const struct lf_analysis *a,
		    void (*fn)(const char *lock, const char *text, void *arg),
		    void *arg);

#endif
