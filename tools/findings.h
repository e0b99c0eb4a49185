/* SPDX-License-Identifier: GPL-2.0 */
/*
 * findings.h - the places a verdict asks a developer to change, one per
 * site, for report, gate and SARIF.
 */
#ifndef LOCKFIT_FINDINGS_H
#define LOCKFIT_FINDINGS_H

#include <stdbool.h>
#include <stddef.h>

struct lf_check {
	const char *name;
	const char *summary;	/* one line, for SARIF rules */
	const char *help;
};

extern const struct lf_check lf_checks[];
extern const size_t lf_nchecks;

/* Index in lf_checks, -1 if NAME is not a check. */
int lf_check_index(const char *name);

struct lf_finding {
	const char *check, *file, *function, *lock;
	int line, column;
	size_t rank;		/* 0: sorted by place; else this order, after */
	char *message;
};

struct lf_findings {
	struct lf_finding *v;
	size_t n, cap;
};

struct lf_analysis;
/* Findings of every lock with an actionable verdict, of flagged
 * arch_spin_lock() sites, sorted by place; then those of hot bit locks,
 * hottest first. */
void lf_findings_build(struct lf_analysis *a);

/* Keep only those of CHECK (NULL keeps all). */
void lf_findings_filter(struct lf_findings *f, const char *check);

#endif
