#ifndef _LINUX_RWSEM_H
#define _LINUX_RWSEM_H
#include <linux/types.h>
#include <linux/cleanup.h>
struct rw_semaphore { long count; };
#define DECLARE_RWSEM(s) struct rw_semaphore s = { 0 }
extern void down_read(struct rw_semaphore *sem);
extern int down_read_trylock(struct rw_semaphore *sem);
extern int down_read_killable(struct rw_semaphore *sem);
extern void up_read(struct rw_semaphore *sem);
extern void down_write(struct rw_semaphore *sem);
extern void up_write(struct rw_semaphore *sem);
extern int down_read_interruptible(struct rw_semaphore *sem);
extern int down_write_trylock(struct rw_semaphore *sem);

/* Linux 6.12's guards (include/linux/rwsem.h) */
DEFINE_GUARD(rwsem_read, struct rw_semaphore *, down_read(_T), up_read(_T))
DEFINE_GUARD_COND(rwsem_read, _try, down_read_trylock(_T))
DEFINE_GUARD_COND(rwsem_read, _intr, down_read_interruptible(_T) == 0)
DEFINE_GUARD(rwsem_write, struct rw_semaphore *, down_write(_T), up_write(_T))
DEFINE_GUARD_COND(rwsem_write, _try, down_write_trylock(_T))
/* Linux 7.2's context-analysis init guard */
#define init_rwsem(s) do { (s)->count = 0; } while (0)
DEFINE_LOCK_GUARD_1(rwsem_init, struct rw_semaphore, init_rwsem(_T->lock), /* */)
#endif
