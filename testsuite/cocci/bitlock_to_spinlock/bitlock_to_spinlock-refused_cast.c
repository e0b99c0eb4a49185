// A bit lock call whose word spatch cannot tie to a struct node (a cast)
// would keep the old lock while the others take the new one: the file is
// left unchanged and the call reported.
#define NODE_LOCK	0

struct node {
	unsigned int state;
	int count;
};

void node_get(struct node *n)
{
	bit_spin_lock(NODE_LOCK, (unsigned long *)&n->state);
	n->count++;
	bit_spin_unlock(NODE_LOCK, (unsigned long *)&n->state);
}

void node_get2(struct node *n)
{
	bit_spin_lock(NODE_LOCK, &n->state);
	n->count++;
	bit_spin_unlock(NODE_LOCK, &n->state);
}
