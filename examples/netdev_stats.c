/* Example: per-device statistics behind an rwlock whose read sections are
 * a handful of loads: the rwlock buys nothing, a spinlock_t is cheaper. */
#include <linux/spinlock.h>

struct netdev_stats {
	rwlock_t lock;
	unsigned long rx_packets, tx_packets, rx_bytes, tx_bytes;
};

unsigned long stats_rx(struct netdev_stats *s)
{
	unsigned long v;

	read_lock_bh(&s->lock);
	v = s->rx_packets;
	read_unlock_bh(&s->lock);
	return v;
}

unsigned long stats_tx(struct netdev_stats *s)
{
	unsigned long v;

	read_lock_bh(&s->lock);
	v = s->tx_packets;
	read_unlock_bh(&s->lock);
	return v;
}

void stats_add_rx(struct netdev_stats *s, unsigned long bytes)
{
	write_lock_bh(&s->lock);
	s->rx_packets++;
	s->rx_bytes += bytes;
	write_unlock_bh(&s->lock);
}
