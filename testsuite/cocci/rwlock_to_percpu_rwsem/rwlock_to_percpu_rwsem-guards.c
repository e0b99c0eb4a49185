// An rw_semaphore with cleanup.h guards: Linux 6.12 has no
// percpu_rw_semaphore guard, so the file is left unchanged and each guard
// reported; the guard of the other rw_semaphore is not.
static DECLARE_RWSEM(policy_sem);
static DECLARE_RWSEM(other_sem);
static int policy;

int policy_get(void)
{
	guard(rwsem_read)(&policy_sem);
	return policy;
}

void policy_set(int v)
{
	scoped_guard(rwsem_write, &policy_sem) {
		policy = v;
	}
	scoped_guard(rwsem_write, &other_sem)
		policy++;
}

int policy_peek(void)
{
	int v;

	down_read(&policy_sem);
	v = policy;
	up_read(&policy_sem);
	return v;
}
