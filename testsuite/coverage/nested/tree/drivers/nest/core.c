#include <linux/nest.h>

int outer_get(struct outer *o)
{
	int n;

	read_lock(&o->in.lock);
	n = o->in.n;
	read_unlock(&o->in.lock);
	return n;
}

void outer_set(struct outer *o, int n)
{
	write_lock(&o->in.lock);
	o->in.n = n;
	write_unlock(&o->in.lock);
}

void shell_init(struct shell *s)
{
	rwlock_init(&s->out.in.lock);
}

void other_take(struct other *p)
{
	read_lock(&p->in.lock);
	read_unlock(&p->in.lock);
}

int cell_get(cellbox_t *b)
{
	int v;

	read_lock(&b->c.lock);
	v = 1;
	read_unlock(&b->c.lock);
	return v;
}

void cell_set(cellbox_t *b)
{
	write_lock(&b->c.lock);
	write_unlock(&b->c.lock);
}
