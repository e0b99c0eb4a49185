// SPDX-License-Identifier: GPL-2.0
/*
 * where.c - where a function runs (where.h).
 *
 * A function's own entries: its binding records (a callback slot, a
 * registration call's handler, a section), an entry macro whose prefix
 * starts its name, rules/hotpaths.tbl.  Their context is the row of
 * rules/entrypoints.tbl; a binding the table does not know (records of
 * another table) is ignored.  Then, breadth first down the calls records
 * of every unit, hot entries first: each function gets the hottest entry
 * that reaches it, the nearest of those, and the chain of calls from it.
 * A hot path of hotpaths.tbl reaches only hot_call_depth calls down, as
 * for bit locks (callgraph.c).  The calls records hold only the calls
 * some check follows (docs/RECORDS.md "calls"): what they cut, this does
 * not reach.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "records/tables.h"
#include "analysis/callgraph.h"
#include "analysis/where.h"

const char *lf_temp_name(enum lf_temp t)
{
	static const char *const names[] = {
		[LF_TEMP_UNKNOWN] = "unknown", [LF_TEMP_COLD] = "cold",
		[LF_TEMP_HOT] = "hot",
	};
	return names[t];
}

const char *lf_exec_name(enum lf_where_exec e)
{
	static const char *const names[] = {
		[LF_EXEC_UNKNOWN] = "unknown", [LF_EXEC_PROCESS] = "process",
		[LF_EXEC_SOFTIRQ] = "softirq", [LF_EXEC_HARDIRQ] = "hardirq",
	};
	return names[e];
}

/* The hottest entry that reaches a function, and from which caller. */
struct lf_reach {
	const struct lf_where *from;	/* an entry of lf_entries_of() */
	const char *parent;	/* the caller on the chain; NULL at VIA */
	int depth;
};

static int yes_no(const char *s)
{
	return !strcmp(s, "yes") ? 1 : !strcmp(s, "no") ? 0 : -1;
}

/* W's context from the table's row E. */
static void from_row(struct lf_where *w, const struct lfr_entry *e)
{
	w->temp = !strcmp(e->temp, "hot") ? LF_TEMP_HOT :
		  !strcmp(e->temp, "unknown") ? LF_TEMP_UNKNOWN : LF_TEMP_COLD;
	w->exec = !strcmp(e->exec, "process") ? LF_EXEC_PROCESS :
		  !strcmp(e->exec, "softirq") ? LF_EXEC_SOFTIRQ :
		  !strcmp(e->exec, "hardirq") ? LF_EXEC_HARDIRQ : LF_EXEC_UNKNOWN;
	w->preempt = yes_no(e->preempt);
	w->sleep = yes_no(e->sleep);
	w->kind = e->kind;
}

static void add(struct lf_callgraph *g, const char *fn, const struct lf_where *w)
{
	struct lf_entries *l = pairmap_get(g->entries, fn, NULL);

	if (!l) {
		l = xcalloc(1, sizeof(*l));
		pairmap_put(g->entries, fn, NULL, l);
	}
	/* one by one: most functions have one entry, and VEC_PUSH()'s
	 * first eight were most of this map on a big build */
	l->v = xrealloc(l->v, (l->n + 1) * sizeof(*l->v));
	l->cap = ++l->n;
	l->v[l->n - 1] = *w;
	l->v[l->n - 1].chain = lf_fn_basename(fn);
}

static void binding(struct lf_callgraph *g, const struct lf_rules *rules,
		    const struct lf_rec *r)
{
	const struct lfr_entry *e = lf_rules_entry(rules, r->entry, r->arg);
	const struct lfr_entry *role;
	struct lf_where w = { .via = r->function };

	if (!e)
		return;
	from_row(&w, e);
	if (r->arg > 0) {
		/* one copy of each: bindings are many, their entries few */
		char *entry = xasprintf("%s:%d", r->entry, r->arg);

		w.entry = lf_intern(entry);
		free(entry);
	} else {
		w.entry = r->entry;
	}
	/* callers nobody read, but a teardown or a registration by what it
	 * is (ppp_unregister_channel): its role row's context */
	if (w.temp == LF_TEMP_UNKNOWN && (role = lf_rules_role(rules, r->function))) {
		from_row(&w, role);
		w.entry = xasprintf("%s %s", r->entry, role->arg);
	}
	/* "bound at" is written when said (lf_where_text()) */
	w.binding = r;
	add(g, r->function, &w);
}

/* Entry macros and hot paths: by name, once per function. */
static void by_name(struct lf_callgraph *g, const struct lf_rules *rules,
		    struct pairmap *seen, const char *fn)
{
	const struct lfr_entry *e;

	if (!fn || !pairmap_add(seen, fn, NULL, seen))
		return;
	if ((e = lf_rules_macro(rules, fn))) {
		struct lf_where w = { .via = fn, .entry = e->name };

		from_row(&w, e);
		add(g, fn, &w);
	}
	/* entered from assembly, or only by the lock primitives */
	if ((e = lf_rules_function(rules, fn))) {
		struct lf_where w = { .via = fn, .entry = e->name };

		from_row(&w, e);
		add(g, fn, &w);
	}
	if (lf_rules_is_hot(rules, fn)) {
		struct lf_where w = {
			.via = fn, .entry = lf_fn_basename(fn), .kind = "hotpath",
			.temp = LF_TEMP_HOT, .preempt = -1, .sleep = -1,
		};

		add(g, fn, &w);
	}
}

/* Hot, then unknown (callers nobody read: maybe hot), then cold. */
static int warmth(enum lf_temp t)
{
	return t == LF_TEMP_HOT ? 2 : t == LF_TEMP_UNKNOWN ? 1 : 0;
}

/* Hotter first, then the table's name: the same choice every run. */
static bool better(const struct lf_where *a, const struct lf_where *b)
{
	if (a->temp != b->temp)
		return warmth(a->temp) > warmth(b->temp);
	return strcmp(a->entry, b->entry) < 0;
}

static const struct lf_where *best_own(const struct lf_entries *l)
{
	const struct lf_where *best = &l->v[0];

	for (size_t i = 1; i < l->n; i++)
		if (better(&l->v[i], best))
			best = &l->v[i];
	return best;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

struct names {
	const char **v;
	size_t n, cap;
};

static void claim(struct lf_callgraph *g, struct names *queue, const char *fn,
		  const struct lf_where *from, const char *parent, int depth)
{
	struct lf_reach *r;

	if (pairmap_get(g->reach, fn, NULL))
		return;
	r = xmalloc(sizeof(*r));
	*r = (struct lf_reach){ from, parent, depth };
	pairmap_put(g->reach, fn, NULL, r);
	VEC_PUSH(queue, fn);
}

/* Breadth first from every seed of temperature TEMP at once. */
static void spread(struct lf_callgraph *g, const struct names *seeds,
		   enum lf_temp temp)
{
	struct names queue = { 0 };

	for (size_t i = 0; i < seeds->n; i++) {
		const struct lf_where *w = best_own(pairmap_get(g->entries,
								seeds->v[i], NULL));

		if (w->temp == temp)
			claim(g, &queue, seeds->v[i], w, NULL, 0);
	}
	for (size_t i = 0; i < queue.n; i++) {
		const struct lf_reach *r = pairmap_get(g->reach, queue.v[i], NULL);
		const struct lf_recs *body = lf_body_of(g, queue.v[i]);

		if (!strcmp(r->from->kind, "hotpath") &&
		    r->depth >= g->rules->hot_call_depth)
			continue;
		for (size_t j = 0; j < body->n; j++)
			for (size_t k = 0; k < body->v[j]->callees.n; k++)
				claim(g, &queue, body->v[j]->callees.v[k].callee,
				      r->from, queue.v[i], r->depth + 1);
	}
	free(queue.v);
}

void lf_where_build(const struct lf_records *recs, const struct lf_rules *rules,
		    struct lf_callgraph *g)
{
	struct pairmap *seen = pairmap_new(), *seeded = pairmap_new();
	struct names seeds = { 0 };

	g->entries = pairmap_new();
	g->reach = pairmap_new();
	for (size_t i = 0; i < recs->recs.n; i++)
		if (recs->recs.v[i]->kind == LF_REC_BINDING)
			binding(g, rules, recs->recs.v[i]);
	for (size_t i = 0; i < recs->recs.n; i++)
		by_name(g, rules, seen, recs->recs.v[i]->function);
	for (size_t i = 0; i < recs->recs.n; i++) {
		const char *fn = recs->recs.v[i]->function;

		if (fn && pairmap_get(g->entries, fn, NULL) &&
		    pairmap_add(seeded, fn, NULL, g))
			VEC_PUSH(&seeds, fn);
	}
	pairmap_free(seen);
	pairmap_free(seeded);
	lf_sort(seeds.v, seeds.n, sizeof(*seeds.v), cmp_str);
	spread(g, &seeds, LF_TEMP_HOT);
	spread(g, &seeds, LF_TEMP_UNKNOWN);
	spread(g, &seeds, LF_TEMP_COLD);
	free(seeds.v);
}

static const struct lf_entries no_entries;

const struct lf_entries *lf_entries_of(const struct lf_callgraph *g,
				       const char *function)
{
	const struct lf_entries *l = g->entries ?
		pairmap_get(g->entries, lf_intern(function), NULL) : NULL;

	return l ? l : &no_entries;
}

char *lf_chain_text(const char *top, int between, const char *const *near,
		    int n)
{
	struct strbuf sb = { 0 };

	if (top)
		sb_printf(&sb, "%s -> ", top);
	if (between > 0)
		sb_printf(&sb, "... (%d function%s) -> ", between, lf_plural(between));
	for (int i = 0; i < n; i++)
		sb_printf(&sb, "%s%s", near[i], i + 1 < n ? " -> " : "");
	return sb_take(&sb);
}

/* "via -> ... -> FN" from the parents the walk left (lf_chain_text()). */
static char *chain(const struct lf_callgraph *g, const char *fn)
{
	const struct lf_reach *r = pairmap_get(g->reach, fn, NULL);
	const char *hop[LF_CHAIN_SHOWN + 1];
	int n = LF_CHAIN_SHOWN + 1, depth = r ? r->depth : 0;

	/* hop[] filled from its end: the farthest first */
	hop[--n] = lf_fn_basename(fn);
	while (r && r->parent && n > 0) {
		hop[--n] = lf_fn_basename(r->parent);
		r = pairmap_get(g->reach, r->parent, NULL);
	}
	/* cut: hop[n] is depth - (LF_CHAIN_SHOWN - n) calls below the top */
	if (r && r->parent)
		return lf_chain_text(lf_fn_basename(r->from->via),
				     depth - (LF_CHAIN_SHOWN + 1 - n),
				     hop + n, LF_CHAIN_SHOWN + 1 - n);
	return lf_chain_text(NULL, 0, hop + n, LF_CHAIN_SHOWN + 1 - n);
}

bool lf_where_in(const struct lf_callgraph *g, const char *function,
		 struct lf_where *out)
{
	const char *fn = lf_intern(function);
	const struct lf_reach *r = g->reach ? pairmap_get(g->reach, fn, NULL) : NULL;

	memset(out, 0, sizeof(*out));
	out->preempt = out->sleep = -1;
	if (!r)
		return false;
	*out = *r->from;
	out->depth = r->depth;
	out->chain = chain(g, fn);
	return true;
}

char *lf_where_text(const struct lf_where *w)
{
	static const char *const preempt[] = { "not preemptible", "preemptible" };
	static const char *const sleep[] = { "may not sleep", "may sleep" };
	struct strbuf sb = { 0 };

	if (!strcmp(w->kind, "hotpath"))
		return xasprintf("hot path %s (rules/hotpaths.tbl)", w->entry);
	if (!strcmp(w->kind, "function"))
		sb_printf(&sb, "%s (no C caller: rules/entrypoints.tbl; ", w->entry);
	else
		sb_printf(&sb, "%s %s (", w->entry, lf_fn_basename(w->via));
	if (w->binding && w->binding->by)
		sb_printf(&sb, "bound at %s:%d by %s; ", w->binding->file,
			  w->binding->line, w->binding->by);
	else if (w->binding)
		sb_printf(&sb, "bound at %s:%d; ", w->binding->file,
			  w->binding->line);
	sb_printf(&sb, "%s, %s, %s, %s)", w->exec == LF_EXEC_UNKNOWN ?
		  "its caller's context" : lf_exec_name(w->exec),
		  w->preempt < 0 ? "preemption as its caller left it" :
		  preempt[w->preempt],
		  w->sleep < 0 ? "sleeping as its caller allows" : sleep[w->sleep],
		  lf_temp_name(w->temp));
	return sb_take(&sb);
}
