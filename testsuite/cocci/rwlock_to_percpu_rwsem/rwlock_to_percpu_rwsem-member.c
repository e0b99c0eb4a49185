// The member "sem" of struct tree: init in a function returning int gets
// its error path; init in a function returning a pointer is left and
// reported; kfree() of a struct tree gets percpu_free_rwsem() first.
// struct forest's "sem" is another lock.
struct tree {
	struct rw_semaphore sem;
	int nodes;
};

struct forest {
	struct rw_semaphore sem;
};

int tree_setup(struct tree *t, struct forest *f)
{
	init_rwsem(&t->sem);
	init_rwsem(&f->sem);
	t->nodes = 0;
	return 0;
}

struct tree *tree_new(void)
{
	struct tree *t = kzalloc(sizeof(*t), GFP_KERNEL);

	if (!t)
		return NULL;
	init_rwsem(&t->sem);
	return t;
}

void tree_free(struct tree *t, struct forest *f)
{
	kfree(f);
	kfree(t);
}

int tree_nodes(struct tree *t)
{
	int n;

	down_read(&t->sem);
	n = t->nodes;
	up_read(&t->sem);
	return n;
}
