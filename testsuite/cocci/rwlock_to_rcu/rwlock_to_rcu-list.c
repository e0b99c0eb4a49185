// SPDX-License-Identifier: GPL-2.0
#include <linux/list.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

struct foo {
	struct list_head node;
	int key;
	int val;
};

struct foo_ops {
	struct list_head list;
	struct module *owner;
	int id;
};

static LIST_HEAD(foo_list);
static LIST_HEAD(ops_list);
static DEFINE_RWLOCK(foo_lock);

int foo_lookup(int key)
{
	struct foo *f;
	int val = -1;

	read_lock_bh(&foo_lock);
	list_for_each_entry(f, &foo_list, node) {
		if (f->key == key) {
			val = f->val;
			break;
		}
	}
	read_unlock_bh(&foo_lock);
	return val;
}

static struct foo *__foo_find(int key)
{
	struct foo *f;

	list_for_each_entry(f, &foo_list, node)
		if (f->key == key)
			return f;
	return NULL;
}

int foo_value(int key)
{
	struct foo *f;
	int val = -1;

	read_lock_bh(&foo_lock);
	f = __foo_find(key);
	if (f)
		val = f->val;
	read_unlock_bh(&foo_lock);
	return val;
}

int foo_add(struct foo *f)
{
	int err = 0;

	write_lock_bh(&foo_lock);
	if (__foo_find(f->key))
		err = -EEXIST;
	else
		list_add_tail(&f->node, &foo_list);
	write_unlock_bh(&foo_lock);
	return err;
}

void foo_remove(int key)
{
	struct foo *f;

	write_lock_bh(&foo_lock);
	f = __foo_find(key);
	if (f)
		list_del(&f->node);
	write_unlock_bh(&foo_lock);
	kfree(f);
}

struct foo_ops *ops_get(int id)
{
	struct foo_ops *ops, *found = NULL;

	read_lock(&foo_lock);
	list_for_each_entry(ops, &ops_list, list) {
		if (ops->id == id && try_module_get(ops->owner)) {
			found = ops;
			break;
		}
	}
	read_unlock(&foo_lock);
	return found;
}

void ops_register(struct foo_ops *ops)
{
	write_lock(&foo_lock);
	list_add(&ops->list, &ops_list);
	write_unlock(&foo_lock);
}

void ops_unregister(struct foo_ops *ops)
{
	write_lock(&foo_lock);
	list_del(&ops->list);
	write_unlock(&foo_lock);
}
