// SPDX-License-Identifier: GPL-2.0
/* an open-coded chain of sockets the file does not create (no sock_init_data() to set SOCK_RCU_FREE after): refused */
#include <linux/seq_file.h>
#include <linux/spinlock.h>
#include <net/sock.h>

struct item {
	struct sock sk;
	struct item *next;
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

static void __link_item(struct item_net *pn, struct item *po)
{
	po->next = pn->hash_table[po->id & 15];
	pn->hash_table[po->id & 15] = po;
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

void add_item(struct item_net *pn, struct item *po)
{
	write_lock_bh(&pn->hash_lock);
	__link_item(pn, po);
	write_unlock_bh(&pn->hash_lock);
}
