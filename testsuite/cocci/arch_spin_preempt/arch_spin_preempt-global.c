// A file-static arch_spinlock_t taken with preemption on: each lock gets
// preempt_disable() before it and each unlock preempt_enable() after it,
// on every path.  A function whose lock call follows local_irq_save() is
// already safe and left alone; the other arch lock is left alone.
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
