// SPDX-License-Identifier: GPL-2.0
#include <linux/rculist.h>

/* a list read in bh on a fast path, rarely written: rcu */
struct rcul {
	struct list_head node;
	int key;
	int val;
};

static LIST_HEAD(rcul_list);
static DEFINE_RWLOCK(rcul_lock);

static struct rcul *__rcul_find(int key)
{
	struct rcul *r;

	list_for_each_entry(r, &rcul_list, node)
		if (r->key == key)
			return r;
	return NULL;
}

int rcul_lookup(int key)
{
	struct rcul *r;
	int val = -1;

	read_lock_bh(&rcul_lock);
	list_for_each_entry(r, &rcul_list, node) {
		if (r->key == key) {
			val = r->val;
			break;
		}
	}
	read_unlock_bh(&rcul_lock);
	return val;
}

int rcul_value(int key)
{
	struct rcul *r;
	int val = -1;

	read_lock_bh(&rcul_lock);
	r = __rcul_find(key);
	if (r)
		val = r->val;
	read_unlock_bh(&rcul_lock);
	return val;
}

void rcul_add(struct rcul *r)
{
	write_lock_bh(&rcul_lock);
	if (!__rcul_find(r->key))
		list_add_tail(&r->node, &rcul_list);
	write_unlock_bh(&rcul_lock);
}

void rcul_remove(int key)
{
	struct rcul *r;

	write_lock_bh(&rcul_lock);
	r = __rcul_find(key);
	if (r)
		list_del(&r->node);
	write_unlock_bh(&rcul_lock);
	kfree(r);
}

void rcul_unregister(struct rcul *r)
{
	write_lock_bh(&rcul_lock);
	list_del(&r->node);
	write_unlock_bh(&rcul_lock);
}
