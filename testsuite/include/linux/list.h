#ifndef _LINUX_LIST_H
#define _LINUX_LIST_H
#include <linux/types.h>
struct list_head { struct list_head *next, *prev; };
#define list_entry(ptr, type, member) container_of(ptr, type, member)
#define list_for_each_entry(pos, head, member)				\
	for (pos = list_entry((head)->next, __typeof__(*pos), member);	\
	     &pos->member != (head);					\
	     pos = list_entry(pos->member.next, __typeof__(*pos), member))
#endif
