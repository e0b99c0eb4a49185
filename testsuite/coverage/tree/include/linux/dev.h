/* Two structs whose lock is named "lock": only struct dev's is read-locked. */
struct dev {
	rwlock_t lock;
	int state;
};

struct bus {
	rwlock_t lock;
	int nr;
};

static inline int dev_peek(struct dev *d)
{
	int s;

	read_lock(&d->lock);
	s = d->state;
	read_unlock(&d->lock);
	return s;
}
