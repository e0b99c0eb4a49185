/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lock_wrapper.h - functions of this unit that are lock primitives for their
 * callers (lock_wrapper.c), and the primitive a call is: used by events.c, the
 * tracker and the checks.
 */
#ifndef LOCKFIT_LOCK_WRAPPER_H
#define LOCKFIT_LOCK_WRAPPER_H

#include "fn.h"

#define LF_TRY_CHAIN_MAX 8	/* casts/negations between a trylock and its test */

/* A wrapper found in this unit (hlist_bl_lock, zram_slot_lock, ...). */
struct lf_wrapper {
	struct lf_primitive prim;
	tree record, field;	/* bit locks: for the layout record */
	const char *bit_suffix;	/* param-bound bit locks: " bit N" */
};

/* The found wrapper EV calls, if EV is a call of one. */
struct lf_wrapper *lf_wrapper_of(const struct lf_event *ev);

/* After tracking: is FN itself a lock primitive for its callers? */
void lf_find_wrapper(struct lf_fn *fn);

/* The primitive STMT calls, from rules/ or a wrapper found in this unit. */
const struct lf_primitive *lf_call_primitive(gimple *stmt);

/* Forget this unit's found wrappers. */
void lf_track_finish(void);

#endif /* LOCKFIT_LOCK_WRAPPER_H */
