/* probe_wakeup(): a tracepoint probe, registered through the
 * register_trace_NAME() inline DECLARE_TRACE defines; __DO_TRACE() calls
 * it with preemption off. */
#include <linux/spinlock.h>

struct task_struct;
extern int tracepoint_probe_register(void *tp, void *probe, void *data);

static inline int register_trace_sched_wakeup(void (*probe)(void *,
						struct task_struct *), void *data)
{
	return tracepoint_probe_register((void *)0, (void *)probe, data);
}

static arch_spinlock_t wakeup_lock;

static void probe_wakeup(void *ignore, struct task_struct *p)
{
	arch_spin_lock(&wakeup_lock);
	arch_spin_unlock(&wakeup_lock);
}

int start_wakeup_tracer(void)
{
	return register_trace_sched_wakeup(probe_wakeup, (void *)0);
}
