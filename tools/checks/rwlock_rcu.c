// SPDX-License-Identifier: GPL-2.0
/*
 * rwlock_rcu.c - for an rcu verdict, whether lockfit patch can make the
 * rewrite (cocci/rwlock_to_rcu.cocci: readers walking a list_head or
 * hlist_head), or what in the records already blocks it: a read section
 * that is still held where its function returns (unless a function of
 * its file only drops it: a seq_file .start and .stop, which the script
 * pairs), one that calls a
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

/* A read release_only record of L in R's file, in another function: the
 * .stop of a seq_file whose .start is R's function (the script pairs
 * them by the struct seq_operations). */
static const struct lf_rec *paired_release(const struct lf_lock *l, const struct lf_rec *r)
{
	for (size_t i = 0; i < l->rels.n; i++) {
		const struct lf_rec *q = l->rels.v[i].rec;

		if (q->mode && !strcmp(q->mode, "read") && q->file && r->file &&
		    !strcmp(q->file, r->file) && q->function && r->function &&
		    strcmp(q->function, r->function))
			return q;
	}
	return NULL;
}

/* What blocks R, a read section, from the rewrite; NULL if nothing the
 * records show. */
static char *section_blocker(const struct lf_analysis *a, const struct lf_lock *l,
			     const struct lf_rec *r)
{
	const char *fn = lf_fn_basename(r->function);

	if (r->open_at_exit && !paired_release(l, r))
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
		why = section_blocker(a, l, r);
		if (why) {
			char *s = xasprintf("no automatic patch: %s", why);

			free(why);
			return s;
		}
	}
	return xstrdup("lockfit patch tries cocci/rwlock_to_rcu.cocci (readers "
		       "walking a list_head or hlist_head, an open-coded "
		       "hash chain of sockets, or loading one pointer the "
		       "writers publish; it refuses any other shape, naming "
		       "what blocks it)");
}
