// SPDX-License-Identifier: GPL-2.0
/*
 * check_archspin.c - the arch-spin-preempt check: every arch_spin_lock()
 * site decided in its unit, then across files by its callers
 * (archspin_callers.c), a finding per site reached with preemption
 * enabled.  What the report and explain show
 * of it is present/present_archspin.c's, its patch jobs
 * patch/patch_archspin.c's.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "checks/checker.h"
#include "checks/archspin_callers.h"

struct lf_arch *lf_arch_of(const struct lf_analysis *a)
{
	return lf_results(a, &lf_checker_archspin);
}

static void analyse(struct lf_analysis *a)
{
	lf_arch_resolve(&a->recs, &a->calls, lf_arch_of(a));
}

static void findings(const struct lf_analysis *a, struct lf_findings *out)
{
	struct lf_arch *arch = lf_arch_of(a);

	for (size_t i = 0; i < arch->sites.n; i++) {
		const struct lf_arch_site *s = &arch->sites.v[i];
		struct lf_finding f = {
			.check = lf_checks[LF_CHECK_arch_spin_preempt].name, .file = s->rec->file,
			.function = s->rec->function, .lock = s->rec->lock,
			.line = s->rec->line, .column = s->rec->column,
		};

		if (s->status != LF_ARCH_FLAGGED)
			continue;
		f.message = lf_arch_message(s);
		VEC_PUSH(out, f);
	}
}

/* Each arch lock once: its sites are adjacent only per file. */
static void names(const struct lf_analysis *a,
		  void (*fn)(const char *name, void *arg), void *arg)
{
	const char *last = NULL;
	struct lf_arch *arch = lf_arch_of(a);

	for (size_t i = 0; i < arch->sites.n; i++) {
		const char *lock = arch->sites.v[i].rec->lock;

		if (!last || strcmp(last, lock))
			fn(lock, arg);
		last = lock;
	}
}

const struct lf_checker lf_checker_archspin = {
	.name = "archspin",
	.results_size = sizeof(struct lf_arch),
	.analyse = analyse,
	.findings = findings,
	.names = names,
};
