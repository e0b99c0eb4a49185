/* neigh_table::lock before 3064d0fe02af: the hot readers had moved to
 * RCU; what still read-locks are a seq_file dump and a for_each helper
 * a netlink dump calls.  Long walks, rare readers: a spinlock_t. */
#include <linux/spinlock.h>
#include <linux/seq_file.h>

struct nbr { struct nbr *next; int state; };
struct genl_ops { int (*dumpit)(void *skb, void *cb); };
struct seq_operations { int (*show)(struct seq_file *m, void *v); };

static DEFINE_RWLOCK(nbr_lock);
static struct nbr *nbr_list;

static int nbr_seq_show(struct seq_file *m, void *v)
{
	struct nbr *n;
	int live = 0;

	read_lock_bh(&nbr_lock);
	for (n = nbr_list; n; n = n->next)
		live += n->state;
	read_unlock_bh(&nbr_lock);
	return live;
}

static void nbr_for_each(void (*cb)(struct nbr *))
{
	struct nbr *n;

	read_lock_bh(&nbr_lock);
	for (n = nbr_list; n; n = n->next)
		cb(n);
	read_unlock_bh(&nbr_lock);
}

static void count(struct nbr *n)
{
	n->state++;
}

static int nbr_dump(void *skb, void *cb)
{
	nbr_for_each(count);
	return 0;
}

void nbr_add(struct nbr *n)
{
	write_lock_bh(&nbr_lock);
	n->next = nbr_list;
	nbr_list = n;
	write_unlock_bh(&nbr_lock);
}

const struct seq_operations nbr_seq_ops = { .show = nbr_seq_show };
const struct genl_ops nbr_genl_ops = { .dumpit = nbr_dump };
