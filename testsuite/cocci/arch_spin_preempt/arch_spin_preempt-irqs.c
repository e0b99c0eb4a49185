// -D irqs=1: local_irq_save(flags) before each lock, local_irq_restore()
// after each unlock, with a new flags word in the function; a function
// that already has "flags" (log_used_flags) is left alone and reported.
static arch_spinlock_t log_lock = __ARCH_SPIN_LOCK_UNLOCKED;
static arch_spinlock_t other_lock = __ARCH_SPIN_LOCK_UNLOCKED;
static int log_len;

void log_add(int n)
{
	arch_spin_lock(&log_lock);
	log_len += n;
	arch_spin_unlock(&log_lock);
}

int log_take(int n)
{
	int ret = 0;

	arch_spin_lock(&log_lock);
	if (log_len < n)
		goto out;
	log_len -= n;
	ret = n;
out:
	arch_spin_unlock(&log_lock);
	arch_spin_lock(&other_lock);
	arch_spin_unlock(&other_lock);
	return ret;
}

int log_peek(void)
{
	unsigned long flags;
	int n;

	local_irq_save(flags);
	arch_spin_lock(&log_lock);
	n = log_len;
	arch_spin_unlock(&log_lock);
	local_irq_restore(flags);
	return n;
}

int log_len_if(int min)
{
	arch_spin_lock(&log_lock);
	if (log_len < min) {
		arch_spin_unlock(&log_lock);
		return 0;
	}
	arch_spin_unlock(&log_lock);
	return 1;
}

int log_used_flags(unsigned long flags)
{
	arch_spin_lock(&log_lock);
	log_len = flags;
	arch_spin_unlock(&log_lock);
	return 0;
}
