// The arch_spinlock_t member "lock" of struct ring, through a typed
// pointer; struct other's member "lock" is another lock.
struct ring {
	arch_spinlock_t lock;
	int head;
};

struct other {
	arch_spinlock_t lock;
};

void ring_push(struct ring *r, struct other *o, int v)
{
	arch_spin_lock(&r->lock);
	r->head = v;
	arch_spin_unlock(&r->lock);
	arch_spin_lock(&o->lock);
	arch_spin_unlock(&o->lock);
}

void ring_reset(struct ring *rings, int i)
{
	arch_spin_lock(&rings[i].lock);
	rings[i].head = 0;
	arch_spin_unlock(&rings[i].lock);
}
