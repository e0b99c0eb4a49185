// SPDX-License-Identifier: GPL-2.0
/*
 * archspin_callers.c - decide every arch_spin_lock() site by its
 * callers, with the calls records of every unit read: the plugin says
 * only what the site's own function shows, and leaves the sites that
 * depend on its entry ("entry") here.
 *
 * arch_spin_lock() does not disable preemption (docs/DESIGN.md section 5): its
 * function F must run with preemption or irqs off.  When F itself leaves
 * the context as it found it, every call of F decides: one made with
 * preemption enabled is a bug (flagged, naming that caller); one made in
 * atomic context is fine; one made by a function that also passes its
 * entry context on sends the question to that function's callers, and so
 * on.  F is safe only when every path ends in an atomic call.  What the
 * records cannot show stays needs_caller: a function nobody in these
 * units calls, a cycle of such callers, and a static whose address is
 * taken (its needs_atomic record says so), whose indirect callers are
 * not in the call graph.
 *
 * This is decided twice, in two stages a reader sees: first with the
 * calls of the site's own unit only (what one compile can tell: "the
 * unit said", the report's record_status and record_how), then, for what
 * the unit left open or flagged, with the calls of every unit.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "checks/archspin_callers.h"
#include "analysis/where.h"

/* Callers quoted in a "safe" reason. */
#define LIST_MAX 3

const char *lf_arch_status_name(enum lf_arch_status s)
{
	static const char *const names[] = {
		[LF_ARCH_SAFE] = "safe",
		[LF_ARCH_NEEDS_CALLER] = "needs_caller",
		[LF_ARCH_FLAGGED] = "flagged",
	};

	return names[s];
}

/* One function of a "through" chain, and the ones before it: shared by
 * every verdict below, so that a chain costs one node per function. */
struct hop {
	const char *name;
	const struct hop *up;	/* the one before, nearer the culprit */
	int n;			/* functions in the chain up to this one */
};

/* What the callers of one function make of it. */
struct fn_verdict {
	enum lf_arch_status status;
	const struct lf_callsite *culprit;	/* flagged */
	const struct hop *through;	/* flagged: functions from the
					 * culprit's callee down to this
					 * one's caller */
	const struct lf_where *entry;	/* flagged by an entry, not a call */
	/* safe: an entry with preemption off that some path up ends in,
	 * and the functions from it down to this one's caller (NULL: its
	 * own entry) */
	const struct lf_where *atomic_entry;
	const char *atomic_through;
	char *stuck;		/* needs_caller: why, naming the functions */
	size_t nstuck;		/* reasons in it */
	bool more;		/* and some not quoted */
	int height;		/* the longest chain of callers asked */
};

/*
 * The unit stage.  Within one unit, an "entry" site's function F is
 * flagged when a chain of calls made as their callers left it leads up
 * from F to a call made with preemption enabled, and left to callers
 * when such a chain leads up to a function callable from elsewhere
 * (global, or its address taken) or called nowhere in the unit; else
 * every call in the unit is atomic, or made by functions whose own are.
 * Each answer holds for every function a chain leads down to, so two
 * walks down the calls (one from each seed) decide every function of
 * every unit at once.  Functions are (TU, name) pairs: a global one's callers
 * in each unit are apart.
 */
/* A function of one unit: its tu and name, both interned (pairmap). */
struct fnkey {
	const char *tu, *fn;
};

struct unit {
	struct pairmap *asked;	/* (tu, NULL): the units with entry sites */
	struct pairmap *called;	/* called in its unit */
	struct pairmap *down;	/* -> struct body: its calls records */
	struct pairmap *flagged, *open;	/* the answers */
	struct keys { struct fnkey *v; size_t n, cap; } fns;	/* every caller */
};

/* The calls records of one function of a unit (one, unless a unit's
 * records were read twice); the walks need only which, not in what
 * order. */
struct body {
	const struct lf_rec *rec;
	struct body *next;
};

/* Its calls made from entry (not the function calling itself). */
static bool calls_down(const struct lf_rec *r, const struct lf_callee *c)
{
	return !strcmp(lf_callee_context(c), "entry") && c->callee != r->function;
}

struct resolver {
	const struct lf_callgraph *g;
	struct strmap *exposed;	/* needs_atomic functions */
	struct strmap *memo;	/* function -> struct fn_verdict */
	bool shared;		/* one memo for every site */
	bool tainted;		/* met a cycle or LF_ARCH_MAX_DEPTH */
	struct unit unit;	/* the unit stage's answers */
};

static struct fn_verdict in_progress;

/* Reasons quoted in one needs_caller "why". */
#define STUCK_MAX 3

/* Add WHY (N reasons) to V's, up to STUCK_MAX of them. */
static void add_stuck(struct fn_verdict *v, const char *why, size_t n)
{
	v->status = LF_ARCH_NEEDS_CALLER;
	if (!v->stuck) {
		v->stuck = xstrdup(why);
		v->nstuck = n;
	} else if (strstr(v->stuck, why)) {
		return;
	} else if (v->nstuck + n <= STUCK_MAX) {
		v->stuck = xasprintf("%s; %s", v->stuck, why);
		v->nstuck += n;
	} else if (!v->more) {
		v->stuck = xasprintf("%s; and more", v->stuck);
		v->more = true;
	}
}

static struct fn_verdict *stuck(char *why)
{
	struct fn_verdict *v = xcalloc(1, sizeof(*v));

	add_stuck(v, why, 1);
	free(why);
	return v;
}

/* "a.c:f" -> "f": the file is in the place that goes with it. */
static const char *name(const char *function)
{
	return lf_fn_basename(function);
}

static bool is_static(const char *function)
{
	return strchr(function, ':') != NULL;
}

static const struct fn_verdict *resolve(struct resolver *rs, const char *fn,
					int depth);

static bool bound(const struct lf_entries *e)
{
	/* a function row: its address is taken to enter it (initial_code) */
	for (size_t i = 0; i < e->n; i++)
		if (e->v[i].binding || !strcmp(e->v[i].kind, "function"))
			return true;
	return false;
}

/* One call of FN that leaves the question to its caller's callers. */
static void through_caller(struct resolver *rs, struct fn_verdict *v,
			   const struct lf_callsite *c, int depth)
{
	const char *caller = c->rec->function;
	const struct fn_verdict *up = resolve(rs, caller, depth + 1);

	if (up->height + 1 > v->height)
		v->height = up->height + 1;
	if (up->status == LF_ARCH_FLAGGED) {
		v->status = LF_ARCH_FLAGGED;
		v->culprit = up->culprit;
		v->entry = up->entry;
		struct hop *h = xmalloc(sizeof(*h));

		*h = (struct hop){ name(caller), up->through,
				   up->through ? up->through->n + 1 : 1 };
		v->through = h;
	} else if (up->status == LF_ARCH_NEEDS_CALLER) {
		add_stuck(v, up->stuck, up->nstuck);
	} else if (up->atomic_entry && !v->atomic_entry) {
		v->atomic_entry = up->atomic_entry;
		v->atomic_through = up->atomic_through ?
				    xasprintf("%s -> %s", up->atomic_through,
					      name(caller)) : name(caller);
	}
}

/* Entries that say how preemption is (a hot path of hotpaths.tbl does
 * not): rules/entrypoints.tbl's context for FN's own bindings and
 * macros. */
static size_t deciding(const struct lf_entries *e)
{
	size_t n = 0;

	for (size_t i = 0; i < e->n; i++)
		n += strcmp(e->v[i].kind, "hotpath") != 0;
	return n;
}

/* FN is entered through E's entries: each is a caller of its own. */
static void through_entries(struct fn_verdict *v, const struct lf_entries *e,
			    const char *fn)
{
	for (size_t i = 0; i < e->n && v->status != LF_ARCH_FLAGGED; i++) {
		const struct lf_where *w = &e->v[i];
		char *why;

		if (!strcmp(w->kind, "hotpath"))
			continue;
		if (w->preempt == 0) {
			if (!v->atomic_entry)
				v->atomic_entry = w;
			continue;
		}
		if (w->preempt == 1) {
			v->status = LF_ARCH_FLAGGED;
			v->entry = w;
			continue;
		}
		why = xasprintf("%s is a %s, whose preemption state is its "
				"caller's", name(fn), w->entry);
		add_stuck(v, why, 1);
		free(why);
	}
}

static const struct fn_verdict *resolve(struct resolver *rs, const char *fn,
					int depth)
{
	struct fn_verdict *v = strmap_get(rs->memo, fn);
	const struct lf_callsites *calls;
	const struct lf_entries *entries;

	if (v == &in_progress || (!v && depth > LF_ARCH_MAX_DEPTH))
		rs->tainted = true;
	if (v == &in_progress)
		return stuck(xasprintf("%s is in a cycle of callers that leave "
				       "preemption as they found it", name(fn)));
	if (v)
		return v;
	if (depth > LF_ARCH_MAX_DEPTH)
		return stuck(xasprintf("the callers of %s are more than %d calls "
				       "up", name(fn), LF_ARCH_MAX_DEPTH));
	strmap_put(rs->memo, fn, &in_progress);
	calls = lf_callers(rs->g, fn);
	entries = lf_entries_of(rs->g, fn);
	v = calls->n || deciding(entries) ? xcalloc(1, sizeof(*v)) :
	    stuck(xasprintf("no caller of %s in the analysed files", name(fn)));
	through_entries(v, entries, fn);
	for (size_t i = 0; i < calls->n && v->status != LF_ARCH_FLAGGED; i++) {
		const struct lf_callsite *c = &calls->v[i];

		if (!strcmp(lf_callee_context(c->call), "enabled")) {
			v->status = LF_ARCH_FLAGGED;
			v->culprit = c;
		} else if (!strcmp(lf_callee_context(c->call), "entry") &&
			   strcmp(c->rec->function, fn)) {
			/* (recursion adds no context of its own) */
			through_caller(rs, v, c, depth);
		}
	}
	/* a function bound to an entry point: its address is taken for
	 * that, and the entry's context is its callers' */
	if (v->status == LF_ARCH_SAFE && is_static(fn) &&
	    strmap_get(rs->exposed, fn) && !bound(entries)) {
		int height = v->height;

		v = stuck(xasprintf("the address of %s is taken: its calls "
				    "through the pointer are not in the records",
				    name(fn)));
		v->height = height;
	}
	strmap_put(rs->memo, fn, v);
	return v;
}

/* "a -> b -> c" of H (lf_chain_text(): the nearest functions and the
 * first), NULL for none. */
static char *through_text(const struct hop *h)
{
	const char *near[LF_CHAIN_SHOWN];
	int n = LF_CHAIN_SHOWN;
	const struct hop *top;

	if (!h)
		return NULL;
	for (top = h; n > 0 && top; top = top->up)
		near[--n] = top->name;
	if (!top)
		return lf_chain_text(NULL, 0, near + n, LF_CHAIN_SHOWN - n);
	/* more: the first one, and the count between */
	while (top->up)
		top = top->up;
	return lf_chain_text(top->name, h->n - LF_CHAIN_SHOWN - 1, near,
			     LF_CHAIN_SHOWN);
}

static char *culprit_why(const struct lf_callsite *c, const char *through)
{
	char *why = xasprintf("caller %s at %s:%d calls it with preemption enabled",
			      name(c->rec->function), c->rec->file, c->call->line);

	if (!through)
		return why;
	return xasprintf("%s, through %s, which do%s not disable it", why,
			 through, strstr(through, " -> ") ? "" : "es");
}

/* Entered through W, preemptible: the chain from the entry down to the
 * site's function FN. */
static char *entry_why(const struct lf_where *w, const char *through,
		       const char *fn)
{
	char *text = lf_where_text(w);
	char *why = xasprintf("it runs as %s: %s -> %s%s%s", text, w->entry,
			      through ? through : "", through ? " -> " : "",
			      name(fn));

	free(text);
	return why;
}

/* Every call of FN is atomic, or made by a function whose own callers
 * all are, and every entry of FN runs with preemption off: name them. */
static char *safe_why(const struct lf_callgraph *g, const char *fn,
		      const struct fn_verdict *v)
{
	const struct lf_callsites *calls = lf_callers(g, fn);
	const struct lf_entries *e = lf_entries_of(g, fn);
	struct plist *p = plist_new(LIST_MAX);

	for (size_t i = 0; i < calls->n; i++)
		plist_add(p, "%s at %s:%d%s", name(calls->v[i].rec->function),
			  calls->v[i].rec->file, calls->v[i].call->line,
			  strcmp(lf_callee_context(calls->v[i].call), "atomic") ?
			  " (its callers have it off)" : "");
	for (size_t i = 0; i < e->n; i++) {
		char *text;

		if (!strcmp(e->v[i].kind, "hotpath"))
			continue;
		text = lf_where_text(&e->v[i]);
		plist_add(p, "%s", text);
		free(text);
	}
	/* the entry the calls lead up to: the kernel calls it (an IPI
	 * callback, CPU bring-up from assembly) with preemption off */
	if (v && v->atomic_entry && v->atomic_through) {
		const struct lf_where *w = v->atomic_entry;
		/* a function row is its own first function */
		bool own = !strcmp(w->entry, name(w->via));
		char *text = lf_where_text(w);
		char *why = xasprintf("every caller has preemption off: %s; "
				      "entered as %s: %s%s%s -> %s",
				      plist_text(p), text, own ? "" : w->entry,
				      own ? "" : " -> ", v->atomic_through, name(fn));

		free(text);
		return why;
	}
	return xasprintf("every caller has preemption off: %s", plist_text(p));
}

/* The unit's calls flag it, every unit's do not (a chain longer than
 * LF_ARCH_MAX_DEPTH): name the unit's first call that is not atomic. */
static char *unit_caller_why(const struct lf_callgraph *g,
			     const struct lf_rec *r)
{
	const struct lf_callsites *calls = lf_callers(g, r->function);

	for (size_t i = 0; i < calls->n; i++)
		if (!strcmp(calls->v[i].rec->tu, r->tu) &&
		    strcmp(lf_callee_context(calls->v[i].call), "atomic"))
			return xasprintf("caller %s at line %d calls it with "
					 "preemption enabled",
					 name(calls->v[i].rec->function),
					 calls->v[i].call->line);
	return xstrdup("a caller in its unit calls it with preemption enabled");
}

static char *flagged_why(const struct fn_verdict *v, const char *fn)
{
	char *through = through_text(v->through);
	char *why = v->entry ? entry_why(v->entry, through, fn) :
		    culprit_why(v->culprit, through);

	free(through);
	return why;
}

/*
 * The plugin saw preemption turned back on after the lock without being
 * turned off first in the function: ask its callers before calling the
 * lock unguarded.  If they all have it off, the lock is safe and the
 * enable is what is wrong: it ends its callers' section early.
 */
static void unbalanced(struct resolver *rs, struct lf_arch_site *s,
		       const struct fn_verdict *v)
{
	const struct lf_rec *r = s->rec;
	char *why;

	s->status = LF_ARCH_FLAGGED;
	if (v->status == LF_ARCH_FLAGGED) {
		s->how = v->entry ? "entered" : "caller";
		s->culprit = v->culprit;
		s->entry = v->entry;
		s->through = through_text(v->through);
		why = flagged_why(v, r->function);
		s->why = xasprintf("%s; and it turns preemption back on at line "
				   "%d without turning it off first", why,
				   r->enabled_line);
		free(why);
		return;
	}
	s->how = "unbalanced";
	if (v->status == LF_ARCH_SAFE) {
		why = safe_why(rs->g, r->function, v);
		s->why = xasprintf("preemption turned back on at line %d without "
				   "being turned off first in %s(), so it ends its "
				   "callers' preempt-off section early (the lock "
				   "itself is safe: %s)", r->enabled_line,
				   name(r->function), why);
		free(why);
		return;
	}
	s->why = xasprintf("preemption turned back on at line %d without being "
			   "turned off first, and no caller is known to turn it "
			   "off (%s)", r->enabled_line, v->stuck);
}

static void from_callers(struct resolver *rs, struct lf_arch_site *s)
{
	const struct fn_verdict *v;

	if (!rs->shared)
		rs->memo = strmap_new();
	v = resolve(rs, s->rec->function, 0);
	if (!strcmp(s->unit_how, "unbalanced")) {
		unbalanced(rs, s, v);
		return;
	}
	if (!strcmp(s->unit_status, "flagged") && v->status != LF_ARCH_FLAGGED) {
		s->why = unit_caller_why(rs->g, s->rec);
		return;
	}
	s->status = v->status;
	s->how = v->status == LF_ARCH_SAFE ? "callers" :
		 v->status == LF_ARCH_FLAGGED ? (v->entry ? "entered" : "caller") :
		 "entry";
	s->culprit = v->culprit;
	s->entry = v->entry;
	s->through = through_text(v->through);
	s->why = v->status == LF_ARCH_SAFE ? safe_why(rs->g, s->rec->function, v) :
		 v->status == LF_ARCH_FLAGGED ? flagged_why(v, s->rec->function) :
		 xstrdup(v->stuck);
}

/* Decided in its own unit. */
static char *local_why(const struct lf_arch_site *s)
{
	const struct lf_rec *r = s->rec;

	if (!strcmp(s->how, "local"))
		return xstrdup("preemption or irqs are off on every path to it "
			       "in its function");
	if (!strcmp(s->how, "assert"))
		return xstrdup("its function asserts preemption or irqs off "
			       "(lockdep_assert_*, or a tested irqs_disabled() "
			       "or preempt_count())");
	if (!strcmp(s->how, "callers"))
		return xstrdup("every caller in its unit calls it with "
			       "preemption off");
	if (!strcmp(s->how, "enabled"))
		return xasprintf("preemption re-enabled at line %d", r->enabled_line);
	return xasprintf("preemption turned back on at line %d without being "
			 "turned off first", r->enabled_line);
}

static struct fnkey unit_key(const char *tu, const char *fn)
{
	return (struct fnkey){ tu, fn };
}

static bool exposed(const struct resolver *rs, const char *fn)
{
	return !is_static(fn) || strmap_get(rs->exposed, fn);
}

/* Mark SEEDS in DONE, and every function their entry calls lead to (a
 * map as a set: the value is DONE itself). */
static void walk_down(const struct unit *u, struct keys *seeds,
		      struct pairmap *done)
{
	for (size_t i = 0; i < seeds->n; i++)
		pairmap_put(done, seeds->v[i].tu, seeds->v[i].fn, done);
	for (size_t i = 0; i < seeds->n; i++) {
		const struct body *b = pairmap_get(u->down, seeds->v[i].tu,
						   seeds->v[i].fn);

		for (; b; b = b->next)
			for (size_t j = 0; j < b->rec->callees.n; j++) {
				const struct lf_callee *c = &b->rec->callees.v[j];
				struct fnkey down = { b->rec->tu, c->callee };

				if (calls_down(b->rec, c) &&
				    pairmap_add(done, down.tu, down.fn, done))
					VEC_PUSH(seeds, down);
			}
	}
}

/* The units with an "entry" site: only theirs are asked (unit_decide()),
 * and the maps of every unit of a big build were its largest part. */
static struct pairmap *entry_units(const struct lf_records *recs)
{
	struct pairmap *tus = pairmap_new();

	for (size_t i = 0; i < recs->recs.n; i++) {
		const struct lf_rec *r = recs->recs.v[i];

		if (r->kind == LF_REC_ARCH_SPIN && !strcmp(r->how, "entry"))
			pairmap_put(tus, r->tu, NULL, tus);
	}
	return tus;
}

static bool asked(const struct unit *u, const struct lf_rec *r)
{
	return r->kind == LF_REC_CALLS && pairmap_get(u->asked, r->tu, NULL);
}

static void unit_build(const struct resolver *rs, const struct lf_records *recs,
		       struct unit *u)
{
	struct keys flagged = { 0 }, open = { 0 };

	memset(u, 0, sizeof(*u));
	u->asked = entry_units(recs);
	u->called = pairmap_new();
	u->down = pairmap_new();
	u->flagged = pairmap_new();
	u->open = pairmap_new();
	for (size_t i = 0; i < recs->recs.n; i++) {
		const struct lf_rec *r = recs->recs.v[i];
		struct fnkey caller;
		struct body *down = NULL;

		if (!asked(u, r))
			continue;
		caller = unit_key(r->tu, r->function);
		VEC_PUSH(&u->fns, caller);
		for (size_t j = 0; j < r->callees.n; j++) {
			const struct lf_callee *c = &r->callees.v[j];
			struct fnkey callee = unit_key(r->tu, c->callee);

			pairmap_put(u->called, callee.tu, callee.fn, u->called);
			if (!strcmp(lf_callee_context(c), "enabled")) {
				VEC_PUSH(&flagged, callee);
			} else if (calls_down(r, c) && !down) {
				down = xmalloc(sizeof(*down));
				down->rec = r;
				down->next = pairmap_get(u->down, caller.tu,
							 caller.fn);
				pairmap_put(u->down, caller.tu, caller.fn, down);
			}
		}
	}
	/* u->fns is in the order of the calls records */
	for (size_t i = 0, k = 0; i < recs->recs.n; i++) {
		const struct lf_rec *r = recs->recs.v[i];

		if (!asked(u, r))
			continue;
		if (exposed(rs, r->function) ||
		    !pairmap_get(u->called, u->fns.v[k].tu, u->fns.v[k].fn))
			VEC_PUSH(&open, u->fns.v[k]);
		k++;
	}
	walk_down(u, &flagged, u->flagged);
	walk_down(u, &open, u->open);
	free(flagged.v);
	free(open.v);
}
/* What the calls of its own unit make of an "entry" site. */
static void unit_decide(const struct resolver *rs, struct lf_arch_site *s)
{
	const char *tu = s->rec->tu, *fn = s->rec->function;

	if (pairmap_get(rs->unit.flagged, tu, fn)) {
		s->unit_status = "flagged";
		s->unit_how = "caller";
	} else if (exposed(rs, s->rec->function) ||
		   !pairmap_get(rs->unit.called, tu, fn) ||
		   pairmap_get(rs->unit.open, tu, fn)) {
		s->unit_status = "needs_caller";
		s->unit_how = "entry";
	} else {
		s->unit_status = "safe";
		s->unit_how = "callers";
	}
}

/* Left open or flagged by its unit: every unit's calls decide. */
static bool needs_callers(const struct lf_arch_site *s)
{
	return !strcmp(s->unit_status, "needs_caller") ||
	       !strcmp(s->unit_how, "caller") ||
	       !strcmp(s->unit_how, "unbalanced");
}

/*
 * Each site asks the callers of its function with a memo of its own: a
 * cycle of callers, or a chain longer than LF_ARCH_MAX_DEPTH, is reported
 * from where the site's walk met it.  Without either, a function's answer
 * is the same from every site, so one memo can serve them all: try that
 * first, and keep it if the walk met neither.  (Otherwise sites times
 * callers: 1600 sites over 62,400 calls took 5 s.)
 */
static bool share_memo(struct resolver *rs, const struct lf_arch *out)
{
	int height = 0;

	rs->memo = strmap_new();
	for (size_t i = 0; i < out->sites.n; i++) {
		const struct lf_arch_site *s = &out->sites.v[i];

		if (needs_callers(s)) {
			const struct fn_verdict *v = resolve(rs, s->rec->function, 0);

			if (v->height > height)
				height = v->height;
		}
	}
	return !rs->tainted && height <= LF_ARCH_MAX_DEPTH;
}

/* The site as its own function, then its unit, say. */
static void site(const struct resolver *rs, const struct lf_rec *r,
		 struct lf_arch *out)
{
	struct lf_arch_site s = {
		.rec = r, .unit_status = r->status, .unit_how = r->how,
	};

	if (!strcmp(r->how, "entry"))
		unit_decide(rs, &s);
	s.how = s.unit_how;
	s.status = !strcmp(s.unit_status, "safe") ? LF_ARCH_SAFE :
		   !strcmp(s.unit_status, "flagged") ? LF_ARCH_FLAGGED :
		   LF_ARCH_NEEDS_CALLER;
	s.resolved = s.status == LF_ARCH_NEEDS_CALLER;
	VEC_PUSH(&out->sites, s);
}

/* Place, then worst first: the first of a place is the one kept. */
static int cmp_site(const void *a, const void *b)
{
	const struct lf_arch_site *x = a, *y = b;
	int c = strcmp(x->rec->file, y->rec->file);

	if (c)
		return c;
	if (x->rec->line != y->rec->line)
		return x->rec->line < y->rec->line ? -1 : 1;
	if (x->rec->column != y->rec->column)
		return x->rec->column < y->rec->column ? -1 : 1;
	if ((c = strcmp(x->rec->lock, y->rec->lock)))
		return c;
	if (x->status != y->status)
		return x->status > y->status ? -1 : 1;
	return strcmp(x->rec->function, y->rec->function);
}

static bool same_place(const struct lf_arch_site *x, const struct lf_arch_site *y)
{
	return !strcmp(x->rec->file, y->rec->file) && x->rec->line == y->rec->line &&
	       x->rec->column == y->rec->column && !strcmp(x->rec->lock, y->rec->lock);
}

void lf_arch_resolve(const struct lf_records *recs, const struct lf_callgraph *g,
		     struct lf_arch *out)
{
	struct resolver rs = { .g = g, .exposed = strmap_new() };
	size_t n = 0;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < recs->recs.n; i++)
		if (recs->recs.v[i]->kind == LF_REC_NEEDS_ATOMIC)
			strmap_put(rs.exposed, recs->recs.v[i]->function, &rs);
	unit_build(&rs, recs, &rs.unit);
	for (size_t i = 0; i < recs->recs.n; i++)
		if (recs->recs.v[i]->kind == LF_REC_ARCH_SPIN)
			site(&rs, recs->recs.v[i], out);
	rs.shared = share_memo(&rs, out);
	for (size_t i = 0; i < out->sites.n; i++) {
		struct lf_arch_site *s = &out->sites.v[i];

		if (needs_callers(s))
			from_callers(&rs, s);
		else
			s->why = local_why(s);
	}
	lf_sort(out->sites.v, out->sites.n, sizeof(*out->sites.v), cmp_site);
	for (size_t i = 0; i < out->sites.n; i++) {
		if (n && same_place(&out->sites.v[n - 1], &out->sites.v[i]))
			continue;
		out->sites.v[n++] = out->sites.v[i];
	}
	out->sites.n = n;
	for (size_t i = 0; i < n; i++) {
		out->count[out->sites.v[i].status]++;
		if (out->sites.v[i].resolved)
			out->resolved[out->sites.v[i].status]++;
	}
}

char *lf_arch_message(const struct lf_arch_site *s)
{
	const struct lf_rec *r = s->rec;

	if (!strcmp(s->how, "unbalanced"))
		return xasprintf("%s(%s) in %s(), unbalanced preemption: %s; "
				 "turn preemption off and on again in the same "
				 "function", r->api, r->lock, name(r->function),
				 s->why);
	return xasprintf("%s(%s) in %s() with preemption enabled: %s; disable "
			 "preemption or irqs around it, or use a raw_spinlock_t",
			 r->api, r->lock, name(r->function), s->why);
}

char *lf_arch_entered(const struct lf_callgraph *g, const struct lf_arch_site *s)
{
	struct lf_where w;
	char *text, *line;

	if (!lf_where_in(g, s->rec->function, &w))
		return NULL;
	text = lf_where_text(&w);
	/* a hot path's or a function row's entry is its first function
	 * already */
	line = strcmp(w.kind, "hotpath") && strcmp(w.kind, "function") ?
	       xasprintf("reached from %s: %s -> %s", text, w.entry, w.chain) :
	       xasprintf("reached from %s: %s", text, w.chain);
	free(text);
	return line;
}
