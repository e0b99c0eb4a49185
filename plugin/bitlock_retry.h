/* SPDX-License-Identifier: GPL-2.0 */
#ifndef LOCKFIT_BITLOCK_RETRY_H
#define LOCKFIT_BITLOCK_RETRY_H

#include "fn.h"

/*
 * An open-coded bit lock (test_and_set_bit() whose failure loops back):
 * the calls on its retry loop, in OUT (emit.c writes them as the section
 * record's "retry").  A loop that waits (wait_on_bit(), schedule())
 * makes it a sleeping bit lock, not a bit spinlock: the report decides
 * with rules/sleeping.tbl.
 */
void lf_bitlock_retry_calls(const struct lf_event *acq, auto_vec<gimple *> *out);

#endif /* LOCKFIT_BITLOCK_RETRY_H */
