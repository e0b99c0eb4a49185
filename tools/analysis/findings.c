// SPDX-License-Identifier: GPL-2.0
/*
 * findings.c - the places a check asks a developer to change; each
 * checker (check_*.c) makes its own: one per read site of a lock whose
 * verdict asks for a rewrite (spinlock, percpu_rwsem), per
 * arch_spin_lock() site reached with preemption enabled, and per acquire
 * site of a hot bit spinlock.
 *
 * Only those: "keep" and "unsafe" ask nothing of the developer, and
 * "unknown" (local pointers, unresolved primitives) would fire on every
 * driver that passes locks around, so a CI gate built on it would only
 * churn; so would an arch_spin_lock() site whose callers are not in the
 * records (needs_caller).  The report and lockfit explain still show all
 * of them.
 *
 * Order: by place, except those with a rank (bit-spinlock-hot), which
 * come after the others in rank order: hottest lock first (and its
 * hottest site first); cleanups (a spinlock_t for readers that rarely or
 * never overlap: no speedup) come last, by place.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "analysis/findings.h"

static int cmp_finding(const void *x, const void *y)
{
	const struct lf_finding *a = x, *b = y;
	int c;

	if (a->cleanup != b->cleanup)
		return a->cleanup ? 1 : -1;
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

void lf_findings_sort(struct lf_findings *f)
{
	lf_sort(f->v, f->n, sizeof(*f->v), cmp_finding);
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
