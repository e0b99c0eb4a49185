/* SPDX-License-Identifier: GPL-2.0 */
/* Stand-ins for the kernel's lock API: a read_lock() left on a
 * spinlock_t does not compile, as in the kernel. */
#ifndef LK_H
#define LK_H

typedef struct { int r; } rwlock_t;
typedef struct { int s; } spinlock_t;
typedef struct { int a; } arch_spinlock_t;

#define DEFINE_RWLOCK(x) rwlock_t x = { 0 }
#define DEFINE_SPINLOCK(x) spinlock_t x = { 0 }

void read_lock(rwlock_t *l);
void read_unlock(rwlock_t *l);
void write_lock(rwlock_t *l);
void write_unlock(rwlock_t *l);
void lk_write_lock_irqsave(rwlock_t *l, unsigned long *f);
void lk_write_unlock_irqrestore(rwlock_t *l, unsigned long f);
#define write_lock_irqsave(l, f) lk_write_lock_irqsave(l, &(f))
#define write_unlock_irqrestore(l, f) lk_write_unlock_irqrestore(l, f)

#ifdef LK_SPARSE_NULL
/* sparse: "Using plain integer as NULL pointer" at every spin_lock() */
void lk_spin_lock(spinlock_t *l, void *owner);
#define spin_lock(l) lk_spin_lock(l, 0)
#else
void spin_lock(spinlock_t *l);
#endif
void spin_unlock(spinlock_t *l);
void lk_spin_lock_irqsave(spinlock_t *l, unsigned long *f);
void lk_spin_unlock_irqrestore(spinlock_t *l, unsigned long f);
#define spin_lock_irqsave(l, f) lk_spin_lock_irqsave(l, &(f))
#define spin_unlock_irqrestore(l, f) lk_spin_unlock_irqrestore(l, f)

void arch_spin_lock(arch_spinlock_t *l);
void arch_spin_unlock(arch_spinlock_t *l);
void preempt_disable(void);
void preempt_enable(void);

/* an iterator macro (fs/skip.c) */
#define repeat_twice(i) for ((i) = 0; (i) < 2; (i)++)

#endif
