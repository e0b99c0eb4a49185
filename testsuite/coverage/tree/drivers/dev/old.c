#include <linux/dev.h>

/* inside ifdef CONFIG_OLD, off */
void old_set(struct dev *d)
{
	write_lock(&d->lock);
	d->state = 1;
	write_unlock(&d->lock);
}
