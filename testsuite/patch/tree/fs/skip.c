// SPDX-License-Identifier: GPL-2.0
#include <lk.h>

/* repeat_twice() is an iterator of lk.h, which spatch does not read:
 * it cannot parse skip_sum() and skips it without a word
 */
static DEFINE_RWLOCK(skip_lock);
static int skip_value;

int skip_sum(void)
{
	int i, v = 0;

	repeat_twice(i) {
		read_lock(&skip_lock);
		v += skip_value;
		read_unlock(&skip_lock);
	}
	return v;
}

void skip_set(int v)
{
	write_lock(&skip_lock);
	skip_value = v;
	write_unlock(&skip_lock);
}
