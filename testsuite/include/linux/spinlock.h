#ifndef _LINUX_SPINLOCK_H
#define _LINUX_SPINLOCK_H
/*
 * As GCC sees Linux 6.1 x86_64 defconfig (no lockdep, CONFIG_INLINE_*
 * off): rwlock and raw spinlock operations are out-of-line _raw_* calls
 * behind macros, spin_* are static inline wrappers, arch_spin_lock is
 * queued_spin_lock.
 */
#include <linux/types.h>
#include <linux/preempt.h>
#include <linux/irqflags.h>
#include <linux/cleanup.h>

typedef struct qspinlock { int val; } arch_spinlock_t;
typedef struct qrwlock { int cnts; arch_spinlock_t wait_lock; } arch_rwlock_t;
typedef struct raw_spinlock { arch_spinlock_t raw_lock; } raw_spinlock_t;
typedef struct spinlock { union { struct raw_spinlock rlock; }; } spinlock_t;
typedef struct { arch_rwlock_t raw_lock; } rwlock_t;

#define __ARCH_SPIN_LOCK_UNLOCKED { 0 }
#define DEFINE_SPINLOCK(x)	spinlock_t x = { }
#define DEFINE_RAW_SPINLOCK(x)	raw_spinlock_t x = { }
#define DEFINE_RWLOCK(x)	rwlock_t x = { }
#define spin_lock_init(l)	do { *(l) = (spinlock_t){ }; } while (0)
#define raw_spin_lock_init(l)	do { *(l) = (raw_spinlock_t){ }; } while (0)
#define rwlock_init(l)		do { *(l) = (rwlock_t){ }; } while (0)

/* arch level: the caller must have disabled preemption */
extern void queued_spin_lock_slowpath(struct qspinlock *lock, u32 val);
static __always_inline void queued_spin_lock(struct qspinlock *lock)
{
	int val = 0;
	if (likely(__atomic_compare_exchange_n(&lock->val, &val, 1, 0,
					       __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)))
		return;
	queued_spin_lock_slowpath(lock, val);
}
static __always_inline int queued_spin_trylock(struct qspinlock *lock)
{
	int val = 0;
	return __atomic_compare_exchange_n(&lock->val, &val, 1, 0,
					   __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}
static __always_inline void queued_spin_unlock(struct qspinlock *lock)
{
	__atomic_store_n(&lock->val, 0, __ATOMIC_RELEASE);
}
#define arch_spin_lock(l)	queued_spin_lock(l)
#define arch_spin_trylock(l)	queued_spin_trylock(l)
#define arch_spin_unlock(l)	queued_spin_unlock(l)

/* out of line, kernel/locking/spinlock.c */
extern void _raw_spin_lock(raw_spinlock_t *lock);
extern void _raw_spin_lock_bh(raw_spinlock_t *lock);
extern void _raw_spin_lock_irq(raw_spinlock_t *lock);
extern unsigned long _raw_spin_lock_irqsave(raw_spinlock_t *lock);
extern int _raw_spin_trylock(raw_spinlock_t *lock);
extern int _raw_spin_trylock_bh(raw_spinlock_t *lock);
extern void _raw_spin_unlock(raw_spinlock_t *lock);
extern void _raw_spin_unlock_bh(raw_spinlock_t *lock);
extern void _raw_spin_unlock_irq(raw_spinlock_t *lock);
extern void _raw_spin_unlock_irqrestore(raw_spinlock_t *lock, unsigned long flags);

extern void _raw_read_lock(rwlock_t *lock);
extern void _raw_read_lock_bh(rwlock_t *lock);
extern void _raw_read_lock_irq(rwlock_t *lock);
extern unsigned long _raw_read_lock_irqsave(rwlock_t *lock);
extern int _raw_read_trylock(rwlock_t *lock);
extern void _raw_read_unlock(rwlock_t *lock);
extern void _raw_read_unlock_bh(rwlock_t *lock);
extern void _raw_read_unlock_irq(rwlock_t *lock);
extern void _raw_read_unlock_irqrestore(rwlock_t *lock, unsigned long flags);
extern void _raw_write_lock(rwlock_t *lock);
extern void _raw_write_lock_bh(rwlock_t *lock);
extern void _raw_write_lock_irq(rwlock_t *lock);
extern unsigned long _raw_write_lock_irqsave(rwlock_t *lock);
extern int _raw_write_trylock(rwlock_t *lock);
extern void _raw_write_unlock(rwlock_t *lock);
extern void _raw_write_unlock_bh(rwlock_t *lock);
extern void _raw_write_unlock_irq(rwlock_t *lock);
extern void _raw_write_unlock_irqrestore(rwlock_t *lock, unsigned long flags);

#define raw_spin_lock(l)		_raw_spin_lock(l)
#define raw_spin_lock_nested(l, s)	_raw_spin_lock(((void)(s), (l)))
#define raw_spin_lock_bh(l)		_raw_spin_lock_bh(l)
#define raw_spin_lock_irq(l)		_raw_spin_lock_irq(l)
#define raw_spin_trylock(l)		__cond_lock(l, _raw_spin_trylock(l))
#define raw_spin_trylock_bh(l)		__cond_lock(l, _raw_spin_trylock_bh(l))
#define raw_spin_trylock_irq(l) \
	({ local_irq_disable(); raw_spin_trylock(l) ? 1 : ({ local_irq_enable(); 0; }); })
#define raw_spin_trylock_irqsave(l, f) \
	({ local_irq_save(f); raw_spin_trylock(l) ? 1 : ({ local_irq_restore(f); 0; }); })
#define raw_spin_unlock(l)		_raw_spin_unlock(l)
#define raw_spin_unlock_bh(l)		_raw_spin_unlock_bh(l)
#define raw_spin_unlock_irq(l)		_raw_spin_unlock_irq(l)
#define raw_spin_lock_irqsave(l, f)	do { f = _raw_spin_lock_irqsave(l); } while (0)
#define raw_spin_unlock_irqrestore(l, f) _raw_spin_unlock_irqrestore(l, f)

#define read_lock(l)			_raw_read_lock(l)
#define read_lock_bh(l)			_raw_read_lock_bh(l)
#define read_lock_irq(l)		_raw_read_lock_irq(l)
#define read_lock_irqsave(l, f)		do { f = _raw_read_lock_irqsave(l); } while (0)
#define read_trylock(l)			__cond_lock(l, _raw_read_trylock(l))
#define read_unlock(l)			_raw_read_unlock(l)
#define read_unlock_bh(l)		_raw_read_unlock_bh(l)
#define read_unlock_irq(l)		_raw_read_unlock_irq(l)
#define read_unlock_irqrestore(l, f)	_raw_read_unlock_irqrestore(l, f)
#define write_lock(l)			_raw_write_lock(l)
#define write_lock_bh(l)		_raw_write_lock_bh(l)
#define write_lock_irq(l)		_raw_write_lock_irq(l)
#define write_lock_irqsave(l, f)	do { f = _raw_write_lock_irqsave(l); } while (0)
#define write_trylock(l)		__cond_lock(l, _raw_write_trylock(l))
#define write_unlock(l)			_raw_write_unlock(l)
#define write_unlock_bh(l)		_raw_write_unlock_bh(l)
#define write_unlock_irq(l)		_raw_write_unlock_irq(l)
#define write_unlock_irqrestore(l, f)	_raw_write_unlock_irqrestore(l, f)

static __always_inline raw_spinlock_t *spinlock_check(spinlock_t *lock)
{
	return &lock->rlock;
}
static __always_inline void spin_lock(spinlock_t *lock) { raw_spin_lock(&lock->rlock); }
static __always_inline void spin_lock_bh(spinlock_t *lock) { _raw_spin_lock_bh(&lock->rlock); }
static __always_inline void spin_lock_irq(spinlock_t *lock) { _raw_spin_lock_irq(&lock->rlock); }
static __always_inline int spin_trylock(spinlock_t *lock) { return _raw_spin_trylock(&lock->rlock); }
static __always_inline void spin_unlock(spinlock_t *lock) { raw_spin_unlock(&lock->rlock); }
static __always_inline void spin_unlock_bh(spinlock_t *lock) { _raw_spin_unlock_bh(&lock->rlock); }
static __always_inline void spin_unlock_irq(spinlock_t *lock) { _raw_spin_unlock_irq(&lock->rlock); }
static __always_inline void spin_unlock_irqrestore(spinlock_t *lock, unsigned long flags)
{
	_raw_spin_unlock_irqrestore(&lock->rlock, flags);
}
#define spin_lock_irqsave(lock, flags) \
	do { flags = _raw_spin_lock_irqsave(spinlock_check(lock)); } while (0)
static __always_inline int spin_trylock_bh(spinlock_t *lock) { return raw_spin_trylock_bh(&lock->rlock); }
static __always_inline int spin_trylock_irq(spinlock_t *lock) { return raw_spin_trylock_irq(&lock->rlock); }
#define spin_trylock_irqsave(lock, flags) \
	raw_spin_trylock_irqsave(spinlock_check(lock), flags)

/* Linux 6.12's lock guards (include/linux/spinlock.h): no _bh rwlock ones */
DEFINE_LOCK_GUARD_1(raw_spinlock, raw_spinlock_t,
		    raw_spin_lock(_T->lock),
		    raw_spin_unlock(_T->lock))
DEFINE_LOCK_GUARD_1_COND(raw_spinlock, _try, raw_spin_trylock(_T->lock))
DEFINE_LOCK_GUARD_1(raw_spinlock_nested, raw_spinlock_t,
		    raw_spin_lock_nested(_T->lock, 1),
		    raw_spin_unlock(_T->lock))
DEFINE_LOCK_GUARD_1(raw_spinlock_irq, raw_spinlock_t,
		    raw_spin_lock_irq(_T->lock),
		    raw_spin_unlock_irq(_T->lock))
DEFINE_LOCK_GUARD_1_COND(raw_spinlock_irq, _try, raw_spin_trylock_irq(_T->lock))
DEFINE_LOCK_GUARD_1(raw_spinlock_bh, raw_spinlock_t,
		    raw_spin_lock_bh(_T->lock),
		    raw_spin_unlock_bh(_T->lock))
DEFINE_LOCK_GUARD_1_COND(raw_spinlock_bh, _try, raw_spin_trylock_bh(_T->lock))
DEFINE_LOCK_GUARD_1(raw_spinlock_irqsave, raw_spinlock_t,
		    raw_spin_lock_irqsave(_T->lock, _T->flags),
		    raw_spin_unlock_irqrestore(_T->lock, _T->flags),
		    unsigned long flags)
DEFINE_LOCK_GUARD_1_COND(raw_spinlock_irqsave, _try,
			 raw_spin_trylock_irqsave(_T->lock, _T->flags))
DEFINE_LOCK_GUARD_1(spinlock, spinlock_t,
		    spin_lock(_T->lock),
		    spin_unlock(_T->lock))
DEFINE_LOCK_GUARD_1_COND(spinlock, _try, spin_trylock(_T->lock))
DEFINE_LOCK_GUARD_1(spinlock_irq, spinlock_t,
		    spin_lock_irq(_T->lock),
		    spin_unlock_irq(_T->lock))
DEFINE_LOCK_GUARD_1_COND(spinlock_irq, _try, spin_trylock_irq(_T->lock))
DEFINE_LOCK_GUARD_1(spinlock_bh, spinlock_t,
		    spin_lock_bh(_T->lock),
		    spin_unlock_bh(_T->lock))
DEFINE_LOCK_GUARD_1_COND(spinlock_bh, _try, spin_trylock_bh(_T->lock))
DEFINE_LOCK_GUARD_1(spinlock_irqsave, spinlock_t,
		    spin_lock_irqsave(_T->lock, _T->flags),
		    spin_unlock_irqrestore(_T->lock, _T->flags),
		    unsigned long flags)
DEFINE_LOCK_GUARD_1_COND(spinlock_irqsave, _try,
			 spin_trylock_irqsave(_T->lock, _T->flags))
/* Linux 7.2's context-analysis init guards: initialise, take nothing */
DEFINE_LOCK_GUARD_1(raw_spinlock_init, raw_spinlock_t, raw_spin_lock_init(_T->lock), /* */)
DEFINE_LOCK_GUARD_1(spinlock_init, spinlock_t, spin_lock_init(_T->lock), /* */)
DEFINE_LOCK_GUARD_1(rwlock_init, rwlock_t, rwlock_init(_T->lock), /* */)
DEFINE_LOCK_GUARD_1(read_lock, rwlock_t,
		    read_lock(_T->lock),
		    read_unlock(_T->lock))
DEFINE_LOCK_GUARD_1(read_lock_irq, rwlock_t,
		    read_lock_irq(_T->lock),
		    read_unlock_irq(_T->lock))
DEFINE_LOCK_GUARD_1(read_lock_irqsave, rwlock_t,
		    read_lock_irqsave(_T->lock, _T->flags),
		    read_unlock_irqrestore(_T->lock, _T->flags),
		    unsigned long flags)
DEFINE_LOCK_GUARD_1(write_lock, rwlock_t,
		    write_lock(_T->lock),
		    write_unlock(_T->lock))
DEFINE_LOCK_GUARD_1(write_lock_irq, rwlock_t,
		    write_lock_irq(_T->lock),
		    write_unlock_irq(_T->lock))
DEFINE_LOCK_GUARD_1(write_lock_irqsave, rwlock_t,
		    write_lock_irqsave(_T->lock, _T->flags),
		    write_unlock_irqrestore(_T->lock, _T->flags),
		    unsigned long flags)
#endif
