// The named lock is not in this file: nothing changes, not even the
// other rwlock_t locks.
static DEFINE_RWLOCK(a_lock);
rwlock_t b_lock;

struct holder {
	rwlock_t lock;
};

static void use(struct holder *h)
{
	read_lock(&a_lock);
	write_lock(&b_lock);
	read_lock(&h->lock);
	read_unlock(&h->lock);
	write_unlock(&b_lock);
	read_unlock(&a_lock);
}
