// SPDX-License-Identifier: GPL-2.0
#include <linux/rbtree.h>
#include <linux/spinlock.h>

struct node {
	struct rb_node rb;
	int key;
};

static struct rb_root tree = RB_ROOT;
static DEFINE_RWLOCK(tree_lock);

int tree_min(void)
{
	struct rb_node *n;
	int key = -1;

	read_lock(&tree_lock);
	n = rb_first(&tree);
	if (n)
		key = rb_entry(n, struct node, rb)->key;
	read_unlock(&tree_lock);
	return key;
}

void tree_del(struct node *x)
{
	write_lock(&tree_lock);
	rb_erase(&x->rb, &tree);
	write_unlock(&tree_lock);
}
