/* SPDX-License-Identifier: GPL-2.0 */
#ifndef LOCKFIT_CHECK_ARCH_SPIN_H
#define LOCKFIT_CHECK_ARCH_SPIN_H

#include "tracker.h"
#include "ctx.h"

/*
 * -Wlockfit-arch-spin-preempt: arch_spin_lock() and friends reached with
 * preemption enabled.  FN may be NULL for a function without lock events:
 * its calls still matter when they reach a function that needs its
 * callers to have preemption off.
 */
void lf_check_arch_spin(struct function *fun, struct lf_fn *fn,
			struct lf_ctx_result *ctx);
/* Resolve what depends on callers, emit records and warnings. */
void lf_check_arch_spin_finish(void);

#endif /* LOCKFIT_CHECK_ARCH_SPIN_H */
