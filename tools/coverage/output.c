// SPDX-License-Identifier: GPL-2.0
/*
 * output.c - coverage in the outputs (coverage.h): the lock block's
 * lines, its JSON value and unseen files, the report header's line, the
 * JSON summary.
 */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "coverage/coverage.h"
#include "analysis/stage.h"

char *lf_cov_missed_text(const struct lf_cov *cov, const char *would)
{
	char *what = xasprintf("the use index missed %zu of its recorded site%s "
			       "(first %s), so its uses in the tree are unknown",
			       cov->missed, lf_plural(cov->missed), cov->missed_at);
	char *r;

	if (!would)
		return what;
	r = xasprintf("incomplete coverage: these records alone say %s, but %s",
		      would, what);
	free(what);
	return r;
}

void lf_cov_text(FILE *out, const struct lf_cov *cov, const char *indent,
		 size_t max)
{
	if (!cov || cov->how != LF_COV_LOOKED)
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

	if (!cov || cov->how != LF_COV_LOOKED)
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

/* Unseen files named in one reason; explain and JSON list every use. */
#define FILES_MAX 10

char *lf_cov_unseen_files(const struct lf_cov *cov, size_t *nfiles)
{
	struct plist *p = plist_new(FILES_MAX);
	const char *last = NULL;

	for (size_t i = 0; i < cov->unseen.n; i++) {
		const struct lf_cov_unseen *u = &cov->unseen.v[i];

		if (last && !strcmp(last, u->file))
			continue;
		last = u->file;
		plist_add(p, "%s (%s)", u->file, u->why);
	}
	*nfiles = p->n;
	return xstrdup(plist_text(p));
}

/* The locks a checker's result is incomplete for, in the locks' order. */
static json_t *incomplete(const struct lf_analysis *a)
{
	json_t *inc = json_array();

	for (size_t i = 0; a->cov && a->cov->incomplete &&
	     i < a->locks.locks.n; i++) {
		const char *name = a->locks.locks.v[i]->name;

		if (strmap_get(a->cov->incomplete, name))
			json_array_append_new(inc, lf_json_str(name));
	}
	return inc;
}

void lf_cov_header(FILE *out, const struct lf_analysis *a)
{
	const struct lf_cov_run *r = a->cov;
	json_t *inc;
	size_t n;

	if (!r)
		return;
	inc = incomplete(a);
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
			   "or rcu verdict%s\n", r->not_checked, lf_plural(r->not_checked));
	else if (r->not_checked)
		lf_fprintf(out, "source tree: none; rewrite or rcu verdicts made unknown "
			   "(give --tree DIR): %zu\n", r->not_checked);
}

json_t *lf_cov_summary_json(const struct lf_analysis *a)
{
	const struct lf_cov_run *r = a->cov;
	json_t *inc = incomplete(a), *j;

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
