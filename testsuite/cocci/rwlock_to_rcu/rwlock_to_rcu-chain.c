// SPDX-License-Identifier: GPL-2.0
/* pppoe's shape (Linux 6.12): a hash table of open-coded chains, sock_hold()
 * in the reader, a seq_file read section from start to stop */
#include <linux/net.h>
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

static int __set_item(struct item_net *pn, struct item *po)
{
	int hash = po->id & 15;
	struct item *ret;

	ret = pn->hash_table[hash];
	while (ret) {
		if (ret->id == po->id)
			return -EALREADY;
		ret = ret->next;
	}
	po->next = pn->hash_table[hash];
	pn->hash_table[hash] = po;
	return 0;
}

static void __delete_item(struct item_net *pn, struct item *po)
{
	int hash = po->id & 15;
	struct item *ret, **src;

	ret = pn->hash_table[hash];
	src = &pn->hash_table[hash];
	while (ret) {
		if (ret == po) {
			*src = ret->next;
			break;
		}
		src = &ret->next;
		ret = ret->next;
	}
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

int set_item(struct item_net *pn, struct item *po)
{
	int error;

	po->next = NULL;
	write_lock_bh(&pn->hash_lock);
	error = __set_item(pn, po);
	write_unlock_bh(&pn->hash_lock);
	return error;
}

void delete_item(struct item_net *pn, struct item *po)
{
	write_lock_bh(&pn->hash_lock);
	__delete_item(pn, po);
	write_unlock_bh(&pn->hash_lock);
}

void flush(struct item_net *pn, int id)
{
	int i;

	write_lock_bh(&pn->hash_lock);
	for (i = 0; i < 16; i++) {
		struct item *po = pn->hash_table[i];

		while (po) {
			while (po && po->id != id)
				po = po->next;
			if (!po)
				break;
			sock_hold(&po->sk);
			write_unlock_bh(&pn->hash_lock);
			lock_sock(&po->sk);
			release_sock(&po->sk);
			sock_put(&po->sk);
			write_lock_bh(&pn->hash_lock);
			po = pn->hash_table[i];
		}
	}
	write_unlock_bh(&pn->hash_lock);
}

static int item_create(struct net *net, struct socket *sock, int kern)
{
	struct sock *sk;

	sk = sk_alloc(net, PF_PPPOX, GFP_KERNEL, NULL, kern);
	if (!sk)
		return -ENOMEM;
	sock_init_data(sock, sk);
	sk->sk_state = 0;
	return 0;
}

static struct item *item_get_idx(struct item_net *pn, loff_t pos)
{
	struct item *po;
	int i;

	for (i = 0; i < 16; i++) {
		po = pn->hash_table[i];
		while (po) {
			if (!pos--)
				goto out;
			po = po->next;
		}
	}
out:
	return po;
}

static void *item_seq_start(struct seq_file *seq, loff_t *pos)
	__acquires(pn->hash_lock)
{
	struct item_net *pn = seq->private;
	loff_t l = *pos;

	read_lock_bh(&pn->hash_lock);
	return l ? item_get_idx(pn, --l) : SEQ_START_TOKEN;
}

static void *item_seq_next(struct seq_file *seq, void *v, loff_t *pos)
{
	struct item_net *pn = seq->private;
	struct item *po;

	++*pos;
	if (v == SEQ_START_TOKEN) {
		po = item_get_idx(pn, 0);
		goto out;
	}
	po = v;
	if (po->next)
		po = po->next;
	else {
		int hash = po->id & 15;

		po = NULL;
		while (++hash < 16) {
			po = pn->hash_table[hash];
			if (po)
				break;
		}
	}
out:
	return po;
}

static int item_seq_show(struct seq_file *seq, void *v)
{
	struct item *po = v;

	if (v != SEQ_START_TOKEN)
		seq_printf(seq, "%d\n", po->id);
	return 0;
}

static void item_seq_stop(struct seq_file *seq, void *v)
	__releases(pn->hash_lock)
{
	struct item_net *pn = seq->private;

	read_unlock_bh(&pn->hash_lock);
}

static const struct seq_operations item_seq_ops = {
	.start		= item_seq_start,
	.next		= item_seq_next,
	.stop		= item_seq_stop,
	.show		= item_seq_show,
};

void item_net_init(struct item_net *pn)
{
	rwlock_init(&pn->hash_lock);
}
