// SPDX-License-Identifier: GPL-2.0
/*
 * report_json.c - lockfit report --format json; docs/REPORT.md defines
 * every key.  Same order as the text report, so tools and people see
 * the same ranking.
 */
#include <stdlib.h>
#include <jansson.h>
#include "util.h"
#include "analysis.h"
#include "verdict.h"
#include "render.h"
#include "report.h"

/* Decimal digits for reals (perf percentages): short and stable. */
#define JSON_FLAGS (JSON_INDENT(2) | JSON_REAL_PRECISION(10))

static json_t *samples(const struct lf_analysis *a, double w)
{
	if (!a->has_profile)
		return json_null();
	return a->profile.percent ? json_real(w) : json_integer((json_int_t)w);
}

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
				 "samples", samples(a, p->total),
				 "matched_functions", (json_int_t)a->profile_matched);
	json_object_set_new(o, "files", json_integer(r->files));
	json_object_set_new(o, "records", json_integer(r->records));
	json_object_set_new(o, "skipped_lines", json_integer(r->skipped_lines));
	json_object_set_new(o, "skipped_files", json_integer(r->skipped_files));
	json_object_set_new(o, "incomplete_units", inc);
	json_object_set_new(o, "duplicates", json_integer(r->duplicates));
	json_object_set_new(o, "unresolved", json_integer(r->unresolved));
	json_object_set_new(o, "profile", prof);
	return o;
}

static json_t *site(const struct lf_lock *l, size_t i)
{
	const struct lf_rec *r = l->sites.v[i].rec;
	const struct lf_verdict *v = l->verdict;
	json_t *o = json_object();

	lf_json_place(o, r);
	json_object_set_new(o, "mode", lf_json_str(r->mode));
	json_object_set_new(o, "api", lf_json_str(r->api));
	json_object_set_new(o, "variant", lf_json_str(r->variant));
	json_object_set_new(o, "cost", json_integer(r->cost));
	json_object_set_new(o, "cost_known", json_boolean(r->cost_known));
	json_object_set_new(o, "loop", json_boolean(r->loop));
	json_object_set_new(o, "open_at_exit", json_boolean(r->open_at_exit));
	json_object_set_new(o, "via", lf_json_str(l->sites.v[i].via));
	json_object_set_new(o, "needs", lf_json_str(v->needs[i]));
	json_object_set_new(o, "promoted", json_boolean(v->promoted[i]));
	return o;
}

static json_t *lock(const struct lf_analysis *a, const struct lf_lock *l)
{
	const struct lf_verdict *v = l->verdict;
	json_t *o = json_object(), *reasons = json_array(), *sites = json_array();

	for (size_t i = 0; i < v->reasons.n; i++)
		json_array_append_new(reasons, lf_json_str(v->reasons.v[i]));
	for (size_t i = 0; i < l->sites.n; i++)
		json_array_append_new(sites, site(l, i));
	json_object_set_new(o, "lock", lf_json_str(l->name));
	json_object_set_new(o, "kind", lf_json_str(l->kind));
	json_object_set_new(o, "type", lf_json_str(l->cls));
	json_object_set_new(o, "verdict", lf_json_str(lf_verdict_name(v->kind)));
	json_object_set_new(o, "reasons", reasons);
	json_object_set_new(o, "read_sites", json_integer(l->nread));
	json_object_set_new(o, "write_sites", json_integer(l->nwrite));
	json_object_set_new(o, "release_only", json_integer(l->rels.n));
	json_object_set_new(o, "max_read_cost", v->has_read ?
			    json_integer(v->max_read_cost) : json_null());
	json_object_set_new(o, "median_read_cost", v->has_read ?
			    json_integer(v->median_read_cost) : json_null());
	json_object_set_new(o, "samples", samples(a, l->samples));
	json_object_set_new(o, "benefit", a->has_profile && a->profile.percent ?
			    json_real(l->benefit) :
			    json_integer((json_int_t)l->benefit));
	json_object_set_new(o, "sites", sites);
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
	json_t *root = json_object(), *locks = json_array(), *finds = json_array();

	for (size_t i = 0; i < a->ranked.n; i++)
		json_array_append_new(locks, lock(a, a->ranked.v[i]));
	for (size_t i = 0; i < a->findings.n; i++)
		json_array_append_new(finds, finding(&a->findings.v[i]));
	json_object_set_new(root, "version", json_integer(1));
	json_object_set_new(root, "summary", summary(a));
	json_object_set_new(root, "locks", locks);
	json_object_set_new(root, "arch_spin", lf_json_arch_spin(a));
	json_object_set_new(root, "bit_spinlocks", lf_json_bitlocks(a));
	json_object_set_new(root, "findings", finds);
	if (json_dumpf(root, out, JSON_FLAGS))
		lf_die("cannot write the JSON report");
	fputc('\n', out);
	json_decref(root);
}
