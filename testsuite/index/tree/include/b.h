#ifndef B_H
#define B_H
#include "locks.h"

struct b {
	spinlock_t lock;
	int y;
};

#endif
