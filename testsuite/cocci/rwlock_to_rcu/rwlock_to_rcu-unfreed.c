// SPDX-License-Identifier: GPL-2.0
#include <linux/list.h>
#include <linux/spinlock.h>

struct ent {
	struct list_head node;
	int key;
};

static LIST_HEAD(ents);
static DEFINE_RWLOCK(ents_lock);

void ent_release(struct ent *e);

int ent_has(int key)
{
	struct ent *e;
	int has = 0;

	read_lock(&ents_lock);
	list_for_each_entry(e, &ents, node)
		if (e->key == key)
			has = 1;
	read_unlock(&ents_lock);
	return has;
}

/* the entry goes to another function, which frees it: under RCU it would
 * free it under a reader's feet */
void ent_drop_first(void)
{
	struct ent *e = NULL;

	write_lock(&ents_lock);
	if (!list_empty(&ents)) {
		e = list_first_entry(&ents, struct ent, node);
		list_del(&e->node);
	}
	write_unlock(&ents_lock);
	if (e)
		ent_release(e);
}
