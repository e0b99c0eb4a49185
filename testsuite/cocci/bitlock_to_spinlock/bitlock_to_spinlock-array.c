// Arrays of struct slot: each element's new lock is initialised in a loop
// after the checked allocation (kcalloc, vzalloc(array_size()), in an
// assignment or a declaration), with an index named so that it does not
// clash with what the allocation uses; one object gets one init.
#define SLOT_LOCK	0

struct slot {
	unsigned long flags;
	unsigned long handle;
};

struct table {
	struct slot *slots;
	struct slot **rows;
};

static bool table_alloc(struct table *t, size_t n)
{
	t->slots = vzalloc(array_size(n, sizeof(*t->slots)));
	if (!t->slots)
		return false;
	return true;
}

static int rows_alloc(struct table *t, int i, size_t n)
{
	t->rows[i] = kcalloc(n, sizeof(*t->rows[i]), GFP_KERNEL);
	if (!t->rows[i])
		return -ENOMEM;
	return 0;
}

static struct slot *slots_new(size_t count, int i)
{
	struct slot *s = kvzalloc(array_size(count + i, sizeof(*s)), GFP_KERNEL);

	if (!s)
		return NULL;
	return s;
}

static struct slot *slot_new(void)
{
	struct slot *s = kzalloc(sizeof(*s), GFP_KERNEL);

	if (!s)
		return NULL;
	return s;
}

static void slot_lock(struct table *t, size_t index)
{
	bit_spin_lock(SLOT_LOCK, &t->slots[index].flags);
}

static void slot_unlock(struct table *t, size_t index)
{
	bit_spin_unlock(SLOT_LOCK, &t->slots[index].flags);
}
