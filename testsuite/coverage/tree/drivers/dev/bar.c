#include <linux/dev.h>

/* CONFIG_BAR is on, but this build did not compile it */
void bar_reset(struct dev *d)
{
	write_lock_bh(&d->lock);
	d->state = 0;
	write_unlock_bh(&d->lock);
}
