/* struct a: its rwlock is named "lock", like struct b's spinlock */
#ifndef A_H
#define A_H
#include "locks.h"

struct a {
	rwlock_t lock;
	int x;
};

struct holder {
	struct a *inner;
};

static inline void a_read(struct a *p)
{
	read_lock(&p->lock);
	p->x++;
	read_unlock(&p->lock);
}

#endif
