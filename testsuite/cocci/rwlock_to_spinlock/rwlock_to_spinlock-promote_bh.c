// -D promote=bh: plain readers become _bh, wherever they are; _bh, _irq
// and _irqsave readers and all writers keep their variant.
static DEFINE_RWLOCK(route_lock);
static int routes;

static int route_count(void)
{
	int n;

	read_lock(&route_lock);
	n = routes;
	read_unlock(&route_lock);
	return n;
}

static void *route_seq_start(long *pos)
{
	read_lock(&route_lock);
	return pos;
}

static void route_seq_stop(long *pos)
{
	read_unlock(&route_lock);
}

static void route_add(void)
{
	write_lock_bh(&route_lock);
	routes++;
	write_unlock_bh(&route_lock);
	read_lock_bh(&route_lock);
	read_unlock_bh(&route_lock);
	if (read_trylock(&route_lock))
		read_unlock(&route_lock);
}
