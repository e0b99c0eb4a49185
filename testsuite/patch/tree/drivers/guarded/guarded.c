// SPDX-License-Identifier: GPL-2.0
#include <linux/spinlock.h>

/* a static rwlock used only through cleanup.h guards, as fs/namespace.c's
 * mnt_ns_tree_lock in Linux 6.12, whose lookup_mnt_ns() is indented with
 * seven spaces, as guarded_get() is */
static DEFINE_RWLOCK(guarded_lock);
static int guarded_count;

int guarded_get(void)
{
       guard(read_lock)(&guarded_lock);
       return guarded_count;
}

void guarded_add(void)
{
	scoped_guard(write_lock_irqsave, &guarded_lock) {
		guarded_count++;
	}
}

void guarded_del(void)
{
	guard(write_lock)(&guarded_lock);
	guarded_count--;
}
