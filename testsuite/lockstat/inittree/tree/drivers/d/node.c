/* struct dnode::lock, inited as "&p->lock" too: that class is either */
#include <linux/spinlock.h>

struct dnode {
	rwlock_t lock;
	int n;
};

void dnode_init(struct dnode *p)
{
	rwlock_init(&p->lock);
}

void dnode_set(struct dnode *p, int n)
{
	write_lock(&p->lock);
	p->n = n;
	write_unlock(&p->lock);
}
