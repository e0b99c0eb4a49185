/* cleanup.h guards (Linux 6.5+): each takes its lock; not built */
#include "../include/g.h"
#include "../include/a.h"

int a_guarded(struct a *p)
{
	guard(read_lock)(&g_lock);
	scoped_guard(write_lock_irqsave, &p->lock) {
		p->x++;
	}
	scoped_guard (write_lock_irq, &g_lock)
		p->x--;
	/* guard(write_lock)(&g_lock) in a comment is no use */
	return p->x;
}

int a_cond(struct a *p)
{
	scoped_cond_guard(rwsem_read_intr, return -EINTR, &p->lock) {
		p->x = 1;
	}
	guard(g_custom)(&g_lock);
	guard( read_lock_irqsave )(&p->lock);
	return 0;
}

/* Linux 7.2's init guards initialise the lock: an init use, no take */
void a_setup(struct a *p)
{
	guard(rwlock_init)(&p->lock);
	p->x = 0;
}
