// SPDX-License-Identifier: GPL-2.0
/*
 * lockorder.c - build the lock-order graph and find the cycles that a
 * rwlock -> spinlock conversion would turn into deadlocks.
 *
 * Member identities ("struct sock::sk_callback_lock") stand for every
 * object of the type, so two instances nested in each other look like a
 * cycle.  That errs towards "unsafe", the side a conversion can afford.
 * The search for cycles first measures, backwards from the lock, how far
 * each lock is from it: a first hop that cannot get back costs nothing,
 * and one that can follows only edges that get nearer.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "analysis/lockorder.h"

static void add_edges(struct lf_graph *g, const struct lf_locks *ls,
		      const struct lf_rec *r, const struct lf_nest *n,
		      struct lf_targets *from, struct lf_targets *to)
{
	lf_resolve(ls, n->lock, n->lock_kind, to);
	for (size_t i = 0; i < from->n; i++)
		for (size_t j = 0; j < to->n; j++)
			VEC_PUSH(&g->edges, ((struct lf_edge){
				.from = from->v[i].lock, .to = to->v[j].lock,
				.from_cls = r->cls, .to_cls = n->cls,
				.from_mode = r->mode, .to_mode = n->mode,
				.held = r, .line = n->line, .via = n->via }));
}

static int cmp_edge(const void *a, const void *b)
{
	const struct lf_edge *x = a, *y = b;
	int c;

	if ((c = strcmp(x->from, y->from)) || (c = strcmp(x->to, y->to)) ||
	    (c = strcmp(x->held->file, y->held->file)))
		return c;
	if (x->held->line != y->held->line)
		return x->held->line < y->held->line ? -1 : 1;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if ((c = strcmp(x->from_mode, y->from_mode)))
		return c;
	return strcmp(x->to_mode, y->to_mode);
}

static void index_edge(struct strmap *m, const char *lock, const struct lf_edge *e)
{
	struct lf_edgelist *l = strmap_get(m, lock);

	if (!l) {
		l = xcalloc(1, sizeof(*l));
		strmap_put(m, lock, l);
	}
	VEC_PUSH(l, e);
}

/* Sort, drop repeats (one place reached through two bindings), index. */
static void finish(struct lf_graph *g)
{
	size_t n = 0;

	lf_sort(g->edges.v, g->edges.n, sizeof(*g->edges.v), cmp_edge);
	for (size_t i = 0; i < g->edges.n; i++)
		if (!n || cmp_edge(&g->edges.v[n - 1], &g->edges.v[i]))
			g->edges.v[n++] = g->edges.v[i];
	g->edges.n = n;
	g->out = strmap_new();
	g->in = strmap_new();
	for (size_t i = 0; i < n; i++) {
		index_edge(g->out, g->edges.v[i].from, &g->edges.v[i]);
		index_edge(g->in, g->edges.v[i].to, &g->edges.v[i]);
	}
}

void lf_graph_build(const struct lf_records *recs, const struct lf_locks *ls,
		    struct lf_graph *g)
{
	struct lf_targets from = { 0 }, to = { 0 };

	memset(g, 0, sizeof(*g));
	for (size_t i = 0; i < recs->recs.n; i++) {
		const struct lf_rec *r = recs->recs.v[i];

		if (r->kind != LF_REC_SECTION || !r->nested.n)
			continue;
		lf_resolve(ls, r->lock, r->lock_kind, &from);
		for (size_t j = 0; j < r->nested.n; j++)
			add_edges(g, ls, r, &r->nested.v[j], &from, &to);
	}
	finish(g);
}

static const struct lf_edgelist none;

const struct lf_edgelist *lf_edges_out(const struct lf_graph *g, const char *lock)
{
	const struct lf_edgelist *l = strmap_get(g->out, lock);

	return l ? l : &none;
}

const struct lf_edgelist *lf_edges_in(const struct lf_graph *g, const char *lock)
{
	const struct lf_edgelist *l = strmap_get(g->in, lock);

	return l ? l : &none;
}

/*
 * How many edges from each lock to a read acquisition of LOCK (not from
 * LOCK itself, and not through it): breadth first backwards.  Locks that
 * cannot get back have none.
 */
static struct strmap *dist_back(const struct lf_graph *g, const char *lock)
{
	struct strmap *dist = strmap_new();
	const struct lf_edgelist *in = lf_edges_in(g, lock);
	struct { const char **v; size_t n, cap; } queue = { 0 };

	for (size_t i = 0; i < in->n; i++) {
		const char *from = in->v[i]->from;

		if (strcmp(in->v[i]->to_mode, "read") || !strcmp(from, lock) ||
		    strmap_get(dist, from))
			continue;
		strmap_put(dist, from, (void *)(uintptr_t)1);
		VEC_PUSH(&queue, from);
	}
	for (size_t q = 0; q < queue.n; q++) {
		uintptr_t d = (uintptr_t)strmap_get(dist, queue.v[q]);

		in = lf_edges_in(g, queue.v[q]);
		for (size_t i = 0; i < in->n; i++) {
			const char *from = in->v[i]->from;

			if (!strcmp(from, lock) || strmap_get(dist, from))
				continue;
			strmap_put(dist, from, (void *)(d + 1));
			VEC_PUSH(&queue, from);
		}
	}
	free(queue.v);
	return dist;
}

/*
 * Breadth first from FIRST->to back to LOCK, entering LOCK only by a read
 * acquisition.  PREV maps each reached lock to the edge that reached it.
 * Only edges one step nearer LOCK (DIST) are followed: the path found is
 * the one a search of the whole graph finds first, without searching the
 * graph again for every first hop.
 */
static bool path_back(const struct lf_graph *g, const char *lock,
		      const struct strmap *dist, const struct lf_edge *first,
		      struct lf_edgelist *path)
{
	struct strmap *prev;
	struct lf_edgelist queue = { 0 };
	const struct lf_edge *last = NULL;

	if (!strmap_get(dist, first->to))
		return false;
	prev = strmap_new();
	strmap_put(prev, first->to, (void *)first);
	VEC_PUSH(&queue, first);
	for (size_t q = 0; q < queue.n && !last; q++) {
		const char *at = queue.v[q]->to;
		uintptr_t d = (uintptr_t)strmap_get(dist, at);
		const struct lf_edgelist *out = lf_edges_out(g, at);

		for (size_t i = 0; i < out->n && !last; i++) {
			const struct lf_edge *e = out->v[i];

			if (!strcmp(e->to, lock)) {
				if (!strcmp(e->to_mode, "read") &&
				    strcmp(e->from, lock))
					last = e;
				continue;
			}
			if ((uintptr_t)strmap_get(dist, e->to) != d - 1 ||
			    strmap_get(prev, e->to))
				continue;
			strmap_put(prev, e->to, (void *)e);
			VEC_PUSH(&queue, e);
		}
	}
	free(queue.v);
	if (!last)
		return false;
	/* Walk back from the last edge to FIRST, then reverse. */
	for (const struct lf_edge *e = last; e != first;
	     e = strmap_get(prev, e->from))
		VEC_PUSH(path, e);
	VEC_PUSH(path, first);
	for (size_t i = 0; i < path->n / 2; i++) {
		const struct lf_edge *t = path->v[i];

		path->v[i] = path->v[path->n - 1 - i];
		path->v[path->n - 1 - i] = t;
	}
	return true;
}

void lf_read_cycles(const struct lf_graph *g, const char *lock,
		    struct lf_cycles *out)
{
	const struct lf_edgelist *first = lf_edges_out(g, lock);
	const char *last_to = NULL;
	struct strmap *dist = NULL;

	for (size_t i = 0; i < first->n; i++) {
		const struct lf_edge *e = first->v[i];
		struct lf_edgelist path = { 0 };

		/* Self edges are recursion, judged on their own. */
		if (!strcmp(e->to, lock) || strcmp(e->from_mode, "read"))
			continue;
		if (last_to && !strcmp(last_to, e->to))
			continue;
		if (!dist)
			dist = dist_back(g, lock);
		if (path_back(g, lock, dist, e, &path)) {
			VEC_PUSH(out, path);
			last_to = e->to;
		}
	}
}
