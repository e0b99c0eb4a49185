// SPDX-License-Identifier: GPL-2.0
/*
 * lfvm_rwlock.c - the test module of lockfit's VM runs (scripts/vm.sh).
 *
 * lfvm_lock is an rwlock read in softirq (a timer) and in process
 * context with softirqs enabled, and written with write_lock_bh().  As
 * an rwlock this is correct: readers share, so a softirq reader that
 * interrupts a process-context reader gets in, and the writer keeps
 * softirqs off.  Rewritten to a spinlock without _bh on the process
 * reader (broken-spinlock.patch) the timer can interrupt the holder on
 * its own CPU and spin forever, which lockdep reports as an inconsistent
 * {SOFTIRQ-ON-W} -> {IN-SOFTIRQ-W} usage: the patch --boot must refuse.
 *
 * All work is done at load time and bounded (ROUNDS timer ticks).
 */
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/module.h>
#include <linux/spinlock.h>
#include <linux/timer.h>

#define ROUNDS 20

static DEFINE_RWLOCK(lfvm_lock);
static unsigned long lfvm_value;
static unsigned int lfvm_ticks;
static struct timer_list lfvm_timer;

static void lfvm_tick(struct timer_list *t)
{
	unsigned long v;

	read_lock(&lfvm_lock);
	v = lfvm_value;
	read_unlock(&lfvm_lock);
	if (v != ULONG_MAX && ++lfvm_ticks < ROUNDS)
		mod_timer(&lfvm_timer, jiffies + 1);
}

static int __init lfvm_init(void)
{
	unsigned long v = 0;
	int i;

	timer_setup(&lfvm_timer, lfvm_tick, 0);
	mod_timer(&lfvm_timer, jiffies + 1);
	for (i = 0; i < ROUNDS; i++) {
		read_lock(&lfvm_lock);
		v += lfvm_value;
		read_unlock(&lfvm_lock);

		write_lock_bh(&lfvm_lock);
		lfvm_value++;
		write_unlock_bh(&lfvm_lock);
		msleep(2);
	}
	del_timer_sync(&lfvm_timer);
	pr_info("lfvm_rwlock: %d rounds, %u timer ticks, sum %lu\n", ROUNDS,
		lfvm_ticks, v);
	return 0;
}

static void __exit lfvm_exit(void)
{
}

module_init(lfvm_init);
module_exit(lfvm_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("lockfit VM test: an rwlock read in softirq and process context");
