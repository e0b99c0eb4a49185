// SPDX-License-Identifier: GPL-2.0
/* an open-coded chain of entries that are no sockets a reader holds: refused, who frees them is not seen */
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

int item_exists(struct item_net *pn, int id)
{
	int found;

	read_lock(&pn->hash_lock);
	found = __get_item(pn, id) != NULL;
	read_unlock(&pn->hash_lock);
	return found;
}

void add_item(struct item_net *pn, struct item *po)
{
	write_lock(&pn->hash_lock);
	__link_item(pn, po);
	write_unlock(&pn->hash_lock);
}
