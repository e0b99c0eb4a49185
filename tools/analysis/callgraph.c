// SPDX-License-Identifier: GPL-2.0
/*
 * callgraph.c - index the "calls" records by caller and by callee, and
 * find what lies within hot_call_depth calls of a hot entry point.
 *
 * The records name a static function "file:name" in every unit that
 * compiles it (a static inline of a header is one function per unit),
 * and callees the same way, so a name is one function everywhere.
 * Indirect calls are not in the records: a hot path through a function
 * pointer is cut there.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "records/rules.h"
#include "analysis/callgraph.h"
#include "analysis/where.h"

bool lf_fn_visible(const char *function, const char *tu)
{
	const char *colon = strrchr(function, ':');
	size_t n = colon ? (size_t)(colon - function) : 0;

	return !colon || (strlen(tu) == n && !strncmp(function, tu, n));
}

/*
 * The lists are built in two passes: count, then fill one exact slice of
 * one array each.  (Grown one by one, the lists of a 640-unit build took
 * more memory than the calls records themselves.)
 */
struct lists {
	struct { struct lf_callsites **v; size_t n, cap; } all;
	size_t calls;
};

static void count(struct lists *ls, struct pairmap *m, const char *key)
{
	struct lf_callsites *l = pairmap_get(m, key, NULL);

	if (!l) {
		l = xcalloc(1, sizeof(*l));
		pairmap_put(m, key, NULL, l);
		VEC_PUSH(&ls->all, l);
	}
	l->cap++;
	ls->calls++;
}

static void place(struct lists *ls)
{
	struct lf_callsite *v = xmalloc(ls->calls * sizeof(*v));

	for (size_t i = 0; i < ls->all.n; i++) {
		ls->all.v[i]->v = v;
		v += ls->all.v[i]->cap;
	}
	free(ls->all.v);
}

static void add(struct pairmap *m, const char *key, struct lf_callsite cs)
{
	struct lf_callsites *l = pairmap_get(m, key, NULL);

	l->v[l->n++] = cs;
}

static const struct lf_callsites none;

const struct lf_callsites *lf_callers(const struct lf_callgraph *g,
				      const char *function)
{
	/* the maps are keyed by interned names (pairmap) */
	const struct lf_callsites *l = pairmap_get(g->callers,
						   lf_intern(function), NULL);

	return l ? l : &none;
}

bool lf_hot_reach(const struct lf_callgraph *g, const char *function,
		  struct lf_hot *out)
{
	const struct lf_hot *h = pairmap_get(g->hot, lf_intern(function), NULL);

	if (h) {
		*out = *h;
		return true;
	}
	/* an entry point that calls nothing has no calls record */
	out->entry = function;
	out->depth = 0;
	return lf_rules_is_hot(g->rules, function);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

struct names {
	const char **v;
	size_t n, cap;
};

static void mark(struct lf_callgraph *g, struct names *queue,
		 const char *fn, const char *entry, int depth)
{
	struct lf_hot *h;

	if (pairmap_get(g->hot, fn, NULL))
		return;
	h = xmalloc(sizeof(*h));
	h->entry = entry;
	h->depth = depth;
	pairmap_put(g->hot, fn, NULL, h);
	VEC_PUSH(queue, fn);
}

/*
 * Breadth first from every entry point at once, entries in name order:
 * each function gets its nearest entry, and the same one on every run.
 */
static void reach(struct lf_callgraph *g, const struct lf_records *recs)
{
	struct names queue = { 0 }, entries = { 0 };

	g->hot = pairmap_new();
	for (size_t i = 0; i < recs->recs.n; i++) {
		const struct lf_rec *r = &recs->recs.v[i];

		if (r->kind == LF_REC_CALLS &&
		    lf_rules_is_hot(g->rules, r->function))
			VEC_PUSH(&entries, r->function);
	}
	lf_sort(entries.v, entries.n, sizeof(*entries.v), cmp_str);
	for (size_t i = 0; i < entries.n; i++)
		mark(g, &queue, entries.v[i], entries.v[i], 0);
	for (size_t i = 0; i < queue.n; i++) {
		const struct lf_hot *h = pairmap_get(g->hot, queue.v[i], NULL);
		const struct lf_callsites *body = pairmap_get(g->bodies,
							      queue.v[i], NULL);

		if (h->depth >= g->rules->hot_call_depth)
			continue;
		for (size_t j = 0; body && j < body->n; j++)
			mark(g, &queue, body->v[j].call->callee, h->entry,
			     h->depth + 1);
	}
	free(entries.v);
	free(queue.v);
}

void lf_callgraph_build(const struct lf_records *recs,
			const struct lf_rules *rules, struct lf_callgraph *g)
{
	struct lists ls = { 0 };

	memset(g, 0, sizeof(*g));
	g->rules = rules;
	g->callers = pairmap_new();
	g->bodies = pairmap_new();
	for (int fill = 0; fill < 2; fill++) {
		for (size_t i = 0; i < recs->recs.n; i++) {
			const struct lf_rec *r = &recs->recs.v[i];

			if (r->kind != LF_REC_CALLS)
				continue;
			for (size_t j = 0; j < r->callees.n; j++) {
				struct lf_callsite cs = { r, &r->callees.v[j] };
				bool visible = lf_fn_visible(cs.call->callee, r->tu);

				if (!fill) {
					count(&ls, g->bodies, r->function);
					if (visible)
						count(&ls, g->callers, cs.call->callee);
					continue;
				}
				add(g->bodies, r->function, cs);
				if (visible)
					add(g->callers, cs.call->callee, cs);
			}
		}
		if (!fill)
			place(&ls);
	}
	reach(g, recs);
	lf_where_build(recs, rules, g);
}
