#ifndef _LINUX_IRQFLAGS_H
#define _LINUX_IRQFLAGS_H
#include <linux/compiler.h>
#include <linux/cleanup.h>
static __always_inline unsigned long arch_local_irq_save(void)
{
	unsigned long flags;
	__asm__ __volatile__("pushf ; pop %0 ; cli" : "=rm"(flags) : : "memory");
	return flags;
}
static __always_inline void arch_local_irq_restore(unsigned long flags)
{
	__asm__ __volatile__("push %0 ; popf" : : "g"(flags) : "memory", "cc");
}
static __always_inline void arch_local_irq_disable(void) { __asm__ __volatile__("cli" : : : "memory"); }
static __always_inline void arch_local_irq_enable(void) { __asm__ __volatile__("sti" : : : "memory"); }
#define local_irq_save(flags)	 do { flags = arch_local_irq_save(); } while (0)
#define local_irq_restore(flags) arch_local_irq_restore(flags)
#define local_irq_disable()	 arch_local_irq_disable()
#define local_irq_enable()	 arch_local_irq_enable()
#define raw_local_irq_save(f)	 local_irq_save(f)
#define raw_local_irq_restore(f) local_irq_restore(f)
static inline void local_bh_disable(void) { __asm__ __volatile__("" : : : "memory"); }
static inline void local_bh_enable(void) { __asm__ __volatile__("" : : : "memory"); }
DEFINE_LOCK_GUARD_0(irq, local_irq_disable(), local_irq_enable())
DEFINE_LOCK_GUARD_0(irqsave,
		    local_irq_save(_T->flags),
		    local_irq_restore(_T->flags),
		    unsigned long flags)
#endif

#ifndef _LINUX_IRQFLAGS_QUERY_H
#define _LINUX_IRQFLAGS_QUERY_H
static __always_inline int arch_irqs_disabled(void)
{
	unsigned long flags;
	__asm__ __volatile__("pushf ; pop %0" : "=rm"(flags) : : "memory");
	return !(flags & 0x200);
}
#define raw_irqs_disabled()	arch_irqs_disabled()
#define irqs_disabled()		raw_irqs_disabled()
#endif
