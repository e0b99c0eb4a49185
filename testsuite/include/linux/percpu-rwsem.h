#ifndef _LINUX_PERCPU_RWSEM_H
#define _LINUX_PERCPU_RWSEM_H
#include <linux/types.h>
#include <linux/cleanup.h>
struct percpu_rw_semaphore { long block; };
extern void percpu_down_read(struct percpu_rw_semaphore *sem);
extern bool percpu_down_read_trylock(struct percpu_rw_semaphore *sem);
extern void percpu_up_read(struct percpu_rw_semaphore *sem);
extern void percpu_down_write(struct percpu_rw_semaphore *sem);
extern void percpu_up_write(struct percpu_rw_semaphore *sem);

/* Linux 7.2's guards (include/linux/percpu-rwsem.h; 6.12 has none) */
DEFINE_GUARD(percpu_read, struct percpu_rw_semaphore *,
	     percpu_down_read(_T), percpu_up_read(_T))
DEFINE_GUARD_COND(percpu_read, _try, percpu_down_read_trylock(_T))

DEFINE_GUARD(percpu_write, struct percpu_rw_semaphore *,
	     percpu_down_write(_T), percpu_up_write(_T))
#endif
