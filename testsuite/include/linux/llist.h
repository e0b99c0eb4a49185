#ifndef _LINUX_LLIST_H
#define _LINUX_LLIST_H
struct llist_node { struct llist_node *next; };
struct llist_head { struct llist_node *first; };
extern bool llist_add_batch(struct llist_node *first, struct llist_node *last,
			    struct llist_head *head);
static inline bool llist_add(struct llist_node *n, struct llist_head *head)
{
	return llist_add_batch(n, n, head);
}
#endif
