// An RCU conversion with its two classic mistakes (a walk without _rcu,
// in the section and in a helper it calls; a kfree() left after
// list_del_rcu()), beside the right forms, which give no finding.
#include <linux/rculist.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

struct obj {
	struct list_head node;
	struct hlist_node hnode;
	int key;
	struct rcu_head rcu;
};

static LIST_HEAD(objs);
static struct hlist_head table[16];
static DEFINE_SPINLOCK(objs_lock);

static bool obj_known_plain(int key)
{
	struct obj *o;
	bool found = false;

	rcu_read_lock();
	list_for_each_entry(o, &objs, node)
		if (o->key == key)
			found = true;
	rcu_read_unlock();
	return found;
}

static struct obj *obj_bucket_walk(int key)
{
	struct obj *o;

	hlist_for_each_entry(o, &table[key & 15], hnode)
		if (o->key == key)
			return o;
	return NULL;
}

static bool obj_hashed(int key)
{
	bool found;

	rcu_read_lock_bh();
	found = obj_bucket_walk(key) != NULL;
	rcu_read_unlock_bh();
	return found;
}

static bool obj_known_rcu(int key)
{
	struct obj *o;
	bool found = false;

	rcu_read_lock();
	list_for_each_entry_rcu(o, &objs, node)
		if (o->key == key)
			found = true;
	rcu_read_unlock();
	return found;
}

static void obj_del_kfree(struct obj *o)
{
	spin_lock(&objs_lock);
	list_del_rcu(&o->node);
	spin_unlock(&objs_lock);
	kfree(o);
}

static void obj_unhash_kfree(struct obj *o)
{
	spin_lock_bh(&objs_lock);
	hlist_del_init_rcu(&o->hnode);
	spin_unlock_bh(&objs_lock);
	kfree(o);
}

static void obj_del_synced(struct obj *o)
{
	spin_lock(&objs_lock);
	list_del_rcu(&o->node);
	spin_unlock(&objs_lock);
	synchronize_rcu();
	kfree(o);
}

static void obj_del_rcu(struct obj *o)
{
	spin_lock(&objs_lock);
	list_del_rcu(&o->node);
	spin_unlock(&objs_lock);
	kfree_rcu(o, rcu);
}
