#ifndef _LINUX_ATOMIC_H
#define _LINUX_ATOMIC_H
/* include/linux/atomic/atomic-instrumented.h: inline wrappers */
typedef struct { int counter; } atomic_t;
static __always_inline int atomic_read(const atomic_t *v)
{
	return __atomic_load_n(&v->counter, __ATOMIC_RELAXED);
}
static __always_inline void atomic_inc(atomic_t *v)
{
	__atomic_fetch_add(&v->counter, 1, __ATOMIC_RELAXED);
}
/* arch/x86/include/asm/cmpxchg.h: a locked instruction, no call */
#define cmpxchg(ptr, old, new) ({ __typeof__(*(ptr)) __ret; \
	asm volatile("lock; cmpxchgl %2,%1" : "=a" (__ret), "+m" (*(ptr)) \
		     : "r" (new), "0" (old) : "memory"); __ret; })
#endif
