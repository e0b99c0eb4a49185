/* Functions with no C caller: the ops structs of ops.c bind them. */
#include <linux/spinlock.h>
#include <linux/seq_file.h>

struct hrtimer;
static arch_spinlock_t seq_lock;
static arch_spinlock_t tick_lock;

/* a seq_operations.start runs preemptible: flagged */
void *seq_start(struct seq_file *m, loff_t *pos)
{
	arch_spin_lock(&seq_lock);
	arch_spin_unlock(&seq_lock);
	return NULL;
}

/* an hrtimer function runs in hard irq context: safe */
int tick(struct hrtimer *t)
{
	arch_spin_lock(&tick_lock);
	arch_spin_unlock(&tick_lock);
	return 0;
}
