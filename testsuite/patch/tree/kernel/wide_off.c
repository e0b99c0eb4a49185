// SPDX-License-Identifier: GPL-2.0
/* not built in the configuration */
#include <wide.h>

void wide_off_reset(void)
{
	write_lock(&wide_lock);
	wide_value = 0;
	write_unlock(&wide_lock);
}
