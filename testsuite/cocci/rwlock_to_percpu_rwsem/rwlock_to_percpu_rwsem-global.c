// A file-static rw_semaphore read on hot paths: DECLARE_RWSEM becomes
// DEFINE_STATIC_PERCPU_RWSEM and the calls their percpu_ forms.  The
// other rw_semaphore in the file is left alone.
static DECLARE_RWSEM(policy_sem);
static DECLARE_RWSEM(other_sem);
static int policy;

int policy_get(void)
{
	int v;

	down_read(&policy_sem);
	v = policy;
	up_read(&policy_sem);
	return v;
}

int policy_try_get(int *v)
{
	if (!down_read_trylock(&policy_sem))
		return -EBUSY;
	*v = policy;
	up_read(&policy_sem);
	return 0;
}

void policy_set(int v)
{
	down_write(&policy_sem);
	policy = v;
	up_write(&policy_sem);
	down_write(&other_sem);
	up_write(&other_sem);
}
