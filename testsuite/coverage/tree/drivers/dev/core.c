#include <linux/dev.h>

static DEFINE_RWLOCK(tbl_lock);
static int tbl[4];

int dev_state(struct dev *d)
{
	int s;

	read_lock(&d->lock);
	s = d->state;
	read_unlock(&d->lock);
	return s;
}

void dev_set(struct dev *d, int s)
{
	write_lock(&d->lock);
	d->state = s;
	write_unlock(&d->lock);
}

int tbl_get(int i)
{
	int v;

	read_lock(&tbl_lock);
	v = tbl[i];
	read_unlock(&tbl_lock);
	return v;
}

void tbl_set(int i, int v)
{
	write_lock(&tbl_lock);
	tbl[i] = v;
	write_unlock(&tbl_lock);
}
