// Bit NODE_LOCK of struct node::state becomes spinlock_t state_lock:
// the member is added, initialised after each checked allocation, and
// the bit lock calls on it rewritten.  Another bit of the same word, and
// the same bit of struct leaf (another struct), are other locks.
#define NODE_LOCK	0
#define NODE_DIRTY	1

struct node {
	unsigned long state;
	struct node *next;
	int count;
};

struct leaf {
	unsigned long state;
};

struct node *node_alloc(gfp_t gfp)
{
	struct node *n = kzalloc(sizeof(*n), gfp);

	if (!n)
		return NULL;
	n->count = 1;
	return n;
}

int node_alloc_into(struct node **out)
{
	struct node *n;

	n = kmalloc(sizeof(*n), GFP_KERNEL);
	if (n == NULL) {
		*out = NULL;
		return -ENOMEM;
	}
	n->state = 0;
	*out = n;
	return 0;
}

void node_get(struct node *n, struct leaf *l)
{
	bit_spin_lock(NODE_LOCK, &n->state);
	n->count++;
	bit_spin_unlock(NODE_LOCK, &n->state);
	bit_spin_lock(NODE_DIRTY, &n->state);
	bit_spin_unlock(NODE_DIRTY, &n->state);
	bit_spin_lock(NODE_LOCK, &l->state);
	bit_spin_unlock(NODE_LOCK, &l->state);
}

int node_put(struct node *n)
{
	int last;

	if (!bit_spin_trylock(NODE_LOCK, &n->state))
		return -EAGAIN;
	last = --n->count == 0;
	__bit_spin_unlock(NODE_LOCK, &n->state);
	return last;
}

int node_locked(struct node *table, int i)
{
	return bit_spin_is_locked(NODE_LOCK, &table[i].state);
}
