/* SPDX-License-Identifier: GPL-2.0 */
/*
 * present.h - what each check shows of its results in lockfit report
 * (text, JSON) and lockfit explain: a presenter per check, beside the
 * checker that decides (checks/checker.h), registered by its LF_REPORT
 * row of schema/checks.def.  A check without one has no report section.
 */
#ifndef LOCKFIT_PRESENT_H
#define LOCKFIT_PRESENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct lf_analysis;
struct json_t;

struct lf_presenter {
	const char *name;		/* its check module: checks.def's */
	/* text report: its line of the header (NULL: none), its section */
	void (*text_header)(FILE *out, const struct lf_analysis *a);
	void (*text)(FILE *out, const struct lf_analysis *a);
	/* JSON report: its key of the top object, and the value */
	const char *json_key;
	struct json_t *(*json)(const struct lf_analysis *a);
	/* lockfit explain NAME: false if NAME is none of its locks */
	bool (*explain)(const struct lf_analysis *a, const char *name);
};

#define LF_REPORT(module, present) extern const struct lf_presenter present;
#include "schema/checks.def"

/* In schema/checks.def order: the report's sections, JSON keys
 * (pipeline/pipeline.c, which shows them: pipeline.h's lf_show_*). */
extern const struct lf_presenter *const lf_presenters[];
extern const size_t lf_npresenters;

#endif
