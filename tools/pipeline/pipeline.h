/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pipeline.h - the pipeline every subcommand shares (pipeline.c): report,
 * gate, explain, index and patch start from it, so that they can never
 * disagree.
 */
#ifndef LOCKFIT_PIPELINE_H
#define LOCKFIT_PIPELINE_H

struct lf_analysis;
struct lf_evidence;

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

#endif
