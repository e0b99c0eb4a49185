/* SPDX-License-Identifier: GPL-2.0 */
/*
 * events.h - between the tracker's parts: finding lock events (events.c)
 * for the may-held analysis (tracker.c).  Checks use tracker.h only.
 */
#ifndef LOCKFIT_EVENTS_H
#define LOCKFIT_EVENTS_H

#include "fn.h"

/* Fill FN's events and locks from its body (statement uids point back). */
void lf_find_events(struct lf_fn *fn);

static inline struct lf_event *lf_stmt_event(struct lf_fn *fn, gimple *stmt)
{
	unsigned uid = gimple_uid(stmt);

	return uid ? &fn->events[uid - 1] : NULL;
}

#endif /* LOCKFIT_EVENTS_H */
