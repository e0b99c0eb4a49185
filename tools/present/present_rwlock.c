// SPDX-License-Identifier: GPL-2.0
/*
 * present_rwlock.c - what the rwlock_t and rw_semaphore checks show: the
 * report's header counts, lock blocks and "locks" array (with each
 * lock's lock_stat evidence), lockfit explain of one lock.  What they
 * decide is checks/check_rwlock.c's.
 */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "checks/rwlock_verdict.h"
#include "checks/rwlock_context.h"
#include "analysis/runtime.h"
#include "coverage/coverage.h"
#include "checks/benefit.h"
#include "checks/checker.h"
#include "checks/check_rwlock.h"
#include "present/render.h"
#include "present/present.h"

/* The header's count of locks per verdict. */
static void text_header(FILE *out, const struct lf_analysis *a)
{
	size_t count[LF_V_UNKNOWN + 1] = { 0 }, cleanups = 0;
	struct lf_ranked *ranked = lf_ranked_of(a);

	for (size_t i = 0; i < ranked->n; i++) {
		count[ranked->v[i]->kind]++;
		cleanups += ranked->v[i]->cleanup;
	}
	lf_fprintf(out, "locks: %zu (", ranked->n);
	for (int k = 0; k <= LF_V_UNKNOWN; k++) {
		/* rcu is rare: named when there is one */
		if (k != LF_V_RCU || count[k])
			lf_fprintf(out, "%s%s %zu", k ? ", " : "",
				   lf_verdict_name(k), count[k]);
		if (k == LF_V_SPINLOCK && cleanups)
			lf_fprintf(out, " (%zu cleanup%s)", cleanups,
				   lf_plural(cleanups));
	}
	lf_fprintf(out, ")\n");
}

static void text_site(struct strbuf *sb, const struct lf_verdict *v, size_t i)
{
	const struct lf_lock *l = v->lock;
	const struct lf_rec *r = l->sites.v[i].rec;

	sb_printf(sb, "%-5s %s:%d:%d %s %s %s cost %ld%s %s", r->mode, r->file,
		  r->line, r->column, r->function, r->api, r->variant, r->cost,
		  r->cost_known ? "" : "+", r->loop ? "loop" : "no-loop");
	if (r->open_at_exit)
		sb_printf(sb, " open-at-exit");
	if (l->sites.v[i].via)
		sb_printf(sb, " via %s", l->sites.v[i].via);
	if (v && lf_site_ctx_known(lf_site_ctx_at(v->ctx, i))) {
		char *t = lf_site_ctx_text(lf_site_ctx_at(v->ctx, i));

		sb_printf(sb, " [%s]", t);
		free(t);
	}
	if (v && v->needs[i])
		sb_printf(sb, " => %s%s -> %s", v->promote[i] ? "promote " : "",
			  r->api, v->needs[i]);
}

static void text_sites(FILE *out, const struct lf_verdict *v)
{
	const struct lf_lock *l = v->lock;
	struct strbuf sb = { 0 };

	lf_fprintf(out, "  sites:\n");
	for (size_t i = 0; i < l->sites.n; i++) {
		sb.len = 0;
		text_site(&sb, v, i);
		lf_fprintf(out, "    %s\n", sb_str(&sb));
	}
	for (size_t i = 0; i < l->rels.n; i++) {
		const struct lf_rec *r = l->rels.v[i].rec;

		lf_fprintf(out, "    %-5s %s:%d:%d %s %s %s release only\n", r->mode,
			r->file, r->line, r->column, r->function, r->api, r->variant);
	}
	free(sb.s);
}

static void text_loops(FILE *out, const struct lf_lock *l)
{
	size_t n = 0;

	lf_fprintf(out, "  loops in read sections:");
	for (size_t i = 0; i < l->sites.n; i++) {
		const struct lf_rec *r = l->sites.v[i].rec;

		if (lf_is_read(r) && r->loop)
			lf_fprintf(out, "%s %s:%d", n++ ? "," : "", r->file, r->line);
	}
	lf_fprintf(out, "%s\n", n ? "" : " none");
}

static void text_calls(FILE *out, const struct lf_lock *l)
{
	size_t n = 0;

	for (size_t i = 0; i < l->sites.n; i++)
		if (lf_is_read(l->sites.v[i].rec))
			n += l->sites.v[i].rec->calls.n;
	lf_fprintf(out, "  calls in read sections:%s\n", n ? "" : " none");
	n = 0;
	for (size_t i = 0; i < l->sites.n; i++) {
		const struct lf_rec *r = l->sites.v[i].rec;

		for (size_t j = 0; lf_is_read(r) && j < r->calls.n; j++)
			if (n++ < TEXT_MAX)
				lf_text_call(out, r, &r->calls.v[j]);
			else if (n == TEXT_MAX + 1)
				lf_fprintf(out, "    ... (lockfit explain lists all)\n");
	}
}

static void text_costs(FILE *out, const struct lf_analysis *a, const struct lf_verdict *v)
{
	const struct lf_lock *l = v->lock;

	lf_fprintf(out, "  read sites %zu, write sites %zu; ", l->nread, l->nwrite);
	if (v->has_read)
		lf_fprintf(out, "read cost max %ld, median %ld", v->max_read_cost,
			v->median_read_cost);
	else
		lf_fprintf(out, "no read cost");
	if (v->read_unknown_len)
		lf_fprintf(out, " (%zu with calls of unknown length: lower bounds)",
			v->read_unknown_len);
	lf_fprintf(out, "\n");
	if (a->has_profile) {
		char *s = lf_profile_fmt(&a->profile, v->samples);

		lf_fprintf(out, "  profile samples in read-site functions: %s (%.2f%%)\n",
			s, v->share);
		free(s);
	}
}

static void text_block(FILE *out, const struct lf_analysis *a, const struct lf_verdict *v)
{
	const struct lf_lock *l = v->lock;

	lf_fprintf(out, "\n%s (%s, %s): %s%s\n", l->name, lf_lock_type(l), l->kind,
		lf_verdict_name(v->kind), v->cleanup ? " (a cleanup, not a speedup)" : "");
	char *benefit = lf_benefit_text(a, v);

	for (size_t i = 0; i < v->reasons.n; i++)
		lf_fprintf(out, "  - %s\n", v->reasons.v[i]);
	if (benefit)
		lf_fprintf(out, "  benefit: %s\n", benefit);
	free(benefit);
	text_costs(out, a, v);
	lf_cov_text(out, v->cov, "  ", TEXT_MAX);
	text_sites(out, v);
	text_loops(out, l);
	text_calls(out, l);
	lf_text_nesting(out, a, l->name);
}

/* One block per lock, best expected benefit first. */
static void text(FILE *out, const struct lf_analysis *a)
{
	struct lf_ranked *ranked = lf_ranked_of(a);

	for (size_t i = 0; i < ranked->n; i++)
		text_block(out, a, ranked->v[i]);
}

static json_t *json_site(const struct lf_verdict *v, size_t i)
{
	const struct lf_lock *l = v->lock;
	const struct lf_rec *r = l->sites.v[i].rec;
	json_t *o = json_object();

	lf_json_place(o, r);
	json_object_set_new(o, "mode", lf_json_str(r->mode));
	json_object_set_new(o, "api", lf_json_str(r->api));
	json_object_set_new(o, "variant", lf_json_str(r->variant));
	json_object_set_new(o, "cost", json_integer(r->cost));
	json_object_set_new(o, "cost_known", json_boolean(r->cost_known));
	json_object_set_new(o, "loop", json_boolean(r->loop));
	json_object_set_new(o, "open_at_exit", json_boolean(r->open_at_exit));
	json_object_set_new(o, "via", lf_json_str(l->sites.v[i].via));
	json_object_set_new(o, "context", lf_site_ctx_json(lf_site_ctx_at(v->ctx, i)));
	json_object_set_new(o, "needs", lf_json_str(v->needs[i]));
	json_object_set_new(o, "promoted", json_boolean(v->promote[i] != LF_PROMOTE_NONE));
	return o;
}

static json_t *json_lock(const struct lf_analysis *a, const struct lf_verdict *v)
{
	const struct lf_lock *l = v->lock;
	const struct lf_rt_lock *rt = lf_runtime_of(a, l->name);
	json_t *o = json_object(), *reasons = json_array(), *sites = json_array();

	for (size_t i = 0; i < v->reasons.n; i++)
		json_array_append_new(reasons, lf_json_str(v->reasons.v[i]));
	for (size_t i = 0; i < l->sites.n; i++)
		json_array_append_new(sites, json_site(v, i));
	json_object_set_new(o, "lock", lf_json_str(l->name));
	json_object_set_new(o, "kind", lf_json_str(l->kind));
	json_object_set_new(o, "type", lf_json_str(l->cls));
	json_object_set_new(o, "verdict", lf_json_str(lf_verdict_name(v->kind)));
	json_object_set_new(o, "cleanup", json_boolean(v->cleanup));
	json_object_set_new(o, "reasons", reasons);
	json_object_set_new(o, "read_sites", json_integer(l->nread));
	json_object_set_new(o, "write_sites", json_integer(l->nwrite));
	json_object_set_new(o, "release_only", json_integer(l->rels.n));
	json_object_set_new(o, "max_read_cost", v->has_read ?
			    json_integer(v->max_read_cost) : json_null());
	json_object_set_new(o, "median_read_cost", v->has_read ?
			    json_integer(v->median_read_cost) : json_null());
	json_object_set_new(o, "samples", lf_json_samples(a, v->samples));
	json_object_set_new(o, "rank", a->has_profile && a->profile.percent ?
			    json_real(v->benefit) :
			    json_integer((json_int_t)v->benefit));
	json_object_set_new(o, "benefit", lf_benefit_json(a, v));
	json_object_set_new(o, "coverage", lf_cov_json(v->cov));
	json_object_set_new(o, "sites", sites);
	/* with --lock-stat, what its classes measured */
	if (rt)
		json_object_set_new(o, "runtime", lf_runtime_json_lock(rt));
	return o;
}

static json_t *json(const struct lf_analysis *a)
{
	json_t *locks = json_array();
	struct lf_ranked *ranked = lf_ranked_of(a);

	for (size_t i = 0; i < ranked->n; i++)
		json_array_append_new(locks, json_lock(a, ranked->v[i]));
	return locks;
}

static void explain_sites(const struct lf_verdict *v)
{
	const struct lf_lock *l = v->lock;
	struct strbuf sb = { 0 };

	lf_printf("\nsites: %zu read, %zu write, %zu release only\n", l->nread,
	       l->nwrite, l->rels.n);
	for (size_t i = 0; i < l->sites.n; i++) {
		sb.len = 0;
		text_site(&sb, v, i);
		lf_printf("  %s\n", sb_str(&sb));
		lf_explain_site(l->sites.v[i].rec);
	}
	for (size_t i = 0; i < l->rels.n; i++) {
		const struct lf_rec *r = l->rels.v[i].rec;

		lf_printf("  %-5s %s:%d:%d %s %s %s: release only, opened elsewhere\n",
		       r->mode, r->file, r->line, r->column, r->function, r->api,
		       r->variant);
	}
	free(sb.s);
}

/* Which lock_arg records made each param identity a site of this lock. */
static void explain_bindings(const struct lf_analysis *a, const struct lf_lock *l)
{
	const char *last = NULL;
	bool any = false;

	for (size_t i = 0; i < l->sites.n + l->rels.n; i++) {
		const char *via = i < l->sites.n ? l->sites.v[i].via :
				  l->rels.v[i - l->sites.n].via;
		const struct lf_bindlist *b;

		if (!via || (last && !strcmp(last, via)))
			continue;
		last = via;
		if (!any)
			lf_printf("\nbindings (lock_arg records):\n");
		any = true;
		b = strmap_get(a->locks.binds, via);
		for (size_t j = 0; b && j < b->n; j++)
			lf_printf("  %s <- %s:%d %s passes %s (%s)\n", via,
			       b->v[j]->file, b->v[j]->line, b->v[j]->function,
			       b->v[j]->lock, b->v[j]->lock_kind);
	}
}

static void explain_rules(const struct lf_analysis *a, const struct lf_verdict *v)
{
	static const char *const states[] = {
		[LF_RULE_PASS] = "pass", [LF_RULE_FAIL] = "FAIL",
		[LF_RULE_NA] = "n/a",
	};

	lf_printf("\nrules (thresholds from %s/thresholds.tbl):\n", a->rules.dir);
	for (size_t i = 0; i < v->rules.n; i++)
		lf_printf("  [%-4s] %s: %s\n", states[v->rules.v[i].state],
		       v->rules.v[i].name, v->rules.v[i].detail);
	if (v->cov) {
		lf_printf("\n");
		lf_cov_text(stdout, v->cov, "", 0);
	}
	lf_printf("\nverdict: %s\n", lf_verdict_name(v->kind));
	for (size_t i = 0; i < v->reasons.n; i++)
		lf_printf("  - %s\n", v->reasons.v[i]);
}

static bool explain(const struct lf_analysis *a, const char *name)
{
	const struct lf_lock *l = lf_lock_find(&a->locks, name);
	const struct lf_verdict *v;

	if (!l || !lf_rwlock_judges(a, l))
		return false;
	v = lf_rwlock_verdict(a, l);
	lf_printf("lock %s (%s, %s identity)\n", l->name, lf_lock_type(l), l->kind);
	explain_sites(v);
	explain_bindings(a, l);
	lf_explain_order(a, l->name);
	explain_rules(a, v);
	return true;
}

const struct lf_presenter lf_present_rwlock = {
	.name = "rwlock",
	.text_header = text_header,
	.text = text,
	.json_key = "locks",
	.json = json,
	.explain = explain,
};
