#ifndef _LINUX_PERCPU_H
#define _LINUX_PERCPU_H
#include <linux/preempt.h>
extern unsigned long __per_cpu_offset[];
#define DEFINE_PER_CPU(type, name) __typeof__(type) name
#define per_cpu_ptr(ptr, cpu) \
	((__typeof__(ptr))((char *)(ptr) + __per_cpu_offset[cpu]))
#define this_cpu_ptr(ptr) per_cpu_ptr(ptr, __smp_processor_id())
static __always_inline int preempt_count(void) { return __preempt_count & 0x7fffffff; }
#define preemptible() (preempt_count() == 0 && !irqs_disabled())
#endif
