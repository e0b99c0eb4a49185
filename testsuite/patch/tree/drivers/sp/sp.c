// SPDX-License-Identifier: GPL-2.0
#define LK_SPARSE_NULL
#include <lk.h>

static DEFINE_RWLOCK(sp_lock);
static int sp_value;

int sp_get(void)
{
	int v;

	read_lock(&sp_lock);
	v = sp_value;
	read_unlock(&sp_lock);
	return v;
}

void sp_set(int v)
{
	write_lock(&sp_lock);
	sp_value = v;
	write_unlock(&sp_lock);
}
