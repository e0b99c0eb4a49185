// SPDX-License-Identifier: GPL-2.0
/*
 * output.c - coverage in the outputs (coverage.h): the lock block's
 * lines, its JSON value, the report header's line, the JSON summary,
 * and the notices of the gate and SARIF.
 */
#include <stdlib.h>
#include <jansson.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "checks/verdict.h"
#include "coverage/coverage.h"
#include "analysis/stage.h"
#include "report/render.h"

/* Looked up in the tree (not only made unknown for want of a tree). */
static bool looked_up(const struct lf_cov *cov)
{
	return cov && (cov->seen || cov->unseen.n || cov->missed || !cov->incomplete);
}

char *lf_cov_missed_text(const struct lf_cov *cov)
{
	char *what = xasprintf("the use index missed %zu of its recorded site%s "
			       "(first %s), so its uses in the tree are unknown",
			       cov->missed, lf_plural(cov->missed), cov->missed_at);
	char *r;

	if (!cov->would)
		return what;
	r = xasprintf("incomplete coverage: these records alone say %s, but %s",
		      cov->would, what);
	free(what);
	return r;
}

void lf_cov_text(FILE *out, const struct lf_cov *cov, const char *indent,
		 size_t max)
{
	if (!looked_up(cov))
		return;
	lf_fprintf(out, "%scoverage: %zu use%s seen, %zu unseen", indent,
		   cov->seen, lf_plural(cov->seen), cov->unseen.n);
	if (cov->missed)
		lf_fprintf(out, "; %zu recorded site%s not in the use index (first %s)",
			   cov->missed, lf_plural(cov->missed), cov->missed_at);
	lf_fprintf(out, cov->unseen.n ? ":\n" : "\n");
	for (size_t i = 0; i < cov->unseen.n; i++) {
		const struct lf_cov_unseen *u = &cov->unseen.v[i];

		if (max && i == max) {
			lf_fprintf(out, "%s  ... %zu more (lockfit explain lists "
				   "all)\n", indent, cov->unseen.n - max);
			break;
		}
		lf_fprintf(out, "%s  %s:%d: %s\n", indent, u->file, u->line, u->why);
	}
}

json_t *lf_cov_json(const struct lf_cov *cov)
{
	json_t *un;

	if (!looked_up(cov))
		return json_null();
	un = json_array();
	for (size_t i = 0; i < cov->unseen.n; i++) {
		const struct lf_cov_unseen *u = &cov->unseen.v[i];

		json_array_append_new(un, json_pack("{s:o, s:i, s:o}",
			"file", lf_json_str(u->file), "line", u->line,
			"why", lf_json_str(u->why)));
	}
	if (cov->missed)	/* only then: other locks' JSON as it was */
		return json_pack("{s:I, s:o, s:{s:I, s:o}}", "seen",
				 (json_int_t)cov->seen, "unseen", un, "missed",
				 "sites", (json_int_t)cov->missed, "first",
				 lf_json_str(cov->missed_at));
	return json_pack("{s:I, s:o}", "seen", (json_int_t)cov->seen,
			 "unseen", un);
}

void lf_cov_notices(const struct lf_analysis *a,
		    void (*fn)(const char *lock, const char *text, void *arg),
		    void *arg)
{
	for (size_t i = 0; i < a->locks.locks.n; i++) {
		const struct lf_lock *l = a->locks.locks.v[i];
		const struct lf_cov *cov = lf_rwlock_verdict(a, l)->cov;
		char *text;

		if (!cov || !cov->incomplete)
			continue;
		if (cov->missed)
			text = xasprintf("incomplete coverage: %s would be %s from "
					 "these records, but the use index missed "
					 "%zu of its recorded sites (first %s): no "
					 "finding, no pass", l->name, cov->would,
					 cov->missed, cov->missed_at);
		else if (!cov->seen && !cov->unseen.n)
			text = xasprintf("incomplete coverage: %s would be %s from "
					 "these records, but its uses in the whole "
					 "tree were not checked (give --tree DIR): "
					 "no finding, no pass", l->name, cov->would);
		else
			text = xasprintf("incomplete coverage: %s would be %s from "
					 "these records, but %zu of its %zu uses in "
					 "the tree were not seen (first %s:%d: %s): "
					 "no finding, no pass", l->name, cov->would,
					 cov->unseen.n, cov->unseen.n + cov->seen,
					 cov->unseen.v[0].file, cov->unseen.v[0].line,
					 cov->unseen.v[0].why);
		fn(l->name, text, arg);
		free(text);
	}
}

static void count_notice(const char *lock, const char *text, void *arg)
{
	json_array_append_new(arg, lf_json_str(lock));
}

void lf_cov_header(FILE *out, const struct lf_analysis *a)
{
	const struct lf_cov_run *r = a->cov;
	json_t *inc = json_array();
	size_t n;

	if (!r)
		return;
	lf_cov_notices(a, count_notice, inc);
	n = json_array_size(inc);
	json_decref(inc);
	if (r->tree)
		lf_fprintf(out, "source tree: %s; locks with incomplete coverage: "
			   "%zu\n", r->tree, n);
	if (lf_records_modroot(&a->recs))
		lf_fprintf(out, "module directory (" LF_MODROOT_TAG "/): %s\n",
			   lf_records_modroot(&a->recs));
	else if (r->assumed && r->not_checked)
		lf_fprintf(out, "source tree: none; whole-tree coverage not "
			   "checked, the records assumed complete: %zu rewrite "
			   "verdict%s\n", r->not_checked, lf_plural(r->not_checked));
	else if (r->not_checked)
		lf_fprintf(out, "source tree: none; rewrite verdicts made unknown "
			   "(give --tree DIR): %zu\n", r->not_checked);
}

json_t *lf_cov_summary_json(const struct lf_analysis *a)
{
	const struct lf_cov_run *r = a->cov;
	json_t *inc = json_array(), *j;


	lf_cov_notices(a, count_notice, inc);
	j = json_pack("{s:o, s:b, s:o}", "tree", lf_json_str(r ? r->tree : NULL),
		      "assumed_complete", r && r->assumed, "incomplete", inc);
	if (lf_records_modroot(&a->recs))
		json_object_set_new(j, "modroot",
				    lf_json_str(lf_records_modroot(&a->recs)));
	return j;
}

static void apply(struct lf_analysis *a, const struct lf_evidence *e,
		  const char *dir)
{
	lf_coverage_apply(a, &e->cov, dir);
}

const struct lf_stage lf_stage_coverage = {
	.name = "coverage",
	.apply = apply,
	.text_header = lf_cov_header,
	.json_key = "coverage",
	.json = lf_cov_summary_json,
};
