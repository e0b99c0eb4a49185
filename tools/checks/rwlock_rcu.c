// SPDX-License-Identifier: GPL-2.0
/*
 * rwlock_rcu.c - for an rcu verdict, whether lockfit patch can make the
 * rewrite (cocci/rwlock_to_rcu.cocci: readers walking a list_head or
 * hlist_head), or what in the records already blocks it: a read section
 * that is still held where its function returns, one that calls a
 * function that may sleep (rules/sleeping.tbl), or one that walks an
 * rbtree (rules/rcu.tbl's rbwalk rows).  What the records cannot show (the list walk itself, where an
 * entry goes after the section, how removed entries are freed) the
 * script decides, naming the construct when it refuses.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "checks/rwlock_verdict.h"
#include "checks/rwlock_eval.h"

/* What blocks R, a read section, from the rewrite; NULL if nothing the
 * records show. */
static char *section_blocker(const struct lf_analysis *a, const struct lf_rec *r)
{
	const char *fn = lf_fn_basename(r->function);

	if (r->open_at_exit)
		return xasprintf("a read section still held where %s() returns "
				 "(%s:%d): the RCU section would cross functions",
				 fn, r->file, r->line);
	for (size_t i = 0; i < r->calls.n; i++) {
		const struct lf_call *c = &r->calls.v[i];

		if (lf_rules_sleeps(&a->rules, c->callee))
			return xasprintf("a reader that sleeps: %s() in %s() "
					 "(%s:%d)", c->callee, fn, r->file, c->line);
		if (lf_rules_rcu(&a->rules, "rbwalk", c->callee))
			return xasprintf("an rbtree: %s() in %s() (%s:%d)",
					 c->callee, fn, r->file, c->line);
	}
	return NULL;
}

char *lf_rcu_patch_reason(const struct lf_analysis *a, const struct lf_lock *l)
{
	for (size_t i = 0; i < l->sites.n; i++) {
		const struct lf_rec *r = l->sites.v[i].rec;
		char *why;

		if (r->kind != LF_REC_SECTION || !r->mode || strcmp(r->mode, "read"))
			continue;
		why = section_blocker(a, r);
		if (why) {
			char *s = xasprintf("no automatic patch: %s", why);

			free(why);
			return s;
		}
	}
	return xstrdup("lockfit patch tries cocci/rwlock_to_rcu.cocci (readers "
		       "walking a list_head or hlist_head, or loading one "
		       "pointer the writers publish; it refuses any other "
		       "shape, naming what blocks it)");
}
