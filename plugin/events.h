/* SPDX-License-Identifier: GPL-2.0 */
/*
 * events.h - between the tracker's parts: finding lock events (events.c),
 * functions that are lock primitives themselves (wrapper.c), and the
 * may-held analysis (tracker.c).  Checks use tracker.h only.
 */
#ifndef LOCKFIT_EVENTS_H
#define LOCKFIT_EVENTS_H

#include "tracker.h"

#define LF_TRY_CHAIN_MAX 8	/* casts/negations between a trylock and its test */

/* A wrapper found in this unit (hlist_bl_lock, zram_slot_lock, ...). */
struct lf_wrapper {
	struct lf_primitive prim;
	tree record, field;	/* bit locks: for the layout record */
	const char *bit_suffix;	/* param-bound bit locks: " bit N" */
};

/* The found wrapper EV calls, if EV is a call of one. */
struct lf_wrapper *lf_wrapper_of(const struct lf_event *ev);

/* Fill FN's events and locks from its body (statement uids point back). */
void lf_find_events(struct lf_fn *fn);

/* After tracking: is FN itself a lock primitive for its callers? */
void lf_find_wrapper(struct lf_fn *fn);

static inline struct lf_event *lf_stmt_event(struct lf_fn *fn, gimple *stmt)
{
	unsigned uid = gimple_uid(stmt);

	return uid ? &fn->events[uid - 1] : NULL;
}

#endif /* LOCKFIT_EVENTS_H */
