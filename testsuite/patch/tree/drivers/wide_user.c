// SPDX-License-Identifier: GPL-2.0
/* built in the configuration, not in the records */
#include <wide.h>

void wide_user_bump(void)
{
	write_lock(&wide_lock);
	wide_value++;
	write_unlock(&wide_lock);
}
