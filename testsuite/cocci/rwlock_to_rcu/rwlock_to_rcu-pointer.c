// SPDX-License-Identifier: GPL-2.0
/* struct channel::upl's shape (ppp_generic.c, Linux 6.12): one pointer
 * published under the write lock, read in bh by sections that walk no
 * list; a helper the push section calls reads it too */
#include <linux/spinlock.h>
#include <linux/slab.h>

struct unit {
	int index;
	int refs;
};

struct chan {
	struct unit *up;
	rwlock_t upl;
	int queued;
};

static void unit_put(struct unit *u);
static void unit_xmit(struct unit *u);

static void __chan_push(struct chan *ch)
{
	struct unit *up;

	up = ch->up;
	if (up)
		unit_xmit(up);
}

static void chan_push(struct chan *ch)
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

	if (ch) {
		read_lock_bh(&ch->upl);
		if (ch->up)
			unit = ch->up->index;
		read_unlock_bh(&ch->upl);
	}
	return unit;
}

void chan_input(struct chan *ch, int n)
{
	int up = n;

	read_lock_bh(&ch->upl);
	if (!ch->up)
		goto done;
	ch->up->refs += up;
done:
	read_unlock_bh(&ch->upl);
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
	int ret = -EBUSY;

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
