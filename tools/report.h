/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report.h - the three output formats of lockfit report (docs/REPORT.md).
 */
#ifndef LOCKFIT_REPORT_H
#define LOCKFIT_REPORT_H

#include <stdbool.h>
#include <stdio.h>

struct lf_analysis;
struct lf_lock;
struct strbuf;
struct json_t;

void lf_report_text(FILE *out, const struct lf_analysis *a, const char *check);
void lf_report_json(FILE *out, const struct lf_analysis *a);
void lf_report_sarif(FILE *out, const struct lf_analysis *a);

/* One site of L as a text line (without indentation or newline). */
void lf_text_site(struct strbuf *sb, const struct lf_lock *l, size_t i);

/* The sections of the arch_spin_lock and bit lock checks: text (after the
 * lock blocks) and the JSON report's arrays. */
void lf_text_arch_spin(FILE *out, const struct lf_analysis *a);
void lf_text_bitlocks(FILE *out, const struct lf_analysis *a);
struct json_t *lf_json_arch_spin(const struct lf_analysis *a);
struct json_t *lf_json_bitlocks(const struct lf_analysis *a);

struct lf_report_opts {
	const char *dir, *format, *check, *profile;
	unsigned load;		/* LF_LOAD_* */
};

/* Analyse and print; the status for lockfit report (and build). */
int lf_report_run(const struct lf_report_opts *o);

#endif
