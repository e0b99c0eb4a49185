// SPDX-License-Identifier: GPL-2.0
/*
 * render.c - the pieces every check's presenter (present_*.c) shares in
 * the report and explain: a call in a section, lock-order edges, a
 * section in full, a JSON place (a JSON string is lib/escape.c's).
 */
#include <jansson.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "present/render.h"

void lf_text_call(FILE *out, const struct lf_rec *r, const struct lf_call *c)
{
	lf_fprintf(out, "    %s:%d %s: ", r->file, c->line, c->callee);
	if (!c->known_body)
		lf_fprintf(out, "length unknown\n");
	else
		lf_fprintf(out, "cost %ld%s%s\n", c->cost, c->cost_known ? "" : "+",
			c->loop ? ", loop" : "");
}

void lf_text_edge(FILE *out, const struct lf_edge *e, bool outgoing)
{
	const char *in = e->via ? " in " : "", *via = e->via ? e->via : "";

	if (outgoing)
		lf_fprintf(out, "    holds it (%s) at %s:%d in %s, takes %s (%s %s) "
			"at line %d%s%s\n", e->from_mode, e->held->file,
			e->held->line, e->held->function, e->to, e->to_cls,
			e->to_mode, e->line, in, via);
	else
		lf_fprintf(out, "    taken (%s) at %s:%d%s%s in %s while holding %s "
			"(%s %s)\n", e->to_mode, e->held->file, e->line, in, via,
			e->held->function, e->from, e->from_cls, e->from_mode);
}

void lf_text_nesting(FILE *out, const struct lf_analysis *a, const char *lock)
{
	const struct lf_edgelist *o = lf_edges_out(&a->graph, lock);
	const struct lf_edgelist *in = lf_edges_in(&a->graph, lock);

	lf_fprintf(out, "  nesting:%s\n", o->n || in->n ? "" : " none");
	for (size_t i = 0; i < o->n && i < TEXT_MAX; i++)
		lf_text_edge(out, o->v[i], true);
	for (size_t i = 0; i < in->n && i < TEXT_MAX; i++)
		lf_text_edge(out, in->v[i], false);
	if (o->n > TEXT_MAX || in->n > TEXT_MAX)
		lf_fprintf(out, "    ... (lockfit explain lists all)\n");
}

/* Samples as the profile counts them; null without a profile. */
json_t *lf_json_samples(const struct lf_analysis *a, double w)
{
	if (!a->has_profile)
		return json_null();
	return a->profile.percent ? json_real(w) : json_integer((json_int_t)w);
}

void lf_json_place(json_t *o, const struct lf_rec *r)
{
	json_object_set_new(o, "file", lf_json_str(r->file));
	json_object_set_new(o, "line", json_integer(r->line));
	json_object_set_new(o, "column", json_integer(r->column));
	json_object_set_new(o, "function", lf_json_str(r->function));
}

static void site_calls(const struct lf_rec *r)
{
	for (size_t j = 0; j < r->calls.n; j++) {
		const struct lf_call *c = &r->calls.v[j];

		lf_printf("      call %s at line %d: ", c->callee, c->line);
		if (!c->known_body)
			lf_printf("body not in this unit, length unknown\n");
		else
			lf_printf("cost %ld%s%s\n", c->cost,
			       c->cost_known ? "" : " (calls of unknown length)",
			       c->loop ? ", loop" : "");
	}
}

void lf_explain_site(const struct lf_rec *r)
{
	lf_printf("      releases:");
	for (size_t j = 0; j < r->releases.n; j++)
		lf_printf("%s line %d", j ? "," : "", r->releases.v[j]);
	lf_printf("%s%s\n", r->releases.n ? "" : " none",
	       r->open_at_exit ? "; some path returns with it held" : "");
	if (r->is_try)
		lf_printf("      trylock%s\n", r->try_unresolved ?
		       ": result not followed, section starts at the call" : "");
	if (r->recursive)
		lf_printf("      recursive: taken again while held\n");
	if (r->ctx.present)
		lf_printf("      context: preemption %s, irqs %s, bh %s\n",
		       r->ctx.preempt_disabled ? "off" : "on",
		       r->ctx.irqs_disabled ? "off" : "on",
		       r->ctx.bh_disabled ? "off" : "on");
	site_calls(r);
	for (size_t j = 0; j < r->nested.n; j++)
		lf_printf("      takes %s (%s %s) at line %d%s%s\n",
		       r->nested.v[j].lock, r->nested.v[j].cls,
		       r->nested.v[j].mode, r->nested.v[j].line,
		       r->nested.v[j].via ? " in " : "",
		       r->nested.v[j].via ? r->nested.v[j].via : "");
}

void lf_explain_order(const struct lf_analysis *a, const char *lock)
{
	const struct lf_edgelist *o = lf_edges_out(&a->graph, lock);
	const struct lf_edgelist *in = lf_edges_in(&a->graph, lock);

	lf_printf("\nlock order:%s\n", o->n || in->n ? "" : " no nesting");
	for (size_t i = 0; i < o->n; i++)
		lf_printf("  %s:%d %s holds it (%s), takes %s (%s %s) at line %d%s%s\n",
		       o->v[i]->held->file, o->v[i]->held->line,
		       o->v[i]->held->function, o->v[i]->from_mode, o->v[i]->to,
		       o->v[i]->to_cls, o->v[i]->to_mode, o->v[i]->line,
		       o->v[i]->via ? " in " : "", o->v[i]->via ? o->v[i]->via : "");
	for (size_t i = 0; i < in->n; i++)
		lf_printf("  %s:%d %s takes it (%s)%s%s while holding %s (%s %s)\n",
		       in->v[i]->held->file, in->v[i]->line,
		       in->v[i]->held->function, in->v[i]->to_mode,
		       in->v[i]->via ? " in " : "", in->v[i]->via ? in->v[i]->via : "",
		       in->v[i]->from, in->v[i]->from_cls, in->v[i]->from_mode);
}
