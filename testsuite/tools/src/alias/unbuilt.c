/* Not built (the Makefile leaves it out): a reader through the pointer,
 * which makes the inode's lock's uses in the tree incomplete. */
#include "pa.h"

int pa_len(struct prealloc *pa)
{
	int n;

	read_lock(pa->pa_node_lock.inode_lock);
	n = pa->len;
	read_unlock(pa->pa_node_lock.inode_lock);
	return n;
}
