// SPDX-License-Identifier: GPL-2.0
/*
 * rules.c - read rules/thresholds.tbl, rules/primitives.tbl,
 * rules/hotpaths.tbl and rules/bitlocks.tbl.
 *
 * The plugin compiles the same tables in; the tool reads them at run time
 * so that a tuned threshold takes effect without a rebuild, and so that
 * the verdicts always quote the numbers that produced them.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util.h"
#include "rules.h"

#ifndef LOCKFIT_ROOT
#error "build with -DLOCKFIT_ROOT='\"/path/to/lockfit\"' (see the Makefile)"
#endif

struct threshold {
	const char *name;
	size_t offset;		/* in struct lf_rules; PLUGIN: not ours */
};

/* Rows only the plugin reads: known here so that a typo is refused. */
#define PLUGIN ((size_t)-1)

/* Every valid row of thresholds.tbl; scripts/gen-rules.awk has the same
 * names (testsuite/run-rules-tests checks that the two agree). */
#define T(name) { #name, offsetof(struct lf_rules, name) }
static const struct threshold thresholds[] = {
	T(rwlock_short_cost),
	T(percpu_max_write_sites),
	T(percpu_min_read_per_write),
	T(percpu_min_read_cost),
	T(percpu_hot_percent),
	T(bitlock_hot_percent),
	T(bitlock_hot_score),
	{ "inline_depth", PLUGIN },
	{ "wrapper_max_cost", PLUGIN },
};
#undef T

static const char *rules_dir(void)
{
	const char *env = getenv("LOCKFIT_RULES");

	return env && *env ? env : LOCKFIT_ROOT "/rules";
}

/* Split LINE into at most MAX blank-separated words; comments and blank
 * lines give 0. */
static int split(char *line, char **words, int max)
{
	int n = 0;
	char *save, *w;

	if (line[strspn(line, " \t")] == '#')
		return 0;
	for (w = strtok_r(line, " \t\r\n", &save); w;
	     w = strtok_r(NULL, " \t\r\n", &save)) {
		if (n == max)
			return max + 1;
		words[n++] = w;
	}
	return n;
}

/* One table being read, a line at a time. */
struct table {
	FILE *f;
	char *path;
	char *line;
	size_t cap;
	int lineno;
	struct strmap *rows;	/* for duplicates: key -> non-NULL */
};

static void open_table(struct table *t, const char *dir, const char *name)
{
	memset(t, 0, sizeof(*t));
	t->path = xasprintf("%s/%s", dir, name);
	t->f = fopen(t->path, "r");
	if (!t->f)
		lf_die("cannot read %s: %s (set LOCKFIT_RULES to the rules directory)",
		       t->path, strerror(errno));
	t->rows = strmap_new();
}

/*
 * The next line, of any length (a line cut in two would make a row of a
 * comment's tail), without its newline; NULL at the end.  A NUL byte would
 * hide the rest of the line from every check: refused.
 */
static char *next_line(struct table *t)
{
	ssize_t n = getline(&t->line, &t->cap, t->f);

	if (n < 0) {
		if (ferror(t->f))
			lf_die("cannot read %s: %s", t->path, strerror(errno));
		fclose(t->f);
		return NULL;
	}
	t->lineno++;
	if (memchr(t->line, 0, n))
		lf_die("%s:%d: NUL byte in the line", t->path, t->lineno);
	if (n && t->line[n - 1] == '\n')
		t->line[n - 1] = 0;
	return t->line;
}

/* A row whose KEY an earlier row of the table already has is refused:
 * otherwise the later one would silently win. */
static void once(struct table *t, const char *key)
{
	if (strmap_get(t->rows, key))
		lf_die("%s:%d: '%s' is listed twice", t->path, t->lineno, key);
	strmap_put(t->rows, key, t);
}

static void set_threshold(struct lf_rules *r, struct table *t,
			  const char *name, const char *value)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(value, &end, 10);
	if (errno || *end || end == value || v < 0)
		lf_die("%s:%d: '%s' is not a non-negative number", t->path,
		       t->lineno, value);
	for (size_t i = 0; i < ARRAY_SIZE(thresholds); i++) {
		if (strcmp(thresholds[i].name, name))
			continue;
		once(t, name);
		if (thresholds[i].offset != PLUGIN)
			*(long *)((char *)r + thresholds[i].offset) = v;
		return;
	}
	lf_die("%s:%d: unknown threshold '%s'", t->path, t->lineno, name);
}

static void load_thresholds(struct lf_rules *r)
{
	char *line, *words[3];
	struct table t;
	int n;

	open_table(&t, r->dir, "thresholds.tbl");
	while ((line = next_line(&t))) {
		n = split(line, words, 2);
		if (n == 0)
			continue;
		if (n != 2)
			lf_die("%s:%d: expected 'name value'", t.path, t.lineno);
		set_threshold(r, &t, words[0], words[1]);
	}
	for (size_t i = 0; i < ARRAY_SIZE(thresholds); i++)
		if (thresholds[i].offset != PLUGIN &&
		    !strmap_get(t.rows, thresholds[i].name))
			lf_die("%s: threshold '%s' is missing", t.path,
			       thresholds[i].name);
}

/* Columns: name api class action mode arg variant ctx pair. */
static void load_primitives(struct lf_rules *r)
{
	char *line, *words[10], *key;
	struct table t;
	int n;

	open_table(&t, r->dir, "primitives.tbl");
	r->apis = strmap_new();
	while ((line = next_line(&t))) {
		n = split(line, words, 9);
		if (n == 0)
			continue;
		if (n != 9)
			lf_die("%s:%d: expected 9 columns", t.path, t.lineno);
		once(&t, words[0]);
		key = xasprintf("%s %s", words[2], words[1]);
		strmap_put(r->apis, key, r);
		free(key);
	}
}

/* The name of a call form: "read_lock(L)" -> "read_lock". */
static char *call_name(const char *form)
{
	return strndup(form, strcspn(form, "("));
}

/* The next blank-separated word at *P, NUL-terminated; "" at the end. */
static char *word(char **p)
{
	char *w = *p + strspn(*p, " \t\r");

	*p = w + strcspn(w, " \t\r");
	if (**p)
		*(*p)++ = 0;
	return w;
}

static char *trim(char *s)
{
	char *end;

	s += strspn(s, " \t");
	end = s + strlen(s);
	while (end > s && strchr(" \t\r\n", end[-1]))
		end--;
	*end = 0;
	return s;
}

/*
 * rules/rewrites.tbl's call rows: which calls each kind rewrites, and
 * for the "spinlock" kind which spin_ form each rwlock api becomes,
 * plain or promoted ("promote=irqsave").
 * Columns: kind cat when from -> to; "%kind" lines declare kinds.  The
 * forms may contain blanks ("read_lock_irqsave(L, F)"): the row is split
 * on the arrow.  Two rows of one kind, cat and when for the same FROM
 * are refused.
 */
static void load_rewrites(struct lf_rules *r)
{
	char *line;
	struct table t;

	open_table(&t, r->dir, "rewrites.tbl");
	r->spin_calls = strmap_new();
	r->rewritten = strmap_new();
	while ((line = next_line(&t))) {
		char *kind, *cat, *when, *from, *arrow, *key, *to;
		int name;	/* length of FROM's called name */

		if (line[0] == '#' || line[0] == '%' || line[strspn(line, " \t\r")] == 0)
			continue;
		arrow = strstr(line, "->");
		if (arrow)
			*arrow = 0;
		kind = word(&line);
		cat = word(&line);
		when = word(&line);
		from = trim(line);
		if (!arrow || !*from)
			lf_die("%s:%d: expected: kind cat when from -> to", t.path,
			       t.lineno);
		key = xasprintf("%s %s %s %s", kind, cat, when, from);
		once(&t, key);
		free(key);
		if (strcmp(cat, "call"))
			continue;
		to = arrow + 2 + strspn(arrow + 2, " \t");
		name = (int)strcspn(from, "( \t");
		if (*to != '-') {
			key = xasprintf("%s %.*s", kind, name, from);
			strmap_put(r->rewritten, key, r);
			free(key);
		}
		if (strcmp(kind, "spinlock"))
			continue;
		key = xasprintf("%s %.*s", when, name, from);
		strmap_put(r->spin_calls, key, call_name(to));
		free(key);
	}
}

const char *lf_rules_spin_call(const struct lf_rules *r, const char *api,
			       const char *promote)
{
	char *key = promote ? xasprintf("promote=%s %s", promote, api) : NULL;
	const char *to = key ? strmap_get(r->spin_calls, key) : NULL;

	free(key);
	if (to)
		return to;
	key = xasprintf("- %s", api);
	to = strmap_get(r->spin_calls, key);
	free(key);
	return to;
}

bool lf_rules_rewrites_call(const struct lf_rules *r, const char *kind,
			    const char *api)
{
	char *key = xasprintf("%s %s", kind, api);
	bool found = strmap_get(r->rewritten, key) != NULL;

	free(key);
	return found;
}

static bool is_identifier(const char *s)
{
	if (!*s || isdigit((unsigned char)*s))
		return false;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return false;
	return true;
}

/* One function name a row; the comments name the groups. */
static void load_hotpaths(struct lf_rules *r)
{
	char *line, *words[2];
	struct table t;
	int n;

	open_table(&t, r->dir, "hotpaths.tbl");
	r->hot = strmap_new();
	while ((line = next_line(&t))) {
		n = split(line, words, 1);
		if (n == 0)
			continue;
		if (n != 1 || !is_identifier(words[0]))
			lf_die("%s:%d: expected one function name", t.path, t.lineno);
		once(&t, words[0]);
		strmap_put(r->hot, words[0], r);
		VEC_PUSH(&r->hot_list, xstrdup(words[0]));
	}
}

/* "struct page | why it must not grow" */
static void load_bitlocks(struct lf_rules *r)
{
	char *line, *bar, *name, *why;
	struct table t;

	open_table(&t, r->dir, "bitlocks.tbl");
	r->nogrow = strmap_new();
	while ((line = next_line(&t))) {
		name = trim(line);
		if (!*name || *name == '#')
			continue;
		bar = strchr(name, '|');
		if (!bar)
			lf_die("%s:%d: expected 'struct NAME | reason'", t.path, t.lineno);
		*bar = 0;
		name = trim(name);
		why = trim(bar + 1);
		if (!*name || !*why)
			lf_die("%s:%d: expected 'struct NAME | reason'", t.path, t.lineno);
		once(&t, name);
		strmap_put(r->nogrow, name, xstrdup(why));
	}
}

void lf_rules_load(struct lf_rules *r)
{
	memset(r, 0, sizeof(*r));
	r->dir = rules_dir();
	load_thresholds(r);
	load_primitives(r);
	load_rewrites(r);
	load_hotpaths(r);
	load_bitlocks(r);
}

bool lf_rules_is_hot(const struct lf_rules *r, const char *function)
{
	return strmap_get(r->hot, lf_fn_basename(function)) != NULL;
}

const char *lf_rules_nogrow(const struct lf_rules *r, const char *name)
{
	return strmap_get(r->nogrow, name);
}

bool lf_rules_has_api(const struct lf_rules *r, const char *cls, const char *api)
{
	char *key = xasprintf("%s %s", cls, api);
	bool found = strmap_get(r->apis, key) != NULL;

	free(key);
	return found;
}
