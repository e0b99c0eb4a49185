// SPDX-License-Identifier: GPL-2.0
#include <narrow.h>

DEFINE_RWLOCK(narrow_lock);
int narrow_value;

int narrow_get(void)
{
	int v;

	read_lock(&narrow_lock);
	v = narrow_value;
	read_unlock(&narrow_lock);
	return v;
}

void narrow_set(int v)
{
	write_lock(&narrow_lock);
	narrow_value = v;
	write_unlock(&narrow_lock);
}
