// SPDX-License-Identifier: GPL-2.0
/*
 * check_bitlock.c - the bit-spinlock-hot check: the bit spinlocks ranked
 * by hotness with a proposed replacement (bitlock_rank.c), a finding per
 * acquire site of a hot one.  What the report and explain show of it is
 * present/present_bitlock.c's, its patch jobs patch/patch_bitlock.c's.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "checks/checker.h"
#include "checks/bitlock_rank.h"

struct lf_bitlocks *lf_bits_of(const struct lf_analysis *a)
{
	return lf_results(a, &lf_checker_bitlock);
}

static void analyse(struct lf_analysis *a)
{
	struct lf_bitlocks *bits = lf_bits_of(a);

	struct lf_bit_input in = {
		&a->recs, &a->rules, &a->calls, a->has_profile ? &a->profile : NULL,
		a,
	};

	lf_bitlocks_build(&in, bits);
	for (size_t i = 0; i < bits->locks.n; i++)
		for (size_t j = 0; j < bits->locks.v[i]->sites.n; j++)
			VEC_PUSH(&a->sited, bits->locks.v[i]->sites.v[j].rec);
}

/* In rank order: the sort keeps it (rank). */
static void findings(const struct lf_analysis *a, struct lf_findings *out)
{
	size_t rank = 0;
	struct lf_bitlocks *bits = lf_bits_of(a);

	for (size_t i = 0; i < bits->locks.n; i++) {
		const struct lf_bitlock *l = bits->locks.v[i];

		for (size_t j = 0; l->hot && j < l->sites.n; j++) {
			const struct lf_rec *r = l->sites.v[j].rec;
			struct lf_finding f = {
				.check = lf_checks[LF_CHECK_bit_spinlock_hot].name, .file = r->file,
				.function = r->function, .lock = l->name,
				.line = r->line, .column = r->column,
				.rank = ++rank,
			};

			f.message = lf_bitlock_message(l, j);
			VEC_PUSH(out, f);
		}
	}
}


static void names(const struct lf_analysis *a,
		  void (*fn)(const char *name, void *arg), void *arg)
{
	struct lf_bitlocks *bits = lf_bits_of(a);

	for (size_t i = 0; i < bits->locks.n; i++)
		fn(bits->locks.v[i]->name, arg);
}

const struct lf_checker lf_checker_bitlock = {
	.name = "bitlock",
	.results_size = sizeof(struct lf_bitlocks),
	.analyse = analyse,
	.findings = findings,
	.names = names,
};
