#include <linux/dev.h>

/* a part of the composite combo.o: CONFIG_COMBO is off */
int part1_state(struct dev *d)
{
	int s;

	read_lock(&d->lock);
	s = d->state;
	read_unlock(&d->lock);
	return s;
}
