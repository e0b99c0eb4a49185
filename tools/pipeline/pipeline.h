/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pipeline.h - the pipeline every subcommand shares (pipeline.c): report,
 * gate, explain, index and patch start from it, so that they can never
 * disagree; and what the checks' presenters and the evidence stages show
 * of its results, in one order for every output.
 */
#ifndef LOCKFIT_PIPELINE_H
#define LOCKFIT_PIPELINE_H

#include <stdbool.h>
#include <stdio.h>

struct lf_analysis;
struct lf_evidence;
struct json_t;

/* Analyse DIR with the evidence options E (lib/cli.h: a profile, a
 * /proc/lock_stat read before the checkers decide, --mixed-builds, the
 * tree rewrite verdicts are checked against); LOAD: further LF_LOAD_*
 * flags of lf_records_load() (--lenient). */
void lf_analyze_with(struct lf_analysis *a, const char *dir,
		     const struct lf_evidence *e, unsigned load);
/* The same with the records' own tree, if any (without one, the
 * verdicts are kept, the reason says so) */
void lf_analyze(struct lf_analysis *a, const char *dir, const char *profile,
		unsigned load);

/* The text report's lines of the evidence stages (lf_stages[] order),
 * then of the presenters (lf_presenters[], schema/checks.def order), in
 * its header; their sections, the presenters' first. */
void lf_show_text_header(FILE *out, const struct lf_analysis *a);
void lf_show_text(FILE *out, const struct lf_analysis *a);
/* The JSON report: the stages' keys of its SUMMARY object (the last
 * stage first), the presenters' keys of its ROOT object. */
void lf_show_json_summary(struct json_t *summary, const struct lf_analysis *a);
void lf_show_json(struct json_t *root, const struct lf_analysis *a);
/* lockfit explain LOCK: the presenter whose check has LOCK, then what
 * each stage has on it; false if no presenter has it. */
bool lf_show_explain(const struct lf_analysis *a, const char *lock);

#endif
