#include "include/a.h"

void a_init(struct a *p)
{
	rwlock_init(&p->lock);
}

void a_write(struct a *p)
{
	write_lock(&p->lock);
	p->x = 0;
	write_unlock(&p->lock);
}

void a_held(struct a *p)
{
	lockdep_assert_held(&p->lock);
}

/* h->inner is a struct a *, but spatch does not read the header here */
void a_chain(struct holder *h)
{
	write_lock(&h->inner->lock);
	write_unlock(&h->inner->lock);
}
