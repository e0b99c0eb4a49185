/* SPDX-License-Identifier: GPL-2.0 */
/*
 * check_rwlock.h - what the rwlock checker found, for its presenter
 * (present/present_rwlock.c) and its patch jobs (patch/patch_rwlock.c).
 */
#ifndef LOCKFIT_CHECK_RWLOCK_H
#define LOCKFIT_CHECK_RWLOCK_H

#include <stddef.h>

struct lf_analysis;
struct lf_verdict;
struct strmap;

/* What this checker found: a verdict per lock (rwlock_verdict.h), by expected
 * benefit, and by lock name. */
struct lf_ranked {
	struct lf_verdict **v;
	size_t n, cap;
	struct strmap *bylock;
};

/* Its results in A. */
struct lf_ranked *lf_ranked_of(const struct lf_analysis *a);

#endif
