/* SPDX-License-Identifier: GPL-2.0 */
#ifndef LOCKFIT_BITLOCK_H
#define LOCKFIT_BITLOCK_H

#include "fn.h"

/*
 * An open-coded bit lock (test_and_set_bit() whose failure loops back):
 * the calls on its retry loop, as the section record's "retry":
 * [[callee, line], ...].  A loop that waits (wait_on_bit(), schedule())
 * makes it a sleeping bit lock, not a bit spinlock: the report decides
 * with rules/sleeping.tbl.
 */
json_t *lf_bitlock_retry_json(const struct lf_event *acq);

#endif /* LOCKFIT_BITLOCK_H */
