#ifndef _LINUX_BUG_H
#define _LINUX_BUG_H
#include <linux/compiler.h>
/* x86: a ud2 with a __bug_table entry, as the kernel's __WARN_FLAGS */
#define __WARN_FLAGS(flags) \
	__asm__ __volatile__("1: ud2\n.pushsection __bug_table,\"aw\"\n.long 1b\n.popsection" : : : "memory")
#define WARN_ON_ONCE(condition) ({				\
	int __ret_warn_on = !!(condition);			\
	if (unlikely(__ret_warn_on))				\
		__WARN_FLAGS(0);				\
	unlikely(__ret_warn_on);				\
})
#define WARN_ON(condition) WARN_ON_ONCE(condition)
#define BUG() do { __WARN_FLAGS(0); __builtin_unreachable(); } while (0)
#define BUG_ON(condition) do { if (unlikely(condition)) BUG(); } while (0)
#endif
