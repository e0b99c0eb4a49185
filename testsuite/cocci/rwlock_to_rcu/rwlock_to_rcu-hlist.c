// SPDX-License-Identifier: GPL-2.0
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#define SESS_HASH 16

struct sess {
	struct hlist_node hnode;
	struct rcu_head rcu_free;
	u32 id;
	u32 peer;
};

struct sess_net {
	struct hlist_head table[SESS_HASH];
	rwlock_t lock;
};

static struct sess *__sess_find(struct sess_net *sn, u32 id)
{
	struct sess *s;

	hlist_for_each_entry(s, &sn->table[id % SESS_HASH], hnode)
		if (s->id == id)
			return s;
	return NULL;
}

u32 sess_peer(struct sess_net *sn, u32 id)
{
	struct sess *s;
	u32 peer = 0;

	read_lock_bh(&sn->lock);
	s = __sess_find(sn, id);
	if (s)
		peer = s->peer;
	read_unlock_bh(&sn->lock);
	return peer;
}

int sess_count(struct sess_net *sn)
{
	struct sess *s;
	int i, n = 0;

	read_lock_irq(&sn->lock);
	for (i = 0; i < SESS_HASH; i++)
		hlist_for_each_entry(s, &sn->table[i], hnode)
			n++;
	read_unlock_irq(&sn->lock);
	return n;
}

int sess_add(struct sess_net *sn, struct sess *s)
{
	unsigned long flags;
	int err = 0;

	write_lock_irqsave(&sn->lock, flags);
	if (__sess_find(sn, s->id))
		err = -EEXIST;
	else
		hlist_add_head(&s->hnode, &sn->table[s->id % SESS_HASH]);
	write_unlock_irqrestore(&sn->lock, flags);
	return err;
}

void sess_del(struct sess_net *sn, u32 id)
{
	struct sess *s;

	write_lock_irq(&sn->lock);
	s = __sess_find(sn, id);
	if (s)
		hlist_del_init(&s->hnode);
	write_unlock_irq(&sn->lock);
	kfree(s);
}

void sess_net_init(struct sess_net *sn)
{
	int i;

	for (i = 0; i < SESS_HASH; i++)
		INIT_HLIST_HEAD(&sn->table[i]);
	rwlock_init(&sn->lock);
}
