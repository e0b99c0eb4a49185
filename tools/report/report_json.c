// SPDX-License-Identifier: GPL-2.0
/*
 * report_json.c - lockfit report --format json; docs/REPORT.md defines
 * every key.  Same order as the text report, so tools and people see
 * the same ranking: the summary, each checker's key, the findings.
 */
#include <stdlib.h>
#include <jansson.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "present/render.h"
#include "pipeline/pipeline.h"
#include "report/report.h"

/* Decimal digits for reals (perf percentages): short and stable. */
#define JSON_FLAGS (JSON_INDENT(2) | JSON_REAL_PRECISION(10))

static json_t *summary(const struct lf_analysis *a)
{
	const struct lf_records *r = &a->recs;
	const struct lf_profile *p = &a->profile;
	json_t *o = json_object(), *inc = json_array(), *prof = json_null();

	for (size_t i = 0; i < r->incomplete.n; i++)
		json_array_append_new(inc, lf_json_str(r->incomplete.v[i]));
	if (a->has_profile)
		prof = json_pack("{s:o, s:o, s:I, s:o, s:I}", "file",
				 lf_json_str(p->path),
				 "format", lf_json_str(p->format),
				 "functions", (json_int_t)p->functions,
				 "samples", lf_json_samples(a, p->total),
				 "matched_functions", (json_int_t)a->profile_matched);
	json_object_set_new(o, "files", json_integer(r->files));
	json_object_set_new(o, "records", json_integer(r->records));
	json_object_set_new(o, "skipped_lines", json_integer(r->skipped_lines));
	json_object_set_new(o, "skipped_files", json_integer(r->skipped_files));
	json_object_set_new(o, "incomplete_units", inc);
	json_object_set_new(o, "duplicates", json_integer(r->duplicates));
	json_object_set_new(o, "unresolved", json_integer(r->unresolved));
	json_object_set_new(o, "profile", prof);
	lf_show_json_summary(o, a);	/* the evidence stages' keys */
	return o;
}

static json_t *finding(const struct lf_finding *f)
{
	return json_pack("{s:s, s:o, s:i, s:i, s:o, s:o, s:o}",
			 "check", f->check, "file", lf_json_str(f->file),
			 "line", f->line, "column", f->column,
			 "function", lf_json_str(f->function),
			 "lock", lf_json_str(f->lock),
			 "message", lf_json_str(f->message));
}

void lf_report_json(FILE *out, const struct lf_analysis *a)
{
	json_t *root = json_object(), *finds = json_array();

	for (size_t i = 0; i < a->findings.n; i++)
		json_array_append_new(finds, finding(&a->findings.v[i]));
	json_object_set_new(root, "version", json_integer(1));
	json_object_set_new(root, "summary", summary(a));
	lf_show_json(root, a);
	json_object_set_new(root, "findings", finds);
	if (json_dumpf(root, out, JSON_FLAGS))
		lf_die_write(out, "the JSON report");
	fputc('\n', out);
	json_decref(root);
}
