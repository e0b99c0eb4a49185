// SPDX-License-Identifier: GPL-2.0
/*
 * rwlock_verdict.c - decide what one rwlock_t or rw_semaphore should become.
 *
 * The reasoning is docs/DESIGN.md's: an rwlock_t read side costs two
 * atomics where a spinlock_t costs one and a plain store, so short read
 * sections gain nothing from sharing (section 1); a percpu_rw_semaphore
 * pays off only for read-mostly, sleepable, long-or-hot readers
 * (section 2).  Every rule errs towards leaving the lock alone: a wrong
 * "keep" costs an optimisation, a wrong "spinlock" costs a deadlock.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "checks/rwlock_verdict.h"
#include "checks/rwlock_eval.h"
#include "checks/serialized.h"

const char *lf_verdict_name(enum lf_verdict_kind k)
{
	static const char *const names[] = {
		[LF_V_SPINLOCK] = "spinlock",
		[LF_V_PERCPU] = "percpu_rwsem",
		[LF_V_RCU] = "rcu",
		[LF_V_UNSAFE] = "unsafe",
		[LF_V_KEEP] = "keep",
		[LF_V_UNKNOWN] = "unknown",
	};

	return names[k];
}

const char *lf_promote_name(enum lf_promote p)
{
	static const char *const names[] = {
		[LF_PROMOTE_NONE] = NULL,
		[LF_PROMOTE_BH] = "bh",
		[LF_PROMOTE_IRQSAVE] = "irqsave",
	};

	return names[p];
}

static const struct { const char *name; bool percpu; } rules[] = {
#define LF_RULE_ROW(id, percpu, name) [LF_R_##id] = { name, percpu },
	LF_RULES(LF_RULE_ROW)
#undef LF_RULE_ROW
};

const char *lf_rule_name(enum lf_rule_id id)
{
	return rules[id].name;
}

bool lf_rule_percpu(enum lf_rule_id id)
{
	return rules[id].percpu;
}

/* Runtime evidence (lockfit report --lock-stat: analysis/runtime.c, the
 * rules rwlock_lockstat.c): a rule only when a lock_stat file was given,
 * so that reports without one stay as they were. */
bool lf_ev_rule_runtime(struct eval *e, enum lf_rule_id id,
			 enum lf_rule_state (*judge)(const struct lf_analysis *,
						     const struct lf_lock *, char **))
{
	struct lf_rule r = { id, lf_rule_name(id), LF_RULE_NA, NULL };

	if (!e->a->runtime)
		return true;
	r.state = judge(e->a, e->l, &r.detail);
	VEC_PUSH(&e->v->rules, r);
	return r.state != LF_RULE_FAIL;
}

/* Whatever the verdict: a lock lock_stat never saw read-acquired. */
static void runtime_reasons(struct eval *e)
{
	char *never = e->a->runtime ? lf_rt_never_read(e->a, e->l) : NULL;

	if (never)
		reason(e, never);
}

static const struct lf_rule *last_rule(struct eval *e)
{
	return &e->v->rules.v[e->v->rules.n - 1];
}

/* The detail of rule ID, evaluated already. */
const char *lf_ev_rule_detail(struct eval *e, enum lf_rule_id id)
{
	for (size_t i = 0; i < e->v->rules.n; i++)
		if (e->v->rules.v[i].id == id)
			return e->v->rules.v[i].detail;
	lf_die("internal error: rule '%s' not evaluated", lf_rule_name(id));
}

static bool is_read_section(const struct lf_site *s)
{
	return lf_is_read(s->rec);
}

/* Lower median: an integer, and one of the real costs. */
static void read_stats(struct eval *e)
{
	const struct lf_lock *l = e->l;
	long *costs = xcalloc(l->sites.n, sizeof(*costs));
	size_t n = 0;

	for (size_t i = 0; i < l->sites.n; i++) {
		const struct lf_rec *r = l->sites.v[i].rec;

		if (!lf_is_read(r))
			continue;
		costs[n++] = r->cost;
		e->v->read_unknown_len += !r->cost_known;
	}
	lf_sort(costs, n, sizeof(*costs), lf_cmp_long);
	e->v->has_read = n > 0;
	if (n) {
		e->v->max_read_cost = costs[n - 1];
		e->v->median_read_cost = costs[(n - 1) / 2];
	}
	free(costs);
}

/* A lock reached through a pointer: what the pointer is assigned must be
 * known, or the lock may have another name whose sites, read-locks
 * among them, are counted apart (ext4's pa_node_lock.inode_lock is
 * struct ext4_inode_info::i_prealloc_lock). */
static bool alias_known(struct eval *e)
{
	const struct lf_lock *l = e->l;
	const struct lf_rec *bad = lf_alias_unresolved(&e->a->locks, l->name);

	if (bad)
		return rule(e, LF_R_IDENTITY, false, xasprintf(
			"'%s' is a pointer assigned %s at %s:%d (%s), which names "
			"no lock comparable across files: the lock it points to "
			"is unknown", l->name, bad->lock, bad->file, bad->line,
			bad->function ? bad->function : bad->by));
	if (!lf_aliases_of(&e->a->locks, l->name))
		return rule(e, LF_R_IDENTITY, false, xasprintf(
			"'%s' is a lock reached through a pointer, and no record "
			"shows what it is assigned: it may be a lock these records "
			"take under another name (the units that assign it were "
			"not read?)", l->name));
	return true;
}

static bool rule_identity(struct eval *e)
{
	const struct lf_lock *l = e->l;
	struct plist *via = plist_new(LIST_MAX);
	const char *last = NULL;

	if (l->unbound)
		return rule(e, LF_R_IDENTITY, false, xasprintf(
			"'%s' is a lock parameter: no lock_arg record binds it "
			"to a lock that can be compared across files", l->name));
	if (!strcmp(l->kind, "local"))
		return rule(e, LF_R_IDENTITY, false, xasprintf(
			"'%s' is a local pointer the plugin cannot follow: its "
			"sites cannot be compared across files", l->name));
	if (!lf_kind_comparable(l->kind))
		return rule(e, LF_R_IDENTITY, false, xasprintf(
			"the plugin could not name this lock (%s): a lock of "
			"its own at this site, never merged with another, its "
			"sites cannot be compared across files",
			l->why ? l->why : "no reason recorded"));
	if (l->name[0] == '*' && !alias_known(e))
		return false;
	/* Sites of one binding are mostly adjacent: enough to say which. */
	for (size_t i = 0; i < l->sites.n; i++) {
		const char *v = l->sites.v[i].via;

		if (v && (!last || strcmp(last, v)))
			plist_add(via, "%s", v);
		if (v)
			last = v;
	}
	return rule(e, LF_R_IDENTITY, true, xasprintf(
		"%s identity, comparable across files%s%s", l->kind,
		via->n ? "; sites bound through " : "", plist_text(via)));
}

static bool rule_read_sites(struct eval *e)
{
	return rule(e, LF_R_READ_SITES, e->l->nread > 0, e->l->nread ?
		    xasprintf("%zu read and %zu write section%s", e->l->nread,
			      e->l->nwrite, lf_plural(e->l->nwrite)) :
		    xstrdup("no read section in these records: its readers may "
			    "be in units that were not built"));
}

static const char *taken_word(const char *mode);

/* Does nested entry N of section R take lock L again? */
static bool nests_itself(struct eval *e, const struct lf_rec *r,
			 const struct lf_nest *n)
{
	struct lf_targets t = { 0 };
	bool self = !strcmp(n->lock, r->lock);

	lf_resolve(&e->a->locks, n->lock, n->lock_kind, &t);
	for (size_t i = 0; i < t.n && !self; i++)
		self = !strcmp(t.v[i].lock, e->l->name);
	free(t.v);
	return self;
}

/* The nested entry of R that takes the lock again: read mode first. */
static const struct lf_nest *self_nest(struct eval *e, const struct lf_rec *r)
{
	const struct lf_nest *any = NULL;

	for (size_t i = 0; i < r->nested.n; i++) {
		const struct lf_nest *n = &r->nested.v[i];

		if (!nests_itself(e, r, n))
			continue;
		if (!strcmp(n->mode, "read"))
			return n;
		if (!any)
			any = n;
	}
	return any;
}

static void recursion_place(struct eval *e, struct plist *p,
			    const struct lf_rec *r)
{
	const struct lf_nest *n = self_nest(e, r);

	if (n && (r->recursive || !strcmp(n->mode, "read")))
		plist_add(p, "%s:%d (%s) takes it again%s at %s:%d%s%s", r->file,
			  r->line, r->function, taken_word(n->mode), r->file,
			  n->line, n->via ? " in " : "", n->via ? n->via : "");
	else if (r->recursive)
		plist_add(p, "%s:%d (%s) takes it again while read-held",
			  r->file, r->line, r->function);
}

/* Recursive read: fine for shared readers, a self-deadlock for one owner. */
static bool rule_recursion(struct eval *e)
{
	struct plist *p = plist_new(LIST_MAX);

	for (size_t i = 0; i < e->l->sites.n; i++)
		if (is_read_section(&e->l->sites.v[i]))
			recursion_place(e, p, e->l->sites.v[i].rec);
	if (!p->n)
		return rule(e, LF_R_RECURSION, true,
			    xstrdup("no read section takes it again"));
	return rule(e, LF_R_RECURSION, false, xasprintf(
		"recursive read: %s: %s", plist_text(p), e->rwlock ?
		"a spinlock_t would deadlock on itself" :
		"percpu_down_read must not nest either (a waiting writer "
		"blocks the inner reader)"));
}

static const char *held_word(const char *mode)
{
	return !strcmp(mode, "read") ? "read-held" :
	       !strcmp(mode, "write") ? "write-held" : "held";
}

static const char *taken_word(const char *mode)
{
	return !strcmp(mode, "read") ? " for read" :
	       !strcmp(mode, "write") ? " for write" : "";
}

static char *cycle_text(const struct lf_edgelist *c)
{
	struct strbuf sb = { 0 };

	for (size_t i = 0; i < c->n; i++) {
		const struct lf_edge *ed = c->v[i];

		sb_printf(&sb, "%s%s %s at %s:%d (%s) takes %s%s at %s:%d%s%s",
			  i ? "; " : "", ed->from, held_word(ed->from_mode),
			  ed->held->file, ed->held->line, ed->held->function,
			  ed->to, taken_word(ed->to_mode), ed->held->file,
			  ed->line, ed->via ? " in " : "", ed->via ? ed->via : "");
	}
	sb_printf(&sb, ": readers share an rwlock, so this is fine today; "
		  "an ABBA deadlock once it is a spinlock_t");
	return sb_take(&sb);
}

static bool rule_order(struct eval *e)
{
	struct lf_cycles cycles = { 0 };

	if (!e->rwlock) {
		rule_na(e, LF_R_LOCK_ORDER, "judged only for rwlock_t -> spinlock_t");
		return true;
	}
	lf_read_cycles(&e->a->graph, e->l->name, &cycles);
	for (size_t i = 0; i < cycles.n; i++)
		VEC_PUSH(&e->cycles, cycle_text(&cycles.v[i]));
	/* (the verdict's reasons say "lock order: " + each cycle) */
	if (!cycles.n)
		return rule(e, LF_R_LOCK_ORDER, true, xstrdup(
			"no lock-order cycle through a read acquisition"));
	return rule(e, LF_R_LOCK_ORDER, false, xasprintf(
		"%zu cycle%s through a read acquisition; %s%s", cycles.n,
		lf_plural(cycles.n), cycles.n > 1 ? "first: " : "", e->cycles.v[0]));
}

/* The first call of unknown length: why a section's cost is a bound. */
static const char *unknown_callee(const struct lf_rec *r)
{
	for (size_t i = 0; i < r->calls.n; i++)
		if (!r->calls.v[i].known_body || !r->calls.v[i].cost_known)
			return r->calls.v[i].callee;
	return "a callee";
}

/*
 * Short (docs/DESIGN.md sections 1 and 9): rwlock_t read_lock and
 * read_unlock are two locked read-modify-writes where spin_lock and
 * spin_unlock are one plus a plain store.  A read section of a few dozen
 * instructions (rules/thresholds.tbl rwlock_short_cost) is over before
 * a second reader arrives, so the shared read side buys no concurrency
 * and costs an extra atomic and a bounced cache line on every entry.  A
 * loop or a call of unknown length is never short, whatever its count.
 */
static bool rule_short(struct eval *e)
{
	long max = e->a->rules.rwlock_short_cost;
	size_t bad = 0;

	e->long_reads = plist_new(LIST_MAX);
	e->unknown_reads = plist_new(LIST_MAX);
	if (!e->rwlock) {
		rule_na(e, LF_R_SHORT_READS, "judged only for rwlock_t -> spinlock_t");
		return false;
	}
	for (size_t i = 0; i < e->l->sites.n; i++) {
		const struct lf_rec *r = e->l->sites.v[i].rec;

		if (!lf_is_read(r))
			continue;
		if (r->loop)
			plist_add(e->long_reads, "%s:%d", r->file, r->line);
		else if (r->cost > max)
			plist_add(e->long_reads, "%s:%d cost %ld", r->file,
				  r->line, r->cost);
		else if (!r->cost_known)
			plist_add(e->unknown_reads, "%s:%d %s", r->file, r->line,
				  unknown_callee(r));
		else
			continue;
		bad++;
	}
	if (!bad)
		return rule(e, LF_R_SHORT_READS, true, xasprintf(
			"%zu read section%s, all short: max cost %ld <= "
			"rwlock_short_cost %ld, no loop, every callee's length known",
			e->l->nread, lf_plural(e->l->nread), e->v->max_read_cost, max));
	return rule(e, LF_R_SHORT_READS, false, xasprintf(
		"%zu of %zu read sections not short (rwlock_short_cost %ld)%s%s%s%s",
		bad, e->l->nread, max,
		e->long_reads->n ? "; long or looping: " : "",
		plist_text(e->long_reads),
		e->unknown_reads->n ? "; calls of unknown length: " : "",
		plist_text(e->unknown_reads)));
}

/*
 * Short readers that run hot (issue 22): the rwlock_t lets them overlap;
 * on a lock every CPU takes (a global, a per-pool member: 6.12's
 * struct zs_pool::migrate_lock, read for every zram I/O) a spinlock_t
 * makes each overlap a wait.  Only a measurement shows they rarely
 * overlap (rwlock_lockstat.c).
 */
static bool rule_overlap(struct eval *e, bool shrt)
{
	char *hot = e->rwlock && shrt ? lf_ev_hot_reads(e) : NULL;
	struct lf_rule r = { LF_R_RT_OVERLAP, lf_rule_name(LF_R_RT_OVERLAP),
			     LF_RULE_NA, NULL };

	if (!e->rwlock || !shrt) {
		rule_na(e, r.id, "judged only for short rwlock_t read sections");
		return true;
	}
	if (!hot) {
		rule_na(e, r.id, "no read site is known hot");
		return true;
	}
	r.state = lf_rule_rt_overlap(e->a, e->l, &r.detail);
	r.detail = xasprintf("read sites run hot (%s), on a lock every CPU may "
			     "take; %s", hot, r.detail);
	VEC_PUSH(&e->v->rules, r);
	return r.state != LF_RULE_FAIL;
}

/* A section that ends in another function has no known length: it
 * cannot be shown short, and pairing start and stop would not tell what
 * runs in between (seq_file: the whole show loop). */
static bool rule_closed(struct eval *e)
{
	struct plist *p = plist_new(LIST_MAX);

	if (!e->rwlock) {
		rule_na(e, LF_R_CLOSED_READS, "judged only for rwlock_t -> spinlock_t");
		return false;
	}
	for (size_t i = 0; i < e->l->sites.n; i++) {
		const struct lf_rec *r = e->l->sites.v[i].rec;

		if (lf_is_read(r) && r->open_at_exit)
			plist_add(p, "%s:%d (%s) returns with it read-held",
				  r->file, r->line, r->function);
	}
	for (size_t i = 0; i < e->l->rels.n; i++) {
		const struct lf_rec *r = e->l->rels.v[i].rec;

		if (lf_is_read(r))
			plist_add(p, "%s at %s:%d (%s) ends a section opened elsewhere",
				  r->api, r->file, r->line, r->function);
	}
	if (!p->n)
		return rule(e, LF_R_CLOSED_READS, true, xstrdup(
			"every read section ends in the function that starts it"));
	return rule(e, LF_R_CLOSED_READS, false, xasprintf(
		"%s: how long it is held is unknown", plist_text(p)));
}

/* A read site some hot entry (or the profile) reaches: "hot: ..." */
char *lf_ev_hot_reads(const struct eval *e)
{
	struct plist *p = plist_new(LIST_MAX);

	for (size_t i = 0; i < e->l->sites.n; i++) {
		const struct lf_rec *r = e->l->sites.v[i].rec;
		const struct lf_site_ctx *c = lf_site_ctx_at(e->v->ctx, i);
		char *t;

		if (!lf_is_read(r) || !lf_site_ctx_hot(c))
			continue;
		t = lf_site_ctx_text(c);
		plist_add(p, "%s:%d %s", r->file, r->line, t);
		free(t);
	}
	return p->n ? xstrdup(plist_text(p)) : NULL;
}

void lf_ev_read_loops(struct eval *e, struct plist *p)
{
	for (size_t i = 0; i < e->l->sites.n; i++) {
		const struct lf_rec *r = e->l->sites.v[i].rec;

		if (lf_is_read(r) && r->loop)
			plist_add(p, "%s:%d", r->file, r->line);
	}
}

/* plain 0 < bh 1 < irq, irqsave 2: how much a variant turns off. */
static int strength(const char *variant)
{
	return !strcmp(variant, "bh") ? 1 :
	       !strcmp(variant, "irq") || !strcmp(variant, "irqsave") ? 2 : 0;
}

/* The spin_ form a site needs: rules/rewrites.tbl's mapping ("-": the
 * table refuses it; a reader that can take no promotion, say). */
static char *spin_api(const struct eval *e, const char *api, enum lf_promote p)
{
	const char *to = lf_rules_spin_call(&e->a->rules, api, lf_promote_name(p));

	return xstrdup(to ? to : "-");
}

/* Does rewrites.tbl give API a promoted form of its own for P (not
 * a refusal, nor the plain mapping it falls back to)? */
static bool promoted_form(const struct eval *e, const char *api,
			  enum lf_promote p)
{
	const char *to = lf_rules_spin_call(&e->a->rules, api, lf_promote_name(p));
	const char *plain = lf_rules_spin_call(&e->a->rules, api, NULL);

	return to && strcmp(to, "-") && (!plain || strcmp(to, plain));
}

/*
 * Writers say in which contexts the lock is taken (docs/DESIGN.md
 * section 1): write_lock_irqsave means some user runs in hard-irq
 * context.  A reader that did not disable irqs shared the lock with an
 * irq-context reader that interrupted it; as a spinlock that is a
 * self-deadlock, so such readers need the writers' protection.
 */
static void spin_needs(struct eval *e)
{
	const struct lf_lock *l = e->l;
	int ws = 0;
	enum lf_promote to;
	size_t promoted = 0;

	for (size_t i = 0; i < l->sites.n + l->rels.n; i++) {
		const struct lf_rec *r = i < l->sites.n ? l->sites.v[i].rec :
					 l->rels.v[i - l->sites.n].rec;

		if (lf_is_write(r) && strength(r->variant) > ws) {
			ws = strength(r->variant);
			e->v->writer_api = r->api;
		}
	}
	to = ws == 2 ? LF_PROMOTE_IRQSAVE : ws == 1 ? LF_PROMOTE_BH :
	     LF_PROMOTE_NONE;
	for (size_t i = 0; i < l->sites.n; i++) {
		const struct lf_rec *r = l->sites.v[i].rec;
		enum lf_promote p = lf_is_read(r) && strength(r->variant) < ws ?
				    to : LF_PROMOTE_NONE;

		e->v->promote[i] = p;
		e->v->needs[i] = spin_api(e, r->api, p);
		if (p && promoted_form(e, r->api, p) && p > e->v->promote_to)
			e->v->promote_to = p;
		promoted += p != LF_PROMOTE_NONE;
	}
	if (promoted)
		reason(e, xasprintf("writers use %s: the lock is taken in %s "
				    "context, which may interrupt a reader that "
				    "left %s on: %zu read site%s must use %s",
				    e->v->writer_api, ws == 2 ? "hard-irq" : "softirq",
				    ws == 2 ? "irqs" : "bh", promoted, lf_plural(promoted),
				    ws == 2 ? "spin_lock_irqsave" : "spin_lock_bh"));
}

/* Why the read sections are not short, in terms a reviewer can act on. */
static void long_reasons(struct eval *e)
{
	struct plist *loops = plist_new(LIST_MAX);

	if (e->rwlock && e->long_reads->n) {
		lf_ev_read_loops(e, loops);
		reason(e, xasprintf("read sections long (max cost %ld%s%s; "
				    "rwlock_short_cost %ld): readers do overlap; if "
				    "they run in atomic context, RCU, not a lock swap, "
				    "is the real answer", e->v->max_read_cost,
				    loops->n ? ", loops at " : "", plist_text(loops),
				    e->a->rules.rwlock_short_cost));
	}
	if (e->rwlock && e->unknown_reads->n)
		reason(e, xasprintf("read sections call functions of unknown length "
				    "(%s): not shown short", plist_text(e->unknown_reads)));
}

static void keep_reasons(struct eval *e, bool recursion_ok)
{
	struct strbuf sb = { 0 };

	if (!recursion_ok)
		reason(e, xstrdup(lf_ev_rule_detail(e, LF_R_RECURSION)));
	long_reasons(e);
	/* long readers in bh or hot context that still are no rcu: why */
	if (e->rcu_sites)
		reason(e, xasprintf("not rcu: %s", lf_ev_rule_detail(e, LF_R_RCU)));
	for (size_t i = 0; i < e->v->rules.n; i++) {
		const struct lf_rule *r = &e->v->rules.v[i];

		if (r->state != LF_RULE_FAIL)
			continue;
		if (r->id == LF_R_CLOSED_READS ||
		    r->id == LF_R_RT_SHORT_READS)
			reason(e, xstrdup(r->detail));
		if (r->id == LF_R_RT_OVERLAP)
			reason(e, xasprintf("short read sections, but not a "
					    "spinlock_t: %s", r->detail));
		if (lf_rule_percpu(r->id))
			sb_printf(&sb, "%s%s", sb.len ? "; " : "", r->detail);
	}
	if (sb.len)
		reason(e, xasprintf("not a percpu_rw_semaphore: %s", sb_str(&sb)));
}

/* Where the read sites run (rwlock_context.c): readers that write,
 * cold readers, rcu.  Only for rwlock_t: an rw_semaphore may sleep in
 * its read sections, which neither a spinlock_t nor RCU allows. */
static void rules_context(struct eval *e)
{
	char *detail, *sites;

	e->readers_read = lf_rule_readers_only_read(e->l, &detail, &e->v->writes);
	rule(e, LF_R_READERS_READ, e->readers_read, detail);
	if (!e->rwlock) {
		rule_na(e, LF_R_SERIALIZED, "judged only for rwlock_t -> spinlock_t");
		rule_na(e, LF_R_COLD, "judged only for rwlock_t -> spinlock_t");
		rule_na(e, LF_R_RCU, "judged only for rwlock_t");
		return;
	}
	e->serialized = lf_rule_serialized(e->l, e->a, &detail);
	rule(e, LF_R_SERIALIZED, e->serialized, detail);
	e->cold = lf_rule_cold_readers(e->l, e->v->ctx, &detail);
	rule(e, LF_R_COLD, e->cold, detail);
	e->rcu = lf_rule_rcu(e->l, e->a, e->v->ctx, e->readers_read,
			     &detail, &sites, &e->rcu_writers, &e->rcu_user);
	rule(e, LF_R_RCU, e->rcu, detail);
	e->rcu_sites = sites;
}

/* A spinlock_t serialises readers that updated under the shared side. */
static void writes_reason(struct eval *e)
{
	if (e->v->writes)
		reason(e, xasprintf("readers update shared state under the read "
				    "lock (%s): a spinlock_t serialises these "
				    "concurrent updaters, so the swap is not free "
				    "where they overlap", e->v->writes));
}

/* What a spinlock_t buys where readers never or rarely overlap */
#define CLEANUP "a spinlock_t is a cleanup here (no reader count, no " \
	"reader/writer unfairness on PREEMPT_RT), not a speedup"

static void decide(struct eval *e, bool id, bool reads, bool rec, bool order,
		   bool shrt, bool closed, bool percpu)
{
	struct lf_verdict *v = e->v;

	if (!id || !reads) {
		v->kind = LF_V_UNKNOWN;
		reason(e, xstrdup(last_rule(e)->detail));
	} else if (e->rwlock && (!rec || !order)) {
		v->kind = LF_V_UNSAFE;
		if (!rec)
			reason(e, xstrdup(lf_ev_rule_detail(e, LF_R_RECURSION)));
		for (size_t i = 0; i < e->cycles.n; i++)
			reason(e, xasprintf("lock order: %s", e->cycles.v[i]));
		/* not the reason, but what is left once the conflict is gone */
		long_reasons(e);
	} else if (e->rwlock && shrt && closed) {
		v->kind = LF_V_SPINLOCK;
		reason(e, xstrdup(lf_ev_rule_detail(e, LF_R_SHORT_READS)));
		/* hot readers: what showed they rarely overlap */
		for (size_t i = 0; i < v->rules.n; i++)
			if (v->rules.v[i].id == LF_R_RT_OVERLAP &&
			    v->rules.v[i].state == LF_RULE_PASS)
				reason(e, xstrdup(v->rules.v[i].detail));
		reason(e, xstrdup("no recursive read, no lock-order cycle through "
				  "a read acquisition"));
		writes_reason(e);
		spin_needs(e);
	} else if (e->rwlock && (e->serialized || (e->cold &&
						     !(e->rcu && e->rcu_user)))) {
		/* rxrpc_sock::call_lock: readers under lock_sock; neigh_table::lock:
		 * rare readers, long walks (but walks user space queries at will
		 * are not rare: file_systems_lock's, rcu) */
		v->kind = LF_V_SPINLOCK;
		v->cold = !e->serialized;
		v->cleanup = true;
		/* issue 29 rule 6: either way a cleanup, and it says so */
		reason(e, e->serialized ? xasprintf("%s: %s",
				    lf_ev_rule_detail(e, LF_R_SERIALIZED), CLEANUP) :
		       xasprintf("%s: the readers rarely overlap, so the "
				    "shared read side buys nothing even though "
				    "the sections are long: %s",
				    lf_ev_rule_detail(e, LF_R_COLD), CLEANUP));
		reason(e, xstrdup("no recursive read, no lock-order cycle through "
				  "a read acquisition"));
		writes_reason(e);
		spin_needs(e);
	} else if (e->rwlock && e->rcu) {
		v->kind = LF_V_RCU;
		v->rcu_how = e->rcu_user ? "user" : NULL;
		reason(e, e->rcu_user ? xasprintf("convert the readers to RCU and "
				    "the writers to spinlock_t: a read-mostly lookup "
				    "user space queries at will, walked at %s, and "
				    "its writers are cold (%s)", e->rcu_sites,
				    e->rcu_writers) :
		       xasprintf("convert the readers to RCU and the writers to "
				    "spinlock_t: long read sections run in bh, irq "
				    "or hot context at %s, and the writers are few "
				    "or rare (%s)", e->rcu_sites, e->rcu_writers));
		reason(e, lf_rcu_patch_reason(e->a, e->l));
		reason(e, xstrdup(lf_ev_rule_detail(e, LF_R_SHORT_READS)));
	} else if (lf_ev_two_step(e)) {
		/* neigh_table::lock: its reasons said */
	} else if (rec && percpu) {
		v->kind = LF_V_PERCPU;
		lf_ev_percpu_reasons(e);
		lf_ev_percpu_needs(e);
	} else {
		v->kind = LF_V_KEEP;
		keep_reasons(e, rec);
	}
}

/* Rules in a fixed order: the order lockfit explain prints them. */
void lf_verdict_compute(struct lf_verdict *v, const struct lf_analysis *a)
{
	const struct lf_lock *l = v->lock;
	struct eval e = { .l = l, .a = a, .v = v,
			  .rwlock = lf_rules_class_spins(&a->rules, l->cls) };
	bool id, reads, rec = false, order = false, shrt, closed, percpu;

	v->needs = xcalloc(l->sites.n, sizeof(*v->needs));
	v->promote = xcalloc(l->sites.n, sizeof(*v->promote));
	v->ctx = lf_site_contexts(l, a);
	/* perf rows are percentages of all samples already */
	v->share = !a->has_profile ? -1 : a->profile.percent ? v->samples :
		   a->profile.total > 0 ? 100.0 * v->samples / a->profile.total : 0;
	read_stats(&e);
	id = rule_identity(&e);
	reads = id && rule_read_sites(&e);
	if (!id || !reads) {
		decide(&e, id, reads, 0, 0, 0, 0, 0);
		runtime_reasons(&e);
		return;
	}
	rec = rule_recursion(&e);
	order = rule_order(&e);
	shrt = rule_short(&e);
	if (e.rwlock)
		shrt &= lf_ev_rule_runtime(&e, LF_R_RT_SHORT_READS, lf_rule_rt_short);
	closed = rule_closed(&e);
	shrt &= rule_overlap(&e, shrt && closed);
	percpu = lf_ev_rules_percpu(&e);
	rules_context(&e);
	decide(&e, id, reads, rec, order, shrt, closed, percpu);
	runtime_reasons(&e);
}

/*
 * Never read-locked anywhere: write_lock is exclusive already, so a
 * spinlock_t behaves the same (no recursion or lock order that did not
 * deadlock before) without the reader count.
 */
void lf_verdict_write_only(struct lf_verdict *v, const struct lf_analysis *a,
			   size_t uses)
{
	const struct lf_lock *l = v->lock;
	struct eval e = { .l = l, .a = a, .v = v, .rwlock = true };

	for (size_t i = 0; i < e.v->rules.n; i++) {
		struct lf_rule *r = &e.v->rules.v[i];

		if (r->id != LF_R_READ_SITES)
			continue;
		r->state = LF_RULE_PASS;
		r->detail = xasprintf("no read section, and no read take in the "
				      "whole tree (%zu use%s, all seen)", uses,
				      lf_plural(uses));
	}
	e.v->kind = LF_V_SPINLOCK;
	e.v->reasons.n = 0;
	reason(&e, xasprintf("only ever write-locked: %zu write section%s, and "
			     "every one of its %zu uses in the tree seen, none a "
			     "read take: a spinlock_t is as exclusive, without "
			     "the reader count", l->nwrite, lf_plural(l->nwrite), uses));
	spin_needs(&e);
}
