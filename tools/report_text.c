// SPDX-License-Identifier: GPL-2.0
/*
 * report_text.c - the human report: a header saying what was read, one
 * block per lock (best expected benefit first), then the findings.
 * docs/REPORT.md shows an example.
 */
#include <stdlib.h>
#include <string.h>
#include "util.h"
#include "analysis.h"
#include "verdict.h"
#include "render.h"
#include "report.h"


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

static void header(FILE *out, const struct lf_analysis *a)
{
	const struct lf_records *r = &a->recs;
	size_t count[LF_V_UNKNOWN + 1] = { 0 };

	lf_fprintf(out, "lockfit report: %zu records from %zu files "
		"(skipped: %zu lines in %zu files)\n", r->records, r->files,
		r->skipped_lines, r->skipped_files);
	header_incomplete(out, r);
	lf_fprintf(out, "duplicate header records merged: %zu; unresolved lock "
		"primitives: %zu\n", r->duplicates, r->unresolved);
	header_profile(out, a);
	for (size_t i = 0; i < a->ranked.n; i++)
		count[a->ranked.v[i]->verdict->kind]++;
	lf_fprintf(out, "locks: %zu (", a->ranked.n);
	for (int k = 0; k <= LF_V_UNKNOWN; k++)
		lf_fprintf(out, "%s%s %zu", k ? ", " : "", lf_verdict_name(k), count[k]);
	lf_fprintf(out, ")\n");
}

void lf_text_site(struct strbuf *sb, const struct lf_lock *l, size_t i)
{
	const struct lf_rec *r = l->sites.v[i].rec;
	const struct lf_verdict *v = l->verdict;

	sb_printf(sb, "%-5s %s:%d:%d %s %s %s cost %ld%s %s", r->mode, r->file,
		  r->line, r->column, r->function, r->api, r->variant, r->cost,
		  r->cost_known ? "" : "+", r->loop ? "loop" : "no-loop");
	if (r->open_at_exit)
		sb_printf(sb, " open-at-exit");
	if (l->sites.v[i].via)
		sb_printf(sb, " via %s", l->sites.v[i].via);
	if (v && v->needs[i])
		sb_printf(sb, " => %s%s -> %s", v->promoted[i] ? "promote " : "",
			  r->api, v->needs[i]);
}

static void sites(FILE *out, const struct lf_lock *l)
{
	struct strbuf sb = { 0 };

	lf_fprintf(out, "  sites:\n");
	for (size_t i = 0; i < l->sites.n; i++) {
		sb.len = 0;
		lf_text_site(&sb, l, i);
		lf_fprintf(out, "    %s\n", sb_str(&sb));
	}
	for (size_t i = 0; i < l->rels.n; i++) {
		const struct lf_rec *r = l->rels.v[i].rec;

		lf_fprintf(out, "    %-5s %s:%d:%d %s %s %s release only\n", r->mode,
			r->file, r->line, r->column, r->function, r->api, r->variant);
	}
	free(sb.s);
}

static void loops(FILE *out, const struct lf_lock *l)
{
	size_t n = 0;

	lf_fprintf(out, "  loops in read sections:");
	for (size_t i = 0; i < l->sites.n; i++) {
		const struct lf_rec *r = l->sites.v[i].rec;

		if (lf_is_read(r) && r->loop)
			lf_fprintf(out, "%s %s:%d", n++ ? "," : "", r->file, r->line);
	}
	lf_fprintf(out, "%s\n", n ? "" : " none");
}

static void calls(FILE *out, const struct lf_lock *l)
{
	size_t n = 0;

	for (size_t i = 0; i < l->sites.n; i++)
		if (lf_is_read(l->sites.v[i].rec))
			n += l->sites.v[i].rec->calls.n;
	lf_fprintf(out, "  calls in read sections:%s\n", n ? "" : " none");
	n = 0;
	for (size_t i = 0; i < l->sites.n; i++) {
		const struct lf_rec *r = l->sites.v[i].rec;

		for (size_t j = 0; lf_is_read(r) && j < r->calls.n; j++)
			if (n++ < TEXT_MAX)
				lf_text_call(out, r, &r->calls.v[j]);
			else if (n == TEXT_MAX + 1)
				lf_fprintf(out, "    ... (lockfit explain lists all)\n");
	}
}

static void costs(FILE *out, const struct lf_analysis *a, const struct lf_lock *l)
{
	const struct lf_verdict *v = l->verdict;

	lf_fprintf(out, "  read sites %zu, write sites %zu; ", l->nread, l->nwrite);
	if (v->has_read)
		lf_fprintf(out, "read cost max %ld, median %ld", v->max_read_cost,
			v->median_read_cost);
	else
		lf_fprintf(out, "no read cost");
	if (v->read_unknown_len)
		lf_fprintf(out, " (%zu with calls of unknown length: lower bounds)",
			v->read_unknown_len);
	lf_fprintf(out, "\n");
	if (a->has_profile) {
		char *s = lf_profile_fmt(&a->profile, l->samples);

		lf_fprintf(out, "  profile samples in read-site functions: %s (%.2f%%)\n",
			s, v->share);
		free(s);
	}
}

static void lock_block(FILE *out, const struct lf_analysis *a, const struct lf_lock *l)
{
	const struct lf_verdict *v = l->verdict;

	lf_fprintf(out, "\n%s (%s, %s): %s\n", l->name, lf_lock_type(l), l->kind,
		lf_verdict_name(v->kind));
	for (size_t i = 0; i < v->reasons.n; i++)
		lf_fprintf(out, "  - %s\n", v->reasons.v[i]);
	costs(out, a, l);
	sites(out, l);
	loops(out, l);
	calls(out, l);
	lf_text_nesting(out, a, l->name);
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
	for (size_t i = 0; i < a->ranked.n; i++)
		lock_block(out, a, a->ranked.v[i]);
	lf_text_arch_spin(out, a);
	lf_text_bitlocks(out, a);
	findings(out, a, check);
}
