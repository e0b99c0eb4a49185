// SPDX-License-Identifier: GPL-2.0
#include <wide.h>

DEFINE_RWLOCK(wide_lock);
int wide_value;

int wide_get(void)
{
	int v;

	read_lock(&wide_lock);
	v = wide_value;
	read_unlock(&wide_lock);
	return v;
}

void wide_set(int v)
{
	write_lock(&wide_lock);
	wide_value = v;
	write_unlock(&wide_lock);
}
