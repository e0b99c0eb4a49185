/* SPDX-License-Identifier: GPL-2.0 */
#ifndef LFBITS_H
#define LFBITS_H

#include <linux/spinlock.h>
#include <linux/types.h>

#define LFBITS_LOCK	0
#define LFBITS_N	64

/* bit LFBITS_LOCK of flags locks the entry; a hole after value */
struct lfbits_ent {
	unsigned long flags;
	u32 value;
	u64 stamp;
};

u32 lfbits_get(struct lfbits_ent *e);
void lfbits_set(struct lfbits_ent *e, u32 value);
void lfbits_bump(struct lfbits_ent *e);

#endif
