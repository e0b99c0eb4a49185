// SPDX-License-Identifier: GPL-2.0
/*
 * rwlock_coverage.c - what the uses of a lock in the whole source tree
 * change in its rwlock verdict, as the coverage stage (coverage/coverage.h)
 * hands them over.  A rewrite, and rcu's advice (its reasons count the
 * writers), stand only when every use was seen, else the verdict is
 * unknown with the unseen files and the command that completes the
 * evidence; an rwlock_t the records never read-lock becomes a
 * spinlock when no use in the tree is a read take.  The notices of the
 * incomplete ones are here too.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "checks/checker.h"
#include "checks/rwlock_verdict.h"
#include "coverage/coverage.h"

/* A verdict that speaks for the whole tree: a rewrite, or rcu's advice,
 * whose reasons count the writers (a count from some units is false for
 * the tree). */
static bool whole_tree(const struct lf_verdict *v)
{
	return v->kind == LF_V_SPINLOCK || v->kind == LF_V_PERCPU ||
	       v->kind == LF_V_RCU;
}

/* An rwlock the records never read-lock: write-only if the tree agrees. */
static bool write_only_candidate(const struct lf_verdict *v)
{
	const struct lf_lock *l = v->lock;

	if (v->kind != LF_V_UNKNOWN || strcmp(l->cls, "rwlock") || l->nread ||
	    !l->nwrite)
		return false;
	for (size_t i = 0; i < v->rules.n; i++)
		if (v->rules.v[i].id == LF_R_IDENTITY &&
		    v->rules.v[i].state != LF_RULE_PASS)
			return false;
	return true;
}

enum lf_cov_ask lf_rwlock_cov_ask(const struct lf_analysis *a,
				   const struct lf_lock *l)
{
	const struct lf_verdict *v = lf_rwlock_verdict(a, l);

	return whole_tree(v) ? LF_COV_NEED :
	       write_only_candidate(v) ? LF_COV_MAY : LF_COV_NONE;
}

static void reason_first(struct lf_verdict *v, char *text)
{
	VEC_PUSH(&v->reasons, NULL);
	memmove(v->reasons.v + 1, v->reasons.v,
		(v->reasons.n - 1) * sizeof(*v->reasons.v));
	v->reasons.v[0] = text;
}

/* The verdict V calls for, made unknown: nothing to rewrite or advise. */
static void unknown(struct lf_verdict *v)
{
	v->incomplete = lf_verdict_name(v->kind);
	v->kind = LF_V_UNKNOWN;
	for (size_t i = 0; i < v->lock->sites.n; i++) {
		v->needs[i] = NULL;
		v->promote[i] = LF_PROMOTE_NONE;
	}
	v->promote_to = LF_PROMOTE_NONE;
}

/* A whole-tree verdict, some uses unseen: unknown, with what to do. */
static void unseen_unknown(struct lf_verdict *v, const struct lf_cov *cov)
{
	size_t nfiles;
	char *files = lf_cov_unseen_files(cov, &nfiles);

	unknown(v);
	if (cov->command)
		reason_first(v, xasprintf("complete the evidence: %s", cov->command));
	reason_first(v, xasprintf("unseen: %s", files));
	reason_first(v, xasprintf("incomplete coverage: these records alone say "
				  "%s, but %zu of its %zu uses in the tree (take, "
				  "release, assert, address) are in %zu file%s "
				  "whose records were not read", v->incomplete,
				  cov->unseen.n, cov->unseen.n + cov->seen,
				  nfiles, lf_plural(nfiles)));
	free(files);
}

/* A write-only candidate: what the tree's uses say of its reads. */
static void candidate(struct lf_verdict *v, const struct lf_analysis *a,
		      const struct lf_cov *cov)
{
	if (cov->missed)
		VEC_PUSH(&v->reasons, lf_cov_missed_text(cov, NULL));
	if (!cov->unseen.n && !cov->missed && !cov->read_takes && cov->takes) {
		lf_verdict_write_only(v, a, cov->seen);
	} else if (cov->unseen.n) {
		size_t nfiles;
		char *files = lf_cov_unseen_files(cov, &nfiles);

		VEC_PUSH(&v->reasons, xasprintf(
			"%zu of its %zu uses in the tree are in %zu file%s whose "
			"records were not read: %s", cov->unseen.n,
			cov->unseen.n + cov->seen, nfiles, lf_plural(nfiles), files));
		if (cov->command)
			VEC_PUSH(&v->reasons, xasprintf("complete the evidence: %s",
							cov->command));
		free(files);
	} else if (cov->read_takes) {
		VEC_PUSH(&v->reasons, xasprintf(
			"the tree read-locks it (%zu read take%s) in code these "
			"records saw without a section", cov->read_takes,
			lf_plural(cov->read_takes)));
	}
}

bool lf_rwlock_cov_apply(struct lf_analysis *a, const struct lf_lock *l,
			  struct lf_cov *cov)
{
	struct lf_verdict *v = lf_rwlock_verdict(a, l);

	if (!whole_tree(v)) {
		if (cov->how == LF_COV_LOOKED && write_only_candidate(v)) {
			v->cov = cov;
			candidate(v, a, cov);
		}
		return false;
	}
	switch (cov->how) {
	case LF_COV_ASSUMED:
		VEC_PUSH(&v->reasons, xasprintf(
			"whole-tree coverage not checked (--assume-complete): uses "
			"in units that were not built are assumed to agree"));
		return false;
	case LF_COV_TRUSTED:
		return false;	/* lockfit patch: its messages as before */
	case LF_COV_NO_TREE:
		v->cov = cov;
		unknown(v);
		reason_first(v, xasprintf(
			"whole-tree coverage not checked: give --tree DIR (these "
			"records alone say %s; --assume-complete keeps that)",
			v->incomplete));
		return true;
	case LF_COV_UNINDEXED:
		v->cov = cov;
		unseen_unknown(v, cov);
		reason_first(v, xasprintf("its uses cannot be looked up in the "
					  "tree: %s", cov->why));
		return true;
	case LF_COV_LOOKED:
		v->cov = cov;
		if (cov->missed) {
			/* what the index found is no evidence */
			if (cov->unseen.n)
				unseen_unknown(v, cov);
			else
				unknown(v);
			reason_first(v, lf_cov_missed_text(cov, v->incomplete));
			return true;
		}
		if (cov->unseen.n) {
			unseen_unknown(v, cov);
			return true;
		}
		VEC_PUSH(&v->reasons, xasprintf(
			"every use in the tree seen: %zu take, release, assert or "
			"address use%s, all in units whose records were read",
			cov->seen, lf_plural(cov->seen)));
		return false;
	}
	return false;
}

void lf_rwlock_cov_notices(const struct lf_analysis *a,
			    void (*fn)(const char *lock, const char *text, void *arg),
			    void *arg)
{
	for (size_t i = 0; i < a->locks.locks.n; i++) {
		const struct lf_lock *l = a->locks.locks.v[i];
		const struct lf_verdict *v;
		const struct lf_cov *cov;
		char *text;

		if (!lf_rwlock_judges(a, l))
			continue;
		v = lf_rwlock_verdict(a, l);
		cov = v->cov;
		if (!v->incomplete)
			continue;
		if (cov && cov->missed)
			text = xasprintf("incomplete coverage: %s would be %s from "
					 "these records, but the use index missed "
					 "%zu of its recorded sites (first %s): no "
					 "finding, no pass", l->name, v->incomplete,
					 cov->missed, cov->missed_at);
		else if (!cov || (!cov->seen && !cov->unseen.n))
			text = xasprintf("incomplete coverage: %s would be %s from "
					 "these records, but its uses in the whole "
					 "tree were not checked (give --tree DIR): "
					 "no finding, no pass", l->name, v->incomplete);
		else
			text = xasprintf("incomplete coverage: %s would be %s from "
					 "these records, but %zu of its %zu uses in "
					 "the tree were not seen (first %s:%d: %s): "
					 "no finding, no pass", l->name, v->incomplete,
					 cov->unseen.n, cov->unseen.n + cov->seen,
					 cov->unseen.v[0].file, cov->unseen.v[0].line,
					 cov->unseen.v[0].why);
		fn(l->name, text, arg);
		free(text);
	}
}
