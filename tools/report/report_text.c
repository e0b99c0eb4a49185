// SPDX-License-Identifier: GPL-2.0
/*
 * report_text.c - the human report: a header saying what was read, each
 * checker's section and each evidence stage's (in the pipeline's order,
 * pipeline/pipeline.h: lf_show_text), then the findings.
 * docs/REPORT.md shows an example.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "pipeline/pipeline.h"
#include "report/report.h"


static void header_profile(FILE *out, const struct lf_analysis *a)
{
	const struct lf_profile *p = &a->profile;
	char *total;

	if (!a->has_profile) {
		lf_fprintf(out, "profile: none\n");
		return;
	}
	if (!p->rows) {
		lf_fprintf(out, "profile: %s: empty, no samples\n", p->path);
		return;
	}
	total = lf_profile_fmt(p, p->total);
	lf_fprintf(out, "profile: %s (%s, %zu functions, %s%s): ", p->path,
		p->format, p->functions, total,
		p->percent ? " of all samples" : " samples");
	if (a->profile_matched)
		lf_fprintf(out, "samples in %zu functions with lock sites\n",
			a->profile_matched);
	else
		lf_fprintf(out, "matches no function with a lock site\n");
	free(total);
}

/* "a, b, c and N more" (plist), escaped as one string */
static void names(FILE *out, const char *const *v, size_t n)
{
	struct plist *p = plist_new(3);

	for (size_t i = 0; i < n; i++)
		plist_add(p, "%s", v[i]);
	lf_fprintf(out, "%s\n", n ? plist_text(p) : "none");
}

static void header_incomplete(FILE *out, const struct lf_records *r)
{
	lf_fprintf(out, "incomplete units (compile errors): ");
	names(out, r->incomplete.v, r->incomplete.n);
}

/* Only when some are missing: otherwise objects and a record directory
 * give the same report. */
static void header_unplugged(FILE *out, const struct lf_records *r)
{
	if (!r->unplugged.n)
		return;
	lf_fprintf(out, "objects not built with the plugin: %zu of %zu: ",
		   r->unplugged.n, r->objects);
	names(out, (const char *const *)r->unplugged.v, r->unplugged.n);
}

static void header(FILE *out, const struct lf_analysis *a)
{
	const struct lf_records *r = &a->recs;

	lf_fprintf(out, "lockfit report: %zu records from %zu files "
		"(skipped: %zu lines in %zu files)\n", r->records, r->files,
		r->skipped_lines, r->skipped_files);
	header_incomplete(out, r);
	header_unplugged(out, r);
	lf_fprintf(out, "duplicate header records merged: %zu; unresolved lock "
		"primitives: %zu\n", r->duplicates, r->unresolved);
	header_profile(out, a);
	lf_show_text_header(out, a);
}

static void findings(FILE *out, const struct lf_analysis *a, const char *check)
{
	const struct lf_findings *f = &a->findings;

	lf_fprintf(out, "\nfindings%s%s%s: %zu\n", check ? " (" : "",
		check ? check : "", check ? ")" : "", f->n);
	for (size_t i = 0; i < f->n; i++)
		lf_fprintf(out, "%s:%d:%d: %s: %s\n", f->v[i].file, f->v[i].line,
			f->v[i].column, f->v[i].check, f->v[i].message);
}

void lf_report_text(FILE *out, const struct lf_analysis *a, const char *check)
{
	header(out, a);
	lf_show_text(out, a);
	findings(out, a, check);
}
