/* SPDX-License-Identifier: GPL-2.0 */
/*
 * explain.h - the parts of lockfit explain: rwlock_t/rw_semaphore verdicts
 * (explain.c), bit spinlocks and arch_spin_lock() sites (explain_checks.c).
 */
#ifndef LOCKFIT_EXPLAIN_H
#define LOCKFIT_EXPLAIN_H

#include <stdbool.h>

struct lf_analysis;

/* Explain bit spinlock NAME, or the arch_spin_lock() sites of arch lock
 * NAME; false if there is none. */
bool lf_explain_bitlock(const struct lf_analysis *a, const char *name);
bool lf_explain_arch(const struct lf_analysis *a, const char *name);

#endif
