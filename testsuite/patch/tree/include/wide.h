/* SPDX-License-Identifier: GPL-2.0 */
/* wide_lock: a global rwlock_t used in four files, only one of them in
 * the records (testsuite/patch/run: whole-tree patches) */
#ifndef WIDE_H
#define WIDE_H
#include <lk.h>

extern rwlock_t wide_lock;
extern int wide_value;

static inline int wide_peek(void)
{
	int v;

	read_lock(&wide_lock);
	v = wide_value;
	read_unlock(&wide_lock);
	return v;
}
#endif
