// A trylock on the lock: preempt_disable() would have to be undone on
// failure, so the file is left unchanged and the call reported.
static arch_spinlock_t cmd_lock = __ARCH_SPIN_LOCK_UNLOCKED;
static int cmds;

void cmd_add(void)
{
	arch_spin_lock(&cmd_lock);
	cmds++;
	arch_spin_unlock(&cmd_lock);
}

int cmd_try_add(void)
{
	if (!arch_spin_trylock(&cmd_lock))
		return 0;
	cmds++;
	arch_spin_unlock(&cmd_lock);
	return 1;
}
