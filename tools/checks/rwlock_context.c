// SPDX-License-Identifier: GPL-2.0
/*
 * rwlock_context.c - where an rwlock's read sites run (rwlock_context.h).
 *
 * Upstream's lock changes since 6.1 followed where and how often readers
 * run more than how long they are: rare readers (dumps, for_each
 * helpers) made neigh_table::lock a spinlock_t despite long walks; long
 * readers on the bh packet path got RCU and their writers a spinlock_t;
 * eventpoll's readers were concurrent updaters, so its spinlock_t cost
 * throughput.  These rules say the same from the records.
 */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "analysis/where.h"
#include "checks/rwlock_context.h"
#include "checks/serialized.h"
#include "analysis/runtime.h"

/* Places quoted in one message; lockfit explain lists them all. */
#define LIST_MAX 3

struct lf_site_ctx {
	struct lf_where where;
	bool known;		/* lf_where_of() found an entry */
	enum lf_temp temp;	/* where.temp, or hot by the profile */
	double share;		/* percent of the profile's samples, -1: none */
};

const struct lf_site_ctx *lf_site_ctx_at(const struct lf_site_ctx *ctx,
					 size_t i)
{
	return &ctx[i];
}

bool lf_site_ctx_known(const struct lf_site_ctx *c)
{
	return c->temp != LF_TEMP_UNKNOWN;
}

bool lf_site_ctx_hot(const struct lf_site_ctx *c)
{
	return c->temp == LF_TEMP_HOT;
}

double lf_site_ctx_profile_hot(const struct lf_site_ctx *c,
			       const struct lf_analysis *a)
{
	return c->share > 0 && c->share >= a->rules.rwlock_hot_percent ?
	       c->share : -1;
}

bool lf_site_ctx_user_hot(const struct lf_site_ctx *c, const struct lf_analysis *a)
{
	return c->known && c->where.temp == LF_TEMP_HOT && c->where.entry &&
	       lf_rules_user(&a->rules, c->where.entry);
}

struct lf_site_ctx *lf_site_contexts(const struct lf_lock *l,
				     const struct lf_analysis *a)
{
	struct lf_site_ctx *ctx = xcalloc(l->sites.n + 1, sizeof(*ctx));

	for (size_t i = 0; i < l->sites.n; i++) {
		struct lf_site_ctx *c = &ctx[i];
		const struct lf_rec *r = l->sites.v[i].rec;
		double w;

		c->known = lf_where_of(a, r->function, &c->where);
		c->temp = c->where.temp;
		c->share = -1;
		if (!a->has_profile)
			continue;
		/* perf rows are percentages of all samples already */
		w = lf_profile_weight(&a->profile, r->function);
		c->share = a->profile.percent ? w : a->profile.total > 0 ?
			   100.0 * w / a->profile.total : 0;
		/* a function missing from one workload is not shown cold */
		if (c->share >= a->rules.rwlock_hot_percent && w > 0)
			c->temp = LF_TEMP_HOT;
	}
	return ctx;
}

char *lf_site_ctx_text(const struct lf_site_ctx *c)
{
	const struct lf_where *w = &c->where;
	const char *via = w->via ? lf_fn_basename(w->via) : NULL;
	bool same = via && w->entry && !strcmp(via, lf_fn_basename(w->entry));

	if (c->temp == LF_TEMP_HOT && c->where.temp != LF_TEMP_HOT)
		return xasprintf("hot: profile %.2f%%", c->share);
	if (!c->known)
		return xstrdup(lf_temp_name(c->temp));
	return xasprintf("%s: %s%s%s%s%s", lf_temp_name(c->temp), w->entry,
			 via && !same ? " " : "", via && !same ? via : "",
			 w->depth ? ", " : "", w->depth ? xasprintf("%d call%s down",
			 w->depth, lf_plural(w->depth)) : "");
}

bool lf_rule_readers_only_read(const struct lf_lock *l, char **detail,
			       char **writes)
{
	struct plist *p = plist_new(LIST_MAX);

	for (size_t i = 0; i < l->sites.n; i++) {
		const struct lf_rec *r = l->sites.v[i].rec;

		for (size_t j = 0; lf_is_read(r) && j < r->writes.n; j++)
			plist_add(p, "%s at %s:%d", r->writes.v[j].callee,
				  r->file, r->writes.v[j].line);
	}
	*writes = NULL;
	if (!p->n) {
		*detail = xstrdup("no read section updates shared state (atomic "
				  "read-modify-write, cmpxchg/xchg, list add)");
		return true;
	}
	*writes = xstrdup(plist_text(p));
	*detail = xasprintf("read sections update shared state under the read "
			    "lock (%s): the read side is a shared lock for "
			    "concurrent updaters", *writes);
	return false;
}

bool lf_rule_cold_readers(const struct lf_lock *l, const struct lf_site_ctx *ctx,
			  char **detail)
{
	struct plist *cold = plist_new(LIST_MAX), *other = plist_new(LIST_MAX);

	for (size_t i = 0; i < l->sites.n; i++) {
		const struct lf_rec *r = l->sites.v[i].rec;
		char *t;

		if (!lf_is_read(r))
			continue;
		t = lf_site_ctx_text(&ctx[i]);
		plist_add(ctx[i].temp == LF_TEMP_COLD ? cold : other,
			  "%s:%d %s", r->file, r->line, t);
		free(t);
	}
	if (cold->n && !other->n) {
		*detail = xasprintf("every read site is reached only from cold "
				    "entries: %s", plist_text(cold));
		return true;
	}
	*detail = xasprintf("%zu of %zu read sites not known cold%s%s",
			    other->n, cold->n + other->n,
			    other->n ? ": " : "", plist_text(other));
	return false;
}

/* "bh", "irq", "softirq", "hardirq": why the site runs atomic; NULL */
static const char *atomic_word(const struct lf_rec *r, const struct lf_site_ctx *c)
{
	if (strcmp(r->variant, "plain"))
		return !strcmp(r->variant, "bh") ? "bh" : "irq";
	if (c->where.exec == LF_EXEC_SOFTIRQ || c->where.exec == LF_EXEC_HARDIRQ)
		return lf_exec_name(c->where.exec);
	if (r->ctx.present && (r->ctx.bh_disabled || r->ctx.irqs_disabled))
		return r->ctx.irqs_disabled ? "irqs off" : "bh off";
	return NULL;
}

bool lf_site_atomic(const struct lf_rec *r, const struct lf_site_ctx *c)
{
	return atomic_word(r, c) != NULL;
}

char *lf_site_where_text(const struct lf_rec *r, const struct lf_site_ctx *c)
{
	const char *atomic = atomic_word(r, c);
	char *t = lf_site_ctx_text(c), *m;

	if (atomic && c->temp != LF_TEMP_UNKNOWN)
		m = xasprintf("%s, %s", atomic, t);
	else if (atomic)
		m = xasprintf("%s", atomic);
	else
		m = xasprintf("%s", c->temp == LF_TEMP_UNKNOWN ?
			      "where it runs unknown" : t);
	free(t);
	return m;
}

/* Long enough that readers overlap: a loop (a walk), a call of unknown
 * length, or percpu_min_read_cost instructions. */
static bool long_read(const struct lf_rec *r, const struct lf_analysis *a)
{
	return lf_is_read(r) && (r->loop || !r->cost_known ||
				 r->cost >= a->rules.percpu_min_read_cost);
}

/* An exclusive lock held around every write site (ppp_mutex around
 * struct channel::upl's writers, all in ppp_ioctl()): they are
 * serialised already.  NULL if none. */
static const struct lf_edge *serialiser(const struct lf_analysis *a,
					const struct lf_lock *l)
{
	struct lf_edges common = { 0 };
	bool first = true;

	for (size_t i = 0; i < l->sites.n; i++) {
		const struct lf_rec *r = l->sites.v[i].rec;
		struct lf_edges here = { 0 };
		size_t k = 0;

		if (!lf_is_write(r))
			continue;
		lf_held_around(a, l, r, "write", &here);
		if (first) {
			common = here;
			first = false;
			continue;
		}
		for (size_t j = 0; j < common.n; j++)
			if (lf_edges_hold(&here, common.v[j]->from))
				common.v[k++] = common.v[j];
		common.n = k;
		free(here.v);
	}
	return common.n ? common.v[0] : NULL;
}

/* Statically: few write sites, or every one reached only from cold
 * entries (configuration, not traffic). */
static void writers_static(const struct lf_lock *l, const struct lf_analysis *a,
			   const struct lf_site_ctx *ctx, long max,
			   const char *max_name, struct lf_writers *w)
{
	struct plist *cold = plist_new(LIST_MAX), *other = plist_new(LIST_MAX);
	struct plist *hot = plist_new(LIST_MAX);
	const struct lf_edge *ser;

	for (size_t i = 0; i < l->sites.n; i++) {
		const struct lf_rec *r = l->sites.v[i].rec;
		char *t;

		if (!lf_is_write(r))
			continue;
		t = lf_site_ctx_text(&ctx[i]);
		plist_add(ctx[i].temp == LF_TEMP_COLD ? cold : other, "%s:%d %s() [%s]",
			  r->file, r->line, lf_fn_basename(r->function), t);
		if (ctx[i].temp == LF_TEMP_HOT)
			plist_add(hot, "%s:%d %s() [%s]", r->file, r->line,
				  lf_fn_basename(r->function), t);
		free(t);
	}
	/* few write sites say nothing of how often one runs: a writer a hot
	 * entry reaches (fasync_struct::fa_lock's, a file write breaking a
	 * lease) is not shown rare by their count */
	if (hot->n) {
		w->pass = false;
		w->detail = xasprintf("%zu write site%s, %zu of them reached from a "
				      "hot entry (%s): few write sites do not show "
				      "the writers rare", l->nwrite,
				      lf_plural(l->nwrite), hot->n, plist_text(hot));
		return;
	}
	if ((long)l->nwrite <= max) {
		w->pass = true;
		w->detail = xasprintf("%zu write site%s <= %s %ld", l->nwrite,
				      lf_plural(l->nwrite), max_name, max);
		return;
	}
	if (other->n) {
		w->pass = false;
		w->detail = xasprintf("%zu write sites > %s %ld, and %zu of them "
				      "not known cold: %s", l->nwrite, max_name,
				      max, other->n, plist_text(other));
		return;
	}
	ser = serialiser(a, l);
	w->pass = true;
	w->rare = true;
	w->detail = xasprintf("%zu write sites > %s %ld, but every one is reached "
			      "only from cold entries (%s): the writers are rare, "
			      "not few%s%s%s%s", l->nwrite, max_name, max,
			      plist_text(cold), ser ? "; all taken under " : "",
			      ser ? ser->from : "", ser ? " " : "",
			      ser ? xasprintf("(%s), which serialises them already",
					      ser->from_cls) : "");
}

void lf_writers_judge(const struct lf_lock *l, const struct lf_analysis *a,
		      const struct lf_site_ctx *ctx, long max, const char *max_name,
		      long rt_min, const char *rt_name, struct lf_writers *w)
{
	const struct lf_rt_lock *e = lf_runtime_of(a, l->name);
	char *stat;
	bool ok;

	memset(w, 0, sizeof(*w));
	writers_static(l, a, ctx, max, max_name, w);
	/* measured: write acquisitions per read acquisition decide */
	if (!e || !(e->read_acq + e->write_acq))
		return;
	stat = w->detail;
	ok = e->read_acq > 0 &&
	     e->read_acq >= (unsigned long long)rt_min * e->write_acq;
	w->measured = true;
	w->pass = ok;
	w->detail = xasprintf("measured %llu read and %llu write acquisitions: %s "
			      "%s %ld reads per write (statically: %s)", e->read_acq,
			      e->write_acq, ok ? "at least" : "fewer than", rt_name,
			      rt_min, stat);
	free(stat);
}

/* Is C's entry a registration, a teardown or a configuration: a config
 * row of rules/entrypoints.tbl, or an export by its role's name? */
static bool config_entry(const struct lf_site_ctx *c, const struct lf_analysis *a)
{
	return c->known && c->temp == LF_TEMP_COLD &&
	       (!strcmp(c->where.kind, "role") ||
		lf_rules_config(&a->rules, c->where.entry));
}

/* Every write site reached only from registration, teardown or
 * configuration entries: their list, or NULL. */
static char *writers_cold(const struct lf_lock *l, const struct lf_site_ctx *ctx,
			  const struct lf_analysis *a)
{
	struct plist *p = plist_new(LIST_MAX);

	for (size_t i = 0; i < l->sites.n; i++) {
		const struct lf_rec *r = l->sites.v[i].rec;
		char *t;

		if (!lf_is_write(r))
			continue;
		if (!config_entry(&ctx[i], a))
			return NULL;
		t = lf_site_ctx_text(&ctx[i]);
		plist_add(p, "%s:%d %s() [%s]", r->file, r->line,
			  lf_fn_basename(r->function), t);
		free(t);
	}
	return p->n ? xstrdup(plist_text(p)) : NULL;
}

/* A walk (a loop) read where user space triggers it at will: a system
 * call, a file's or socket's operation (rules/entrypoints.tbl user). */
static bool user_walk(const struct lf_rec *r, const struct lf_site_ctx *c,
		      const struct lf_analysis *a)
{
	return r->loop && c->known && lf_rules_user(&a->rules, c->where.entry);
}

/* R, held where its function returns, is a seq_file .start (as bound in
 * a struct seq_operations) whose section a function of its file only
 * releases (the .stop): the section spans the seq_file walk (start,
 * show and next, stop), which is the reading of the structure, not a
 * caller's work under the lock; RCU readers may hold rcu_read_lock()
 * across it (cocci/rwlock_to_rcu.cocci pairs them). */
static bool seq_section(const struct lf_lock *l, const struct lf_rec *r,
			const struct lf_site_ctx *c)
{
	if (!c->known || !c->where.entry || strcmp(c->where.entry, "seq_operations.start") ||
	    c->where.depth)
		return false;
	for (size_t i = 0; i < l->rels.n; i++) {
		const struct lf_rec *q = l->rels.v[i].rec;

		if (q->mode && !strcmp(q->mode, "read") && !strcmp(q->file, r->file) &&
		    strcmp(q->function, r->function))
			return true;
	}
	return false;
}

/* Does R's section release the lock before line N and again after it? */
static bool released_around(const struct lf_rec *r, int n)
{
	bool before = false, after = false;

	for (size_t i = 0; i < r->releases.n; i++) {
		before |= r->releases.v[i] < n;
		after |= r->releases.v[i] > n;
	}
	return before && after;
}

/* A read site of L in R's function that takes the lock again inside R's
 * section, after R released it there: the readers drop the lock inside
 * their walk (search_binary_handler() around each load_binary()).  NULL
 * if none. */
static const struct lf_rec *retaken_inside(const struct lf_lock *l,
					   const struct lf_rec *r)
{
	for (size_t i = 0; i < l->sites.n; i++) {
		const struct lf_rec *q = l->sites.v[i].rec;

		if (q != r && lf_is_read(q) && q->line > r->line &&
		    !strcmp(q->file, r->file) && !strcmp(q->function, r->function) &&
		    released_around(r, q->line))
			return q;
	}
	return NULL;
}

bool lf_rule_rcu(const struct lf_lock *l, const struct lf_analysis *a,
		 const struct lf_site_ctx *ctx, bool readers_read,
		 char **detail, char **sites, char **writers, bool *user_only)
{
	struct plist *p = plist_new(LIST_MAX), *held = plist_new(LIST_MAX);
	struct plist *dropped = plist_new(LIST_MAX);
	const struct lf_rec *q;
	struct lf_writers w;
	size_t nlong = 0, nuser = 0, natomic = 0, nprofiled = 0;
	char *cold = NULL;

	*sites = NULL;
	*writers = NULL;
	*user_only = false;
	for (size_t i = 0; i < l->sites.n; i++) {
		const struct lf_rec *r = l->sites.v[i].rec;
		const char *atomic = atomic_word(r, &ctx[i]);
		bool hot = ctx[i].temp == LF_TEMP_HOT;
		bool user = !atomic && !hot && user_walk(r, &ctx[i], a);
		char *t;

		if (!long_read(r, a))
			continue;
		nlong++;
		if (!atomic && !hot && !user)
			continue;
		nuser += user;
		natomic += !!atomic;
		nprofiled += ctx[i].share >= a->rules.rwlock_hot_percent;
		/* no release in its function: held on every return (a
		 * conditional release, if (f_owner) read_unlock(), is not) */
		if (r->open_at_exit && !r->releases.n && !user &&
		    !seq_section(l, r, &ctx[i]))
			plist_add(held, "%s:%d %s()", r->file, r->line,
				  lf_fn_basename(r->function));
		if ((q = retaken_inside(l, r)))
			plist_add(dropped, "%s:%d %s() takes it again at line %d",
				  r->file, r->line, lf_fn_basename(r->function),
				  q->line);
		t = lf_site_ctx_text(&ctx[i]);
		plist_add(p, "%s:%d %s() %s (%s%s%s%s)", r->file, r->line,
			  lf_fn_basename(r->function), r->api, atomic ? atomic : "",
			  atomic && hot ? ", " : "", hot ? t : "",
			  user ? xasprintf("a walk user space triggers: %s", t) : "");
		free(t);
	}
	if (!nlong) {
		*detail = xasprintf("no long read section (a loop, a call of "
				    "unknown length, or cost >= percpu_min_read_cost "
				    "%ld)", a->rules.percpu_min_read_cost);
		return false;
	}
	if (!p->n) {
		*detail = xasprintf("%zu long read section%s, none known to run "
				    "in bh, irq or hot context", nlong,
				    lf_plural(nlong));
		return false;
	}
	*sites = xstrdup(plist_text(p));
	/* zs_map_object(): a hot reader returns holding the lock, so its
	 * callers' work (compression) runs under it, which the writers
	 * exclude: neither RCU nor a spinlock_t (issue 29, rule 5) */
	if (held->n) {
		*detail = xasprintf("long read sections in bh, irq or hot context "
				    "(%s), but %s still held where the function "
				    "returns: the readers hold the lock across "
				    "their callers' work, which the writers "
				    "exclude", *sites, plist_text(held));
		return false;
	}
	/* the lock released and taken again inside the walk: each hold is
	 * one step, the work between runs unlocked, and an RCU walk could
	 * not resume there without a reference (issue 29, rule 4: the
	 * structure walked under the lock, not a walk around it) */
	if (dropped->n) {
		*detail = xasprintf("long read sections in bh, irq or hot context "
				    "(%s), but the readers drop the lock inside "
				    "their walk (%s): each hold covers one step, "
				    "the work between holds runs unlocked, and an "
				    "RCU walk could not resume there without a "
				    "reference", *sites, plist_text(dropped));
		return false;
	}
	/* readers only user space triggers: upstream's read-mostly lookup,
	 * its writers cold by what they are (registration, teardown,
	 * configuration), however many */
	*user_only = nuser == p->n;
	if (*user_only) {
		cold = writers_cold(l, ctx, a);
		*writers = cold ? xasprintf("every write site is reached only from "
					    "registration, teardown or "
					    "configuration: %s", cold) : NULL;
		*detail = !cold ? xasprintf("walks user space triggers (%s), but "
					    "not every write site is known to be "
					    "registration, teardown or "
					    "configuration (rules/entrypoints.tbl "
					    "config and role rows)", *sites) :
			  !readers_read ? xasprintf("walks user space triggers (%s), "
						    "but they update shared state",
						    *sites) :
			  xasprintf("walks user space triggers: %s; %s", *sites,
				    *writers);
		return cold && readers_read;
	}
	lf_writers_judge(l, a, ctx, a->rules.rcu_max_write_sites,
			 "rcu_max_write_sites", a->rules.runtime_rcu_min_read_per_write,
			 "runtime_rcu_min_read_per_write", &w);
	*writers = w.detail;
	if (!w.pass) {
		*detail = xasprintf("long read sections in bh, irq or hot context "
				    "(%s), but %s", *sites, w.detail);
		return false;
	}
	/* hot process-context readers only (a page fault, exec): RCU as
	 * upstream applies it there wants writers cold by what they are,
	 * not few (mbind() writes struct shared_policy::lock); a profile
	 * that shows them hot is a measured benefit */
	if (!natomic && !nprofiled && !w.measured &&
	    !(cold = writers_cold(l, ctx, a))) {
		*detail = xasprintf("long read sections in hot process context "
				    "(%s), none in bh or irq context, and not every "
				    "write site is known to be registration, "
				    "teardown or configuration (rules/entrypoints.tbl "
				    "config and role rows): few writers are not "
				    "enough there", *sites);
		return false;
	}
	free(cold);
	if (!readers_read) {
		*detail = xasprintf("long read sections in bh, irq or hot context "
				    "(%s), but they update shared state: RCU "
				    "readers would no longer exclude the writers",
				    *sites);
		return false;
	}
	*detail = xasprintf("long read sections in bh, irq or hot context: %s; "
			    "%s", *sites, w.detail);
	return true;
}

static json_t *tristate(int v)
{
	return v < 0 ? json_null() : json_boolean(v);
}

json_t *lf_site_ctx_json(const struct lf_site_ctx *c)
{
	json_t *o = json_object();

	json_object_set_new(o, "entry", lf_json_str(c->where.entry));
	json_object_set_new(o, "via", lf_json_str(c->where.via));
	json_object_set_new(o, "temperature", json_string(lf_temp_name(c->temp)));
	json_object_set_new(o, "preempt", tristate(c->where.preempt));
	json_object_set_new(o, "sleep", tristate(c->where.sleep));
	return o;
}
