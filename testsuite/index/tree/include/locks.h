/* just enough of the kernel's names for the fixture */
typedef struct { int l; } rwlock_t;
typedef struct { int l; } spinlock_t;
void read_lock(rwlock_t *l);
void read_unlock(rwlock_t *l);
void write_lock(rwlock_t *l);
void write_unlock(rwlock_t *l);
void write_lock_irq(rwlock_t *l);
void write_unlock_irq(rwlock_t *l);
void spin_lock(spinlock_t *l);
void spin_unlock(spinlock_t *l);
void rwlock_init(rwlock_t *l);
void lockdep_assert_held(void *l);
#define DEFINE_RWLOCK(x) rwlock_t x
