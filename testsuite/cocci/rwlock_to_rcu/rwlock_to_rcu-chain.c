// SPDX-License-Identifier: GPL-2.0
/* pppoe's shape (Linux 6.12): an open-coded chain, sock_hold() in the reader */
#include <linux/seq_file.h>
#include <linux/spinlock.h>
#include <net/sock.h>

struct item {
	struct item *next;
	struct sock sk;
	int id;
};

struct item_net {
	struct item *hash_table[16];
	rwlock_t hash_lock;
};

static struct item *__get_item(struct item_net *pn, int id)
{
	struct item *ret = pn->hash_table[id & 15];

	while (ret) {
		if (ret->id == id)
			return ret;
		ret = ret->next;
	}
	return NULL;
}

struct item *get_item(struct item_net *pn, int id)
{
	struct item *po;

	read_lock_bh(&pn->hash_lock);
	po = __get_item(pn, id);
	if (po)
		sock_hold(&po->sk);
	read_unlock_bh(&pn->hash_lock);
	return po;
}

static void *item_seq_start(struct seq_file *seq, loff_t *pos)
	__acquires(pn->hash_lock)
{
	struct item_net *pn = seq->private;

	read_lock_bh(&pn->hash_lock);
	return *pos ? NULL : SEQ_START_TOKEN;
}

static void item_seq_stop(struct seq_file *seq, void *v)
	__releases(pn->hash_lock)
{
	struct item_net *pn = seq->private;

	read_unlock_bh(&pn->hash_lock);
}
