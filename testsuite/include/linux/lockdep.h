#ifndef _LINUX_LOCKDEP_H
#define _LINUX_LOCKDEP_H
/* As in a defconfig build (no CONFIG_PROVE_LOCKING): the assertions
 * expand to nothing, so only their use in the source says anything. */
#define lockdep_assert_irqs_disabled()		do { } while (0)
#define lockdep_assert_preemption_disabled()	do { } while (0)
#define lockdep_assert_in_irq()			do { } while (0)
#endif
