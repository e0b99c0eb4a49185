/* SPDX-License-Identifier: GPL-2.0 */
#ifndef LFEXT_H
#define LFEXT_H

#include <linux/spinlock.h>

/* A lock of the module's own struct: its users are the module's files. */
struct lfext_dev {
	rwlock_t lock;
	int state;
};

struct sock;

extern struct lfext_dev lfext_dev0;

int lfext_sk_data(struct sock *sk);

int lfext_dev_state(struct lfext_dev *d);
void lfext_dev_set(struct lfext_dev *d, int state);

#endif
