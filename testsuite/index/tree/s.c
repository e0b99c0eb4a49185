#include "include/locks.h"

static DEFINE_RWLOCK(s_lock);

void s_read(void)
{
	read_lock(&s_lock);
	read_unlock(&s_lock);
}

/* 7.x's context-analysis annotations name the lock: asserts, never an
 * address passed on */
static int s_count __guarded_by(&s_lock);

int s_get(void)
	__must_hold_shared(&s_lock)
{
	return s_count;
}
