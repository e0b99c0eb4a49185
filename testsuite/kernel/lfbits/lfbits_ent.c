// SPDX-License-Identifier: GPL-2.0
/* lfbits_ent.c - the users of the entries' bit lock. */
#include <linux/bit_spinlock.h>
#include <linux/export.h>
#include "lfbits.h"

u32 lfbits_get(struct lfbits_ent *e)
{
	u32 v;

	bit_spin_lock(LFBITS_LOCK, &e->flags);
	v = e->value;
	bit_spin_unlock(LFBITS_LOCK, &e->flags);
	return v;
}

void lfbits_set(struct lfbits_ent *e, u32 value)
{
	bit_spin_lock(LFBITS_LOCK, &e->flags);
	e->value = value;
	e->stamp++;
	bit_spin_unlock(LFBITS_LOCK, &e->flags);
}

/* exported: its callers are other modules, not read */
void lfbits_bump(struct lfbits_ent *e)
{
	lfbits_set(e, lfbits_get(e) + 1);
}
EXPORT_SYMBOL_GPL(lfbits_bump);
