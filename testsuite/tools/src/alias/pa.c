/* The writers: through the pointer, as ext4's mballoc.c does. */
#include "pa.h"

void pa_init(struct prealloc *pa, struct inode_info *ei)
{
	pa->pa_node_lock.inode_lock = &ei->i_prealloc_lock;
}

void pa_discard(struct prealloc *pa)
{
	write_lock(pa->pa_node_lock.inode_lock);
	pa->len = 0;
	write_unlock(pa->pa_node_lock.inode_lock);
}

void orphan_clear(struct orphan *o)
{
	write_lock(o->olock);
	o->n = 0;
	write_unlock(o->olock);
}

extern rwlock_t *pick_lock(int i);

void picked_set(struct picked *p, int i)
{
	p->plock = pick_lock(i);
}

void picked_clear(struct picked *p)
{
	write_lock(p->plock);
	p->n = 0;
	write_unlock(p->plock);
}

void groups_init(struct groups *g)
{
	g->locks = pick_lock(1);
}

void groups_clear(struct groups *g, int i)
{
	write_lock(&g->locks[i]);
	g->n = 0;
	write_unlock(&g->locks[i]);
}
