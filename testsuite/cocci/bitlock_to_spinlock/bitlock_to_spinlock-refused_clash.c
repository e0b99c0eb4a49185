// struct node already has a member state_lock: the file is left unchanged.
#define NODE_LOCK	0

struct node {
	unsigned long state;
	void *state_lock;
};

void node_get(struct node *n)
{
	bit_spin_lock(NODE_LOCK, &n->state);
	bit_spin_unlock(NODE_LOCK, &n->state);
}
