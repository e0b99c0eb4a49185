// The rwlock_t member "lock" of struct cache: its declaration, static and
// run-time initialisation, and calls through a typed pointer or object.
// struct other_cache has a member "lock" too: left alone.  A call on an
// expression spatch cannot type (find_cache() has no prototype here) is
// left alone and reported.
struct cache {
	int hits;
	rwlock_t lock;
};

struct other_cache {
	rwlock_t lock;
	int hits;
};

static struct cache boot_cache = {
	.hits = 0,
	.lock = __RW_LOCK_UNLOCKED(boot_cache.lock),
};

static struct other_cache boot_other = {
	.lock = __RW_LOCK_UNLOCKED(boot_other.lock),
};

struct cache *cache_of(int cpu);

static void cache_init(struct cache *c, struct other_cache *o)
{
	rwlock_init(&c->lock);
	rwlock_init(&o->lock);
	c->hits = 0;
}

static int cache_hits(struct cache *c, struct other_cache *o)
{
	int n;

	read_lock(&c->lock);
	n = c->hits;
	read_unlock(&c->lock);
	read_lock(&o->lock);
	n += o->hits;
	read_unlock(&o->lock);
	write_lock(&boot_cache.lock);
	boot_cache.hits++;
	write_unlock(&boot_cache.lock);
	return n;
}

static void cache_bump(int cpu)
{
	write_lock(&cache_of(cpu)->lock);
	cache_of(cpu)->hits++;
	write_unlock(&cache_of(cpu)->lock);
	write_lock(&find_cache(cpu)->lock);
	find_cache(cpu)->hits++;
	write_unlock(&find_cache(cpu)->lock);
}
