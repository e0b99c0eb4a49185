#ifndef _LINUX_WAIT_BIT_H
#define _LINUX_WAIT_BIT_H
#include <linux/bit_spinlock.h>
#define TASK_UNINTERRUPTIBLE 2
extern int out_of_line_wait_on_bit(void *word, int bit, void *action,
				   unsigned int mode);
static inline int wait_on_bit(unsigned long *word, int bit, unsigned int mode)
{
	return out_of_line_wait_on_bit(word, bit, 0, mode);
}
/* Linux 6.12's: sleeps until it sets the bit itself */
extern int out_of_line_wait_on_bit_lock(void *word, int bit, void *action,
					unsigned int mode);
extern void wake_up_bit(void *word, int bit);
static inline int wait_on_bit_lock(unsigned long *word, int bit,
				   unsigned int mode)
{
	if (!test_and_set_bit(bit, word))
		return 0;
	return out_of_line_wait_on_bit_lock(word, bit, 0, mode);
}
/* clear_bit_unlock(), then wake those sleeping on the bit */
static inline void clear_and_wake_up_bit(int bit, void *word)
{
	clear_bit_unlock(bit, word);
	wake_up_bit(word, bit);
}
#endif
