/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report.h - the three output formats of lockfit report (docs/REPORT.md).
 */
#ifndef LOCKFIT_REPORT_H
#define LOCKFIT_REPORT_H

#include <stdbool.h>
#include <stdio.h>
#include "lib/cli.h"

struct lf_analysis;
/* Each format: the header or summary, every checker's part (checker.h),
 * the findings. */
void lf_report_text(FILE *out, const struct lf_analysis *a, const char *check);
void lf_report_json(FILE *out, const struct lf_analysis *a);
void lf_report_sarif(FILE *out, const struct lf_analysis *a);

struct lf_report_opts {
	const char *dir, *format, *check;
	unsigned load;		/* LF_LOAD_LENIENT */
	struct lf_evidence ev;	/* the evidence options (lib/cli.h) */
};

/* Analyse and print; the status for lockfit report (and build). */
int lf_report_run(const struct lf_report_opts *o);

#endif
