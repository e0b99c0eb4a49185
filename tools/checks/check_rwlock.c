// SPDX-License-Identifier: GPL-2.0
/*
 * check_rwlock.c - the rwlock_t and rw_semaphore checks, rwlock-spinlock
 * and percpu-rwsem: locks ranked by expected benefit, a verdict per lock
 * (verdict.c) kept in this checker's results, a finding per read site of
 * a lock to rewrite, the report's lock blocks and "locks" array (with
 * each lock's lock_stat evidence), lockfit explain of one lock, a patch
 * job per lock to rewrite; what whole-tree coverage changes in a verdict,
 * and the notices of rewrites it left incomplete, are verdict_coverage.c's.
 */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "checks/verdict.h"
#include "checks/rwlock_context.h"
#include "analysis/runtime.h"
#include "coverage/coverage.h"
#include "checks/benefit.h"
#include "report/render.h"
#include "patch/patch.h"
#include "checks/checker.h"
#include "checks/check_rwlock.h"
#include "report/present.h"

struct lf_ranked *lf_ranked_of(const struct lf_analysis *a)
{
	return lf_results(a, &lf_checker_rwlock);
}

/* Samples of the functions holding L's read sites, each function once. */
static double lock_samples(const struct lf_analysis *a, const struct lf_lock *l)
{
	const char **seen = xcalloc(l->sites.n, sizeof(*seen));
	size_t n = 0;
	double sum = 0;

	for (size_t i = 0; i < l->sites.n; i++) {
		const struct lf_rec *r = l->sites.v[i].rec;
		const char *fn = lf_fn_basename(r->function);
		bool dup = false;

		if (!lf_is_read(r))
			continue;
		for (size_t j = 0; j < n && !dup; j++)
			dup = !strcmp(seen[j], fn);
		if (dup)
			continue;
		seen[n++] = fn;
		sum += lf_profile_weight(&a->profile, r->function);
	}
	free(seen);
	return sum;
}

/* Expected benefit: read sites, times samples when a profile says how
 * often they run.  Ties by name, so the order never depends on input
 * order. */
static int cmp_rank(const void *x, const void *y)
{
	const struct lf_verdict *a = *(const struct lf_verdict *const *)x;
	const struct lf_verdict *b = *(const struct lf_verdict *const *)y;

	if (a->benefit != b->benefit)
		return a->benefit > b->benefit ? -1 : 1;
	return strcmp(a->lock->name, b->lock->name);
}

static void rank(struct lf_analysis *a)
{
	struct lf_ranked *ranked = lf_ranked_of(a);

	ranked->bylock = strmap_new();
	for (size_t i = 0; i < a->locks.locks.n; i++) {
		struct lf_verdict *v = xcalloc(1, sizeof(*v));
		const struct lf_lock *l = a->locks.locks.v[i];

		v->lock = l;
		if (a->has_profile) {
			v->samples = lock_samples(a, l);
			v->benefit = l->nread * v->samples;
		} else {
			v->benefit = l->nread;
		}
		VEC_PUSH(ranked, v);
		strmap_put(ranked->bylock, l->name, v);
	}
	lf_sort(ranked->v, ranked->n, sizeof(*ranked->v), cmp_rank);
}

struct lf_verdict *lf_rwlock_verdict(const struct lf_analysis *a,
				     const struct lf_lock *l)
{
	struct lf_verdict *v = strmap_get(lf_ranked_of(a)->bylock, l->name);

	if (!v)
		lf_die("internal error: no verdict for %s", l->name);
	return v;
}

static void analyse(struct lf_analysis *a)
{
	struct lf_ranked *ranked = lf_ranked_of(a);

	rank(a);
	for (size_t i = 0; i < ranked->n; i++) {
		const struct lf_lock *l = ranked->v[i]->lock;

		lf_verdict_compute(ranked->v[i], a);
		for (size_t j = 0; j < l->sites.n; j++)
			VEC_PUSH(&a->sited, l->sites.v[j].rec);
	}
}

static char *spinlock_message(const struct lf_verdict *v, size_t i)
{
	const struct lf_lock *l = v->lock;
	const struct lf_rec *r = l->sites.v[i].rec;
	const char *why = v->cold ? "is read only from cold entries" :
			  "has only short read sections";
	char *m, *w;

	if (!l->nread)
		return xasprintf("%s '%s' is only ever write-locked in the whole "
				 "tree: make it a spinlock_t; here %s -> %s",
				 lf_lock_type(l), l->name, r->api, v->needs[i]);
	if (v->promote[i])
		m = xasprintf("%s '%s' %s: make it a spinlock_t; here promote "
			      "%s -> %s (writers use %s)", lf_lock_type(l),
			      l->name, why, r->api, v->needs[i], v->writer_api);
	else
		m = xasprintf("%s '%s' %s: make it a spinlock_t; here %s -> %s",
			      lf_lock_type(l), l->name, why, r->api, v->needs[i]);
	if (!v->writes)
		return m;
	w = xasprintf("%s; its readers update shared state (%s): the "
		      "spinlock_t serialises them", m, v->writes);
	free(m);
	return w;
}

static char *rcu_message(const struct lf_verdict *v, size_t i)
{
	const struct lf_lock *l = v->lock;
	const struct lf_rec *r = l->sites.v[i].rec;
	char *where = lf_site_where_text(r, lf_site_ctx_at(v->ctx, i));
	bool two = v->rcu_how && !strcmp(v->rcu_how, "two steps");
	const char *how = two ? "has long hot readers in bh or irq context and "
			  "readers that are not hot" : v->rcu_how ?
			  "is a lookup user space queries at will, written at "
			  "registration, teardown or configuration," :
			  "has long read sections in bh, irq or hot context and";
	char *m = two ? xasprintf("%s '%s' %s: move the hot readers to RCU, then "
				  "make it a spinlock_t; here %s (%s)",
				  lf_lock_type(l), l->name, how, r->api, where) :
		  xasprintf("%s '%s' %s %zu write site%s: convert the readers "
			    "to RCU and the writers to spinlock_t; here %s (%s)",
			    lf_lock_type(l), l->name, how, l->nwrite,
			    lf_plural(l->nwrite), r->api, where);

	free(where);
	return m;
}

static char *percpu_message(const struct lf_verdict *v, size_t i)
{
	const struct lf_lock *l = v->lock;
	return xasprintf("%s '%s' is read-mostly (%zu read, %zu write sites) with "
			 "long or hot sleepable readers: make it a "
			 "percpu_rw_semaphore; here %s -> %s", lf_lock_type(l),
			 l->name, l->nread, l->nwrite, l->sites.v[i].rec->api,
			 v->needs[i]);
}

static void lock_findings(struct lf_findings *out, const struct lf_verdict *v)
{
	const struct lf_lock *l = v->lock;
	enum lf_verdict_kind k = v->kind;

	if (k != LF_V_SPINLOCK && k != LF_V_PERCPU && k != LF_V_RCU)
		return;
	for (size_t i = 0; i < l->sites.n; i++) {
		const struct lf_rec *r = l->sites.v[i].rec;
		struct lf_finding f = {
			.check = lf_checks[k == LF_V_SPINLOCK ? LF_CHECK_rwlock_spinlock :
				k == LF_V_RCU ? LF_CHECK_rwlock_rcu :
				LF_CHECK_percpu_rwsem].name,
			.file = r->file, .function = r->function, .lock = l->name,
			.line = r->line, .column = r->column,
		};

		/* the read sites; a write-only lock's write sites */
		if (!lf_is_read(r) && l->nread)
			continue;
		f.message = k == LF_V_SPINLOCK ? spinlock_message(v, i) :
			    k == LF_V_RCU ? rcu_message(v, i) :
			    percpu_message(v, i);
		VEC_PUSH(out, f);
	}
}

static void findings(const struct lf_analysis *a, struct lf_findings *out)
{
	struct lf_ranked *ranked = lf_ranked_of(a);

	for (size_t i = 0; i < ranked->n; i++)
		lock_findings(out, ranked->v[i]);
}

/* The header's count of locks per verdict. */
static void text_header(FILE *out, const struct lf_analysis *a)
{
	size_t count[LF_V_UNKNOWN + 1] = { 0 };
	struct lf_ranked *ranked = lf_ranked_of(a);

	for (size_t i = 0; i < ranked->n; i++)
		count[ranked->v[i]->kind]++;
	lf_fprintf(out, "locks: %zu (", ranked->n);
	for (int k = 0; k <= LF_V_UNKNOWN; k++)
		/* rcu is rare: named when there is one */
		if (k != LF_V_RCU || count[k])
			lf_fprintf(out, "%s%s %zu", k ? ", " : "",
				   lf_verdict_name(k), count[k]);
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

	lf_fprintf(out, "\n%s (%s, %s): %s\n", l->name, lf_lock_type(l), l->kind,
		lf_verdict_name(v->kind));
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

	if (!l)
		return false;
	v = lf_rwlock_verdict(a, l);
	lf_printf("lock %s (%s, %s identity)\n", l->name, lf_lock_type(l), l->kind);
	explain_sites(v);
	explain_bindings(a, l);
	lf_explain_order(a, l->name);
	explain_rules(a, v);
	return true;
}

static void names(const struct lf_analysis *a,
		  void (*fn)(const char *name, void *arg), void *arg)
{
	struct lf_ranked *ranked = lf_ranked_of(a);

	for (size_t i = 0; i < ranked->n; i++)
		fn(ranked->v[i]->lock->name, arg);
}

static void site_line(struct strbuf *sb, const struct lf_rec *r,
		      const char *needs, bool promoted)
{
	sb_printf(sb, "- %s %s:%d %s(): %s -> %s%s\n", lf_mail_esc(r->mode),
		  lf_mail_esc(r->file), r->line, lf_mail_esc(lf_fn_basename(r->function)),
		  lf_mail_esc(r->api), needs ? lf_mail_esc(needs) : "?",
		  promoted ? " (promoted)" : "");
}

static void promotions(struct strbuf *sb, const struct lf_verdict *v)
{
	const struct lf_lock *l = v->lock;
	size_t n = 0;

	for (size_t i = 0; i < l->sites.n; i++)
		n += v->promote[i] != LF_PROMOTE_NONE;
	if (!n) {
		sb_printf(sb, "No site is promoted: every reader keeps the irq/bh "
			  "variant it has.\n");
		return;
	}
	sb_printf(sb, "Promoted, because writers use %s (a reader that left "
		  "irqs or bh on could deadlock against a writer on its own "
		  "CPU):\n", v->writer_api ? lf_mail_esc(v->writer_api) : "a stronger variant");
	for (size_t i = 0; i < l->sites.n; i++) {
		const struct lf_rec *r = l->sites.v[i].rec;

		if (v->promote[i])
			sb_printf(sb, "- %s:%d %s(): %s -> %s\n", lf_mail_esc(r->file),
				  r->line, lf_mail_esc(lf_fn_basename(r->function)),
				  lf_mail_esc(r->api), lf_mail_esc(v->needs[i]));
	}
}

/* Its jobs' kinds (patch.h): every use in the whole tree rewritten,
 * numbered first. */
static const struct lf_pkind to_spinlock = {
	.name = "rwlock->spinlock", .order = 0, .whole_tree = true,
	.rewrite = "spinlock", .to_type = "spinlock_t", .via = true,
};
static const struct lf_pkind to_percpu = {
	.name = "rwlock->percpu_rwsem", .order = 0, .whole_tree = true,
	.rewrite = "percpu_rwsem", .to_type = "percpu_rw_semaphore",
};
/* RCU readers, spinlock_t writers: every rwlock call is rewritten (the
 * spinlock rows' calls; readers become rcu_read_lock()) */
static const struct lf_pkind to_rcu = {
	.name = "rwlock->rcu", .order = 0, .whole_tree = true,
	.rewrite = "spinlock", .to_type = "spinlock_t",
};
static const struct lf_pkind *const pkinds[] = { &to_spinlock, &to_percpu, &to_rcu, NULL };

static const char write_only_help[] =
	"Every section is a write section: the rwlock_t never lets two "
	"holders in and buys no concurrency; a spinlock_t does the same job "
	"and is smaller (4 bytes, not 8, without lock debugging). Convert the "
	"lock to spinlock_t, using the variant named at each site.";

/* What a site of an rcu rewrite becomes: a reader rcu_read_lock(), a
 * writer the spinlock rewrite's call (rewrites.tbl). */
static const char *rcu_needs(const struct lf_analysis *a, const struct lf_rec *r)
{
	char *key;
	const char *to;

	if (r->mode && !strcmp(r->mode, "read"))
		return "rcu_read_lock";
	key = xasprintf("spinlock - %s", r->api ? r->api : "");
	to = strmap_get(a->rules.calls, key);
	free(key);
	return to;
}

/* The message of a lock verdict's rewrite. */
static void verdict_body(struct lf_pjob *j, const struct lf_analysis *a,
			 const struct lf_verdict *v)
{
	const struct lf_lock *l = v->lock;
	char *benefit = lf_benefit_text(a, v);
	bool write_only = j->kind == &to_spinlock && !l->nread;
	struct strbuf sb = { 0 };

	sb_printf(&sb, "lockfit's verdict for %s (%s, %s) is %s, from the "
		  "records its GCC plugin wrote while the units using it "
		  "compiled:\n", lf_mail_esc(l->name), lf_mail_esc(lf_lock_type(l)),
		  lf_mail_esc(l->kind), lf_verdict_name(v->kind));
	sb_printf(&sb, "- read sites %zu, write sites %zu", l->nread, l->nwrite);
	if (v->has_read)
		sb_printf(&sb, "; read cost max %ld, median %ld (GCC's estimated "
			  "instructions)", v->max_read_cost, v->median_read_cost);
	sb_printf(&sb, "\n");
	for (size_t i = 0; i < v->reasons.n; i++)
		sb_printf(&sb, "- %s\n", lf_mail_esc(v->reasons.v[i]));
	if (benefit)
		sb_printf(&sb, "\nBenefit: %s.\n", lf_mail_esc(benefit));
	free(benefit);
	/* the check's help speaks of short readers: a write-only lock has none */
	sb_printf(&sb, "\n%s\n\nSites:\n", write_only ? write_only_help :
		  lf_checks[j->kind == &to_spinlock ? LF_CHECK_rwlock_spinlock :
			j->kind == &to_rcu ? LF_CHECK_rwlock_rcu :
			LF_CHECK_percpu_rwsem].help);
	for (size_t i = 0; i < l->sites.n; i++)
		site_line(&sb, l->sites.v[i].rec, j->kind == &to_rcu ?
			  rcu_needs(a, l->sites.v[i].rec) : v->needs[i],
			  v->promote[i] != LF_PROMOTE_NONE);
	if (write_only) {
		sb_printf(&sb, "\nNo site is promoted: there is no reader, and "
			  "every writer keeps the irq/bh variant it has.\n");
	} else if (j->kind == &to_spinlock) {
		sb_printf(&sb, "\n");
		promotions(&sb, v);
	}
	j->body = sb_take(&sb);
}

static struct lf_pjob *verdict_job(const struct lf_analysis *a,
				   struct strmap *decls, const struct lf_verdict *v)
{
	const struct lf_lock *l = v->lock;
	bool spin = v->kind == LF_V_SPINLOCK, rcu = v->kind == LF_V_RCU;
	struct lf_pjob *j = lf_pjob_new(spin ? &to_spinlock : rcu ? &to_rcu :
					&to_percpu, l->name, spin ? "rwlock_to_spinlock" :
					rcu ? "rwlock_to_rcu" : "rwlock_to_percpu_rwsem");
	const struct lf_rec **recs = xcalloc(l->sites.n + 1, sizeof(*recs));
	enum lf_promote promote = spin ? v->promote_to : LF_PROMOTE_NONE;

	j->refused = lf_pjob_ident(j, l->name, strlen(l->name), "lock=%.*s");
	if (promote)
		lf_pjob_dopt(j, "promote=%.*s", lf_promote_name(promote),
			     strlen(lf_promote_name(promote)));
	for (size_t i = 0; i < l->sites.n; i++) {
		recs[i] = l->sites.v[i].rec;
		lf_pjob_site(j, a, recs[i]);
	}
	for (size_t i = 0; i < l->rels.n; i++)
		lf_pjob_site(j, a, l->rels.v[i].rec);
	lf_pjob_finish(j, a, decls);
	lf_pjob_prefix(j, recs, l->sites.n);
	j->subject = xasprintf("convert %s from %s to %s%s",
			       lf_mail_esc(j->name ? j->name : l->name),
			       lf_mail_esc(lf_lock_type(l)), rcu ? "RCU readers and a " : "",
			       j->kind->to_type);
	verdict_body(j, a, v);
	free(recs);
	return j;
}

static void say_no(const struct lf_verdict *v)
{
	const struct lf_lock *l = v->lock;

	lf_printf("%s (%s): verdict %s: %s\n", l->name,
		  lf_lock_type(l), lf_verdict_name(v->kind),
		  "no rewrite");
	for (size_t i = 0; i < v->reasons.n; i++)
		lf_printf("  - %s\n", v->reasons.v[i]);
}

static bool verdict_jobs(const struct lf_analysis *a, struct strmap *decls,
			 const char *only, struct lf_pjobs *out)
{
	bool seen = false;
	struct lf_ranked *ranked = lf_ranked_of(a);

	for (size_t i = 0; i < ranked->n; i++) {
		const struct lf_verdict *v = ranked->v[i];
		const struct lf_lock *l = v->lock;
		enum lf_verdict_kind k = v->kind;

		if (!lf_pjob_wanted(only, l->name))
			continue;
		seen = true;
		/* two steps: which readers move first is a reviewer's call */
		if ((k == LF_V_SPINLOCK || k == LF_V_PERCPU || k == LF_V_RCU) &&
		    !(v->rcu_how && !strcmp(v->rcu_how, "two steps")))
			VEC_PUSH(out, verdict_job(a, decls, v));
		else if (only)
			say_no(v);
	}
	return seen;
}

const struct lf_checker lf_checker_rwlock = {
	.name = "rwlock",
	.results_size = sizeof(struct lf_ranked),
	.analyse = analyse,
	.findings = findings,
	.names = names,
	.cov_ask = lf_verdict_cov_ask,
	.cov_apply = lf_verdict_cov_apply,
	.notices = lf_verdict_cov_notices,
};

const struct lf_presenter lf_present_rwlock = {
	.name = "rwlock",
	.text_header = text_header,
	.text = text,
	.json_key = "locks",
	.json = json,
	.explain = explain,
};

const struct lf_patcher lf_patch_rwlock = {
	.name = "rwlock",
	.jobs = verdict_jobs,
	.pkinds = pkinds,
};
