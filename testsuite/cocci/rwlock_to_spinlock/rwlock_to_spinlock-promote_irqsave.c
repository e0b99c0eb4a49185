// -D promote=irqsave: plain and _bh readers get _irqsave on a new flags
// word, where lock and unlock are in the same function and "flags" is
// free.  Everything else is left as it is and reported; the writers keep
// their variant.
static DEFINE_RWLOCK(dev_lock);
static int dev_state;

static int dev_get(void)
{
	int v;

	read_lock(&dev_lock);
	v = dev_state;
	read_unlock(&dev_lock);
	return v;
}

static int dev_get_early(int *out)
{
	read_lock_bh(&dev_lock);
	if (!out) {
		read_unlock_bh(&dev_lock);
		return -1;
	}
	*out = dev_state;
	read_unlock_bh(&dev_lock);
	return 0;
}

static void dev_set(int v)
{
	unsigned long flags;

	write_lock_irqsave(&dev_lock, flags);
	dev_state = v;
	write_unlock_irqrestore(&dev_lock, flags);
}

static int dev_get_flags(unsigned long flags)
{
	int v;

	read_lock(&dev_lock);
	v = dev_state + flags;
	read_unlock(&dev_lock);
	return v;
}

static void *dev_seq_start(long *pos)
{
	read_lock(&dev_lock);
	return pos;
}

static void dev_seq_stop(long *pos)
{
	read_unlock(&dev_lock);
}

static int dev_try(void)
{
	if (!read_trylock(&dev_lock))
		return -1;
	read_unlock(&dev_lock);
	return 0;
}

static void dev_irq_reader(void)
{
	read_lock_irq(&dev_lock);
	dev_state++;
	read_unlock_irq(&dev_lock);
}
