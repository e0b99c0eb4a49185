// SPDX-License-Identifier: GPL-2.0
#include <lk.h>

static DEFINE_RWLOCK(blame_a_lock);
static DEFINE_RWLOCK(blame_b_lock);
static DEFINE_RWLOCK(blame_c_lock);
static int a_value, b_value, c_value;

/* takes a rwlock_t: blame_c_lock's rewrite leaves its call, which then does
 * not compile (the lock the patch of blame_c_lock must be blamed on) */
static int blame_held(rwlock_t *l)
{
	return l->r;
}

int blame_a(void)
{
	int v;

	read_lock(&blame_a_lock);
	v = a_value;
	read_unlock(&blame_a_lock);
	return v;
}

int blame_b(void)
{
	int v;

	read_lock(&blame_b_lock);
	v = b_value;
	read_unlock(&blame_b_lock);
	return v;
}

int blame_c(void)
{
	int v;

	read_lock(&blame_c_lock);
	v = c_value;
	read_unlock(&blame_c_lock);
	return v + blame_held(&blame_c_lock);
}
