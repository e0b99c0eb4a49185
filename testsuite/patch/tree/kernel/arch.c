// SPDX-License-Identifier: GPL-2.0
#include <lk.h>

static arch_spinlock_t arch_demo_lock;
static int arch_demo_value;

void arch_demo_set(int v)
{
	arch_spin_lock(&arch_demo_lock);
	arch_demo_value = v;
	arch_spin_unlock(&arch_demo_lock);
}
