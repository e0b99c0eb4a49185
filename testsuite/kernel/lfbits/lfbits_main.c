// SPDX-License-Identifier: GPL-2.0
/*
 * lfbits_main.c - lockfit's test module for a bit lock: the table of
 * entries is allocated here, its lock taken in lfbits_ent.c.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include "lfbits.h"

static struct lfbits_ent *lfbits_table;

static int __init lfbits_init(void)
{
	lfbits_table = kcalloc(LFBITS_N, sizeof(*lfbits_table), GFP_KERNEL);
	if (!lfbits_table)
		return -ENOMEM;
	lfbits_set(&lfbits_table[0], 1);
	return lfbits_get(&lfbits_table[0]) == 1 ? 0 : -EINVAL;
}

static void __exit lfbits_exit(void)
{
	kfree(lfbits_table);
}

module_init(lfbits_init);
module_exit(lfbits_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("lockfit test module: a bit lock");
