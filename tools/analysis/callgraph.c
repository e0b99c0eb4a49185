// SPDX-License-Identifier: GPL-2.0
/*
 * callgraph.c - index the "calls" records by caller and by callee; where.c
 * then finds the entry points that reach each function.
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
#include "records/tables.h"
#include "analysis/callgraph.h"

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

static const struct lf_recs no_recs;

const struct lf_recs *lf_body_of(const struct lf_callgraph *g,
				 const char *function)
{
	const struct lf_recs *l = pairmap_get(g->bodies, lf_intern(function),
					      NULL);

	return l ? l : &no_recs;
}

/* g->bodies: each function's calls records, in one array (a function
 * has one but where several units define it), counted first. */
static void index_bodies(const struct lf_records *recs, struct lf_callgraph *g)
{
	struct { struct lf_recs **v; size_t n, cap; } all = { 0 };
	const struct lf_rec **slice;
	size_t total = 0;

	g->bodies = pairmap_new();
	for (size_t i = 0; i < recs->recs.n; i++) {
		const struct lf_rec *r = recs->recs.v[i];
		struct lf_recs *l;

		if (r->kind != LF_REC_CALLS || !r->callees.n)
			continue;
		if (!(l = pairmap_get(g->bodies, r->function, NULL))) {
			l = xcalloc(1, sizeof(*l));
			pairmap_put(g->bodies, r->function, NULL, l);
			VEC_PUSH(&all, l);
		}
		l->cap++;
		total++;
	}
	slice = xmalloc((total ? total : 1) * sizeof(*slice));
	for (size_t i = 0; i < all.n; i++) {
		all.v[i]->v = slice;
		slice += all.v[i]->cap;
	}
	free(all.v);
	for (size_t i = 0; i < recs->recs.n; i++) {
		const struct lf_rec *r = recs->recs.v[i];
		struct lf_recs *l;

		if (r->kind == LF_REC_CALLS && r->callees.n) {
			l = pairmap_get(g->bodies, r->function, NULL);
			l->v[l->n++] = r;
		}
	}
}

const struct lf_recs *lf_excl_of(const struct lf_callgraph *g,
				 const char *function)
{
	const struct lf_recs *l = g->excl ? pairmap_get(g->excl,
					    lf_intern(function), NULL) : NULL;

	return l ? l : &no_recs;
}

/* Sections of an exclusive lock (excl, write), and releases: what
 * serialises the functions they call (checks/serialized.c). */
static void index_excl(const struct lf_records *recs, struct lf_callgraph *g)
{
	g->excl = pairmap_new();
	for (size_t i = 0; i < recs->recs.n; i++) {
		const struct lf_rec *r = recs->recs.v[i];
		struct lf_recs *l;

		if ((r->kind != LF_REC_RELEASE_ONLY && r->kind != LF_REC_SECTION) ||
		    !r->function || !r->mode || (r->kind == LF_REC_SECTION &&
		     strcmp(r->mode, "excl") && strcmp(r->mode, "write")))
			continue;
		if (!(l = pairmap_get(g->excl, r->function, NULL))) {
			l = xcalloc(1, sizeof(*l));
			pairmap_put(g->excl, r->function, NULL, l);
		}
		VEC_PUSH(l, r);
	}
}

void lf_callgraph_build(const struct lf_records *recs,
			const struct lf_rules *rules, struct lf_callgraph *g)
{
	struct lists ls = { 0 };

	memset(g, 0, sizeof(*g));
	g->rules = rules;
	g->callers = pairmap_new();
	for (int fill = 0; fill < 2; fill++) {
		for (size_t i = 0; i < recs->recs.n; i++) {
			const struct lf_rec *r = recs->recs.v[i];

			if (r->kind != LF_REC_CALLS)
				continue;
			for (size_t j = 0; j < r->callees.n; j++) {
				struct lf_callsite cs = { r, &r->callees.v[j] };

				if (!lf_fn_visible(cs.call->callee, r->tu))
					continue;
				if (!fill)
					count(&ls, g->callers, cs.call->callee);
				else
					add(g->callers, cs.call->callee, cs);
			}
		}
		if (!fill)
			place(&ls);
	}
	index_bodies(recs, g);
	index_excl(recs, g);
}
