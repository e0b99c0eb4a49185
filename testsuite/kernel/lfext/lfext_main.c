// SPDX-License-Identifier: GPL-2.0
/*
 * lfext_main.c - lockfit's test module: a file-static rwlock with short
 * readers, a struct member rwlock of the module's own struct, and a
 * kernel lock (struct sock's sk_callback_lock) taken from the module.
 */
#include <linux/module.h>
#include <linux/spinlock.h>
#include <net/sock.h>
#include "lfext.h"

static DEFINE_RWLOCK(lfext_lock);
static int lfext_count;

static int lfext_read(void)
{
	int v;

	read_lock(&lfext_lock);
	v = lfext_count;
	read_unlock(&lfext_lock);
	return v;
}

static void lfext_bump(void)
{
	write_lock(&lfext_lock);
	lfext_count++;
	write_unlock(&lfext_lock);
}

/* A kernel lock: its users are all over the kernel tree. */
int lfext_sk_data(struct sock *sk)
{
	void *p;

	read_lock_bh(&sk->sk_callback_lock);
	p = sk->sk_user_data;
	read_unlock_bh(&sk->sk_callback_lock);
	return p != NULL;
}
EXPORT_SYMBOL_GPL(lfext_sk_data);

static int __init lfext_init(void)
{
	lfext_bump();
	lfext_dev_set(&lfext_dev0, lfext_read());
	return lfext_dev_state(&lfext_dev0) == 1 ? 0 : -EINVAL;
}

static void __exit lfext_exit(void)
{
}

module_init(lfext_init);
module_exit(lfext_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("lockfit test module");
