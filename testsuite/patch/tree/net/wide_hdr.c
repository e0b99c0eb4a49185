// SPDX-License-Identifier: GPL-2.0
/* no use of wide_lock of its own: it uses the header's wide_peek() */
#include <wide.h>

int wide_hdr_get(void)
{
	return wide_peek();
}
