/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lfvm_compat.h - the test module on every VM kernel (6.1, 7.2), its
 * source as it is: module-broken.patch and module-bh.patch are byte for
 * byte what the rewrite makes of it.  Included by Kbuild (-include).
 */
#include <linux/version.h>

/* del_timer_sync() became timer_delete_sync() in 6.2, the old name went in 6.15 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 15, 0)
#define del_timer_sync timer_delete_sync
#endif
