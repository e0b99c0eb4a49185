/* One rwlock with short read sections: lockfit build must say "spinlock". */
#include <linux/spinlock.h>

static DEFINE_RWLOCK(short_lock);
static int value;

int short_get(void)
{
	int v;

	read_lock(&short_lock);
	v = value;
	read_unlock(&short_lock);
	return v;
}

void short_set(int v)
{
	write_lock(&short_lock);
	value = v;
	write_unlock(&short_lock);
}
