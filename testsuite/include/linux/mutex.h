#ifndef _LINUX_MUTEX_H
#define _LINUX_MUTEX_H
#include <linux/types.h>
#include <linux/cleanup.h>
struct mutex { long owner; };
#define DEFINE_MUTEX(m) struct mutex m = { 0 }
extern void mutex_lock(struct mutex *lock);
extern int mutex_lock_interruptible(struct mutex *lock);
extern int mutex_lock_killable(struct mutex *lock);
extern int mutex_trylock(struct mutex *lock);
extern void mutex_unlock(struct mutex *lock);

/* Linux 6.12's guards (include/linux/mutex.h) */
DEFINE_GUARD(mutex, struct mutex *, mutex_lock(_T), mutex_unlock(_T))
DEFINE_GUARD_COND(mutex, _try, mutex_trylock(_T))
DEFINE_GUARD_COND(mutex, _intr, mutex_lock_interruptible(_T) == 0)
/* Linux 7.2's (a DEFINE_LOCK_GUARD_1_COND there) */
DEFINE_GUARD_COND(mutex, _kill, mutex_lock_killable(_T) == 0)
/* Linux 7.2's context-analysis init guard */
#define mutex_init(m) do { (m)->owner = 0; } while (0)
DEFINE_LOCK_GUARD_1(mutex_init, struct mutex, mutex_init(_T->lock), /* */)
#endif
