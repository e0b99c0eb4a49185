// SPDX-License-Identifier: GPL-2.0
/*
 * rwlock_percpu.c - the rules of an rwlock_t or rw_semaphore's
 * percpu_rw_semaphore verdict: few or rare writers, long or sleeping
 * readers user space repeats at will, every site sleepable with a percpu
 * counterpart, long or hot readers; and the api each site takes in that
 * rewrite.
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

/*
 * What makes read section R worth a percpu read side: it is long (a
 * loop, or cost >= percpu_min_read_cost) or it sleeps (a call of
 * rules/sleeping.tbl, or a sleeping lock taken inside it).  Its text,
 * or NULL if neither.
 */
static char *section_weighs(const struct eval *e, const struct lf_rec *r)
{
	const char *plus = r->cost_known ? "" : "+";

	if (r->loop)
		return xasprintf("a loop, cost %ld%s", r->cost, plus);
	if (r->cost >= e->a->rules.percpu_min_read_cost)
		return xasprintf("cost %ld%s >= percpu_min_read_cost %ld", r->cost,
				 plus, e->a->rules.percpu_min_read_cost);
	for (size_t i = 0; i < r->calls.n; i++)
		if (lf_rules_sleeps(&e->a->rules, r->calls.v[i].callee))
			return xasprintf("sleeps: %s() at line %d",
					 r->calls.v[i].callee, r->calls.v[i].line);
	for (size_t i = 0; i < r->nested.n; i++)
		if (lf_rules_class_sleeps(&e->a->rules, r->nested.v[i].cls))
			return xasprintf("sleeps: takes %s (%s) at line %d",
					 r->nested.v[i].lock, r->nested.v[i].cls,
					 r->nested.v[i].line);
	return NULL;
}

/*
 * Readers user space repeats (issue 29, rule 2: upstream chooses a
 * percpu_rw_semaphore for what the readers do, not for a ratio of site
 * counts): some read section that is long or sleeps is reached from a
 * hot entry user space triggers at will (rules/entrypoints.tbl: a hot
 * slot with a user row, a file's read, a socket's sendmsg), or the
 * profile shows a read site hot.  Long readers run only where user
 * space does not repeat them (setsockopt, bind, a dump, no entry
 * known), or hot readers that are short, do not make the per-CPU read
 * side pay for a writer that waits for a grace period: keep.  With a
 * lock_stat class, "percpu: runtime read-mostly" decides.
 */
static bool rule_pc_readers(struct eval *e)
{
	struct plist *ok = plist_new(LIST_MAX), *cold = plist_new(LIST_MAX),
		     *shrt = plist_new(LIST_MAX);

	if (e->pc_writers.measured) {
		rule_na(e, LF_R_PC_READ_MOSTLY, "measured: percpu: runtime "
			"read-mostly decides");
		return true;
	}
	for (size_t i = 0; i < e->l->sites.n; i++) {
		const struct lf_rec *r = e->l->sites.v[i].rec;
		const struct lf_site_ctx *c = lf_site_ctx_at(e->v->ctx, i);
		char *w, *t;

		if (!lf_is_read(r))
			continue;
		w = section_weighs(e, r);
		t = lf_site_ctx_text(c);
		if (lf_site_ctx_profile_hot(c, e->a) >= 0)
			plist_add(ok, "%s:%d %s() (hot: profile %.2f%%)", r->file,
				  r->line, lf_fn_basename(r->function),
				  lf_site_ctx_profile_hot(c, e->a));
		else if (lf_site_ctx_user_hot(c, e->a) && w)
			plist_add(ok, "%s:%d %s() (%s; %s)", r->file, r->line,
				  lf_fn_basename(r->function), t, w);
		else if (lf_site_ctx_user_hot(c, e->a))
			plist_add(shrt, "%s:%d %s() (%s)", r->file, r->line,
				  lf_fn_basename(r->function), t);
		else if (w)
			plist_add(cold, "%s:%d %s() (%s; %s)", r->file, r->line,
				  lf_fn_basename(r->function), t, w);
		free(w);
		free(t);
	}
	if (ok->n)
		return rule(e, LF_R_PC_READ_MOSTLY, true, xasprintf(
			"readers user space repeats at will, long, sleeping "
			"or hot by the profile: %s", plist_text(ok)));
	return rule(e, LF_R_PC_READ_MOSTLY, false, xasprintf(
		"no long or sleeping read section is shown to run where user "
		"space repeats it (a hot entry of a user row of "
		"rules/entrypoints.tbl, or hot by --profile)%s%s%s%s: a per-CPU "
		"read side would not pay for a writer that waits for a grace "
		"period", cold->n ? "; long or sleeping readers only elsewhere: " : "",
		cold->n ? plist_text(cold) : "",
		shrt->n ? "; readers user space repeats, but none shown long "
		"or sleeping: " : "", shrt->n ? plist_text(shrt) : ""));
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

/* Long, sleeping or hot: only then does the cheap read side pay for a
 * writer that waits for an RCU grace period. */
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
	for (size_t i = 0; i < e->l->sites.n; i++) {
		const struct lf_rec *r = e->l->sites.v[i].rec;
		char *w = lf_is_read(r) ? section_weighs(e, r) : NULL;

		if (w)
			return rule(e, LF_R_PC_LONG_OR_HOT, true, xasprintf(
				"read sections sleep: %s:%d %s() (%s)", r->file,
				r->line, lf_fn_basename(r->function), w));
	}
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

	ok &= rule_pc_readers(e);
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
