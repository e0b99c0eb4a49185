/* struct channel::upl of drivers/net/ppp/ppp_generic.c in small: long
 * bh readers on the transmit (file_operations.write) and receive paths,
 * five writers, all in the ioctl under chan_mutex: rare writers, an rcu
 * verdict.  struct chan::busy: the same, but one writer runs on the
 * transmit path: keep.  stats_lock: short readers on the receive path,
 * on a lock every CPU takes: a spinlock_t only with lock_stat evidence
 * that they rarely overlap. */
#include <linux/spinlock.h>
#include <linux/mutex.h>

struct chan {
	rwlock_t upl;
	rwlock_t busy;
	struct chan *next;
	int unit;
};

static DEFINE_MUTEX(chan_mutex);
static DEFINE_RWLOCK(stats_lock);
static long rx_packets;

/* ---- readers: long (a walk), in bh, hot ---- */
long chan_push(struct chan *pch)
{
	struct chan *p;
	long n = 0;

	read_lock_bh(&pch->upl);
	for (p = pch->next; p; p = p->next)
		n += p->unit;
	read_unlock_bh(&pch->upl);
	read_lock_bh(&pch->busy);
	for (p = pch->next; p; p = p->next)
		n += p->unit;
	read_unlock_bh(&pch->busy);
	return n;
}

void chan_input(struct chan *pch)
{
	struct chan *p;
	long n;

	read_lock_bh(&pch->upl);
	for (p = pch->next; p; p = p->next)
		p->unit++;
	read_unlock_bh(&pch->upl);
	read_lock_bh(&pch->busy);
	for (p = pch->next; p; p = p->next)
		p->unit++;
	read_unlock_bh(&pch->busy);
	read_lock(&stats_lock);
	n = rx_packets;
	read_unlock(&stats_lock);
	(void)n;
}

/* ---- writers ---- */
static void chan_connect(struct chan *pch)
{
	write_lock_bh(&pch->upl);
	pch->unit = 1;
	write_unlock_bh(&pch->upl);
	write_lock_bh(&pch->busy);
	pch->unit = 1;
	write_unlock_bh(&pch->busy);
}

static void chan_disconnect(struct chan *pch)
{
	write_lock_bh(&pch->upl);
	pch->unit = 0;
	write_unlock_bh(&pch->upl);
	write_lock_bh(&pch->busy);
	pch->unit = 0;
	write_unlock_bh(&pch->busy);
}

static void chan_bridge(struct chan *pch, struct chan *b)
{
	write_lock_bh(&pch->upl);
	pch->next = b;
	write_unlock_bh(&pch->upl);
	write_lock_bh(&b->upl);
	b->next = pch;
	write_unlock_bh(&b->upl);
	write_lock_bh(&pch->busy);
	pch->next = b;
	write_unlock_bh(&pch->busy);
}

static void chan_unbridge(struct chan *pch)
{
	write_lock_bh(&pch->upl);
	pch->next = 0;
	write_unlock_bh(&pch->upl);
	write_lock_bh(&pch->busy);
	pch->next = 0;
	write_unlock_bh(&pch->busy);
}

long chan_ioctl(struct chan *pch, unsigned int cmd, struct chan *b)
{
	mutex_lock(&chan_mutex);
	switch (cmd) {
	case 1: chan_connect(pch); break;
	case 2: chan_disconnect(pch); break;
	case 3: chan_bridge(pch, b); break;
	default: chan_unbridge(pch); break;
	}
	mutex_unlock(&chan_mutex);
	return 0;
}

/* the transmit path writes busy too: not rare */
long chan_write(struct chan *pch)
{
	write_lock_bh(&pch->busy);
	pch->unit++;
	write_unlock_bh(&pch->busy);
	return chan_push(pch);
}

void stats_reset(void)
{
	write_lock(&stats_lock);
	rx_packets = 0;
	write_unlock(&stats_lock);
}
