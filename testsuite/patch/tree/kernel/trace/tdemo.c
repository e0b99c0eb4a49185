// SPDX-License-Identifier: GPL-2.0
#include <lk.h>

static DEFINE_RWLOCK(tdemo_lock);
static int tdemo_value;

int tdemo_get(void)
{
	int v;

	read_lock(&tdemo_lock);
	v = tdemo_value;
	read_unlock(&tdemo_lock);
	return v;
}

void tdemo_set(int v)
{
	unsigned long flags;

	write_lock_irqsave(&tdemo_lock, flags);
	tdemo_value = v;
	write_unlock_irqrestore(&tdemo_lock, flags);
}
