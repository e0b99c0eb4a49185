// SPDX-License-Identifier: GPL-2.0
#include <lk.h>

/* only ever write-locked, as drivers/crypto/ccp/sp-dev.c:sp_unit_lock */
static DEFINE_RWLOCK(wonly_lock);
static int wonly_count;

void wonly_add(void)
{
	unsigned long flags;

	write_lock_irqsave(&wonly_lock, flags);
	wonly_count++;
	write_unlock_irqrestore(&wonly_lock, flags);
}

void wonly_del(void)
{
	write_lock(&wonly_lock);
	wonly_count--;
	write_unlock(&wonly_lock);
}
