/* SPDX-License-Identifier: GPL-2.0 */
/* narrow_lock: this header declares it and does nothing else with it;
 * kernel/narrow_inc.c includes it without using the lock
 * (testsuite/patch/run: the users of a header's lock rebuilt, not every
 * includer of the header) */
#ifndef NARROW_H
#define NARROW_H
#include <lk.h>

extern rwlock_t narrow_lock;
extern int narrow_value;
#endif
