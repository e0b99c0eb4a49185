/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tracker.h - critical sections of every known lock in one function.
 *
 * The tracker knows nothing about checks: it finds the primitive calls
 * (rules/primitives.tbl), names their locks (lockid.h), and runs a forward
 * may-held analysis over the CFG whose facts are acquire sites.  A section
 * is one acquire site with every statement it may reach while held, the
 * releases that end it, and whether some path leaves the function with it
 * still held.  Checks read sections and write records.
 */
#ifndef LOCKFIT_TRACKER_H
#define LOCKFIT_TRACKER_H

#include "fn.h"
/* lf_call_primitive(), lf_track_finish() */
#include "lock_wrapper.h"

/* NULL when FUN calls no primitive (the common, fast case). */
struct lf_fn *lf_track(struct function *fun);
void lf_fn_release(struct lf_fn *fn);

/* Do events A and B take the very same lock object? */
bool lf_same_lock_object(const struct lf_fn *fn, const struct lf_event *a,
			 const struct lf_event *b);

#endif /* LOCKFIT_TRACKER_H */
