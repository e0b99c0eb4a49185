// SPDX-License-Identifier: GPL-2.0
#include <lk.h>

static DEFINE_RWLOCK(a_lock);
static DEFINE_RWLOCK(b_lock);
static int a_value, b_value;

int pair_get(void)
{
	int v;

	read_lock(&a_lock);
	v = a_value;
	read_unlock(&a_lock);
	read_lock(&b_lock);
	v += b_value;
	read_unlock(&b_lock);
	return v;
}

void pair_set(int v)
{
	write_lock(&a_lock);
	a_value = v;
	write_unlock(&a_lock);
	write_lock(&b_lock);
	b_value = v;
	write_unlock(&b_lock);
}
