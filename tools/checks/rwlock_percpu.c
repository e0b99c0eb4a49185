// SPDX-License-Identifier: GPL-2.0
/*
 * rwlock_percpu.c - the rules of an rwlock_t or rw_semaphore's
 * percpu_rw_semaphore verdict: few or rare writers, read-mostly, every
 * site sleepable with a percpu counterpart, long or hot readers; and the
 * api each site takes in that rewrite.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "checks/rwlock_verdict.h"
#include "checks/rwlock_eval.h"

/* Few writers, or rare ones (every write site cold), or, measured,
 * few write acquisitions per read (rwlock_context.c). */
static bool rule_pc_writes(struct eval *e)
{
	struct lf_writers *w = &e->pc_writers;

	lf_writers_judge(e->l, e->a, e->v->ctx, e->a->rules.percpu_max_write_sites,
			 "percpu_max_write_sites",
			 e->a->rules.runtime_percpu_min_read_per_write,
			 "runtime_percpu_min_read_per_write", w);
	return rule(e, LF_R_PC_WRITERS, w->pass,
		    xstrdup(w->detail));
}

static bool rule_pc_ratio(struct eval *e)
{
	long per = e->a->rules.percpu_min_read_per_write;
	long need = per * (long)e->l->nwrite;
	char *hot;
	bool ok;

	/* measured: "percpu: runtime read-mostly" decides */
	if (e->pc_writers.measured) {
		rule_na(e, LF_R_PC_READ_MOSTLY, "measured: percpu: runtime "
			"read-mostly decides");
		return true;
	}
	if (need < 1)
		need = 1;
	ok = (long)e->l->nread >= need;
	if (!ok && e->pc_writers.rare && (hot = lf_ev_hot_reads(e)))
		return rule(e, LF_R_PC_READ_MOSTLY, true, xasprintf(
			"%zu read site%s < %ld (percpu_min_read_per_write %ld x %zu "
			"write sites), but the writers are rare (every write site "
			"cold) and readers run hot: %s", e->l->nread,
			lf_plural(e->l->nread), need, per, e->l->nwrite, hot));
	return rule(e, LF_R_PC_READ_MOSTLY, ok, xasprintf(
		"%zu read site%s %s %ld (percpu_min_read_per_write %ld x %zu "
		"write site%s)", e->l->nread, lf_plural(e->l->nread),
		ok ? ">=" : "<", need, per, e->l->nwrite, lf_plural(e->l->nwrite)));
}

static void context_place(struct plist *p, const struct lf_rec *r)
{
	if (r->ctx.present && (r->ctx.preempt_disabled ||
			       r->ctx.irqs_disabled || r->ctx.bh_disabled))
		plist_add(p, "%s:%d taken with%s%s%s disabled", r->file, r->line,
			  r->ctx.preempt_disabled ? " preemption" : "",
			  r->ctx.irqs_disabled ? " irqs" : "",
			  r->ctx.bh_disabled ? " bh" : "");
}

/*
 * Sleepable: percpu_down_read() may sleep, so every site must allow it.
 * down_read() sleeps already, so an rw_semaphore site may.  An rwlock_t
 * acquire may sit under preempt_disable() or in an irq handler with a
 * plain read_lock: only a recorded context shows that it may sleep.
 */
static bool rule_pc_sleep(struct eval *e)
{
	const struct lf_edgelist *in = lf_edges_in(&e->a->graph, e->l->name);
	struct plist *p = plist_new(LIST_MAX);
	size_t blind = 0;

	for (size_t i = 0; i < e->l->sites.n; i++) {
		const struct lf_rec *r = e->l->sites.v[i].rec;

		if (strcmp(r->variant, "plain"))
			plist_add(p, "%s:%d %s", r->file, r->line, r->api);
		context_place(p, r);
		blind += e->rwlock && !r->ctx.present;
	}
	for (size_t i = 0; i < e->l->rels.n; i++) {
		const struct lf_rec *r = e->l->rels.v[i].rec;

		if (strcmp(r->variant, "plain"))
			plist_add(p, "%s:%d %s", r->file, r->line, r->api);
	}
	for (size_t i = 0; i < in->n; i++)
		if (lf_rules_class_spins(&e->a->rules, in->v[i]->from_cls))
			plist_add(p, "%s:%d taken under %s %s", in->v[i]->held->file,
				  in->v[i]->line, in->v[i]->from_cls, in->v[i]->from);
	if (!p->n && !blind)
		return rule(e, LF_R_PC_SLEEPABLE, true, xstrdup(e->rwlock ?
			"every site plain, its context recorded with nothing "
			"disabled, none under a spinning lock" :
			"every site plain, none under a spinning lock or with "
			"preemption, irqs or bh disabled"));
	if (blind)
		plist_add(p, "%zu rwlock_t site%s without a recorded context",
			  blind, lf_plural(blind));
	return rule(e, LF_R_PC_SLEEPABLE, false, xasprintf(
		"not every site may sleep: %s", plist_text(p)));
}

/* What API becomes in a percpu_rw_semaphore rewrite: rules/rewrites.tbl's
 * percpu_rwsem call rows ("read_lock" -> "percpu_down_read"); "-" when the
 * table refuses it or has no row. */
static char *percpu_api(const struct eval *e, const char *api)
{
	const char *to = lf_rules_call(&e->a->rules, "percpu_rwsem", api, NULL);

	return xstrdup(to ? to : "-");
}

static bool rule_pc_api(struct eval *e)
{
	struct plist *p = plist_new(LIST_MAX);

	for (size_t i = 0; i < e->l->sites.n; i++) {
		const struct lf_rec *r = e->l->sites.v[i].rec;
		char *api;

		/* irq and bh variants fail "sleepable" already */
		if (strcmp(r->variant, "plain"))
			continue;
		api = percpu_api(e, r->api);
		if (!strcmp(api, "-"))
			plist_add(p, "%s:%d %s (rules/rewrites.tbl has no "
				  "percpu_rwsem form)", r->file, r->line, r->api);
		else if (!lf_rules_has_api(&e->a->rules, "percpu_rwsem", api))
			plist_add(p, "%s:%d %s (no %s)", r->file, r->line, r->api, api);
		free(api);
	}
	if (!p->n)
		return rule(e, LF_R_PC_API, true, xstrdup(
			"every site has a percpu_rw_semaphore counterpart in "
			"rules/primitives.tbl"));
	return rule(e, LF_R_PC_API, false, xasprintf(
		"no percpu_rw_semaphore counterpart in rules/primitives.tbl: %s",
		plist_text(p)));
}

/* Long or hot: only then does the cheap read side pay for a writer that
 * waits for an RCU grace period. */
static bool rule_pc_long(struct eval *e)
{
	long min = e->a->rules.percpu_min_read_cost;
	long hot = e->a->rules.percpu_hot_percent;
	struct plist *loops = plist_new(LIST_MAX);
	double share = e->v->share;

	lf_ev_read_loops(e, loops);
	if (e->v->max_read_cost >= min)
		return rule(e, LF_R_PC_LONG_OR_HOT, true, xasprintf(
			"read sections long: max cost %ld >= percpu_min_read_cost %ld",
			e->v->max_read_cost, min));
	if (loops->n)
		return rule(e, LF_R_PC_LONG_OR_HOT, true, xasprintf(
			"read sections loop at %s", plist_text(loops)));
	if (share >= 0 && share >= hot)
		return rule(e, LF_R_PC_LONG_OR_HOT, true, xasprintf(
			"hot: its read sites' functions have %.2f%% of the profile's "
			"samples >= percpu_hot_percent %ld", share, hot));
	return rule(e, LF_R_PC_LONG_OR_HOT, false, share < 0 ? xasprintf(
		"read sections short (max cost %ld < percpu_min_read_cost %ld, "
		"no loop) and no profile given", e->v->max_read_cost, min) :
		xasprintf("read sections short (max cost %ld < percpu_min_read_cost "
			  "%ld, no loop) and not hot (%.2f%% of the profile's samples "
			  "< percpu_hot_percent %ld)", e->v->max_read_cost, min,
			  share, hot));
}

bool lf_ev_rules_percpu(struct eval *e)
{
	bool ok = rule_pc_writes(e);

	ok &= rule_pc_ratio(e);
	ok &= rule_pc_sleep(e);
	ok &= rule_pc_api(e);
	ok &= rule_pc_long(e);
	ok &= lf_ev_rule_runtime(e, LF_R_PC_RT_READ_MOSTLY, lf_rule_rt_ratio);
	return ok;
}

void lf_ev_percpu_needs(struct eval *e)
{
	for (size_t i = 0; i < e->l->sites.n; i++)
		e->v->needs[i] = percpu_api(e, e->l->sites.v[i].rec->api);
}

void lf_ev_percpu_reasons(struct eval *e)
{
	for (size_t i = 0; i < e->v->rules.n; i++)
		if (lf_rule_percpu(e->v->rules.v[i].id))
			reason(e, xstrdup(e->v->rules.v[i].detail));
}
