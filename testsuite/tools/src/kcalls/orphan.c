/* A global function nothing in these units calls: truly unknown. */
#include <linux/spinlock.h>

static arch_spinlock_t orphan_lock;

void orphan(void)
{
	arch_spin_lock(&orphan_lock);
	arch_spin_unlock(&orphan_lock);
}
