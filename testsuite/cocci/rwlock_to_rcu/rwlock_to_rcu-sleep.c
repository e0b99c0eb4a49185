// SPDX-License-Identifier: GPL-2.0
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>

struct dev_ent {
	struct list_head node;
	struct mutex io;
	int id;
};

static LIST_HEAD(devs);
static DEFINE_RWLOCK(devs_lock);

int dev_poke(int id)
{
	struct dev_ent *d;
	int found = 0;

	read_lock(&devs_lock);
	list_for_each_entry(d, &devs, node) {
		if (d->id == id) {
			mutex_lock(&d->io);
			found = 1;
			mutex_unlock(&d->io);
		}
	}
	read_unlock(&devs_lock);
	return found;
}

void dev_add(struct dev_ent *d)
{
	write_lock(&devs_lock);
	list_add(&d->node, &devs);
	write_unlock(&devs_lock);
}
