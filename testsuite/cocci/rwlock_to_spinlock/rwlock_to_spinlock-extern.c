// A header-like file: the extern declaration and an initialised
// definition of the named global lock; the other lock stays.
extern rwlock_t tasks_lock;
extern rwlock_t files_lock;
rwlock_t tasks_lock = __RW_LOCK_UNLOCKED(tasks_lock);
rwlock_t files_lock = __RW_LOCK_UNLOCKED(files_lock);

static inline void tasks_read(void)
{
	read_lock(&tasks_lock);
}

static inline void tasks_read_done(void)
{
	read_unlock(&tasks_lock);
}
