// SPDX-License-Identifier: GPL-2.0
#include <linux/rcupdate.h>

/* one pointer published under the write lock, read in bh (struct
 * channel::upl's shape in ppp_generic.c): rcu */
struct unit {
	int index;
	int refs;
};

struct chan {
	struct unit *up;
	rwlock_t upl;
};

void unit_put(struct unit *u);
void unit_xmit(struct unit *u);
void chan_push(struct chan *ch);
int chan_unit(struct chan *ch);
struct chan *chan_new(void);
int chan_connect(struct chan *ch, struct unit *u);
void chan_disconnect(struct chan *ch);

static void __chan_push(struct chan *ch)
{
	struct unit *up;

	up = ch->up;
	if (up)
		unit_xmit(up);
}

void chan_push(struct chan *ch)
{
	read_lock_bh(&ch->upl);
	if (ch->up) {
		ch->up->refs++;
		__chan_push(ch);
	}
	read_unlock_bh(&ch->upl);
}

int chan_unit(struct chan *ch)
{
	int unit = -1;

	read_lock_bh(&ch->upl);
	if (ch->up)
		unit = ch->up->index;
	read_unlock_bh(&ch->upl);
	return unit;
}

struct chan *chan_new(void)
{
	struct chan *ch = kzalloc(sizeof(*ch), GFP_KERNEL);

	if (!ch)
		return NULL;
	ch->up = NULL;
	rwlock_init(&ch->upl);
	return ch;
}

int chan_connect(struct chan *ch, struct unit *u)
{
	int ret = -1;

	write_lock_bh(&ch->upl);
	if (!ch->up) {
		ch->up = u;
		ret = 0;
	}
	write_unlock_bh(&ch->upl);
	return ret;
}

void chan_disconnect(struct chan *ch)
{
	struct unit *u;

	write_lock_bh(&ch->upl);
	u = ch->up;
	ch->up = NULL;
	write_unlock_bh(&ch->upl);
	if (u)
		unit_put(u);
}
