/* SPDX-License-Identifier: GPL-2.0 */
#ifndef LOCKFIT_CHECK_RWLOCK_H
#define LOCKFIT_CHECK_RWLOCK_H

#include "tracker.h"

/* -Wlockfit-rwlock-spinlock: short and recursive rwlock read sections. */
void lf_check_rwlock(const struct lf_fn *fn);
bool lf_rwlock_section_short(const struct lf_section *sec);

/* Keep STMT, a statement of SEC that is no lock event, in sec->writes
 * when it updates shared state: an atomic read-modify-write, a locked
 * instruction (cmpxchg, xchg), a list add or delete. */
void lf_section_note_write(struct lf_section *sec, gimple *stmt);

/* sec->writes as the section record's "writes": [[what, line], ...] */
json_t *lf_section_writes_json(const struct lf_section *sec);

#endif /* LOCKFIT_CHECK_RWLOCK_H */
