// SPDX-License-Identifier: GPL-2.0
/*
 * present_bitlock.c - what the bit-spinlock-hot check shows: the
 * report's text section (one block per lock, hottest first) and
 * "bit_spinlocks" array, lockfit explain of a bit lock.  What it decides
 * is checks/check_bitlock.c's.
 */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "present/render.h"
#include "checks/checker.h"
#include "present/present.h"
#include "checks/bitlock_rank.h"

static void method(FILE *out, const struct lf_analysis *a)
{
	if (a->has_profile) {
		lf_fprintf(out, "hotness: profile %s: a site has the samples of its "
			"function, a lock those of its sites' functions (each "
			"once); hot: >= bitlock_hot_percent %ld%% of all samples\n",
			a->profile.path, a->rules.bitlock_hot_percent);
		return;
	}
	lf_fprintf(out, "hotness: static score per site (no profile): %ld per "
		"enclosing loop, +%ld within %ld calls of a hot entry point "
		"(rules/hotpaths.tbl), +%ld for an entry point itself; a lock is "
		"as hot as its hottest site; hot: >= bitlock_hot_score %ld\n",
		a->rules.bitlock_score_loop, a->rules.bitlock_score_reach,
		a->rules.hot_call_depth, a->rules.bitlock_score_entry,
		a->rules.bitlock_hot_score);
}

static void memory(FILE *out, const struct lf_bitlock *l)
{
	const struct lf_layout *lo = l->layout;

	if (lo)
		lf_fprintf(out, "  memory: %s, %ld bytes, align %ld, bit in %s: ",
			lo->st, lo->size, lo->align, lo->field ? lo->field : "?");
	else
		lf_fprintf(out, "  memory: no struct layout: ");
	lf_fprintf(out, "%s\n    because %s\n", l->proposal, l->fix_why);
}

static void hold(FILE *out, const struct lf_bitlock *l)
{
	if (!l->sites.n) {
		lf_fprintf(out, "  hold: no section outside its wrappers\n");
		return;
	}
	lf_fprintf(out, "  hold: %zu section%s, cost max %ld, median %ld",
		l->sites.n, lf_plural(l->sites.n), l->max_cost, l->median_cost);
	if (l->unknown_len)
		lf_fprintf(out, " (%zu with calls of unknown length: lower bounds)",
			l->unknown_len);
	lf_fprintf(out, "; %zu with a loop; %zu call%s\n", l->loops, l->calls,
		lf_plural(l->calls));
}

static void sites(FILE *out, const struct lf_bitlock *l)
{
	lf_fprintf(out, "  sites, hottest first:%s\n", l->sites.n ? "" : " none");
	for (size_t i = 0; i < l->sites.n; i++) {
		const struct lf_rec *r = l->sites.v[i].rec;

		lf_fprintf(out, "    %s:%d:%d %s %s%s cost %ld%s %s: %s\n", r->file,
			r->line, r->column, r->function, r->api,
			r->is_try ? " try" : "", r->cost, r->cost_known ? "" : "+",
			r->loop ? "loop" : "no-loop", l->sites.v[i].why);
	}
	if (l->wrapped.n)
		lf_fprintf(out, "  left out: %zu section%s inside its lock wrappers\n",
			l->wrapped.n, lf_plural(l->wrapped.n));
}

static void calls(FILE *out, const struct lf_bitlock *l)
{
	size_t n = 0;

	lf_fprintf(out, "  calls in sections:%s\n", l->calls ? "" : " none");
	for (size_t i = 0; i < l->sites.n; i++) {
		const struct lf_rec *r = l->sites.v[i].rec;

		for (size_t j = 0; j < r->calls.n; j++)
			if (n++ < TEXT_MAX)
				lf_text_call(out, r, &r->calls.v[j]);
			else if (n == TEXT_MAX + 1)
				lf_fprintf(out, "    ... (lockfit explain lists all)\n");
	}
}

static void block(FILE *out, const struct lf_analysis *a, const struct lf_bitlock *l)
{
	lf_fprintf(out, "\n%s (%s, %s): %s, %s\n", l->name, l->sleeps ?
		"sleeping bit lock" : "bit spinlock", l->kind,
		l->hot ? "hot" : "not hot", l->hot_why);
	memory(out, l);
	hold(out, l);
	sites(out, l);
	calls(out, l);
	lf_text_nesting(out, a, l->name);
}

static void text(FILE *out, const struct lf_analysis *a)
{
	const struct lf_bitlocks *b = lf_bits_of(a);

	if (!b->locks.n) {
		lf_fprintf(out, "\nbit spinlocks: none\n");
		return;
	}
	lf_fprintf(out, "\nbit spinlocks: %zu lock%s, %zu acquire site%s (%zu "
		"section%s inside lock wrappers left out), %zu hot\n",
		b->locks.n, lf_plural(b->locks.n), b->sites, lf_plural(b->sites),
		b->in_wrappers, lf_plural(b->in_wrappers), b->hot);
	method(out, a);
	for (size_t i = 0; i < b->locks.n; i++)
		block(out, a, b->locks.v[i]);
}

static json_t *number(const struct lf_analysis *a, double v)
{
	if (a->has_profile && a->profile.percent)
		return json_real(v);
	return json_integer((json_int_t)v);
}

static json_t *layout(const struct lf_layout *lo)
{
	json_t *o;

	if (!lo)
		return json_null();
	o = json_pack("{s:o, s:I, s:I, s:o}", "struct", lf_json_str(lo->st),
		      "size", (json_int_t)lo->size, "align", (json_int_t)lo->align,
		      "field", lf_json_str(lo->field));
	json_object_set_new(o, "spinlock_size", lo->spinlock_size < 0 ? json_null() :
			    json_integer(lo->spinlock_size));
	json_object_set_new(o, "hole", !lo->hole ? json_null() :
			    json_pack("{s:I, s:I}",
				      "offset", (json_int_t)lo->hole_offset,
				      "size", (json_int_t)lo->hole_size));
	json_object_set_new(o, "size_with_spinlock", lo->size_with_spinlock < 0 ?
			    json_null() : json_integer(lo->size_with_spinlock));
	return o;
}

static json_t *site(const struct lf_analysis *a, const struct lf_bit_site *s)
{
	const struct lf_rec *r = s->rec;
	json_t *o = json_object();

	lf_json_place(o, r);
	json_object_set_new(o, "api", lf_json_str(r->api));
	json_object_set_new(o, "try", json_boolean(r->is_try));
	json_object_set_new(o, "cost", json_integer(r->cost));
	json_object_set_new(o, "cost_known", json_boolean(r->cost_known));
	json_object_set_new(o, "loop", json_boolean(r->loop));
	json_object_set_new(o, "loop_depth", r->loop_depth < 0 ? json_null() :
			    json_integer(r->loop_depth));
	json_object_set_new(o, "hotness", number(a, s->hotness));
	json_object_set_new(o, "entry", s->reached ?
			    lf_json_str(s->hot.entry) : json_null());
	json_object_set_new(o, "entry_calls", s->reached ?
			    json_integer(s->hot.depth) : json_null());
	json_object_set_new(o, "why", lf_json_str(s->why));
	return o;
}

static const char *fix_name(enum lf_bit_fix f)
{
	static const char *const names[] = {
		[LF_FIX_HOLE] = "hole", [LF_FIX_GROW] = "grow",
		[LF_FIX_HASH] = "hash", [LF_FIX_NONE] = "none",
	};

	return names[f];
}

static json_t *lock(const struct lf_analysis *a, const struct lf_bitlock *l)
{
	json_t *o = json_object(), *arr = json_array();
	bool any = l->sites.n > 0;

	for (size_t i = 0; i < l->sites.n; i++)
		json_array_append_new(arr, site(a, &l->sites.v[i]));
	json_object_set_new(o, "lock", lf_json_str(l->name));
	json_object_set_new(o, "kind", lf_json_str(l->kind));
	json_object_set_new(o, "hot", json_boolean(l->hot));
	json_object_set_new(o, "hotness_from", lf_json_str(a->has_profile ?
							   "profile" : "static"));
	json_object_set_new(o, "hotness", number(a, l->hotness));
	json_object_set_new(o, "share", a->has_profile ? json_real(l->share) :
			    json_null());
	json_object_set_new(o, "hot_why", lf_json_str(l->hot_why));
	json_object_set_new(o, "sleeps", lf_json_str(l->sleeps));
	json_object_set_new(o, "layout", layout(l->layout));
	json_object_set_new(o, "container", lf_json_str(l->container));
	json_object_set_new(o, "nogrow", lf_json_str(l->nogrow));
	json_object_set_new(o, "fix", lf_json_str(fix_name(l->fix)));
	json_object_set_new(o, "proposal", lf_json_str(l->proposal));
	json_object_set_new(o, "fix_why", lf_json_str(l->fix_why));
	json_object_set_new(o, "max_cost", any ? json_integer(l->max_cost) :
			    json_null());
	json_object_set_new(o, "median_cost", any ? json_integer(l->median_cost) :
			    json_null());
	json_object_set_new(o, "unknown_length", json_integer(l->unknown_len));
	json_object_set_new(o, "loops", json_integer(l->loops));
	json_object_set_new(o, "calls", json_integer(l->calls));
	json_object_set_new(o, "in_wrappers", json_integer(l->wrapped.n));
	json_object_set_new(o, "sites", arr);
	return o;
}

static json_t *json(const struct lf_analysis *a)
{
	json_t *arr = json_array();
	struct lf_bitlocks *bits = lf_bits_of(a);

	for (size_t i = 0; i < bits->locks.n; i++)
		json_array_append_new(arr, lock(a, bits->locks.v[i]));
	return arr;
}

static void bit_sites(const struct lf_bitlock *l)
{
	lf_printf("\nsites: %zu acquire site%s, %zu section%s inside lock wrappers "
	       "left out\n", l->sites.n, lf_plural(l->sites.n), l->wrapped.n,
	       lf_plural(l->wrapped.n));
	for (size_t i = 0; i < l->sites.n; i++) {
		const struct lf_rec *r = l->sites.v[i].rec;

		lf_printf("  %s:%d:%d %s %s%s cost %ld%s %s\n", r->file, r->line,
		       r->column, r->function, r->api, r->is_try ? " try" : "",
		       r->cost, r->cost_known ? "" : "+", r->loop ? "loop" : "no-loop");
		lf_printf("      hotness: %s\n", l->sites.v[i].why);
		lf_explain_site(r);
	}
	for (size_t i = 0; i < l->wrapped.n; i++)
		lf_printf("  %s:%d:%d %s %s: inside a lock wrapper, left out\n",
		       l->wrapped.v[i]->file, l->wrapped.v[i]->line,
		       l->wrapped.v[i]->column, l->wrapped.v[i]->function,
		       l->wrapped.v[i]->api);
}

static void bit_memory(const struct lf_analysis *a, const struct lf_bitlock *l)
{
	const struct lf_layout *lo = l->layout;

	lf_printf("\nmemory:\n");
	if (!lo) {
		lf_printf("  layout: none recorded (the lock word is no struct member)\n");
	} else {
		lf_printf("  layout: %s, %ld bytes, align %ld, field %s; ", lo->st,
		       lo->size, lo->align, lo->field ? lo->field : "?");
		if (lo->spinlock_size < 0)
			lf_printf("spinlock_t size unknown\n");
		else if (lo->hole)
			lf_printf("spinlock_t %ld bytes; hole of %ld bytes at offset "
			       "%ld\n", lo->spinlock_size, lo->hole_size,
			       lo->hole_offset);
		else
			lf_printf("spinlock_t %ld bytes; no hole; with one: %ld bytes\n",
			       lo->spinlock_size, lo->size_with_spinlock);
	}
	lf_printf("  %s/bitlocks.tbl %s %s\n", a->rules.dir,
	       l->nogrow ? "lists" : "does not list", l->container);
	lf_printf("  proposal: %s\n    because %s\n", l->proposal, l->fix_why);
	lf_printf("  hold: %zu section%s, cost max %ld, median %ld, %zu with calls "
	       "of unknown length, %zu with a loop, %zu call%s\n", l->sites.n,
	       lf_plural(l->sites.n), l->max_cost, l->median_cost, l->unknown_len,
	       l->loops, l->calls, lf_plural(l->calls));
}

static bool explain(const struct lf_analysis *a, const char *name)
{
	const struct lf_bitlock *l = strmap_get(lf_bits_of(a)->byname, name);

	if (!l)
		return false;
	lf_printf("bit spinlock %s (%s identity)\n", l->name, l->kind);
	bit_sites(l);
	lf_explain_order(a, l->name);
	lf_printf("\nhotness (%s):\n  [%-4s] hot: %s\n", a->has_profile ?
	       "from the profile" : "static score, no profile",
	       l->hot ? "pass" : "FAIL", l->hot_why);
	bit_memory(a, l);
	if (l->hot)
		lf_printf("\nverdict: hot: replace it (%s)\n",
			  lf_checks[LF_CHECK_bit_spinlock_hot].name);
	else
		lf_printf("\nverdict: %s\n", l->sleeps ?
			  "a sleeping bit lock: keep it, never a spinlock_t" :
			  "not hot: keep it");
	return true;
}

const struct lf_presenter lf_present_bitlock = {
	.name = "bitlock",
	.text = text,
	.json_key = "bit_spinlocks",
	.json = json,
	.explain = explain,
};
