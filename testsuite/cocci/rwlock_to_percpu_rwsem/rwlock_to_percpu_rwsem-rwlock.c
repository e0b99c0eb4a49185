// An rwlock_t to percpu_rw_semaphore: a global DEFINE_RWLOCK becomes
// DEFINE_PERCPU_RWSEM, read_/write_lock the percpu_ down/up calls.
DEFINE_RWLOCK(hooks_lock);
static int nhooks;

int hooks_count(void)
{
	int n;

	read_lock(&hooks_lock);
	n = nhooks;
	read_unlock(&hooks_lock);
	return n;
}

void hooks_add(void)
{
	write_lock(&hooks_lock);
	nhooks++;
	write_unlock(&hooks_lock);
}
