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
typedef _Bool bool;
#define true 1
#define false 0
#endif
