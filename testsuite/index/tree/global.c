#include "include/g.h"

DEFINE_RWLOCK(g_lock);

int g_read(void)
{
	/* read_lock(&g_lock) in a comment is no use */
	read_lock(&g_lock);
	read_unlock(&g_lock);
	return 0;
}
