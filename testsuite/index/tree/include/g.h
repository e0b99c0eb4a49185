#include "locks.h"

extern rwlock_t g_lock;
