/* struct bqueue::lock: its class is "&q->lock" (# drops the blanks and
 * the comment around the argument) */
#include <linux/spinlock.h>

struct bqueue {
	rwlock_t lock;
	int n;
};

void bqueue_init(struct bqueue *q)
{
	rwlock_init( &q->lock	/* the queue's */
		    );
}

void bqueue_set(struct bqueue *q, int n)
{
	write_lock(&q->lock);
	q->n = n;
	write_unlock(&q->lock);
}
