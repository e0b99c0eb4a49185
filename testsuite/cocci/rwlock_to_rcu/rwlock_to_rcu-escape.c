// SPDX-License-Identifier: GPL-2.0
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

struct obj {
	struct list_head node;
	struct kref ref;
	int key;
};

static LIST_HEAD(objs);
static DEFINE_RWLOCK(objs_lock);

/* returns the entry with no reference: fine under the rwlock only while
 * nothing frees it, a use after free under RCU */
struct obj *obj_find(int key)
{
	struct obj *o, *found = NULL;

	read_lock(&objs_lock);
	list_for_each_entry(o, &objs, node) {
		if (o->key == key) {
			found = o;
			break;
		}
	}
	read_unlock(&objs_lock);
	return found;
}

/* kref_get() can revive an object whose last reference is being dropped */
struct obj *obj_get(int key)
{
	struct obj *o;

	read_lock(&objs_lock);
	list_for_each_entry(o, &objs, node) {
		if (o->key == key) {
			kref_get(&o->ref);
			break;
		}
	}
	read_unlock(&objs_lock);
	return o;
}

void obj_add(struct obj *o)
{
	write_lock(&objs_lock);
	list_add(&o->node, &objs);
	write_unlock(&objs_lock);
}
