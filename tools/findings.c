// SPDX-License-Identifier: GPL-2.0
/*
 * findings.c - one finding per read site of a lock whose verdict asks for
 * a rewrite (spinlock, percpu_rwsem), per arch_spin_lock() site reached
 * with preemption enabled, and per acquire site of a hot bit spinlock.
 *
 * Only those: "keep" and "unsafe" ask nothing of the developer, and
 * "unknown" (local pointers, unresolved primitives) would fire on every
 * driver that passes locks around, so a CI gate built on it would only
 * churn; so would an arch_spin_lock() site whose callers are not in the
 * records (needs_caller).  The report and lockfit explain still show all
 * of them.
 *
 * Order: by place, except bit-spinlock-hot, whose findings come after
 * the others, hottest lock first (and its hottest site first).
 */
#include <stdlib.h>
#include <string.h>
#include "util.h"
#include "analysis.h"
#include "verdict.h"

const struct lf_check lf_checks[] = {
	{
		"rwlock-spinlock",
		"rwlock_t whose read sections are all short: make it a spinlock_t",
		"Each read section is a few dozen instructions with no loop, so "
		"readers almost never overlap: the rwlock_t buys no concurrency "
		"and costs an extra atomic per section. Convert the lock to "
		"spinlock_t, using the variant named at each site.",
	},
	{
		"percpu-rwsem",
		"read-mostly lock with long or hot sleepable readers: make it a "
		"percpu_rw_semaphore",
		"Few write sites, many read sites, every site may sleep, and the "
		"read sections are long or hot: a percpu_rw_semaphore makes the "
		"read side a per-CPU counter at the price of an expensive writer.",
	},
	{
		"arch-spin-preempt",
		"arch_spin_lock() reached with preemption enabled",
		"arch_spin_lock() does not disable preemption, unlike spin_lock(): "
		"a holder preempted with the lock held makes every other CPU spin "
		"until it runs again. Here preemption is enabled on some path to "
		"the acquire, in its function or in a caller. Disable preemption "
		"or irqs around it, or use a raw_spinlock_t.",
	},
	{
		"bit-spinlock-hot",
		"bit spinlock on a hot path: replace it with a spinlock_t",
		"A bit spinlock releases with an atomic read-modify-write and its "
		"waiters spin on the atomic. On a hot path (from a profile, or "
		"loops and hot entry points without one) a spinlock_t is cheaper: "
		"embed one in the object, in a padding hole when there is one, or "
		"use a hashed array of spinlocks keyed by the object's address "
		"where the object must not grow.",
	},
};
const size_t lf_nchecks = ARRAY_SIZE(lf_checks);

int lf_check_index(const char *name)
{
	for (size_t i = 0; i < lf_nchecks; i++)
		if (!strcmp(lf_checks[i].name, name))
			return i;
	return -1;
}

static char *spinlock_message(const struct lf_lock *l, size_t i)
{
	const struct lf_verdict *v = l->verdict;
	const struct lf_rec *r = l->sites.v[i].rec;

	if (v->promoted[i])
		return xasprintf("%s '%s' has only short read sections: make it a "
				 "spinlock_t; here promote %s -> %s (writers use %s)",
				 lf_lock_type(l), l->name, r->api, v->needs[i],
				 v->writer_api);
	return xasprintf("%s '%s' has only short read sections: make it a "
			 "spinlock_t; here %s -> %s", lf_lock_type(l), l->name,
			 r->api, v->needs[i]);
}

static char *percpu_message(const struct lf_lock *l, size_t i)
{
	return xasprintf("%s '%s' is read-mostly (%zu read, %zu write sites) with "
			 "long or hot sleepable readers: make it a "
			 "percpu_rw_semaphore; here %s -> %s", lf_lock_type(l),
			 l->name, l->nread, l->nwrite, l->sites.v[i].rec->api,
			 l->verdict->needs[i]);
}

static void lock_findings(struct lf_analysis *a, const struct lf_lock *l)
{
	enum lf_verdict_kind k = l->verdict->kind;

	if (k != LF_V_SPINLOCK && k != LF_V_PERCPU)
		return;
	for (size_t i = 0; i < l->sites.n; i++) {
		const struct lf_rec *r = l->sites.v[i].rec;
		struct lf_finding f = {
			.check = k == LF_V_SPINLOCK ? "rwlock-spinlock" : "percpu-rwsem",
			.file = r->file, .function = r->function, .lock = l->name,
			.line = r->line, .column = r->column,
		};

		if (!lf_is_read(r))
			continue;
		f.message = k == LF_V_SPINLOCK ? spinlock_message(l, i) :
			    percpu_message(l, i);
		VEC_PUSH(&a->findings, f);
	}
}

static void arch_findings(struct lf_analysis *a)
{
	for (size_t i = 0; i < a->arch.sites.n; i++) {
		const struct lf_arch_site *s = &a->arch.sites.v[i];
		struct lf_finding f = {
			.check = "arch-spin-preempt", .file = s->rec->file,
			.function = s->rec->function, .lock = s->rec->lock,
			.line = s->rec->line, .column = s->rec->column,
		};

		if (s->status != LF_ARCH_FLAGGED)
			continue;
		f.message = lf_arch_message(s);
		VEC_PUSH(&a->findings, f);
	}
}

/* In rank order: the sort keeps it (rank). */
static void bitlock_findings(struct lf_analysis *a)
{
	size_t rank = 0;

	for (size_t i = 0; i < a->bitlocks.locks.n; i++) {
		const struct lf_bitlock *l = a->bitlocks.locks.v[i];

		for (size_t j = 0; l->hot && j < l->sites.n; j++) {
			const struct lf_rec *r = l->sites.v[j].rec;
			struct lf_finding f = {
				.check = "bit-spinlock-hot", .file = r->file,
				.function = r->function, .lock = l->name,
				.line = r->line, .column = r->column,
				.rank = ++rank,
			};

			f.message = lf_bitlock_message(l, j);
			VEC_PUSH(&a->findings, f);
		}
	}
}

static int cmp_finding(const void *x, const void *y)
{
	const struct lf_finding *a = x, *b = y;
	int c;

	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	c = strcmp(a->file, b->file);
	if (c)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->column != b->column)
		return a->column < b->column ? -1 : 1;
	if ((c = strcmp(a->check, b->check)))
		return c;
	return strcmp(a->lock, b->lock);
}

void lf_findings_build(struct lf_analysis *a)
{
	for (size_t i = 0; i < a->ranked.n; i++)
		lock_findings(a, a->ranked.v[i]);
	arch_findings(a);
	bitlock_findings(a);
	lf_sort(a->findings.v, a->findings.n, sizeof(*a->findings.v), cmp_finding);
}

void lf_findings_filter(struct lf_findings *f, const char *check)
{
	size_t n = 0;

	if (!check)
		return;
	for (size_t i = 0; i < f->n; i++)
		if (!strcmp(f->v[i].check, check))
			f->v[n++] = f->v[i];
	f->n = n;
}
