// SPDX-License-Identifier: GPL-2.0
/* built in the configuration, not in the records */
#include <narrow.h>

void narrow_user_bump(void)
{
	write_lock(&narrow_lock);
	narrow_value++;
	write_unlock(&narrow_lock);
}
