#ifndef _LINUX_SEQ_FILE_H
#define _LINUX_SEQ_FILE_H
#include <linux/types.h>
struct seq_file { void *private; long index; };
typedef long long loff_t;
extern int seq_printf(struct seq_file *m, const char *fmt, ...);
#endif
