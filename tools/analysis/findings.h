/* SPDX-License-Identifier: GPL-2.0 */
/*
 * findings.h - the places a check asks a developer to change, one per
 * site, for report, gate and SARIF.
 */
#ifndef LOCKFIT_FINDINGS_H
#define LOCKFIT_FINDINGS_H

#include <stdbool.h>
#include <stddef.h>

struct lf_finding {
	const char *check, *file, *function, *lock;
	int line, column;
	size_t rank;		/* 0: sorted by place; else this order, after */
	bool cleanup;		/* a cleanup, not a speedup: after every other */
	char *message;
};

struct lf_findings {
	struct lf_finding *v;
	size_t n, cap;
};

/* By place; then those with a rank, in rank order. */
void lf_findings_sort(struct lf_findings *f);

/* Keep only those of CHECK (NULL keeps all). */
void lf_findings_filter(struct lf_findings *f, const char *check);

#endif
