#ifndef _LINUX_CLEANUP_H
#define _LINUX_CLEANUP_H
/* The scope-based lock guards of include/linux/cleanup.h (as backported
 * to Debian's 6.1): guard(name)(&lock) calls class_name_constructor() and,
 * at every scope exit, class_name_destructor(&guard). */
#include <linux/spinlock.h>
#include <linux/mutex.h>
#define __cleanup(f) __attribute__((__cleanup__(f)))
#define __PASTE_(a, b) a##b
#define __PASTE(a, b) __PASTE_(a, b)
#define __UNIQUE_ID(p) __PASTE(__UNIQUE_ID_##p, __COUNTER__)
#define DEFINE_CLASS(_name, _type, _exit, _init, _init_args...)		\
typedef _type class_##_name##_t;					\
static inline void class_##_name##_destructor(_type *p)			\
{ _type _T = *p; _exit; }						\
static inline _type class_##_name##_constructor(_init_args)		\
{ _type t = _init; return t; }
#define CLASS(_name, var)						\
	class_##_name##_t var __cleanup(class_##_name##_destructor) =	\
		class_##_name##_constructor
#define DEFINE_GUARD(_name, _type, _lock, _unlock) \
	DEFINE_CLASS(_name, _type, _unlock, ({ _lock; _T; }), _type _T)
#define guard(_name) CLASS(_name, __UNIQUE_ID(guard))
#define scoped_guard(_name, args...)					\
	for (CLASS(_name, scope)(args), *done = NULL; !done; done = (void *)1)
#define __DEFINE_UNLOCK_GUARD(_name, _type, _unlock, ...)		\
typedef struct { _type *lock; __VA_ARGS__; } class_##_name##_t;		\
static inline void class_##_name##_destructor(class_##_name##_t *_T)	\
{ if (_T->lock) { _unlock; } }
#define __DEFINE_LOCK_GUARD_1(_name, _type, _lock)			\
static inline class_##_name##_t class_##_name##_constructor(_type *l)	\
{ class_##_name##_t _t = { .lock = l }, *_T = &_t; _lock; return _t; }
#define __DEFINE_LOCK_GUARD_0(_name, _lock)				\
static inline class_##_name##_t class_##_name##_constructor(void)	\
{ class_##_name##_t _t = { .lock = (void *)1 }, *_T = &_t; (void)_T; _lock; return _t; }
#define DEFINE_LOCK_GUARD_1(_name, _type, _lock, _unlock, ...)		\
__DEFINE_UNLOCK_GUARD(_name, _type, _unlock, __VA_ARGS__)		\
__DEFINE_LOCK_GUARD_1(_name, _type, _lock)
#define DEFINE_LOCK_GUARD_0(_name, _lock, _unlock, ...)			\
__DEFINE_UNLOCK_GUARD(_name, void, _unlock, __VA_ARGS__)		\
__DEFINE_LOCK_GUARD_0(_name, _lock)

DEFINE_LOCK_GUARD_1(raw_spinlock_irqsave, raw_spinlock_t,
		    raw_spin_lock_irqsave(_T->lock, _T->flags),
		    raw_spin_unlock_irqrestore(_T->lock, _T->flags),
		    unsigned long flags)
DEFINE_LOCK_GUARD_1(spinlock, spinlock_t, spin_lock(_T->lock), spin_unlock(_T->lock))
DEFINE_LOCK_GUARD_0(preempt, preempt_disable(), preempt_enable())
DEFINE_LOCK_GUARD_0(irq, local_irq_disable(), local_irq_enable())
DEFINE_GUARD(mutex, struct mutex *, mutex_lock(_T), mutex_unlock(_T))
#endif
