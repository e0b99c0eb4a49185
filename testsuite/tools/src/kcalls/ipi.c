/* tracing_swap_cpu_buffer(): an smp_call_function_single() callback runs
 * in the IPI handler (irqs off), so the arch lock under it is safe. */
#include <linux/spinlock.h>

typedef void (*smp_call_func_t)(void *info);
extern int smp_call_function_single(int cpu, smp_call_func_t func, void *info,
				    int wait);

static arch_spinlock_t max_lock;

void update_max_single(void *tr)
{
	arch_spin_lock(&max_lock);
	arch_spin_unlock(&max_lock);
}

static void swap_cpu_buffer(void *tr)
{
	update_max_single(tr);
}

int snapshot_write(void *tr, int cpu)
{
	return smp_call_function_single(cpu, swap_cpu_buffer, tr, 1);
}
