/* not built: its "&q->lock" is no class of the kernel the records are of */
#include <linux/spinlock.h>

struct zq {
	rwlock_t lock;
};

void zq_init(struct zq *q)
{
	rwlock_init(&q->lock);
}
