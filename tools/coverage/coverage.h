/* SPDX-License-Identifier: GPL-2.0 */
/*
 * coverage.h - a rewrite verdict only when every use of the lock in the
 * whole source tree was seen (docs/REPORT.md, "Coverage").  After the
 * verdicts (lf_analyze), the locks a checker asks about (checker.h:
 * cov_ask; the rwlock checker's: those whose verdict is a rewrite, and
 * the rwlocks with no read site) are looked up in the use index
 * (index/index.h): which uses the records saw, which they did not, why
 * each unseen file was not built (index/kbuild.h) and the command that
 * completes the evidence.  What that changes in a verdict is the
 * checker's (cov_apply; checks/rwlock_coverage.c): a take, release,
 * assert or &lock unseen makes a rewrite unknown, a rwlock whose every
 * use was seen and that is never read-locked becomes a spinlock.
 *
 *   apply.c    which locks, their uses, handed to the checkers
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

/* How a lock's uses were found, or why they were not. */
enum lf_cov_how {
	LF_COV_LOOKED,		/* in the tree: seen, unseen */
	LF_COV_ASSUMED,		/* --assume-complete: not looked up */
	LF_COV_TRUSTED,		/* no tree, the records trusted (lockfit patch) */
	LF_COV_NO_TREE,		/* no tree: not checked */
	LF_COV_UNINDEXED,	/* the index cannot search the lock: why */
};

/* What the coverage stage has on one lock a checker asked about, for its
 * cov_apply (checker.h), which may keep it. */
struct lf_cov {
	enum lf_cov_how how;
	const char *why;	/* LF_COV_UNINDEXED: why */
	/* LF_COV_LOOKED: its take, release, assert and &lock uses */
	size_t seen;
	struct { struct lf_cov_unseen *v; size_t n, cap; } unseen;
	size_t takes, read_takes;	/* of those, seen or not */
	/* recorded sites the index does not hold (tree.h: lf_cov_missed),
	 * and the first, "FILE:LINE": its uses are then no evidence */
	size_t missed;
	char *missed_at;
	char *command;		/* lockfit build -- make ..., NULL if none */
};

/* What the whole run did, for the report header and the gate. */
struct lf_cov_run {
	char *tree;		/* NULL: none */
	bool assumed;		/* --assume-complete, or trusted without tree */
	size_t not_checked;	/* rewrites (LF_COV_NEED) not checked: no tree */
	double index_secs;
	/* lock -> the lock, when a checker's cov_apply left its result
	 * incomplete */
	struct strmap *incomplete;
};

/* Apply coverage to A's verdicts (the coverage stage: pipeline.c runs
 * it after the checkers decide, before their findings);
 * DIR: the records, for the command that completes them. */
void lf_coverage_apply(struct lf_analysis *a, const struct lf_cov_opts *o,
		       const char *dir);

/* Die (exit 2) unless TREE is the tree A's records were built from:
 * every recorded site's file in it, its lines naming the lock or the
 * site's call.  lf_coverage_apply() checks its tree so. */
void lf_cov_check_tree(const char *tree, const struct lf_analysis *a);

/* What a lock whose recorded sites the index missed (cov->missed) is
 * told: its uses in the tree are unknown; WOULD: the rewrite the records
 * alone call for, NULL if none. */
char *lf_cov_missed_text(const struct lf_cov *cov, const char *would);

/* Outputs: the lock block's lines (none when not looked up; at most MAX
 * unseen uses, 0: all), its JSON value (null when not looked up); the
 * unseen files, each once with why, at most 10 named (NFILES: how
 * many), for a verdict's reasons. */
void lf_cov_text(FILE *out, const struct lf_cov *cov, const char *indent,
		 size_t max);
struct json_t *lf_cov_json(const struct lf_cov *cov);
char *lf_cov_unseen_files(const struct lf_cov *cov, size_t *nfiles);
/* The report header's line; the JSON summary's "coverage" value (the
 * coverage stage's hooks, analysis/stage.h). */
void lf_cov_header(FILE *out, const struct lf_analysis *a);
struct json_t *lf_cov_summary_json(const struct lf_analysis *a);

#endif
