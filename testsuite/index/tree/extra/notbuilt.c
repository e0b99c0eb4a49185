/* not in the Makefile: built in no configuration, still a user */
#include "../include/g.h"

void pass_lock(rwlock_t *l);

void g_write(void)
{
	write_lock_irq(&g_lock);
	write_unlock_irq(&g_lock);
	pass_lock(&g_lock);
}
