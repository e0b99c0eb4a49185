/* SPDX-License-Identifier: GPL-2.0 */
/*
 * benefit.h - what a rewrite verdict buys, per acquisition and measured
 * (issue 22): the shared atomics per read and write section, the bytes,
 * whether readers still run side by side (rules/lockcosts.tbl), and,
 * where a --lock-stat file covers the lock, its acquisitions, contentions
 * and hold times with the atomics they come to.
 */
#ifndef LOCKFIT_BENEFIT_H
#define LOCKFIT_BENEFIT_H

struct lf_analysis;
struct lf_verdict;
struct json_t;

/* The "benefit" object of a spinlock or percpu_rwsem verdict; JSON null
 * for any other verdict. */
struct json_t *lf_benefit_json(const struct lf_analysis *a,
			       const struct lf_verdict *v);

/* The same in one line ("per read section 2 -> 1 shared atomics, ..."),
 * NULL for any other verdict.  Record strings in it are raw: the
 * caller escapes for its sink. */
char *lf_benefit_text(const struct lf_analysis *a, const struct lf_verdict *v);

#endif
