// SPDX-License-Identifier: GPL-2.0
/*
 * gate.c - lockfit gate: fail a CI job on findings that are not in the
 * baseline.
 *
 * A gate that passes on input it could not read lets everything through,
 * so every doubt is an error (exit 2), never a pass: no records, a cut or
 * corrupt record file, a unit that did not compile completely, a missing
 * or corrupt baseline.  Findings match the baseline on (check, lock,
 * function), not on lines, so unrelated edits do not make old findings
 * new.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>
#include "lib/util.h"
#include "lib/cli.h"
#include "analysis/analysis.h"
#include "pipeline/pipeline.h"
#include "checks/checker.h"
#include "present/render.h"
#include "report/report.h"

static const char usage[] =
"Usage: lockfit gate DIR --baseline FILE [--update] [EVIDENCE]\n"
"\n"
"Compute the findings of DIR exactly as 'lockfit report' does and compare\n"
"them with the baseline FILE (JSON, see docs/REPORT.md): print the findings\n"
"that are not in it, one per line as FILE:LINE:COLUMN: CHECK: MESSAGE.\n"
"A lock whose rewrite depends on uses the records did not see is neither\n"
"a finding nor a pass: one \"incomplete coverage\" line each on stderr.\n"
"\n"
"Options:\n"
"  --baseline FILE  the accepted findings (required)\n"
"  --update         write all current findings to FILE and exit 0\n"
"  -h, --help       show this help\n"
"\n"
LF_HELP_EVIDENCE
"\n"
"Exit status: 0 no new findings (or baseline updated), 1 new findings,\n"
"2 error: missing DIR, no records, a cut or corrupt record file, a unit\n"
"whose tu record says complete:false, a missing or corrupt baseline.\n";

static int run(int argc, char **argv);

const struct lf_cmd lf_cmd_gate = {
	"gate", "fail on findings that are not in a baseline", usage, run,
	LF_CMD_JUDGES,
};

/* A rewrite that depends on unseen uses: said, never silent. */
static void notice(const char *lock, const char *text, void *arg)
{
	lf_fprintf(stderr, "lockfit gate: %s\n", text);
}

static char *key(const char *check, const char *lock, const char *function)
{
	return xasprintf("%s\037%s\037%s", check, lock, function);
}

/* Partial records would hide findings: never pass on them. */
static void refuse_incomplete(const struct lf_records *r)
{
	if (!r->incomplete.n)
		return;
	lf_die("%zu unit%s did not compile completely (tu record complete:false), "
	       "first %s: its records are partial, so the gate cannot pass",
	       r->incomplete.n, r->incomplete.n == 1 ? "" : "s",
	       r->incomplete.v[0]);
}

static const char *entry_str(json_t *e, const char *field, const char *path,
			     size_t i)
{
	json_t *v = json_object_get(e, field);

	if (!json_is_string(v))
		lf_die("%s: corrupt baseline: entry %zu has no string '%s'",
		       path, i, field);
	return json_string_value(v);
}

struct entry {
	const char *check, *lock, *function;
	bool seen;
};

/* The entries in file order, and by key. */
struct baseline {
	struct strmap *set;
	struct {
		struct entry **v;
		size_t n, cap;
	} list;
};

static void load_baseline(const char *path, struct baseline *b)
{
	json_error_t err;
	size_t len, i;
	char *text = lf_read_file(path, &len);
	json_t *root, *list, *e;

	if (!text)
		lf_die("cannot read baseline %s: %s (create it with --update)",
		       path, strerror(errno));
	root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &err);
	free(text);
	if (!root)
		lf_die("%s:%d: corrupt baseline: %s", path, err.line, err.text);
	list = json_object_get(root, "findings");
	if (json_integer_value(json_object_get(root, "version")) != 1 ||
	    !json_is_array(list))
		lf_die("%s: corrupt baseline: expected {\"version\": 1, "
		       "\"findings\": [...]}", path);
	b->set = strmap_new();
	json_array_foreach(list, i, e) {
		struct entry x = { .check = entry_str(e, "check", path, i) };
		char *k;

		if (!lf_check_find(x.check, NULL))
			lf_die("%s: corrupt baseline: entry %zu: unknown check '%s'",
			       path, i, x.check);
		x.lock = entry_str(e, "lock", path, i);
		x.function = entry_str(e, "function", path, i);
		k = key(x.check, x.lock, x.function);
		if (!strmap_get(b->set, k)) {
			struct entry *p = xmalloc(sizeof(*p));

			*p = x;
			strmap_put(b->set, k, p);
			VEC_PUSH(&b->list, p);
		}
		free(k);
	}
}

static int cmp_entry(const void *x, const void *y)
{
	json_t *a = *(json_t *const *)x, *b = *(json_t *const *)y;
	static const char *const fields[] = { "check", "lock", "function" };
	int c = 0;

	for (size_t i = 0; i < ARRAY_SIZE(fields) && !c; i++)
		c = strcmp(json_string_value(json_object_get(a, fields[i])),
			   json_string_value(json_object_get(b, fields[i])));
	return c;
}

/* Sorted and unique, written whole or not at all (lf_write_file): a
 * gate killed half way or a full disk never leaves half a baseline. */
static void write_baseline(const char *path, const struct lf_findings *f)
{
	json_t **v = xcalloc(f->n, sizeof(*v)), *list = json_array(), *root;
	json_t *last = NULL;
	char *text, *line;
	size_t n = 0;

	for (size_t i = 0; i < f->n; i++)
		v[i] = json_pack("{s:o, s:o, s:o}", "check",
				 lf_json_str(f->v[i].check), "lock",
				 lf_json_str(f->v[i].lock), "function",
				 lf_json_str(f->v[i].function));
	lf_sort(v, f->n, sizeof(*v), cmp_entry);
	for (size_t i = 0; i < f->n; i++) {
		/* against the last one kept: a duplicate is freed here */
		if (n && !cmp_entry(&last, &v[i])) {
			json_decref(v[i]);
			continue;
		}
		json_array_append_new(list, last = v[i]);
		n++;
	}
	root = json_pack("{s:i, s:o}", "version", 1, "findings", list);
	text = root ? json_dumps(root, JSON_INDENT(2)) : NULL;
	if (!text)
		lf_die("cannot write baseline %s: out of memory", path);
	line = xasprintf("%s\n", text);
	if (lf_write_file(path, line))
		lf_die("cannot write baseline %s: %s", path, strerror(errno));
	lf_fprintf(stderr, "lockfit gate: baseline %s written: %zu entries\n",
		   path, n);
	free(line);
	free(text);
	json_decref(root);
}

/* Stale entries shown at most. */
#define STALE_MAX 10

static void stale(const struct baseline *b, size_t matched)
{
	size_t n = b->list.n - matched, shown = 0;

	if (!n)
		return;
	/* Fixed findings are good news, not a failure: say so, pass. */
	lf_fprintf(stderr, "lockfit gate: %zu baseline entr%s no longer found "
		   "(--update drops them)\n", n, n == 1 ? "y" : "ies");
	for (size_t i = 0; i < b->list.n && shown < STALE_MAX; i++) {
		const struct entry *e = b->list.v[i];

		if (e->seen)
			continue;
		lf_fprintf(stderr, "lockfit gate:   %s: %s in %s\n", e->check,
			   e->lock, e->function);
		shown++;
	}
	if (n > shown)
		lf_fprintf(stderr, "lockfit gate:   and %zu more\n", n - shown);
}

static int compare(const struct lf_findings *f, const struct baseline *b)
{
	size_t fresh = 0, known = 0, matched = 0;

	for (size_t i = 0; i < f->n; i++) {
		const struct lf_finding *x = &f->v[i];
		char *k = key(x->check, x->lock, x->function);
		struct entry *e = strmap_get(b->set, k);

		free(k);
		if (e) {
			matched += !e->seen;
			e->seen = true;
			known++;
			continue;
		}
		lf_printf("%s:%d:%d: %s: %s\n", x->file, x->line, x->column,
			  x->check, x->message);
		fresh++;
	}
	lf_fprintf(stderr, "lockfit gate: %zu new finding%s, %zu in the baseline\n",
		   fresh, fresh == 1 ? "" : "s", known);
	stale(b, matched);
	return fresh ? LF_EXIT_FOUND : LF_EXIT_OK;
}

static int run(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "baseline", required_argument, NULL, 'b' },
		{ "update", no_argument, NULL, 'u' },
		LF_LONGOPTS_EVIDENCE,
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	const char *baseline = NULL;
	bool update = false;
	struct lf_evidence ev = { 0 };
	struct lf_analysis a;
	struct baseline base = { 0 };
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (c) {
		case 'b':
			baseline = optarg;
			break;
		case 'u':
			update = true;
			break;
		case 'h':
			lf_help(&lf_cmd_gate);
		default:
			if (lf_evidence_option(&ev, &lf_cmd_gate, c, optarg))
				break;
			lf_bad_option(&lf_cmd_gate, c, argv);
		}
	}
	if (optind != argc - 1)
		lf_usage_error(&lf_cmd_gate, optind == argc ?
			       "no record directory given" :
			       "one record directory expected");
	if (!baseline)
		lf_usage_error(&lf_cmd_gate, "--baseline FILE is required");
	lf_analyze_with(&a, argv[optind], &ev, 0);
	refuse_incomplete(&a.recs);
	for (size_t i = 0; i < lf_ncheckers; i++)
		if (lf_checkers[i]->notices)
			lf_checkers[i]->notices(&a, notice, NULL);
	if (update) {
		write_baseline(baseline, &a.findings);
		return LF_EXIT_OK;
	}
	load_baseline(baseline, &base);
	return compare(&a.findings, &base);
}
