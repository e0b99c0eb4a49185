#ifndef _LINUX_RWSEM_H
#define _LINUX_RWSEM_H
#include <linux/types.h>
struct rw_semaphore { long count; };
#define DECLARE_RWSEM(s) struct rw_semaphore s = { 0 }
extern void down_read(struct rw_semaphore *sem);
extern int down_read_trylock(struct rw_semaphore *sem);
extern int down_read_killable(struct rw_semaphore *sem);
extern void up_read(struct rw_semaphore *sem);
extern void down_write(struct rw_semaphore *sem);
extern void up_write(struct rw_semaphore *sem);
#endif
