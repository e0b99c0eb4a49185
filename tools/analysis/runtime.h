/* SPDX-License-Identifier: GPL-2.0 */
/*
 * runtime.h - runtime evidence from /proc/lock_stat (lockfit report
 * --lock-stat FILE), an evidence stage (stage.h: lf_stage_runtime): each
 * lock class mapped to a lockfit identity (docs/RECORDS.md) and its
 * numbers summed per lock; the rules the verdicts take from them are
 * checks/rwlock_lockstat.c's.
 */
#ifndef LOCKFIT_RUNTIME_H
#define LOCKFIT_RUNTIME_H

#include <stdbool.h>
#include <stdio.h>
#include "lib/cli.h"
#include "records/lockstat.h"

struct lf_analysis;
struct lf_lock;
struct json_t;

/* What one lock's classes measured; times in nanoseconds. */
struct lf_rt_lock {
	const char *lock;
	bool rw;		/* a lock the rwlock check judges */
	struct { const struct lf_lsclass **v; size_t n, cap; } classes;
	unsigned long long read_acq, write_acq, contentions;
	long long read_hold_total, read_hold_max, write_hold_total, write_hold_max;
	long long read_hold_avg, write_hold_avg;
};

/* Each class of the file: the lock it was mapped to, or why none. */
struct lf_rt_class {
	const struct lf_lsclass *c;
	const char *lock;	/* NULL: not mapped */
	const char *how;	/* mapped: how; else why not ("ambiguous: ...") */
	bool ambiguous;
};

struct lf_runtime {
	struct lf_lockstat ls;
	struct { struct lf_rt_class *v; size_t n, cap; } classes;
	struct strmap *bylock;		/* identity -> struct lf_rt_lock */
	struct { struct lf_rt_lock **v; size_t n, cap; } locks;	/* decided */
	struct { const char **v; size_t n, cap; } absent;	/* decided, no class */
	size_t mapped;			/* classes mapped to any lock */
	struct lf_cov_opts opts;	/* the tree: --tree, --assume-complete */
	/* the names the records leave ambiguous, looked up in the tree's
	 * init sites: the tree, or why none (NULL: none to look up) */
	const char *tree, *no_tree;
	const char *spatch_failed;	/* then some sites were not typed */
	size_t looked_up, by_init;	/* names; mapped by their init site */
};

/* Read PATH (exits 2 on bad input); the mapping needs A's records and
 * locks: lf_runtime_map() once they are built. */
struct lf_runtime *lf_runtime_load(const char *path);
void lf_runtime_map(struct lf_runtime *rt, const struct lf_analysis *a);

/* LOCK's evidence, NULL without --lock-stat or without a class. */
const struct lf_rt_lock *lf_runtime_of(const struct lf_analysis *a,
				       const char *lock);

/* Report parts: the header line, a lock's evidence, the summary. */
void lf_runtime_text_header(FILE *out, const struct lf_analysis *a);
void lf_runtime_text_lock(FILE *out, const struct lf_rt_lock *r, const char *indent);
void lf_runtime_text(FILE *out, const struct lf_analysis *a);
struct json_t *lf_runtime_json_lock(const struct lf_rt_lock *r);
struct json_t *lf_runtime_json_summary(const struct lf_analysis *a);

#endif
