// SPDX-License-Identifier: GPL-2.0
/*
 * serialized.c - an exclusive lock held around the sites of an rwlock
 * (serialized.h): around its writers (they are serialised already, so
 * rare), around its readers (they never overlap, so the read side buys
 * nothing: a spinlock_t, never RCU).
 *
 * Lock-order edges name the outer lock when the plugin saw both in one
 * unit.  Across units: the reader's function, or every caller of it
 * (callers of callers, while the records hold all of them: up to
 * hot_call_depth calls from an rwlock site), makes the call that leads
 * to the reader inside a section of an exclusive lock, or, in older
 * records, calls an exclusive take of rules/primitives.tbl before it.
 * A function entered otherwise (an entry point, an export) has callers
 * nobody read: nothing is shown held there.  A release before the call
 * (a release_only record, a drop in the calls record: it keeps the
 * first line of each callee) cancels what the callers held.  A calls
 * record names the primitive, not the object: lock_sock() on the socket
 * that leads to the reader is taken on trust.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "analysis/where.h"
#include "checks/serialized.h"

bool lf_edges_hold(const struct lf_edges *s, const char *lock)
{
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->v[i]->from, lock))
			return true;
	return false;
}

void lf_held_around(const struct lf_analysis *a, const struct lf_lock *l,
		    const struct lf_rec *r, const char *mode, struct lf_edges *out)
{
	const struct lf_edgelist *in = lf_edges_in(&a->graph, l->name);

	for (size_t i = 0; i < in->n; i++) {
		const struct lf_edge *ed = in->v[i];
		bool here = ed->via ?
			!strcmp(lf_fn_basename(ed->via), lf_fn_basename(r->function)) :
			!strcmp(ed->held->function, r->function) && ed->line == r->line;

		if (here && !strcmp(ed->to_mode, mode) && strcmp(ed->from, l->name) &&
		    strcmp(ed->from_mode, "read") && !lf_edges_hold(out, ed->from))
			VEC_PUSH(out, ed);
	}
}

static char *held_at_entry(const struct lf_analysis *a, const char *fn,
			   int depth, char **chain);

/* A section of FN that holds an exclusive lock around its call at LINE
 * (the plugin's own account); *DROP: the first release_only before END. */
static const struct lf_rec *section_around(const struct lf_analysis *a,
					   const char *fn, int line, int end,
					   int *drop)
{
	const struct lf_recs *ex = lf_excl_of(&a->calls, fn);

	for (size_t i = 0; i < ex->n; i++) {
		const struct lf_rec *x = ex->v[i];

		if (x->kind == LF_REC_RELEASE_ONLY && x->line < end && x->line < *drop)
			*drop = x->line;
		for (size_t j = 0; x->kind == LF_REC_SECTION && j < x->calls.n; j++)
			if (x->calls.v[j].line == line)
				return x;
	}
	return NULL;
}

/* The exclusive lock FN holds from LINE to END: a section around the
 * call at LINE (its lock's name), a take of its calls record before it
 * ("api()"), or what every caller holds; NULL if none is shown. */
static char *held_at(const struct lf_analysis *a, const char *fn, int line,
		     int end, int depth, char **chain)
{
	const struct lf_recs *body = lf_body_of(&a->calls, fn);
	const char *take = NULL;
	int take_line = INT_MAX, drop_line = INT_MAX;
	const struct lf_rec *sec = section_around(a, fn, line, end, &drop_line);

	if (sec) {
		*chain = xasprintf("%s() holds %s (%s at %s:%d)", lf_fn_basename(fn),
				   sec->lock, sec->api, sec->file, sec->line);
		return xstrdup(sec->lock);
	}
	for (size_t i = 0; i < body->n; i++) {
		const struct lf_rec *r = body->v[i];

		for (size_t j = 0; j < r->callees.n; j++) {
			const struct lf_callee *c = &r->callees.v[j];
			bool is_take;
			const char *api = lf_rules_excl(&a->rules, c->callee,
							&is_take);

			if (!api || c->line >= end || (is_take && c->line >= line))
				continue;
			if (is_take && c->line < take_line) {
				take = api;
				take_line = c->line;
			} else if (!is_take && c->line < drop_line) {
				drop_line = c->line;
			}
		}
	}
	if (drop_line < end)
		return NULL;
	if (take) {
		*chain = xasprintf("%s() takes %s() before", lf_fn_basename(fn), take);
		return xasprintf("%s()", take);
	}
	return held_at_entry(a, fn, depth + 1, chain);
}

/* Every caller of FN calls it holding one exclusive take; NULL if not,
 * or if FN is entered otherwise (an entry point, an export) or its
 * callers may be missing from the records. */
static char *held_at_entry(const struct lf_analysis *a, const char *fn,
			   int depth, char **chain)
{
	const struct lf_callsites *callers = lf_callers(&a->calls, fn);
	char *common = NULL, *via = NULL;

	/* FN is DEPTH - 1 calls from the site: all its calls are written
	 * while that is at most hot_call_depth - 1 */
	if (depth > a->rules.hot_call_depth || !callers->n ||
	    lf_entries_of(&a->calls, fn)->n)
		return NULL;
	for (size_t i = 0; i < callers->n; i++) {
		const struct lf_callsite *cs = &callers->v[i];
		char *how = NULL;
		char *h = held_at(a, cs->rec->function, cs->call->line,
				  cs->call->line, depth, &how);

		if (!h || (common && strcmp(common, h)))
			return NULL;
		free(common);
		free(via);
		common = h;
		via = how;
	}
	*chain = xasprintf("%s, calling %s()", via, lf_fn_basename(fn));
	return common;
}

struct holders {
	char **v;
	size_t n, cap;
};

static bool listed(const struct holders *h, const char *s)
{
	for (size_t i = 0; i < h->n; i++)
		if (!strcmp(h->v[i], s))
			return true;
	return false;
}

/* The last line of section R: its last release. */
static int section_end(const struct lf_rec *r)
{
	int last = r->line;

	for (size_t i = 0; i < r->releases.n; i++)
		if (r->releases.v[i] > last)
			last = r->releases.v[i];
	return last;
}

/* The outer section of edge ED (in R's function) still held where R's
 * section ends: its releases all after R's, by line. */
static bool outlasts(const struct lf_edge *ed, const struct lf_rec *r)
{
	int last = section_end(r);

	if (ed->via)
		return true;	/* R's section is in a call the outer one holds */
	for (size_t i = 0; i < ed->held->releases.n; i++)
		if (ed->held->releases.v[i] <= last)
			return false;
	return ed->held->releases.n && !ed->held->open_at_exit;
}

/* What holds read site R, a section closed in its function, from its
 * start to its end: lock names from edges, "api()" from calls; *HOW
 * says how, NULL if nothing does. */
static void site_holders(const struct lf_analysis *a, const struct lf_lock *l,
			 const struct lf_rec *r, struct holders *out, char **how)
{
	struct lf_edges edges = { 0 };
	char *chain = NULL;
	char *held = held_at(a, r->function, r->line, section_end(r), 0, &chain);

	lf_held_around(a, l, r, "read", &edges);
	for (size_t i = 0; i < edges.n; i++)
		if (outlasts(edges.v[i], r))
			VEC_PUSH(out, xstrdup(edges.v[i]->from));
	if (held)
		VEC_PUSH(out, held);
	*how = held ? chain : out->n ? xasprintf("%s held", out->v[0]) : NULL;
	free(edges.v);
}

/* Keep in COMMON what HERE holds too. */
static void intersect(struct holders *common, const struct holders *here)
{
	size_t k = 0;

	for (size_t j = 0; j < common->n; j++)
		if (listed(here, common->v[j]))
			common->v[k++] = common->v[j];
	common->n = k;
}

bool lf_rule_serialized(const struct lf_lock *l, const struct lf_analysis *a,
			char **detail)
{
	struct holders common = { 0 };
	struct plist *where = plist_new(LF_SERIAL_SHOWN);
	bool first = true;

	/* a section that ends elsewhere outlives what was held at its start
	 * (packet's blk_fill_in_prog_lock: read under the queue's lock,
	 * released after it) */
	for (size_t i = 0; i < l->rels.n; i++)
		if (lf_is_read(l->rels.v[i].rec)) {
			*detail = xasprintf("a read section ends in another function "
					    "(%s at %s:%d): what was held where it "
					    "started may be gone", l->rels.v[i].rec->api,
					    l->rels.v[i].rec->file, l->rels.v[i].rec->line);
			return false;
		}

	for (size_t i = 0; i < l->sites.n; i++) {
		const struct lf_rec *r = l->sites.v[i].rec;
		struct holders here = { 0 };
		char *how;

		if (!lf_is_read(r))
			continue;
		if (r->open_at_exit) {
			*detail = xasprintf("the read section at %s:%d is still held "
					    "where %s() returns: what was held where "
					    "it started may be gone", r->file, r->line,
					    lf_fn_basename(r->function));
			return false;
		}
		site_holders(a, l, r, &here, &how);
		if (!how) {
			*detail = xasprintf("no exclusive lock shown held at the "
					    "read site %s:%d (%s)", r->file, r->line,
					    lf_fn_basename(r->function));
			return false;
		}
		plist_add(where, "%s:%d (%s)", r->file, r->line, how);
		free(how);
		if (first)
			common = here;
		else
			intersect(&common, &here);
		first = false;
	}
	if (!common.n) {
		*detail = xstrdup("no one exclusive lock held at every read site");
		return false;
	}
	*detail = xasprintf("%s is held at every read site (%s): the readers "
			    "never overlap, so the shared read side buys nothing",
			    common.v[0], plist_text(where));
	return true;
}
