#include <linux/spinlock.h>
#include <linux/cleanup.h>

static DEFINE_RWLOCK(tree_lock);
static int tree_count;

struct card {
	rwlock_t ctl_lock;
	int nr;
};

int tree_get(void)
{
	guard(read_lock)(&tree_lock);
	return tree_count;
}

void tree_add(void)
{
	guard(write_lock)(&tree_lock);
	tree_count++;
}

void tree_add_irq(void)
{
	scoped_guard(write_lock_irqsave, &tree_lock) {
		tree_count++;
	}
	scoped_guard (write_lock_irq, &tree_lock)
		tree_count--;
}

/* 7.2's context-analysis init guard */
void tree_reset(void)
{
	guard(rwlock_init)(&tree_lock);
	tree_count = 0;
}

int card_nr(struct card *c)
{
	guard(read_lock_irqsave)(&c->ctl_lock);
	return c->nr;
}

int card_sum(struct card *c, int n)
{
	int i, s = 0;

	for (i = 0; i < n; i++) {
		scoped_guard(read_lock_irq, &c[i].ctl_lock)
			s += c[i].nr;
	}
	read_lock(&tree_lock);
	s += tree_count;
	read_unlock(&tree_lock);
	return s;
}

void other(struct card *c)
{
	guard(spinlock)(&c->nr_lock);
	guard(read_lock)(&other_lock);
}
