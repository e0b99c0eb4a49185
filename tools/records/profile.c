// SPDX-License-Identifier: GPL-2.0
/*
 * profile.c - read a profile into samples per function.
 *
 * Three row formats, one per file (the first data row decides):
 *   readprofile   "c0123456 page_add_rmap 19059 62.3701" (address function
 *                 hits load), or without -v "19059 page_add_rmap 62.3701";
 *                 the "total" row is skipped
 *   perf          "  12.34%  cmd  [kernel.kallsyms]  [k] function" from
 *                 perf report --stdio; with --children the first (children)
 *                 percentage counts; '#' lines are perf's comments
 *   folded        "a;b;c 123": every function on the stack gets the count
 *                 once, because the lock operations themselves are calls
 *                 (_raw_read_lock), so a leaf-only count would miss the
 *                 function that holds the lock
 * Compiler suffixes (".isra.0", ".constprop.0", ".cold") are dropped, so
 * that samples of a clone count for its source function.
 *
 * A profile is evidence for a verdict: a row we cannot read, or a file
 * that does not end in a newline (cut while copied), is refused.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "records/profile.h"

#define MAX_WORDS 64

struct row {
	const char *fn[MAX_WORDS];	/* functions (folded: the stack) */
	int nfn;
	double weight;
};

static bool is_uint(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!isdigit((unsigned char)*s))
			return false;
	return true;
}

static bool is_hex(const char *s)
{
	if (!strncmp(s, "0x", 2))
		s += 2;
	if (!*s)
		return false;
	for (; *s; s++)
		if (!isxdigit((unsigned char)*s))
			return false;
	return true;
}

/* "62.3701" or "62": digits, at most one '.' (no sign, exponent, hex
 * or "inf" strtod would take) */
static bool is_number(const char *s, double *out)
{
	size_t n = strspn(s, "0123456789");

	if (!n || (s[n] && (s[n] != '.' || s[n + 1 + strspn(s + n + 1, "0123456789")])))
		return false;
	*out = strtod(s, NULL);
	return true;
}

/* "12.34%" */
static bool is_percent(const char *s, double *out)
{
	size_t n = strlen(s);
	char buf[64];

	if (n < 2 || n >= sizeof(buf) || s[n - 1] != '%')
		return false;
	memcpy(buf, s, n - 1);
	buf[n - 1] = 0;
	return is_number(buf, out);
}

static bool parse_readprofile(char **w, int n, struct row *r)
{
	double load;

	if (n == 4 && is_hex(w[0]) && is_uint(w[2]) && is_number(w[3], &load)) {
		r->fn[0] = w[1];
		r->weight = strtod(w[2], NULL);
	} else if (n == 3 && is_uint(w[0]) && is_number(w[2], &load)) {
		r->fn[0] = w[1];
		r->weight = strtod(w[0], NULL);
	} else {
		return false;
	}
	/* readprofile's last row sums the others */
	if (!strcmp(r->fn[0], "total"))
		r->weight = r->nfn = 0;
	else
		r->nfn = 1;
	return true;
}

static bool parse_perf(char **w, int n, struct row *r)
{
	double pct, other;
	int i = 1;

	if (n < 3 || !is_percent(w[0], &pct))
		return false;
	if (is_percent(w[1], &other))
		i = 2;
	for (; i < n - 1; i++) {
		size_t len = strlen(w[i]);

		if (len == 3 && w[i][0] == '[' && w[i][2] == ']') {
			r->fn[0] = w[i + 1];
			r->nfn = 1;
			r->weight = pct;
			return true;
		}
	}
	return false;
}

/* The stack is one word: folded frames carry no blanks. */
static bool parse_folded(char **w, int n, struct row *r)
{
	char *save, *frame;

	if (n != 2 || !is_uint(w[1]))
		return false;
	r->weight = strtod(w[1], NULL);
	r->nfn = 0;
	for (frame = strtok_r(w[0], ";", &save); frame && r->nfn < MAX_WORDS;
	     frame = strtok_r(NULL, ";", &save))
		r->fn[r->nfn++] = frame;
	return r->nfn > 0;
}

static const struct {
	const char *name;
	bool (*parse)(char **w, int n, struct row *r);
	bool percent;
} formats[] = {
	{ "readprofile", parse_readprofile, false },
	{ "perf", parse_perf, true },
	{ "folded", parse_folded, false },
};

/* "page_add_rmap.isra.0" -> "page_add_rmap"; "do_exit_[k]" -> "do_exit" */
static char *normalize(const char *fn)
{
	char *s = xstrdup(fn), *dot = strchr(s, '.');
	size_t n;

	if (dot && dot != s)
		*dot = 0;
	n = strlen(s);
	if (n > 4 && s[n - 4] == '_' && s[n - 3] == '[' && s[n - 1] == ']')
		s[n - 4] = 0;
	return s;
}

static void add_weight(struct lf_profile *p, const char *fn, double w)
{
	char *name = normalize(fn);
	double *cur = strmap_get(p->weight, name);

	if (!cur) {
		cur = xcalloc(1, sizeof(*cur));
		strmap_put(p->weight, name, cur);
		p->functions++;
	}
	*cur += w;
	free(name);
}

/* Each function once per row: recursion in a folded stack counts once. */
static void add_row(struct lf_profile *p, struct row *r)
{
	for (int i = 0; i < r->nfn; i++) {
		bool dup = false;

		for (int j = 0; j < i; j++)
			dup |= !strcmp(r->fn[i], r->fn[j]);
		if (!dup)
			add_weight(p, r->fn[i], r->weight);
	}
	p->total += r->weight;
	p->rows++;
}

static int split_words(char *line, char **w)
{
	int n = 0;
	char *save, *t;

	for (t = strtok_r(line, " \t\r", &save); t && n < MAX_WORDS;
	     t = strtok_r(NULL, " \t\r", &save))
		w[n++] = t;
	return n;
}

static void parse_line(struct lf_profile *p, char *line, int lineno, int *fmt)
{
	char *w[MAX_WORDS];
	struct row r = { .nfn = 0 };
	int n = split_words(line, w);

	if (!n || w[0][0] == '#')
		return;
	if (*fmt < 0) {
		for (size_t i = 0; i < ARRAY_SIZE(formats) && *fmt < 0; i++)
			if (formats[i].parse(w, n, &r))
				*fmt = i;
		if (*fmt < 0)
			lf_die("%s:%d: not a profile row: expected readprofile "
			       "'address function hits load', perf report "
			       "'12.34%%  cmd  object  [k] function' or folded "
			       "'a;b;c count'", p->path, lineno);
		p->format = formats[*fmt].name;
		p->percent = formats[*fmt].percent;
	} else if (!formats[*fmt].parse(w, n, &r)) {
		lf_die("%s:%d: malformed %s row", p->path, lineno, p->format);
	}
	/* a count of 400 digits is "inf" to strtod, and a sum of them too */
	if (!(r.weight <= (p->percent ? 100 : LF_PROFILE_MAX)))
		lf_die("%s:%d: %s out of range (at most %s)", p->path, lineno,
		       p->percent ? "percentage" : "sample count",
		       p->percent ? "100" : "2^53");
	if (!p->percent && !(p->total + r.weight <= LF_PROFILE_MAX))
		lf_die("%s:%d: the samples so far sum past 2^53", p->path, lineno);
	add_row(p, &r);
}

void lf_profile_load(const char *path, struct lf_profile *p)
{
	size_t len;
	char *buf = lf_read_file(path, &len), *line, *nl;
	int lineno = 0, fmt = -1;

	if (!buf)
		lf_die("cannot read profile %s: %s", path, strerror(errno));
	memset(p, 0, sizeof(*p));
	p->path = path;
	p->weight = strmap_new();
	if (memchr(buf, 0, len))
		lf_die("%s: not a text file", path);
	for (line = buf; *line; line = nl + 1) {
		lineno++;
		nl = strchr(line, '\n');
		if (!nl)
			lf_die("%s:%d: truncated: the last line has no newline",
			       path, lineno);
		*nl = 0;
		parse_line(p, line, lineno, &fmt);
	}
}

double lf_profile_weight(const struct lf_profile *p, const char *function)
{
	char *name;
	double *w;

	if (!p || !p->weight)
		return 0;
	name = normalize(lf_fn_basename(function));
	w = strmap_get(p->weight, name);
	free(name);
	return w ? *w : 0;
}

char *lf_profile_fmt(const struct lf_profile *p, double w)
{
	if (p && p->percent)
		return xasprintf("%.2f%%", w);
	return xasprintf("%.0f", w);
}
