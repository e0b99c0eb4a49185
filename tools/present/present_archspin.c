// SPDX-License-Identifier: GPL-2.0
/*
 * present_archspin.c - what the arch-spin-preempt check shows: the
 * report's text section (counts by status and how, then the flagged and
 * the unresolved sites) and "arch_spin" array, lockfit explain of an arch
 * lock.  What it decides is checks/check_archspin.c's.
 */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "present/render.h"
#include "present/present.h"
#include "checks/archspin_callers.h"

/* Sites listed per status; the JSON report has them all. */
#define LIST_MAX 50

/* The "how" values of each status, in the order they are counted. */
static const char *const hows[][5] = {
	[LF_ARCH_SAFE] = { "local", "assert", "callers", NULL },
	[LF_ARCH_NEEDS_CALLER] = { "entry", NULL },
	[LF_ARCH_FLAGGED] = { "enabled", "unbalanced", "caller", "entered", NULL },
};

/* "safe 17 (local 13, assert 2, callers 2)" */
static void count_line(FILE *out, const struct lf_arch *ar,
		       enum lf_arch_status st)
{
	size_t shown = 0;

	lf_fprintf(out, "%s %zu", lf_arch_status_name(st), ar->count[st]);
	for (size_t h = 0; hows[st][h]; h++) {
		size_t n = 0;

		for (size_t i = 0; i < ar->sites.n; i++)
			n += ar->sites.v[i].status == st &&
			     !strcmp(ar->sites.v[i].how, hows[st][h]);
		if (n)
			lf_fprintf(out, "%s%s %zu", shown++ ? ", " : " (",
				hows[st][h], n);
	}
	lf_fprintf(out, "%s", shown ? ")" : "");
}

static void site_lines(FILE *out, const struct lf_arch *ar,
		       enum lf_arch_status st)
{
	size_t n = 0;

	lf_fprintf(out, "  %s:%s\n", lf_arch_status_name(st),
		ar->count[st] ? "" : " none");
	for (size_t i = 0; i < ar->sites.n; i++) {
		const struct lf_arch_site *s = &ar->sites.v[i];

		if (s->status != st)
			continue;
		if (n++ == LIST_MAX) {
			lf_fprintf(out, "    ... (--format json lists all)\n");
			break;
		}
		lf_fprintf(out, "    %s:%d:%d %s %s(%s) [%s]: %s\n", s->rec->file,
			s->rec->line, s->rec->column, s->rec->function,
			s->rec->api, s->rec->lock, s->how, s->why);
	}
}

static void text(FILE *out, const struct lf_analysis *a)
{
	const struct lf_arch *ar = lf_arch_of(a);
	size_t resolved = 0;

	if (!ar->sites.n) {
		lf_fprintf(out, "\narch_spin_lock sites: none\n");
		return;
	}
	lf_fprintf(out, "\narch_spin_lock sites: %zu; ", ar->sites.n);
	count_line(out, ar, LF_ARCH_SAFE);
	lf_fprintf(out, "; ");
	count_line(out, ar, LF_ARCH_FLAGGED);
	lf_fprintf(out, "; ");
	count_line(out, ar, LF_ARCH_NEEDS_CALLER);
	lf_fprintf(out, "\n");
	for (int st = 0; st <= LF_ARCH_FLAGGED; st++)
		resolved += ar->resolved[st];
	if (resolved)
		lf_fprintf(out, "  left to callers by the plugin: %zu; with the calls "
			"of every unit: safe %zu, flagged %zu, still needs_caller "
			"%zu\n", resolved, ar->resolved[LF_ARCH_SAFE],
			ar->resolved[LF_ARCH_FLAGGED],
			ar->resolved[LF_ARCH_NEEDS_CALLER]);
	site_lines(out, ar, LF_ARCH_FLAGGED);
	site_lines(out, ar, LF_ARCH_NEEDS_CALLER);
}

static json_t *caller(const struct lf_arch_site *s)
{
	const struct lf_callsite *c = s->culprit;

	if (!c)
		return json_null();
	return json_pack("{s:o, s:o, s:i}", "function",
			 lf_json_str(c->rec->function), "file",
			 lf_json_str(c->rec->file), "line", c->call->line);
}

static json_t *site(const struct lf_arch_site *s)
{
	const struct lf_rec *r = s->rec;
	json_t *o = json_object();
	bool enabled = !strcmp(r->how, "enabled") || !strcmp(r->how, "unbalanced");

	lf_json_place(o, r);
	json_object_set_new(o, "lock", lf_json_str(r->lock));
	json_object_set_new(o, "api", lf_json_str(r->api));
	json_object_set_new(o, "primitive", lf_json_str(r->primitive));
	json_object_set_new(o, "status", lf_json_str(lf_arch_status_name(s->status)));
	json_object_set_new(o, "how", lf_json_str(s->how));
	json_object_set_new(o, "record_status", lf_json_str(s->unit_status));
	json_object_set_new(o, "record_how", lf_json_str(s->unit_how));
	json_object_set_new(o, "resolved", json_boolean(s->resolved));
	json_object_set_new(o, "enabled_line", enabled ?
			    json_integer(r->enabled_line) : json_null());
	json_object_set_new(o, "caller", caller(s));
	json_object_set_new(o, "through", lf_json_str(s->through));
	json_object_set_new(o, "why", lf_json_str(s->why));
	return o;
}

static json_t *json(const struct lf_analysis *a)
{
	json_t *arr = json_array();
	struct lf_arch *arch = lf_arch_of(a);

	for (size_t i = 0; i < arch->sites.n; i++)
		json_array_append_new(arr, site(&arch->sites.v[i]));
	return arr;
}

/* The calls of R's function in every unit, then in its own. */
static void callers(const struct lf_analysis *a, const struct lf_rec *r)
{
	const struct lf_callsites *c = lf_callers(&a->calls, r->function);

	lf_printf("      calls of %s in the records:%s\n", r->function,
		  c->n ? "" : " none");
	for (size_t i = 0; i < c->n; i++)
		lf_printf("        %s at %s:%d: %s\n", c->v[i].rec->function,
		       c->v[i].rec->file, c->v[i].call->line,
		       lf_callee_context(c->v[i].call));
	for (size_t i = 0; i < c->n; i++)
		if (!strcmp(c->v[i].rec->tu, r->tu))
			lf_printf("      in its unit: %s at line %d%s\n",
				  c->v[i].rec->function, c->v[i].call->line,
				  strcmp(lf_callee_context(c->v[i].call), "atomic") ?
				  "" : ", atomic");
}

/* The entry (rules/entrypoints.tbl, hotpaths.tbl) that reaches the
 * site's function, and the chain of calls from it. */
static void entered(const struct lf_analysis *a, const struct lf_arch_site *s)
{
	char *line = lf_arch_entered(&a->calls, s);

	if (line)
		lf_printf("      %s\n", line);
	free(line);
}

static bool explain(const struct lf_analysis *a, const char *name)
{
	size_t n = 0;
	struct lf_arch *arch = lf_arch_of(a);

	for (size_t i = 0; i < arch->sites.n; i++)
		n += !strcmp(arch->sites.v[i].rec->lock, name);
	if (!n)
		return false;
	lf_printf("arch spinlock %s: %zu arch_spin_lock() site%s\n", name, n,
	       lf_plural(n));
	for (size_t i = 0; i < arch->sites.n; i++) {
		const struct lf_arch_site *s = &arch->sites.v[i];
		const struct lf_rec *r = s->rec;

		if (strcmp(r->lock, name))
			continue;
		lf_printf("\n  %s:%d:%d %s %s: %s (%s); the plugin said %s (%s)\n",
		       r->file, r->line, r->column, r->function, r->api,
		       lf_arch_status_name(s->status), s->how, s->unit_status,
		       s->unit_how);
		lf_printf("      %s\n", s->why);
		if (strcmp(s->unit_how, "entry") && strcmp(s->unit_how, "caller") &&
		    strcmp(s->unit_how, "unbalanced"))
			continue;
		entered(a, s);
		callers(a, r);
	}
	return true;
}

const struct lf_presenter lf_present_archspin = {
	.name = "archspin",
	.text = text,
	.json_key = "arch_spin",
	.json = json,
	.explain = explain,
};
