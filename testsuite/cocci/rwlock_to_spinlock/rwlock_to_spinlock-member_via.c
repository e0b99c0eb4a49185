/* A lock in a struct that is embedded in another (struct outer_net's
 * ipv6 is a struct inner_ns): reached as &net->ipv6.walker_lock. */
struct inner_ns {
	rwlock_t walker_lock;
	int n;
};

struct outer_net {
	int id;
	struct inner_ns ipv6;
};

/* another struct with a member of the same name: not the lock */
struct other_ns {
	rwlock_t walker_lock;
};

struct other_net {
	struct other_ns ipv6;
};

static void link_walker(struct outer_net *net)
{
	write_lock_bh(&net->ipv6.walker_lock);
	net->ipv6.n++;
	write_unlock_bh(&net->ipv6.walker_lock);
}

static int walk(struct outer_net *net)
{
	int n;

	read_lock(&net->ipv6.walker_lock);
	n = net->ipv6.n;
	read_unlock(&net->ipv6.walker_lock);
	return n;
}

static void on_stack(void)
{
	struct outer_net net;

	rwlock_init(&net.ipv6.walker_lock);
}

static void direct(struct inner_ns *ns)
{
	read_lock(&ns->walker_lock);
	read_unlock(&ns->walker_lock);
}

static void other(struct other_net *o)
{
	read_lock(&o->ipv6.walker_lock);
	read_unlock(&o->ipv6.walker_lock);
}
