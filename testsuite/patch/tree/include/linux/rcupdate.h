/* SPDX-License-Identifier: GPL-2.0 */
/* Stand-ins for RCU's published pointers (drivers/rcup/rcup.c): under
 * sparse, as in the kernel, __rcu is an address space of its own, so a
 * plain read of an __rcu pointer is a warning and rcu_dereference*()
 * casts it away. */
#ifndef LINUX_RCUPDATE_H
#define LINUX_RCUPDATE_H

#include <lk.h>

#ifdef __CHECKER__
#define __rcu __attribute__((noderef, address_space(__rcu)))
#define __force __attribute__((force))
#else
#define __rcu
#define __force
#endif

#define NULL ((void *)0)

void rcu_read_lock_bh(void);
void rcu_read_unlock_bh(void);
void synchronize_rcu(void);
int lk_lockdep_is_held(void *l);
#define lockdep_is_held(l) lk_lockdep_is_held(l)
#define rcu_dereference_bh(p) ((__typeof__(*(p)) __force *)(p))
#define rcu_dereference_protected(p, c) ((void)(c), (__typeof__(*(p)) __force *)(p))
#define rcu_assign_pointer(p, v) ((p) = (__typeof__(*(v)) __force __rcu *)(v))
#define RCU_INIT_POINTER(p, v) ((p) = (__typeof__(*(p)) __force __rcu *)(v))

void read_lock_bh(rwlock_t *l);
void read_unlock_bh(rwlock_t *l);
void write_lock_bh(rwlock_t *l);
void write_unlock_bh(rwlock_t *l);
void spin_lock_bh(spinlock_t *l);
void spin_unlock_bh(spinlock_t *l);
void rwlock_init(rwlock_t *l);
void spin_lock_init(spinlock_t *l);
void *kzalloc(unsigned long n, int flags);
#define GFP_KERNEL 0

#endif
