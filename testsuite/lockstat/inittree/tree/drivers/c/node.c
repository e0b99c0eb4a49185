/* struct cnode::lock, inited as "&p->lock" */
#include <linux/spinlock.h>

struct cnode {
	rwlock_t lock;
	int n;
};

void cnode_init(struct cnode *p)
{
	rwlock_init(&p->lock);
}

int cnode_get(struct cnode *p)
{
	int n;

	read_lock(&p->lock);
	n = p->n;
	read_unlock(&p->lock);
	return n;
}
