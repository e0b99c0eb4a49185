/* ext4's preallocation space in small: a pointer to the inode's lock. */
#include <linux/spinlock.h>

struct inode_info { rwlock_t i_prealloc_lock; int n; };
struct prealloc {
	union {
		rwlock_t *inode_lock;
		spinlock_t *lg_lock;
	} pa_node_lock;
	int len;
};
/* a pointer no unit of the tree assigns (its owner is out of tree) */
struct orphan { rwlock_t *olock; int n; };
/* a pointer assigned what a local computes */
struct picked { rwlock_t *plock; int n; };
/* an array of locks reached through a pointer (ext4's
 * s_mb_avg_fragment_size_locks): its elements are what it is assigned */
struct groups { rwlock_t *locks; int n; };

void pa_init(struct prealloc *pa, struct inode_info *ei);
void pa_discard(struct prealloc *pa);
int inode_count(struct inode_info *ei);
