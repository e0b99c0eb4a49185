/* struct apool::lock: its class is "&pl->lock" */
#include <linux/spinlock.h>

struct apool {
	rwlock_t lock;
	int n;
};

void apool_init(struct apool *pl)
{
	rwlock_init(&pl->lock);
}

int apool_get(struct apool *pl)
{
	int n;

	read_lock(&pl->lock);
	n = pl->n;
	read_unlock(&pl->lock);
	return n;
}
