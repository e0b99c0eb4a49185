// SPDX-License-Identifier: GPL-2.0
/*
 * explain_checks.c - lockfit explain for a bit spinlock (every site's
 * hotness, the hot rule, layout and proposal) and for an arch spinlock
 * (every arch_spin_lock() site, and the calls that decide it).
 */
#include <stdio.h>
#include <string.h>
#include "util.h"
#include "analysis.h"
#include "render.h"
#include "explain.h"

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

bool lf_explain_bitlock(const struct lf_analysis *a, const char *name)
{
	const struct lf_bitlock *l = strmap_get(a->bitlocks.byname, name);

	if (!l)
		return false;
	lf_printf("bit spinlock %s (%s identity)\n", l->name, l->kind);
	bit_sites(l);
	lf_explain_order(a, l->name);
	lf_printf("\nhotness (%s):\n  [%-4s] hot: %s\n", a->has_profile ?
	       "from the profile" : "static score, no profile",
	       l->hot ? "pass" : "FAIL", l->hot_why);
	bit_memory(a, l);
	lf_printf("\nverdict: %s\n", l->hot ? "hot: replace it (bit-spinlock-hot)" :
	       "not hot: keep it");
	return true;
}

static void callers(const struct lf_analysis *a, const char *fn)
{
	const struct lf_callsites *c = lf_callers(&a->calls, fn);

	lf_printf("      calls of %s in the records:%s\n", fn, c->n ? "" : " none");
	for (size_t i = 0; i < c->n; i++)
		lf_printf("        %s at %s:%d: %s\n", c->v[i].rec->function,
		       c->v[i].rec->file, c->v[i].call->line,
		       c->v[i].call->context);
}

bool lf_explain_arch(const struct lf_analysis *a, const char *name)
{
	size_t n = 0;

	for (size_t i = 0; i < a->arch.sites.n; i++)
		n += !strcmp(a->arch.sites.v[i].rec->lock, name);
	if (!n)
		return false;
	lf_printf("arch spinlock %s: %zu arch_spin_lock() site%s\n", name, n,
	       lf_plural(n));
	for (size_t i = 0; i < a->arch.sites.n; i++) {
		const struct lf_arch_site *s = &a->arch.sites.v[i];
		const struct lf_rec *r = s->rec;

		if (strcmp(r->lock, name))
			continue;
		lf_printf("\n  %s:%d:%d %s %s: %s (%s); the plugin said %s (%s)\n",
		       r->file, r->line, r->column, r->function, r->api,
		       lf_arch_status_name(s->status), s->how, r->status, r->how);
		lf_printf("      %s\n", s->why);
		if (strcmp(r->how, "entry") && strcmp(r->how, "caller"))
			continue;
		callers(a, r->function);
		for (size_t j = 0; j < r->arch_callers.n; j++)
			lf_printf("      in its unit: %s at line %d%s\n",
			       r->arch_callers.v[j].function,
			       r->arch_callers.v[j].line,
			       r->arch_callers.v[j].atomic ? ", atomic" : "");
	}
	return true;
}
