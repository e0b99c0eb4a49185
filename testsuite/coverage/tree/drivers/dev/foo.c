#include <linux/dev.h>

/* CONFIG_FOO is off: never built */
int foo_state(struct dev *d)
{
	int s;

	read_lock(&d->lock);
	s = d->state;
	read_unlock(&d->lock);
	return s;
}
