/* struct eown::lock, inited through an outer struct: "&f->owner.lock" */
#include <linux/spinlock.h>
#include "file.h"

void efile_init(struct efile *f)
{
	rwlock_init(&f->owner.lock);
}

int eown_pid(struct eown *o)
{
	int pid;

	read_lock(&o->lock);
	pid = o->pid;
	read_unlock(&o->lock);
	return pid;
}
