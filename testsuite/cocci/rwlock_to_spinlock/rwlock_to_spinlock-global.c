// The named lock, a file-static rwlock_t: every API on it is rewritten.
// other_lock, an rwlock_t too, is left alone.
static DEFINE_RWLOCK(table_lock);
static DEFINE_RWLOCK(other_lock);
static int table[16];

static int table_get(int i)
{
	int v;

	read_lock(&table_lock);
	v = table[i];
	read_unlock(&table_lock);
	return v;
}

static void table_set(int i, int v)
{
	write_lock(&table_lock);
	table[i] = v;
	write_unlock(&table_lock);
	read_lock(&other_lock);
	read_unlock(&other_lock);
}

static int table_sum_irq(void)
{
	unsigned long flags;
	int i, sum = 0;

	read_lock_irqsave(&table_lock, flags);
	for (i = 0; i < 16; i++)
		sum += table[i];
	read_unlock_irqrestore(&table_lock, flags);
	write_lock_irqsave(&table_lock, flags);
	table[0] = sum;
	write_unlock_irqrestore(&table_lock, flags);
	return sum;
}

static void table_clear_bh(void)
{
	write_lock_bh(&table_lock);
	table[0] = 0;
	write_unlock_bh(&table_lock);
	read_lock_bh(&table_lock);
	read_unlock_bh(&table_lock);
	read_lock_irq(&table_lock);
	write_lock_irq(&other_lock);
	write_unlock_irq(&other_lock);
	read_unlock_irq(&table_lock);
}

static int table_try(int i)
{
	if (!read_trylock(&table_lock))
		return -1;
	read_unlock(&table_lock);
	if (write_trylock(&table_lock)) {
		table[i] = 0;
		write_unlock(&table_lock);
	}
	return 0;
}

static void table_misc(void)
{
	lockdep_assert_held_read(&table_lock);
	lockdep_assert_held_write(&table_lock);
	lockdep_assert_held(&table_lock);
	write_lock_nested(&table_lock, 1);
	if (rwlock_needbreak(&table_lock) || rwlock_is_contended(&table_lock))
		cond_resched_rwlock_write(&table_lock);
	write_unlock(&table_lock);
	cond_resched_rwlock_read(&other_lock);
}
