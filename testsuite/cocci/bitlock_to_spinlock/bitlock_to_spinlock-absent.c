// No struct node and no NODE_LOCK here: nothing changes, not even the
// other bit locks.
struct page_meta {
	unsigned long flags;
};

void meta_lock(struct page_meta *m)
{
	bit_spin_lock(0, &m->flags);
	bit_spin_unlock(0, &m->flags);
}
