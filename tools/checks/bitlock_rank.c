// SPDX-License-Identifier: GPL-2.0
/*
 * bitlock_rank.c - rank the bit spinlocks by hotness and propose a
 * replacement for each (docs/DESIGN.md section 4).
 *
 * A bit lock costs an atomic to release as well as to take, and its
 * waiters spin on the atomic: on a hot path a spinlock_t is cheaper.
 * Hot comes from a profile when there is one (the samples of the
 * functions that take the lock); otherwise from a static score per
 * site: how many loops enclose the acquire, and whether its function is
 * on a hot path (rules/hotpaths.tbl, through the calls records).
 *
 * The replacement costs memory: a spinlock_t in the object, free when a
 * padding hole fits it, else the object grows; for structs whose layout
 * the kernel keeps fixed (rules/bitlocks.tbl: even a hole there is one
 * configuration's) or locks outside any struct, a hashed array of
 * spinlocks keyed by the object's address.
 *
 * Sections inside the lock's wrappers (hlist_bl_lock, zram_slot_lock:
 * lock_wrapper records) are the primitive, not a use: left out.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "records/tables.h"
#include "analysis/locks.h"
#include "records/profile.h"
#include "analysis/analysis.h"
#include "analysis/where.h"
#include "checks/bitlock_rank.h"

/* Size of the example hashed lock array. */
#define HASH_LOCKS 256

struct build {
	const struct lf_bit_input *a;
	struct strmap *wrappers;	/* functions of lock_wrapper records */
	struct lf_bitlocks *out;
};

/* Percent of all samples; perf rows are percentages already. */
static double share(const struct lf_profile *p, double w)
{
	if (p->percent)
		return w;
	return p->total > 0 ? 100.0 * w / p->total : 0;
}

static void profile_site(const struct lf_bit_input *a, struct lf_bit_site *s)
{
	const struct lf_profile *p = a->profile;
	char *w;

	s->hotness = lf_profile_weight(p, s->rec->function);
	w = lf_profile_fmt(p, s->hotness);
	s->why = p->percent ? xasprintf("samples %s", w) :
		 xasprintf("samples %s (%.1f%%)", w, share(p, s->hotness));
	free(w);
}

static void static_site(const struct lf_bit_input *a, struct lf_bit_site *s)
{
	const struct lf_rec *r = s->rec;
	long depth = r->loop_depth > 0 ? r->loop_depth : 0;
	long score = a->rules->bitlock_score_loop * depth;
	char *path;

	struct lf_where w;
	bool where = lf_where_of(a->an, r->function, &w);

	/* where.h: the hottest entry that reaches the function */
	if (where && w.temp != LF_TEMP_UNKNOWN) {
		s->reached = w.temp == LF_TEMP_HOT;
		s->cold = w.temp == LF_TEMP_COLD;
		s->hot.entry = w.via ? w.via : w.entry;
		s->hot.depth = w.depth;
	}
	if (s->cold) {
		/* error and recovery work: loops there say nothing of rate */
		s->hotness = 0;
		s->why = xasprintf("static 0: cold, reached only from %s %s in %d "
				   "call%s (loop depth %ld not counted)", w.entry,
				   lf_fn_basename(s->hot.entry), w.depth,
				   lf_plural(w.depth), depth);
		return;
	}
	if (s->reached && !s->hot.depth) {
		score += a->rules->bitlock_score_reach +
			 a->rules->bitlock_score_entry;
		path = xstrdup("a hot entry point itself");
	} else if (s->reached) {
		score += a->rules->bitlock_score_reach;
		path = xasprintf("reachable from %s in %d call%s",
				 lf_fn_basename(s->hot.entry), s->hot.depth,
				 lf_plural(s->hot.depth));
	} else if (where) {
		/* an exported function: whoever calls it was not read */
		path = xasprintf("temperature unknown: reached from %s %s in %d "
				 "call%s, whose callers are not known",
				 w.entry, lf_fn_basename(w.via ? w.via : w.entry),
				 w.depth, lf_plural(w.depth));
	} else {
		path = xasprintf("not within %ld calls of a hot entry point",
				 a->rules->hot_call_depth);
	}
	s->hotness = score;
	s->why = xasprintf("static %ld: loop depth %ld; %s", score, depth, path);
	free(path);
}

/* A function's samples count once, however many sites it has. */
static double lock_samples(const struct lf_bitlock *l)
{
	struct strmap *seen = strmap_new();
	double sum = 0;

	for (size_t i = 0; i < l->sites.n; i++) {
		const char *fn = lf_fn_basename(l->sites.v[i].rec->function);

		if (strmap_get(seen, fn))
			continue;
		strmap_put(seen, fn, (void *)l);
		sum += l->sites.v[i].hotness;
	}
	return sum;
}

static void hotness(const struct lf_bit_input *a, struct lf_bitlock *l)
{
	const struct lf_rules *ru = a->rules;
	char *w;

	if (a->profile) {
		l->hotness = lock_samples(l);
		l->share = share(a->profile, l->hotness);
		l->hot = l->sites.n && l->share >= ru->bitlock_hot_percent;
		w = lf_profile_fmt(a->profile, l->hotness);
		l->hot_why = xasprintf("samples %s, %.2f%% %s bitlock_hot_percent "
				       "%ld", w, l->share, l->hot ? ">=" : "<",
				       ru->bitlock_hot_percent);
		free(w);
		return;
	}
	for (size_t i = 0; i < l->sites.n; i++) {
		if (l->sites.v[i].hotness > l->hotness)
			l->hotness = l->sites.v[i].hotness;
		l->score_sum += l->sites.v[i].hotness;
	}
	l->hot = l->sites.n && l->hotness >= ru->bitlock_hot_score;
	l->hot_why = xasprintf("static score %.0f %s bitlock_hot_score %ld",
			       l->hotness, l->hot ? ">=" : "<",
			       ru->bitlock_hot_score);
}

/* rules/sleeping.tbl's reason for CALLEE, NULL if it does not sleep */
static const char *sleeps_why(const struct lf_bit_input *a, const char *callee)
{
	return strcmp(callee, "<indirect>") ? lf_rules_sleeps(a->rules, callee) :
	       NULL;
}

/* Is it taken by a wait that sleeps (wait_on_bit_lock()), or released by
 * what wakes such a wait (clear_and_wake_up_bit(), whose pair in
 * rules/primitives.tbl is wait_on_bit_lock())?  In its wrappers too. */
static void sleeping_wait(const struct lf_bit_input *a, const struct lf_lock *from,
			  struct plist *p)
{
	const char *why, *wait;

	for (size_t i = 0; i < from->sites.n; i++) {
		const struct lf_rec *r = from->sites.v[i].rec;

		if ((why = sleeps_why(a, r->primitive)))
			plist_add(p, "it is taken at %s:%d by %s(), which "
				  "sleeps (%s)", r->file, r->line,
				  lf_fn_basename(r->primitive), why);
	}
	for (size_t i = 0; i < from->rels.n; i++) {
		const struct lf_rec *r = from->rels.v[i].rec;

		wait = lf_rules_pair(a->rules, lf_fn_basename(r->primitive));
		if (wait && (why = sleeps_why(a, wait)))
			plist_add(p, "it is released at %s:%d by %s(), which "
				  "wakes the sleepers of %s() (%s)", r->file,
				  r->line, lf_fn_basename(r->primitive), wait,
				  why);
	}
}

/*
 * A waiter that sleeps (wait_on_bit() in the retry loop, a
 * wait_on_bit_lock()) or a holder that may (a sleeping call or lock in
 * the section) makes it a sleeping bit lock: a spinlock_t could not be
 * held there, and a bit spinlock is not what it is (intel_reset.c's
 * I915_RESET_ENGINE bits, zram's sleepable ZRAM_LOCK).
 */
static void sleeping(const struct lf_bit_input *a, const struct lf_lock *from,
		     struct lf_bitlock *l)
{
	struct plist *p = plist_new(3);

	sleeping_wait(a, from, p);
	for (size_t i = 0; i < l->sites.n; i++) {
		const struct lf_rec *r = l->sites.v[i].rec;
		const char *why;

		for (size_t j = 0; j < r->retry.n; j++)
			if ((why = sleeps_why(a, r->retry.v[j].callee)))
				plist_add(p, "its retry loop at %s:%d waits in %s() "
					  "(%s)", r->file, r->line,
					  lf_fn_basename(r->retry.v[j].callee), why);
		for (size_t j = 0; j < r->calls.n; j++)
			if ((why = sleeps_why(a, r->calls.v[j].callee)))
				plist_add(p, "the section at %s:%d calls %s() at "
					  "line %d (%s)", r->file, r->line,
					  lf_fn_basename(r->calls.v[j].callee),
					  r->calls.v[j].line, why);
		for (size_t j = 0; j < r->nested.n; j++)
			/* taking it may sleep (rules/classes.tbl) */
			if (lf_rules_class_sleeps(a->rules, r->nested.v[j].cls))
				plist_add(p, "the section at %s:%d takes %s %s at "
					  "line %d", r->file, r->line,
					  r->nested.v[j].cls, r->nested.v[j].lock,
					  r->nested.v[j].line);
	}
	if (!p->n)
		return;
	l->sleeps = xstrdup(plist_text(p));
	free(l->hot_why);
	l->hot_why = xasprintf("a sleeping bit lock, not a bit spinlock: %s; "
			       "never a spinlock_t", l->sleeps);
	l->hot = false;
}

/* As for rwlocks, a lock that cannot be compared across files (a local
 * pointer, "?") lumps unrelated objects together: shown, never a finding. */
static void comparable(struct lf_bitlock *l)
{
	char *why;

	if (!l->hot || lf_kind_comparable(l->kind))
		return;
	why = xasprintf("%s; but a %s identity cannot be compared across "
			"files: no finding", l->hot_why, l->kind);
	free(l->hot_why);
	l->hot_why = why;
	l->hot = false;
}

static void hold_cost(struct lf_bitlock *l)
{
	long *costs = xcalloc(l->sites.n, sizeof(*costs));

	for (size_t i = 0; i < l->sites.n; i++) {
		const struct lf_rec *r = l->sites.v[i].rec;

		costs[i] = r->cost;
		l->unknown_len += !r->cost_known;
		l->loops += r->loop;
		l->calls += r->calls.n;
	}
	lf_sort(costs, l->sites.n, sizeof(*costs), lf_cmp_long);
	if (l->sites.n) {
		l->max_cost = costs[l->sites.n - 1];
		l->median_cost = costs[(l->sites.n - 1) / 2];
	}
	free(costs);
}

/* "struct a::b bit 3" -> "struct a"; "struct rhash_lock_head * bit 0" ->
 * "struct rhash_lock_head *": what bitlocks.tbl names. */
static const char *container(const struct lf_bitlock *l)
{
	const char *bit = strstr(l->name, " bit "), *sep;

	if (l->layout)
		return l->layout->st;
	if (!bit)
		return l->name;
	sep = strstr(l->name, "::");
	if (sep && sep < bit)
		bit = sep;
	return xasprintf("%.*s", (int)(bit - l->name), l->name);
}

static void propose(const struct lf_bit_input *a, struct lf_bitlock *l)
{
	const struct lf_layout *lo = l->layout;
	bool sized = lo && lo->spinlock_size >= 0;

	l->container = container(l);
	l->nogrow = lf_rules_nogrow(a->rules, l->container);
	if (l->sleeps) {
		l->fix = LF_FIX_NONE;
		l->proposal = xstrdup("keep the bit lock: no spinlock_t can be "
				      "held where it sleeps (a lockdep map "
				      "documents a sleeping bit lock, as zram's)");
		l->fix_why = xstrdup(l->sleeps);
	} else if (sized && lo->hole && !l->nogrow) {
		l->fix = LF_FIX_HOLE;
		l->proposal = xasprintf("embed a spinlock_t in %s: fits at offset "
					"%ld, size stays %ld", lo->st,
					lo->hole_offset, lo->size);
		l->fix_why = xasprintf("a hole of %ld bytes fits one", lo->hole_size);
	} else if (sized && !l->nogrow) {
		l->fix = LF_FIX_GROW;
		l->proposal = xasprintf("embed a spinlock_t in %s: size %ld -> %ld "
					"(+%ld bytes per object)", lo->st, lo->size,
					lo->size_with_spinlock,
					lo->size_with_spinlock - lo->size);
		l->fix_why = xasprintf("no hole fits a spinlock_t; %s is not in "
				       "rules/bitlocks.tbl", lo->st);
	} else {
		l->fix = LF_FIX_HASH;
		l->proposal = sized ?
			xasprintf("use a hashed array of spinlock_t keyed by the "
				  "object's address, e.g. %d x %ld bytes", HASH_LOCKS,
				  lo->spinlock_size) :
			xasprintf("use a hashed array of spinlock_t keyed by the "
				  "object's address, e.g. %d x 4 bytes (4 on x86_64 "
				  "without lockdep)", HASH_LOCKS);
		/* a hole in the layout of a struct the kernel keeps fixed is
		 * this configuration's: not a place for a new member */
		l->fix_why = l->nogrow && sized && lo->hole ?
			xasprintf("%s must not grow (rules/bitlocks.tbl): %s; the "
				  "hole of %ld bytes at offset %ld is this "
				  "configuration's, its layout is left alone",
				  l->container, l->nogrow, lo->hole_size,
				  lo->hole_offset) :
			l->nogrow ?
			xasprintf("%s must not grow (rules/bitlocks.tbl): %s",
				  l->container, l->nogrow) :
			lo ? xstrdup("no spinlock_t size recorded in its units") :
			xstrdup("the lock word is not a struct member");
	}
}

static int cmp_site(const void *x, const void *y)
{
	const struct lf_bit_site *a = x, *b = y;
	int c;

	if (a->hotness != b->hotness)
		return a->hotness > b->hotness ? -1 : 1;
	if ((c = strcmp(a->rec->file, b->rec->file)))
		return c;
	if (a->rec->line != b->rec->line)
		return a->rec->line < b->rec->line ? -1 : 1;
	return a->rec->column < b->rec->column ? -1 : a->rec->column > b->rec->column;
}

static void add_lock(struct build *b, const struct lf_lock *from)
{
	const struct lf_bit_input *a = b->a;
	struct lf_bitlock *l = xcalloc(1, sizeof(*l));

	l->name = from->name;
	l->kind = from->kind;
	for (size_t i = 0; i < from->sites.n; i++) {
		struct lf_bit_site s = { .rec = from->sites.v[i].rec };

		if (!l->layout)
			l->layout = s.rec->layout;
		if (strmap_get(b->wrappers, s.rec->function)) {
			VEC_PUSH(&l->wrapped, s.rec);
			continue;
		}
		if (a->profile)
			profile_site(a, &s);
		else
			static_site(a, &s);
		VEC_PUSH(&l->sites, s);
	}
	lf_sort(l->sites.v, l->sites.n, sizeof(*l->sites.v), cmp_site);
	hotness(a, l);
	comparable(l);
	sleeping(a, from, l);
	hold_cost(l);
	propose(a, l);
	b->out->sites += l->sites.n;
	b->out->in_wrappers += l->wrapped.n;
	b->out->hot += l->hot;
	strmap_put(b->out->byname, l->name, l);
	VEC_PUSH(&b->out->locks, l);
}

static int cmp_lock(const void *x, const void *y)
{
	const struct lf_bitlock *a = *(const struct lf_bitlock *const *)x;
	const struct lf_bitlock *b = *(const struct lf_bitlock *const *)y;

	if (a->hotness != b->hotness)
		return a->hotness > b->hotness ? -1 : 1;
	if (a->score_sum != b->score_sum)
		return a->score_sum > b->score_sum ? -1 : 1;
	return strcmp(a->name, b->name);
}

void lf_bitlocks_build(const struct lf_bit_input *a, struct lf_bitlocks *out)
{
	struct build b = { .a = a, .wrappers = strmap_new(), .out = out };
	struct lf_locks ls;

	memset(out, 0, sizeof(*out));
	out->byname = strmap_new();
	for (size_t i = 0; i < a->recs->recs.n; i++)
		if (a->recs->recs.v[i]->kind == LF_REC_LOCK_WRAPPER)
			strmap_put(b.wrappers, a->recs->recs.v[i]->function, &b);
	lf_locks_build(a->recs, a->rules, LFR_MOD_BIT(LFR_MOD_bitlock), &ls);
	for (size_t i = 0; i < ls.locks.n; i++)
		add_lock(&b, ls.locks.v[i]);
	lf_sort(out->locks.v, out->locks.n, sizeof(*out->locks.v), cmp_lock);
}

char *lf_bitlock_message(const struct lf_bitlock *l, size_t i)
{
	const struct lf_bit_site *s = &l->sites.v[i];

	return xasprintf("bit spinlock '%s' is hot (%s): %s; here %s in %s(): %s",
			 l->name, l->hot_why, l->proposal, s->rec->api,
			 lf_fn_basename(s->rec->function), s->why);
}
