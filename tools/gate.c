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
#include "util.h"
#include "cli.h"
#include "analysis.h"

static const char usage[] =
"Usage: lockfit gate DIR --baseline FILE [--update] [--mixed-builds]\n"
"\n"
"Compute the findings of DIR exactly as 'lockfit report' does and compare\n"
"them with the baseline FILE (JSON, see docs/REPORT.md): print the findings\n"
"that are not in it, one per line as FILE:LINE:COLUMN: CHECK: MESSAGE.\n"
"\n"
"Options:\n"
"  --baseline FILE  the accepted findings (required)\n"
"  --update         write all current findings to FILE and exit 0\n"
LF_HELP_MIXED_BUILDS
"  -h, --help       show this help\n"
"\n"
"Exit status: 0 no new findings (or baseline updated), 1 new findings,\n"
"2 error: missing DIR, no records, a cut or corrupt record file, a unit\n"
"whose tu record says complete:false, a missing or corrupt baseline.\n";

static int run(int argc, char **argv);

const struct lf_cmd lf_cmd_gate = {
	"gate", "fail on findings that are not in a baseline", usage, run,
};

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

/* The baseline as a set of keys (value: a "seen" flag). */
static struct strmap *load_baseline(const char *path, size_t *n)
{
	struct strmap *set = strmap_new();
	json_error_t err;
	json_t *root = json_load_file(path, JSON_REJECT_DUPLICATES, &err);
	json_t *list = json_object_get(root, "findings"), *e;
	size_t i;

	if (!root && access(path, F_OK))
		lf_die("cannot read baseline %s: %s (create it with --update)",
		       path, strerror(errno));
	if (!root)
		lf_die("%s:%d: corrupt baseline: %s", path, err.line, err.text);
	if (json_integer_value(json_object_get(root, "version")) != 1 ||
	    !json_is_array(list))
		lf_die("%s: corrupt baseline: expected {\"version\": 1, "
		       "\"findings\": [...]}", path);
	json_array_foreach(list, i, e) {
		const char *check = entry_str(e, "check", path, i);
		char *k;

		if (lf_check_index(check) < 0)
			lf_die("%s: corrupt baseline: entry %zu: unknown check '%s'",
			       path, i, check);
		k = key(check, entry_str(e, "lock", path, i),
			entry_str(e, "function", path, i));
		if (!strmap_get(set, k)) {
			strmap_put(set, k, xcalloc(1, sizeof(bool)));
			(*n)++;
		}
		free(k);
	}
	return set;
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

/* Sorted and unique, written to a temporary file and renamed: a gate
 * killed half way never leaves half a baseline. */
static void write_baseline(const char *path, const struct lf_findings *f)
{
	json_t **v = xcalloc(f->n, sizeof(*v)), *list = json_array(), *root;
	json_t *last = NULL;
	char *tmp = xasprintf("%s.tmp", path);
	FILE *f_out;
	size_t n = 0;

	for (size_t i = 0; i < f->n; i++)
		v[i] = json_pack("{s:s, s:s, s:s}", "check", f->v[i].check,
				 "lock", f->v[i].lock, "function", f->v[i].function);
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
	f_out = fopen(tmp, "w");
	if (!f_out || json_dumpf(root, f_out, JSON_INDENT(2)) ||
	    fputc('\n', f_out) == EOF || fclose(f_out) || rename(tmp, path))
		lf_die("cannot write baseline %s: %s", path, strerror(errno));
	fprintf(stderr, "lockfit gate: baseline %s written: %zu entries\n", path, n);
}

static int compare(const struct lf_findings *f, struct strmap *base, size_t nbase)
{
	size_t fresh = 0, known = 0, matched = 0;

	for (size_t i = 0; i < f->n; i++) {
		const struct lf_finding *x = &f->v[i];
		char *k = key(x->check, x->lock, x->function);
		bool *seen = strmap_get(base, k);

		free(k);
		if (seen) {
			matched += !*seen;
			*seen = true;
			known++;
			continue;
		}
		printf("%s:%d:%d: %s: %s\n", x->file, x->line, x->column,
		       x->check, x->message);
		fresh++;
	}
	fprintf(stderr, "lockfit gate: %zu new finding%s, %zu in the baseline\n",
		fresh, fresh == 1 ? "" : "s", known);
	/* Fixed findings are good news, not a failure: say so, pass. */
	if (nbase > matched)
		fprintf(stderr, "lockfit gate: %zu baseline entr%s no longer found "
			"(--update drops them)\n", nbase - matched,
			nbase - matched == 1 ? "y" : "ies");
	if (fflush(stdout))
		lf_die("cannot write to standard output");
	return fresh ? LF_EXIT_FOUND : LF_EXIT_OK;
}

static int run(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "baseline", required_argument, NULL, 'b' },
		{ "update", no_argument, NULL, 'u' },
		LF_LONGOPT_MIXED_BUILDS,
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	const char *baseline = NULL;
	bool update = false;
	unsigned load = 0;
	struct lf_analysis a;
	struct strmap *base;
	size_t nbase = 0;
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
		case LF_OPT_MIXED_BUILDS:
			load |= LF_LOAD_MIXED_BUILDS;
			break;
		case 'h':
			lf_help(&lf_cmd_gate);
		default:
			lf_bad_option(&lf_cmd_gate, c, argv);
		}
	}
	if (optind != argc - 1)
		lf_usage_error(&lf_cmd_gate, optind == argc ?
			       "no record directory given" :
			       "one record directory expected");
	if (!baseline)
		lf_usage_error(&lf_cmd_gate, "--baseline FILE is required");
	lf_analyze(&a, argv[optind], NULL, load);
	refuse_incomplete(&a.recs);
	if (update) {
		write_baseline(baseline, &a.findings);
		return LF_EXIT_OK;
	}
	base = load_baseline(baseline, &nbase);
	return compare(&a.findings, base, nbase);
}
