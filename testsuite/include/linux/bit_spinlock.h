#ifndef _LINUX_BIT_SPINLOCK_H
#define _LINUX_BIT_SPINLOCK_H
#include <linux/preempt.h>
/* asm-generic/bitops: instrumented inline wrappers over arch atomics */
static __always_inline bool test_and_set_bit_lock(long nr, volatile unsigned long *addr)
{
	return __atomic_fetch_or(addr + nr / 64, 1UL << (nr % 64), __ATOMIC_ACQUIRE) & (1UL << (nr % 64));
}
static __always_inline bool test_and_set_bit(long nr, volatile unsigned long *addr)
{
	return __atomic_fetch_or(addr + nr / 64, 1UL << (nr % 64), __ATOMIC_SEQ_CST) & (1UL << (nr % 64));
}
static __always_inline bool test_bit(long nr, const volatile unsigned long *addr)
{
	return (addr[nr / 64] >> (nr % 64)) & 1;
}
static __always_inline void clear_bit_unlock(long nr, volatile unsigned long *addr)
{
	__atomic_fetch_and(addr + nr / 64, ~(1UL << (nr % 64)), __ATOMIC_RELEASE);
}
static __always_inline void clear_bit(long nr, volatile unsigned long *addr)
{
	__atomic_fetch_and(addr + nr / 64, ~(1UL << (nr % 64)), __ATOMIC_SEQ_CST);
}
static __always_inline void __clear_bit_unlock(long nr, volatile unsigned long *addr)
{
	clear_bit_unlock(nr, addr);
}
#define cpu_relax() __asm__ __volatile__("pause" : : : "memory")

/* include/linux/bit_spinlock.h */
static inline void bit_spin_lock(int bitnum, unsigned long *addr)
{
	preempt_disable();
	while (unlikely(test_and_set_bit_lock(bitnum, addr))) {
		preempt_enable();
		do {
			cpu_relax();
		} while (test_bit(bitnum, addr));
		preempt_disable();
	}
}
static inline int bit_spin_trylock(int bitnum, unsigned long *addr)
{
	preempt_disable();
	if (unlikely(test_and_set_bit_lock(bitnum, addr))) {
		preempt_enable();
		return 0;
	}
	return 1;
}
static inline void bit_spin_unlock(int bitnum, unsigned long *addr)
{
	clear_bit_unlock(bitnum, addr);
	preempt_enable();
}
static inline void __bit_spin_unlock(int bitnum, unsigned long *addr)
{
	__clear_bit_unlock(bitnum, addr);
	preempt_enable();
}

/* include/linux/list_bl.h */
struct hlist_bl_node { struct hlist_bl_node *next, **pprev; };
struct hlist_bl_head { struct hlist_bl_node *first; };
static inline void hlist_bl_lock(struct hlist_bl_head *b)
{
	bit_spin_lock(0, (unsigned long *)b);
}
static inline void hlist_bl_unlock(struct hlist_bl_head *b)
{
	__bit_spin_unlock(0, (unsigned long *)b);
}
#endif
