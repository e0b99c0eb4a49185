/* A lock primitive's slow path: only queued_spin_lock() calls it, with
 * preemption off by construction. */
#include <linux/spinlock.h>

static arch_spinlock_t pending_lock;

void queued_spin_lock_slowpath(struct qspinlock *lock, u32 val)
{
	arch_spin_lock(&pending_lock);
	arch_spin_unlock(&pending_lock);
}
