/* SPDX-License-Identifier: GPL-2.0 */
/* Stand-ins for cleanup.h's lock guards (Linux 6.5+) on lk.h's locks:
 * guard(NAME)(&l) holds l to the end of the scope, scoped_guard(NAME, &l)
 * for the statement after it.  lockfit patch reads the DEFINE_LOCK_GUARD_1
 * lines to know which guards this tree has (no spinlock_bh here). */
#ifndef LINUX_SPINLOCK_H
#define LINUX_SPINLOCK_H
#include <lk.h>

#define __LK_PASTE(a, b) a##b
#define __LK_ID(p, n) __LK_PASTE(p, n)
#define CLASS(_name, var) \
	class_##_name##_t var __attribute__((cleanup(class_##_name##_destructor))) = \
		class_##_name##_constructor
#define guard(_name) CLASS(_name, __LK_ID(__guard_, __COUNTER__))
#define __scoped_guard(_name, _label, args...) \
	for (CLASS(_name, scope)(args); 1; ({ goto _label; })) \
		if (0) { \
_label: \
			break; \
		} else
#define scoped_guard(_name, args...) \
	__scoped_guard(_name, __LK_ID(__label_, __COUNTER__), args)

#define DEFINE_LOCK_GUARD_1(_name, _type, _lock, _unlock, ...) \
typedef struct { _type *lock; unsigned long flags; } class_##_name##_t; \
static inline void class_##_name##_destructor(class_##_name##_t *_T) \
{ if (_T->lock) { _unlock; } } \
static inline class_##_name##_t class_##_name##_constructor(_type *l) \
{ class_##_name##_t _t = { .lock = l }, *_T = &_t; _lock; return _t; }

DEFINE_LOCK_GUARD_1(spinlock, spinlock_t, spin_lock(_T->lock), spin_unlock(_T->lock))
DEFINE_LOCK_GUARD_1(spinlock_irqsave, spinlock_t,
		    spin_lock_irqsave(_T->lock, _T->flags),
		    spin_unlock_irqrestore(_T->lock, _T->flags),
		    unsigned long flags)
DEFINE_LOCK_GUARD_1(read_lock, rwlock_t, read_lock(_T->lock), read_unlock(_T->lock))
DEFINE_LOCK_GUARD_1(write_lock, rwlock_t, write_lock(_T->lock), write_unlock(_T->lock))
DEFINE_LOCK_GUARD_1(write_lock_irqsave, rwlock_t,
		    write_lock_irqsave(_T->lock, _T->flags),
		    write_unlock_irqrestore(_T->lock, _T->flags),
		    unsigned long flags)

#endif
