// SPDX-License-Identifier: GPL-2.0
/*
 * patch_rwlock.c - the rwlock_t and rw_semaphore checks' patch jobs: one
 * per lock to rewrite.  What they decide is checks/check_rwlock.c's.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "checks/rwlock_verdict.h"
#include "checks/benefit.h"
#include "checks/checker.h"
#include "checks/check_rwlock.h"
#include "patch/pjob.h"

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

/* Its jobs' kinds (pjob.h): every use in the whole tree rewritten,
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
	.rewrite = "spinlock", .to_type = "spinlock_t", .check = "rcu_check",
};

static const struct lf_pkind *const pkinds[] = { &to_spinlock, &to_percpu, &to_rcu, NULL };

static const char write_only_help[] =
	"Every section is a write section: the rwlock_t never lets two "
	"holders in and buys no concurrency; a spinlock_t does the same job "
	"and is smaller (4 bytes, not 8, without lock debugging). Convert the "
	"lock to spinlock_t, using the variant named at each site.";

/* What a site of an rcu rewrite becomes: a reader rcu_read_lock() (a
 * list walk) or the flavour of its lock (a published pointer, whose
 * rcu_dereference*() must match), a writer the spinlock rewrite's call
 * (rewrites.tbl). */
static const char *rcu_needs(const struct lf_analysis *a, const struct lf_rec *r)
{
	char *key;
	const char *to;

	if (r->mode && !strcmp(r->mode, "read"))
		return r->api && !strcmp(r->api, "read_lock_bh") ?
			"rcu_read_lock (a list walk) or rcu_read_lock_bh (a published pointer)" :
			"rcu_read_lock";
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

const struct lf_patcher lf_patch_rwlock = {
	.name = "rwlock",
	.jobs = verdict_jobs,
	.pkinds = pkinds,
};
