#include "include/locks.h"

static DEFINE_RWLOCK(s_lock);

void s_read(void)
{
	read_lock(&s_lock);
	read_unlock(&s_lock);
}
