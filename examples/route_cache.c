/* Example: a route cache whose readers walk a list (long read sections:
 * keep the rwlock), and a config lock one reader takes recursively (a
 * spinlock_t would deadlock: unsafe to convert). */
#include <linux/spinlock.h>
#include <linux/list.h>

struct route { unsigned int dst; unsigned int gw; struct list_head node; };

static DEFINE_RWLOCK(route_lock);
static DEFINE_RWLOCK(config_lock);
static struct list_head routes;
static int config_mtu, config_ttl;

unsigned int route_lookup(unsigned int dst)
{
	struct route *r;
	unsigned int gw = 0;

	read_lock(&route_lock);
	list_for_each_entry(r, &routes, node) {
		if (r->dst == dst) {
			gw = r->gw;
			break;
		}
	}
	read_unlock(&route_lock);
	return gw;
}

void route_add(struct route *r)
{
	write_lock(&route_lock);
	r->node.next = routes.next;
	routes.next = &r->node;
	write_unlock(&route_lock);
}

static int config_ttl_locked(void)
{
	int ttl;

	read_lock(&config_lock);
	ttl = config_ttl;
	read_unlock(&config_lock);
	return ttl;
}

int config_get(int *mtu)
{
	int ttl;

	read_lock(&config_lock);
	*mtu = config_mtu;
	ttl = config_ttl_locked();
	read_lock(&config_lock);
	read_unlock(&config_lock);
	read_unlock(&config_lock);
	return ttl;
}

void config_set(int mtu, int ttl)
{
	write_lock(&config_lock);
	config_mtu = mtu;
	config_ttl = ttl;
	write_unlock(&config_lock);
}
