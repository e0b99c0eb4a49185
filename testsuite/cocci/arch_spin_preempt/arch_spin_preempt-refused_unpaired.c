// seq_file start/stop: the lock is taken in one function and released in
// another, so the disable and enable would not balance in each function.
// The file is left unchanged and both reported.
static arch_spinlock_t cmd_lock = __ARCH_SPIN_LOCK_UNLOCKED;

void *cmd_start(long *pos)
{
	arch_spin_lock(&cmd_lock);
	return pos;
}

void cmd_stop(long *pos)
{
	arch_spin_unlock(&cmd_lock);
}

void cmd_one(void)
{
	arch_spin_lock(&cmd_lock);
	arch_spin_unlock(&cmd_lock);
}
