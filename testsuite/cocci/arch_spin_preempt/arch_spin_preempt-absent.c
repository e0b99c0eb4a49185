// The named lock is not in this file: nothing changes.
static arch_spinlock_t a_lock = __ARCH_SPIN_LOCK_UNLOCKED;

void a(void)
{
	arch_spin_lock(&a_lock);
	arch_spin_unlock(&a_lock);
}
