// SPDX-License-Identifier: GPL-2.0
/* lfext_dev.c - the users of struct lfext_dev's lock. */
#include <linux/spinlock.h>
#include "lfext.h"

struct lfext_dev lfext_dev0 = {
	.lock = __RW_LOCK_UNLOCKED(lfext_dev0.lock),
};

int lfext_dev_state(struct lfext_dev *d)
{
	int s;

	read_lock(&d->lock);
	s = d->state;
	read_unlock(&d->lock);
	return s;
}

void lfext_dev_set(struct lfext_dev *d, int state)
{
	write_lock(&d->lock);
	d->state = state;
	write_unlock(&d->lock);
}
