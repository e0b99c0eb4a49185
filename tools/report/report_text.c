// SPDX-License-Identifier: GPL-2.0
/*
 * report_text.c - the human report: a header saying what was read, each
 * checker's section (lf_checkers[] order), then the findings.
 * docs/REPORT.md shows an example.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "checks/checker.h"
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

static void header_incomplete(FILE *out, const struct lf_records *r)
{
	lf_fprintf(out, "incomplete units (compile errors): ");
	if (!r->incomplete.n)
		lf_fprintf(out, "none");
	for (size_t i = 0; i < r->incomplete.n && i < 3; i++)
		lf_fprintf(out, "%s%s", i ? ", " : "", r->incomplete.v[i]);
	if (r->incomplete.n > 3)
		lf_fprintf(out, " and %zu more", r->incomplete.n - 3);
	lf_fprintf(out, "\n");
}

/* Only when some are missing: otherwise objects and a record directory
 * give the same report. */
static void header_unplugged(FILE *out, const struct lf_records *r)
{
	if (!r->unplugged.n)
		return;
	lf_fprintf(out, "objects not built with the plugin: %zu of %zu: ",
		   r->unplugged.n, r->objects);
	for (size_t i = 0; i < r->unplugged.n && i < 3; i++)
		lf_fprintf(out, "%s%s", i ? ", " : "", r->unplugged.v[i]);
	if (r->unplugged.n > 3)
		lf_fprintf(out, " and %zu more", r->unplugged.n - 3);
	lf_fprintf(out, "\n");
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
	for (size_t i = 0; i < lf_ncheckers; i++)
		if (lf_checkers[i]->text_header)
			lf_checkers[i]->text_header(out, a);
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
	for (size_t i = 0; i < lf_ncheckers; i++)
		lf_checkers[i]->text(out, a);
	findings(out, a, check);
}
