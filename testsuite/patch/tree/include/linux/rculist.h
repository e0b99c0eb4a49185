/* SPDX-License-Identifier: GPL-2.0 */
/* Stand-ins for lists, RCU and the _bh lock calls (drivers/rcul/rcul.c):
 * kfree_rcu() names the struct's rcu_head member, so a missing one does
 * not compile, as in the kernel. */
#ifndef LINUX_RCULIST_H
#define LINUX_RCULIST_H

#include <lk.h>

#define NULL ((void *)0)

struct list_head {
	struct list_head *next, *prev;
};

struct rcu_head {
	void *next, *func;
};

#define LIST_HEAD(n) struct list_head n = { &(n), &(n) }
#define lk_entry(p, t, m) ((t *)((char *)(p) - __builtin_offsetof(t, m)))
#define list_for_each_entry(pos, head, m) \
	for (pos = lk_entry((head)->next, __typeof__(*pos), m); \
	     &pos->m != (head); pos = lk_entry(pos->m.next, __typeof__(*pos), m))
/* the lockdep condition is compiled, as the kernel's __list_check_rcu() */
void lk_cond(int n, ...);
#define list_for_each_entry_rcu(pos, head, m, cond...) \
	for (lk_cond(0, ##cond), pos = lk_entry((head)->next, __typeof__(*pos), m); \
	     &pos->m != (head); pos = lk_entry(pos->m.next, __typeof__(*pos), m))

void list_add(struct list_head *e, struct list_head *head);
void list_add_tail(struct list_head *e, struct list_head *head);
void list_del(struct list_head *e);
void list_add_rcu(struct list_head *e, struct list_head *head);
void list_add_tail_rcu(struct list_head *e, struct list_head *head);
void list_del_rcu(struct list_head *e);

void rcu_read_lock(void);
void rcu_read_unlock(void);
void synchronize_rcu(void);
int lk_lockdep_is_held(void *l);
#define lockdep_is_held(l) lk_lockdep_is_held(l)
void kfree(const void *p);
void lk_kfree_rcu(const void *p, struct rcu_head *h);
#define kfree_rcu(p, m) lk_kfree_rcu(p, &(p)->m)

void read_lock_bh(rwlock_t *l);
void read_unlock_bh(rwlock_t *l);
void write_lock_bh(rwlock_t *l);
void write_unlock_bh(rwlock_t *l);
void spin_lock_bh(spinlock_t *l);
void spin_unlock_bh(spinlock_t *l);

#endif
