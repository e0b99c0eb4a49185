// An rwlock_t also taken with irqs off cannot become a sleeping lock: the
// file is left unchanged and the use reported.
static DEFINE_RWLOCK(stats_lock);
static int stats;

int stats_get(void)
{
	int v;

	read_lock(&stats_lock);
	v = stats;
	read_unlock(&stats_lock);
	return v;
}

void stats_irq(void)
{
	unsigned long flags;

	write_lock_irqsave(&stats_lock, flags);
	stats++;
	write_unlock_irqrestore(&stats_lock, flags);
}
