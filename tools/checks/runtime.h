/* SPDX-License-Identifier: GPL-2.0 */
/*
 * runtime.h - runtime evidence from /proc/lock_stat (lockfit report
 * --lock-stat FILE): each lock class mapped to a lockfit identity
 * (docs/RECORDS.md), its numbers summed per lock, and the judgements
 * the verdicts take from them (verdict.c).
 */
#ifndef LOCKFIT_RUNTIME_H
#define LOCKFIT_RUNTIME_H

#include <stdbool.h>
#include <stdio.h>
#include "records/lockstat.h"
#include "checks/verdict.h"

struct lf_analysis;
struct lf_lock;
struct json_t;

/* What one lock's classes measured; times in nanoseconds. */
struct lf_rt_lock {
	const char *lock;
	bool rw;		/* an rwlock_t or rw_semaphore */
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
};

/* Read PATH (exits 2 on bad input); the mapping needs A's records and
 * locks: lf_runtime_map() once they are built. */
struct lf_runtime *lf_runtime_load(const char *path);
void lf_runtime_map(struct lf_runtime *rt, const struct lf_analysis *a);

/* LOCK's evidence, NULL without --lock-stat or without a class. */
const struct lf_rt_lock *lf_runtime_of(const struct lf_analysis *a,
				       const char *lock);

/*
 * Judgements for verdict.c's rules, NA when L has no class in the file;
 * *DETAIL gets the numbers.  short: the average read hold time is at
 * most runtime_short_read_hold_ns (rwlock_t only); ratio: read
 * acquisitions per write acquisition at least
 * runtime_percpu_min_read_per_write.
 */
enum lf_rule_state lf_runtime_short(const struct lf_analysis *a,
				    const struct lf_lock *l, char **detail);
enum lf_rule_state lf_runtime_ratio(const struct lf_analysis *a,
				    const struct lf_lock *l, char **detail);
/* Hot short readers: FAIL unless the lock_stat file shows the lock is
 * rarely held (write-side contentions per write acquisition at most
 * runtime_spin_max_busy_percent); *DETAIL says what was measured, or
 * which measurement would decide. */
enum lf_rule_state lf_runtime_overlap(const struct lf_analysis *a,
				      const struct lf_lock *l, char **detail);
/* "never read-acquired at runtime ..." or NULL. */
char *lf_runtime_never_read(const struct lf_analysis *a, const struct lf_lock *l);

/* Report parts: the header line, a lock's evidence, the summary. */
void lf_runtime_text_header(FILE *out, const struct lf_analysis *a);
void lf_runtime_text_lock(FILE *out, const struct lf_rt_lock *r, const char *indent);
void lf_runtime_text(FILE *out, const struct lf_analysis *a);
struct json_t *lf_runtime_json_lock(const struct lf_rt_lock *r);
struct json_t *lf_runtime_json_summary(const struct lf_analysis *a);

#endif
