// test_bit() on the lock bit: code that looks at the bit would no longer
// see the lock.  The file is left unchanged and the use reported.
#define NODE_LOCK	0

struct node {
	unsigned long state;
	int count;
};

void node_get(struct node *n)
{
	bit_spin_lock(NODE_LOCK, &n->state);
	n->count++;
	bit_spin_unlock(NODE_LOCK, &n->state);
}

void node_check(struct node *n)
{
	WARN_ON(!test_bit(NODE_LOCK, &n->state));
}
