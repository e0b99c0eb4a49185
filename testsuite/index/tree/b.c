#include "include/b.h"

struct a;	/* named here, but no struct a lock is used */

void b_work(struct b *q, struct a *unused)
{
	spin_lock(&q->lock);
	q->y++;
	spin_unlock(&q->lock);
}
