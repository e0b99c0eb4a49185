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
struct lf_rec;
struct lf_call;
struct lf_edge;
struct strbuf;
struct json_t;

/* Lines of calls or nesting shown per lock; explain shows them all. */
#define TEXT_MAX 10

void lf_report_text(FILE *out, const struct lf_analysis *a, const char *check);
void lf_report_json(FILE *out, const struct lf_analysis *a);
void lf_report_sarif(FILE *out, const struct lf_analysis *a);

/* One site of L as a text line (without indentation or newline). */
void lf_text_site(struct strbuf *sb, const struct lf_lock *l, size_t i);

/* Lines of a lock block: a call in a section, a lock-order edge, and
 * all of LOCK's edges (at most TEXT_MAX each way). */
void lf_text_call(FILE *out, const struct lf_rec *r, const struct lf_call *c);
void lf_text_edge(FILE *out, const struct lf_edge *e, bool outgoing);
void lf_text_nesting(FILE *out, const struct lf_analysis *a, const char *lock);

/* The sections of the arch_spin_lock and bit lock checks: text (after the
 * lock blocks) and the JSON report's arrays. */
void lf_text_arch_spin(FILE *out, const struct lf_analysis *a);
void lf_text_bitlocks(FILE *out, const struct lf_analysis *a);
struct json_t *lf_json_arch_spin(const struct lf_analysis *a);
/* A JSON string, or null for NULL. */
struct json_t *lf_json_str(const char *s);
/* Set "file", "line", "column", "function" of O from R. */
void lf_json_place(struct json_t *o, const struct lf_rec *r);
struct json_t *lf_json_bitlocks(const struct lf_analysis *a);

struct lf_report_opts {
	const char *dir, *format, *check, *profile;
	unsigned load;		/* LF_LOAD_* */
};

/* Analyse and print; the status for lockfit report (and build). */
int lf_report_run(const struct lf_report_opts *o);

#endif
