/* An exception entry (DEFINE_IDTENTRY defines exc_NAME): the context of
 * the interrupted code, preemption may be enabled. */
#include <linux/spinlock.h>

static arch_spinlock_t fault_lock;

static void fault_helper(void)
{
	arch_spin_lock(&fault_lock);
	arch_spin_unlock(&fault_lock);
}

void exc_demo_fault(void)
{
	fault_helper();
}
