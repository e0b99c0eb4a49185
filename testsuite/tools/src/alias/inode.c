/* The reader: the inode's lock by its own name. */
#include "pa.h"

int inode_count(struct inode_info *ei)
{
	int n;

	read_lock(&ei->i_prealloc_lock);
	n = ei->n;
	read_unlock(&ei->i_prealloc_lock);
	return n;
}
