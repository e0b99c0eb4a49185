/* Kernel-like test headers for lockfit fixtures: the same names GCC shows
 * for a real x86_64 defconfig build, with none of the bulk. */
#ifndef _LINUX_COMPILER_H
#define _LINUX_COMPILER_H
#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
#define barrier()	__asm__ __volatile__("" : : : "memory")
#define __always_inline	inline __attribute__((__always_inline__))
#define READ_ONCE(x)	(*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))
#define NULL		((void *)0)
#define offsetof(T, m)	__builtin_offsetof(T, m)
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))
#define __cond_lock(x, c) (c)
#define __maybe_unused	__attribute__((__unused__))
#define __force
#define __cleanup(func)	__attribute__((__cleanup__(func)))
#define ___PASTE(a, b)	a##b
#define __PASTE(a, b)	___PASTE(a, b)
#define __UNIQUE_ID(prefix) __PASTE(__PASTE(__UNIQUE_ID_, prefix), __COUNTER__)
/* compiletime_assert(): a call of an error function the optimiser drops;
 * nothing without optimisation, as in the kernel */
#ifdef __OPTIMIZE__
#define __compiletime_assert(cond, msg, fn)				\
	do {								\
		extern void fn(void) __attribute__((__noreturn__, __error__(msg))); \
		if (!(cond))						\
			fn();						\
	} while (0)
#else
#define __compiletime_assert(cond, msg, fn) do { } while (0)
#endif
#define BUILD_BUG_ON(cond) \
	__compiletime_assert(!(cond), "BUILD_BUG_ON failed: " #cond,	\
			     __PASTE(__compiletime_assert_, __COUNTER__))
#define typeof_member(T, m)	__typeof__(((T *)0)->m)
typedef _Bool bool;
#define true 1
#define false 0
#endif
