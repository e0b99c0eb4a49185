#include <linux/dev.h>

/* struct bus::lock: only ever write-locked, here and nowhere else */
void bus_add(struct bus *b)
{
	write_lock_irq(&b->lock);
	b->nr++;
	write_unlock_irq(&b->lock);
}

void bus_del(struct bus *b)
{
	write_lock(&b->lock);
	b->nr--;
	write_unlock(&b->lock);
}

void bus_init(struct bus *b)
{
	rwlock_init(&b->lock);
}
