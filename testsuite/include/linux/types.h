#ifndef _LINUX_TYPES_H
#define _LINUX_TYPES_H
#include <linux/compiler.h>
typedef unsigned long size_t;
typedef unsigned int u32;
typedef unsigned long u64;
typedef int pid_t;
#endif
