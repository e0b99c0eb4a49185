// SPDX-License-Identifier: GPL-2.0
/*
 * rwlock_twostep.c - rcu advice in two steps (issue 29): upstream moved
 * struct neigh_table::lock's hot readers (pneigh_lookup() on the
 * forwarding path) to RCU first, then made the lock a spinlock_t because
 * the readers left (neigh_for_each(), the dumps) are long but rare
 * (3064d0fe02af).  When the one-step rcu rule fails on the writers (too
 * many, not known cold) but some long read sections run hot in bh or irq
 * context, the others not hot, and no writer runs hot but where a lookup
 * creates what it missed (pneigh_lookup()'s create path), the advice
 * says both steps, and what is unknown about the readers left.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "checks/rwlock_verdict.h"
#include "checks/rwlock_eval.h"

/* The hot long read sites (*HOT) and the others (*REST, with how many of
 * unknown temperature in *UNKNOWN); false if a hot one cannot move to
 * RCU as it is (held where its function returns). */
static bool split_readers(struct eval *e, struct plist *hot, struct plist *rest,
			  size_t *unknown)
{
	for (size_t i = 0; i < e->l->sites.n; i++) {
		const struct lf_rec *r = e->l->sites.v[i].rec;
		const struct lf_site_ctx *c = lf_site_ctx_at(e->v->ctx, i);
		char *t;

		if (!lf_is_read(r))
			continue;
		t = lf_site_ctx_text(c);
		if (lf_site_ctx_hot(c) && lf_site_atomic(r, c) &&
		    (r->loop || !r->cost_known)) {
			if (r->open_at_exit)
				return false;
			plist_add(hot, "%s:%d %s() (%s)", r->file, r->line,
				  lf_fn_basename(r->function), t);
		} else if (lf_site_ctx_hot(c)) {
			return false;	/* short or process-context hot readers */
		} else {
			*unknown += !lf_site_ctx_known(c);
			plist_add(rest, "%s:%d %s() (%s)", r->file, r->line,
				  lf_fn_basename(r->function), t);
		}
		free(t);
	}
	return hot->n && rest->n;
}

/* Does FN take L for read too: a lookup that creates what it missed? */
static bool lookup_or_create(const struct lf_lock *l, const char *fn)
{
	for (size_t i = 0; i < l->sites.n; i++)
		if (lf_is_read(l->sites.v[i].rec) &&
		    !strcmp(l->sites.v[i].rec->function, fn))
			return true;
	return false;
}

/* A write site that runs hot, but in a lookup's create path: NULL if none. */
static const struct lf_rec *hot_writer(struct eval *e)
{
	for (size_t i = 0; i < e->l->sites.n; i++) {
		const struct lf_rec *r = e->l->sites.v[i].rec;

		if (lf_is_write(r) && lf_site_ctx_hot(lf_site_ctx_at(e->v->ctx, i)) &&
		    !lookup_or_create(e->l, r->function))
			return r;
	}
	return NULL;
}

bool lf_ev_two_step(struct eval *e)
{
	struct plist *hot = plist_new(LIST_MAX), *rest = plist_new(LIST_MAX);
	size_t unknown = 0;

	if (!e->rwlock || e->rcu || !e->readers_read || hot_writer(e) ||
	    !split_readers(e, hot, rest, &unknown))
		return false;
	e->v->kind = LF_V_RCU;
	e->v->rcu_how = "two steps";
	reason(e, xasprintf("two steps: first move the hot readers to RCU, the "
			    "writers staying under the lock (%s): long read "
			    "sections that run hot, where an rwlock's shared "
			    "read side bounces between CPUs", plist_text(hot)));
	reason(e, xasprintf("then the lock a spinlock_t: the %zu reader%s left "
			    "(%s) %s, so a shared read side buys nothing%s",
			    rest->n, lf_plural(rest->n), plist_text(rest),
			    rest->n > 1 ? "are not hot" : "is not hot",
			    unknown ? xasprintf("; %zu of them of unknown "
						"temperature: a lock_stat of the "
						"remaining read acquisitions would "
						"show whether they are rare", unknown) : ""));
	reason(e, xasprintf("not one step: %s", lf_ev_rule_detail(e, LF_R_RCU)));
	return true;
}
