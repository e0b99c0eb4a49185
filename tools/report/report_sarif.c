// SPDX-License-Identifier: GPL-2.0
/*
 * report_sarif.c - lockfit report --format sarif: SARIF 2.1.0, one run,
 * one rule per check of schema/checks.def (all of them, whatever --check
 * kept), one result
 * per finding.  Paths stay relative to the source root (uriBaseId
 * SRCROOT), as the records have them; those of an external module's
 * directory ("$M/x.c") to it (uriBaseId MODROOT); the run says where
 * both are (originalUriBaseIds: a file URI when known).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "lib/util.h"
#include "present/render.h"
#include "analysis/analysis.h"
#include "checks/checker.h"
#include "report/report.h"
#include "schema/records.h"
#include "records/recdir.h"
#include "coverage/coverage.h"

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"

/* A relative URI reference: percent-encode all but unreserved and '/'. */
static char *uri(const char *path)
{
	struct strbuf sb = { 0 };

	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if (isalnum(*p) || strchr("-._~/", *p))
			sb_printf(&sb, "%c", *p);
		else
			sb_printf(&sb, "%%%02X", *p);
	}
	return sb_take(&sb);
}

static json_t *rules(void)
{
	json_t *arr = json_array();

	for (size_t i = 0; i < LF_NCHECKS; i++) {
		const struct lf_check *c = &lf_checks[i];

		json_array_append_new(arr, json_pack(
			"{s:s, s:{s:s}, s:{s:s}, s:{s:s}}", "id", c->name,
			"shortDescription", "text", c->summary,
			"fullDescription", "text", c->help,
			"defaultConfiguration", "level", "note"));
	}
	return arr;
}

static json_t *location(const struct lf_finding *f)
{
	/* "$M/x.c": x.c of the module directory, a base of its own */
	const char *m = lf_modroot_file(f->file);
	char *u = uri(m ? m : f->file);
	json_t *region = json_pack("{s:i}", "startLine", f->line > 0 ? f->line : 1);
	json_t *loc;

	/* GCC's column 0 means "unknown": SARIF columns start at 1. */
	if (f->column > 0)
		json_object_set_new(region, "startColumn", json_integer(f->column));
	loc = json_pack("{s:{s:{s:s, s:s}, s:o}}", "physicalLocation",
				"artifactLocation", "uri", u, "uriBaseId",
				m ? "MODROOT" : "SRCROOT",
				"region", region);
	free(u);
	return loc;
}

/* The baseline key (check, lock, function) is what stays put when
 * lines move: the same for code-scanning UIs. */
static json_t *result(const struct lf_finding *f)
{
	char *key = xasprintf("%s|%s|%s", f->check, f->lock, f->function);
	int index = -1;
	json_t *r;

	lf_check_find(f->check, &index);
	r = json_pack("{s:s, s:i, s:s, s:{s:o}, s:[o], s:{s:o}}",
			      "ruleId", f->check,
			      "ruleIndex", index,
			      "level", "note",
			      "message", "text", lf_json_str(f->message),
			      "locations", location(f),
			      "partialFingerprints", "lockfitKey/v1",
			      lf_json_str(key));
	/* issue 29 rule 6: a cleanup, not a speedup (listed last) */
	if (f->cleanup)
		json_object_set_new(r, "properties",
				    json_pack("{s:b}", "cleanup", 1));
	free(key);
	return r;
}

/* BASE's artifactLocation: "file:///DIR/" when DIR (absolute) is known,
 * else what it stands for, for a viewer to ask. */
static json_t *base(const char *dir, const char *what)
{
	json_t *loc = json_pack("{s:{s:s}}", "description", "text", what);
	char *u, *abs;

	if (!dir || dir[0] != '/')
		return loc;
	u = uri(dir);
	abs = xasprintf("file://%s%s", u, u[strlen(u) - 1] == '/' ? "" : "/");
	json_object_set_new(loc, "uri", lf_json_str(abs));
	free(abs);
	free(u);
	return loc;
}

/* The bases the results' uriBaseIds name: the source tree (--tree, else
 * the records' srcroot) and the module directory of "$M/" files. */
static json_t *bases(const struct lf_analysis *a)
{
	const char *src = NULL, *obj = NULL, *mod = lf_records_modroot(&a->recs);
	json_t *b;

	if (a->cov && a->cov->tree)
		src = a->cov->tree;
	else
		lf_records_build_dirs(&a->recs, &src, &obj);
	b = json_pack("{s:o}", "SRCROOT", base(src, "the kernel source tree "
		      "the records' file names are relative to"));
	if (mod)
		json_object_set_new(b, "MODROOT", base(mod, "the external "
				    "module's directory (\"$M/\" file names)"));
	return b;
}

static void notice(const char *lock, const char *text, void *arg)
{
	json_array_append_new(arg, json_pack("{s:s, s:{s:o}}", "level", "warning",
					     "message", "text", lf_json_str(text)));
}

/* The checkers' notices (checker.h), NULL when there are none. */
static json_t *notifications(const struct lf_analysis *a)
{
	json_t *n = json_array();

	for (size_t i = 0; i < lf_ncheckers; i++)
		if (lf_checkers[i]->notices)
			lf_checkers[i]->notices(a, notice, n);
	if (json_array_size(n))
		return n;
	json_decref(n);
	return NULL;
}

void lf_report_sarif(FILE *out, const struct lf_analysis *a)
{
	json_t *results = json_array(), *root, *notes;

	for (size_t i = 0; i < a->findings.n; i++)
		json_array_append_new(results, result(&a->findings.v[i]));
	root = json_pack("{s:s, s:s, s:[{s:{s:{s:s, s:s, s:o}}, s:o}]}",
			 "$schema", SARIF_SCHEMA, "version", "2.1.0", "runs",
			 "tool", "driver", "name", "lockfit",
			 "semanticVersion", LF_VERSION, "rules", rules(),
			 "results", results);
	if (!root)
		lf_die("cannot build the SARIF report");
	json_object_set_new(json_array_get(json_object_get(root, "runs"), 0),
			    "originalUriBaseIds", bases(a));
	/* rewrites that depend on unseen uses: neither results nor silent */
	notes = notifications(a);
	if (notes)
		json_object_set_new(json_array_get(json_object_get(root, "runs"), 0),
				    "invocations", json_pack("[{s:b, s:o}]",
				    "executionSuccessful", 1,
				    "toolExecutionNotifications", notes));
	if (json_dumpf(root, out, JSON_INDENT(2)))
		lf_die_write(out, "the SARIF report");
	fputc('\n', out);
	json_decref(root);
}
