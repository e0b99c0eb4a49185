#ifndef _LINUX_PREEMPT_H
#define _LINUX_PREEMPT_H
#include <linux/compiler.h>
#include <linux/cleanup.h>
/* x86_64, CONFIG_PREEMPT_COUNT=y: inline per-CPU counter operations */
extern int __preempt_count;
extern void __preempt_schedule(void);
static __always_inline void __preempt_count_add(int val) { __preempt_count += val; }
static __always_inline void __preempt_count_sub(int val) { __preempt_count -= val; }
static __always_inline bool __preempt_count_dec_and_test(void) { return --__preempt_count == 0; }
#define preempt_disable()	do { __preempt_count_add(1); barrier(); } while (0)
#define preempt_enable()	do { barrier(); if (unlikely(__preempt_count_dec_and_test())) __preempt_schedule(); } while (0)
#define preempt_enable_no_resched() do { barrier(); __preempt_count_sub(1); } while (0)
#define preempt_disable_notrace() preempt_disable()
#define preempt_enable_notrace()  preempt_enable()
extern int __smp_processor_id(void);
#define get_cpu()	({ preempt_disable(); __smp_processor_id(); })
#define put_cpu()	preempt_enable()
DEFINE_LOCK_GUARD_0(preempt, preempt_disable(), preempt_enable())
DEFINE_LOCK_GUARD_0(preempt_notrace, preempt_disable_notrace(), preempt_enable_notrace())
#endif
#ifndef _LINUX_RCU_SCHED_H
#define _LINUX_RCU_SCHED_H
static __always_inline void rcu_read_lock_sched(void) { __preempt_count_add(1); barrier(); }
static __always_inline void rcu_read_unlock_sched(void) { barrier(); __preempt_count_sub(1); }
#endif
