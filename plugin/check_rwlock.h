/* SPDX-License-Identifier: GPL-2.0 */
#ifndef LOCKFIT_CHECK_RWLOCK_H
#define LOCKFIT_CHECK_RWLOCK_H

#include "tracker.h"

/* -Wlockfit-rwlock-spinlock: short and recursive rwlock read sections. */
void lf_check_rwlock(const struct lf_fn *fn);
bool lf_rwlock_section_short(const struct lf_section *sec);

#endif /* LOCKFIT_CHECK_RWLOCK_H */
