#include "include/locks.h"

/* another file's static of the same name: not fs_lock's s.c:s_lock */
static DEFINE_RWLOCK(s_lock);

void other_write(void)
{
	write_lock(&s_lock);
	write_unlock(&s_lock);
}
