// SPDX-License-Identifier: GPL-2.0
#include <lk.h>

static DEFINE_RWLOCK(rec_lock);
static int rec_value;

int rec_get(void)
{
	int v;

	read_lock(&rec_lock);
	v = rec_value;
	read_unlock(&rec_lock);
	return v;
}

void rec_set(int v)
{
	write_lock(&rec_lock);
	rec_value = v;
	write_unlock(&rec_lock);
}
