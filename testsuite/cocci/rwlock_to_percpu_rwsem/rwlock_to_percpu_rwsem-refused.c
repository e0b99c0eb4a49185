// down_write_killable() has no percpu_rw_semaphore form: the file is left
// unchanged and the use reported.
static DECLARE_RWSEM(conf_sem);
static int conf;

int conf_get(void)
{
	int v;

	down_read(&conf_sem);
	v = conf;
	up_read(&conf_sem);
	return v;
}

int conf_set(int v)
{
	if (down_write_killable(&conf_sem))
		return -EINTR;
	conf = v;
	up_write(&conf_sem);
	return 0;
}
