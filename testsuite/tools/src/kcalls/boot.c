/* check_tsc_warp(): CPU bring-up; start_secondary() is entered from
 * assembly (initial_code) with irqs off. */
#include <linux/spinlock.h>

static arch_spinlock_t sync_lock;

static void check_warp(void)
{
	arch_spin_lock(&sync_lock);
	arch_spin_unlock(&sync_lock);
}

void check_sync_target(void)
{
	check_warp();
}

static void start_secondary(void *unused)
{
	check_sync_target();
}

unsigned long initial_code = (unsigned long)start_secondary;
