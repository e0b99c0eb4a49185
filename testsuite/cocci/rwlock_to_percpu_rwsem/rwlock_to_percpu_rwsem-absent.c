// The named lock is not in this file: nothing changes.
static DECLARE_RWSEM(a_sem);

void a(void)
{
	down_read(&a_sem);
	up_read(&a_sem);
}
