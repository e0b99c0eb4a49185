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
	size_t offset;
};

#define T(name) { #name, offsetof(struct lf_rules, name) }
static const struct threshold thresholds[] = {
	T(rwlock_short_cost),
	T(percpu_max_write_sites),
	T(percpu_min_read_per_write),
	T(percpu_min_read_cost),
	T(percpu_hot_percent),
	T(bitlock_hot_percent),
	T(bitlock_hot_score),
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

static FILE *open_table(const char *dir, const char *name, char **path)
{
	FILE *f;

	*path = xasprintf("%s/%s", dir, name);
	f = fopen(*path, "r");
	if (!f)
		lf_die("cannot read %s: %s (set LOCKFIT_RULES to the rules directory)",
		       *path, strerror(errno));
	return f;
}

static void set_threshold(struct lf_rules *r, const char *path, int lineno,
			  char *name, char *value, unsigned *seen)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(value, &end, 10);
	if (errno || *end || end == value || v < 0)
		lf_die("%s:%d: '%s' is not a non-negative number", path, lineno, value);
	for (size_t i = 0; i < ARRAY_SIZE(thresholds); i++) {
		if (strcmp(thresholds[i].name, name))
			continue;
		*(long *)((char *)r + thresholds[i].offset) = v;
		*seen |= 1u << i;
	}
	/* Rows for the plugin alone (inline_depth) are not ours to check. */
}

static void load_thresholds(struct lf_rules *r)
{
	char *path, *words[3], line[1024];
	unsigned seen = 0;
	int lineno = 0, n;
	FILE *f = open_table(r->dir, "thresholds.tbl", &path);

	while (fgets(line, sizeof(line), f)) {
		lineno++;
		n = split(line, words, 2);
		if (n == 0)
			continue;
		if (n != 2)
			lf_die("%s:%d: expected 'name value'", path, lineno);
		set_threshold(r, path, lineno, words[0], words[1], &seen);
	}
	fclose(f);
	for (size_t i = 0; i < ARRAY_SIZE(thresholds); i++)
		if (!(seen & (1u << i)))
			lf_die("%s: threshold '%s' is missing", path, thresholds[i].name);
}

/* Columns: name api class action mode arg variant ctx pair. */
static void load_primitives(struct lf_rules *r)
{
	char *path, *words[10], line[1024], *key;
	int lineno = 0, n;
	FILE *f = open_table(r->dir, "primitives.tbl", &path);

	r->apis = strmap_new();
	while (fgets(line, sizeof(line), f)) {
		lineno++;
		n = split(line, words, 9);
		if (n == 0)
			continue;
		if (n != 9)
			lf_die("%s:%d: expected 9 columns", path, lineno);
		key = xasprintf("%s %s", words[2], words[1]);
		strmap_put(r->apis, key, r);
		free(key);
	}
	fclose(f);
}

/* The name of a call form: "read_lock(L)" -> "read_lock". */
static char *call_name(const char *form)
{
	return strndup(form, strcspn(form, "("));
}

/*
 * rules/rewrites.tbl's call rows: which calls each kind rewrites, and
 * for the "spinlock" kind which spin_ form each rwlock api becomes,
 * plain or promoted ("promote=irqsave").
 * Columns: kind cat when from -> to; "%kind" lines declare kinds.  The
 * forms may contain blanks ("read_lock_irqsave(L, F)"): the row is split
 * on the arrow.
 */
static void load_rewrites(struct lf_rules *r)
{
	char *path, line[1024];
	int lineno = 0;
	FILE *f = open_table(r->dir, "rewrites.tbl", &path);

	r->spin_calls = strmap_new();
	r->rewritten = strmap_new();
	while (fgets(line, sizeof(line), f)) {
		char kind[64], cat[64], when[64], from[256], *arrow, *key, *to;
		int name;	/* length of FROM's called name */

		lineno++;
		if (line[0] == '#' || line[0] == '%' || line[strspn(line, " \t\n")] == 0)
			continue;
		arrow = strstr(line, "->");
		if (!arrow || sscanf(line, "%63s %63s %63s %255[^\n]", kind, cat,
				     when, from) != 4)
			lf_die("%s:%d: expected: kind cat when from -> to", path, lineno);
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
	fclose(f);
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
	char *path, *words[2], line[1024];
	int lineno = 0, n;
	FILE *f = open_table(r->dir, "hotpaths.tbl", &path);

	r->hot = strmap_new();
	while (fgets(line, sizeof(line), f)) {
		lineno++;
		n = split(line, words, 1);
		if (n == 0)
			continue;
		if (n != 1 || !is_identifier(words[0]))
			lf_die("%s:%d: expected one function name", path, lineno);
		if (strmap_get(r->hot, words[0]))
			lf_die("%s:%d: '%s' is listed twice", path, lineno, words[0]);
		strmap_put(r->hot, words[0], r);
		VEC_PUSH(&r->hot_list, xstrdup(words[0]));
	}
	fclose(f);
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

/* "struct page | why it must not grow" */
static void load_bitlocks(struct lf_rules *r)
{
	char *path, line[1024], *bar, *name, *why;
	int lineno = 0;
	FILE *f = open_table(r->dir, "bitlocks.tbl", &path);

	r->nogrow = strmap_new();
	while (fgets(line, sizeof(line), f)) {
		lineno++;
		name = trim(line);
		if (!*name || *name == '#')
			continue;
		bar = strchr(name, '|');
		if (!bar)
			lf_die("%s:%d: expected 'struct NAME | reason'", path, lineno);
		*bar = 0;
		name = trim(name);
		why = trim(bar + 1);
		if (!*name || !*why)
			lf_die("%s:%d: expected 'struct NAME | reason'", path, lineno);
		if (strmap_get(r->nogrow, name))
			lf_die("%s:%d: '%s' is listed twice", path, lineno, name);
		strmap_put(r->nogrow, name, xstrdup(why));
	}
	fclose(f);
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
