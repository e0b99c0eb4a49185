/* The ops structs: their functions are in seq.c (bindings cross units
 * through the records). */
#include <linux/seq_file.h>

struct seq_operations {
	void *(*start)(struct seq_file *m, loff_t *pos);
};
struct hrtimer {
	int (*function)(struct hrtimer *t);
};

extern void *seq_start(struct seq_file *m, loff_t *pos);
extern int tick(struct hrtimer *t);

const struct seq_operations demo_seq_ops = { .start = seq_start };
struct hrtimer demo_timer = { .function = tick };
