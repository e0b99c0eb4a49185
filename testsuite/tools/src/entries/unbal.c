/* Preemption turned back on without being turned off first, but the only
 * caller has it off: the lock is safe, the enable is what is wrong. */
#include <linux/spinlock.h>
#include <linux/preempt.h>

static arch_spinlock_t unbal_lock;

static void __attribute__((noinline)) unbal(void)
{
	arch_spin_lock(&unbal_lock);
	arch_spin_unlock(&unbal_lock);
	preempt_enable();
}

void unbal_caller(void)
{
	preempt_disable();
	unbal();
}
