// SPDX-License-Identifier: GPL-2.0
#include <lk.h>

static DEFINE_RWLOCK(demo_lock);
static int demo_value;

int demo_get(void)
{
	int v __attribute__((aligned(8)));	/* spatch 1.1.1 skips the function */

	read_lock(&demo_lock);
	v = demo_value;
	read_unlock(&demo_lock);
	return v;
}

void demo_set(int v)
{
	write_lock(&demo_lock);
	demo_value = v;
	write_unlock(&demo_lock);
}
