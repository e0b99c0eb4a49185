#ifndef _LINUX_SCHED_H
#define _LINUX_SCHED_H
#include <linux/list.h>
#include <linux/spinlock.h>
struct task_struct {
	pid_t pid;
	struct list_head tasks;
	spinlock_t alloc_lock;
};
extern struct task_struct init_task;
extern rwlock_t tasklist_lock;
#define next_task(p) list_entry((p)->tasks.next, struct task_struct, tasks)
#define for_each_process(p) \
	for (p = &init_task ; (p = next_task(p)) != &init_task ; )
#endif
