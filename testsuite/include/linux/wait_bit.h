#ifndef _LINUX_WAIT_BIT_H
#define _LINUX_WAIT_BIT_H
#define TASK_UNINTERRUPTIBLE 2
extern int out_of_line_wait_on_bit(void *word, int bit, void *action,
				   unsigned int mode);
static inline int wait_on_bit(unsigned long *word, int bit, unsigned int mode)
{
	return out_of_line_wait_on_bit(word, bit, 0, mode);
}
#endif
