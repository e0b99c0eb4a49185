// SPDX-License-Identifier: GPL-2.0
/*
 * reader_rewrites.c - the one reader's part for rewrites.tbl: its %kind
 * lines and rewrite rows, made canonical and checked against the tables
 * read before it.  A row is KIND CAT WHEN FROM -> TO; primitives.tbl,
 * locktypes.tbl and sourceforms.tbl say which calls, types and guards
 * each kind may name.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "reader.h"
#include "reader_table.h"

/* One blank for each run of blanks, none at the ends. */
static char *squeeze(const char *s)
{
	char *d = lfr_xrealloc(NULL, strlen(s) + 1), *o = d;

	for (s += strspn(s, " \t\r"); *s; ) {
		size_t n = strcspn(s, " \t\r");

		memcpy(o, s, n);
		o += n;
		s += n;
		s += strspn(s, " \t\r");
		if (*s)
			*o++ = ' ';
	}
	*o = 0;
	return d;
}

/*
 * "[static ]NAME(A, B)" with one-capital placeholders: NAME, the canonical
 * "A, B" and "static " or "" into the outputs; 0 if TEXT is not that form.
 */
static int parse_call(const char *text, char **name, char **args,
		      const char **is_static)
{
	const char *open, *p;
	char *out;
	size_t n;

	*is_static = "";
	if (!strncmp(text, "static ", 7)) {
		*is_static = "static ";
		text += 7;
	}
	open = strchr(text, '(');
	n = strlen(text);
	if (!open || !lfr_identifier(text, open - text) || text[n - 1] != ')' ||
	    strcspn(open + 1, "()") != (size_t)(text + n - 1 - (open + 1)))
		return 0;
	out = lfr_xrealloc(NULL, 3 * n + 1);
	*out = 0;
	if (open + 1 < text + n - 1)
		for (p = open + 1; ; ) {
			size_t len = strcspn(p, ",)");
			char *a = lfr_trim(p, len);
			int ok = strlen(a) == 1 && isupper((unsigned char)*a);

			if (ok)
				sprintf(out + strlen(out), "%s%s", *out ? ", " : "", a);
			free(a);
			if (!ok) {
				free(out);
				return 0;
			}
			p += len;
			if (*p++ == ')')
				break;
		}
	*name = lfr_xstrndup(text, open - text);
	*args = out;
	return 1;
}

static int ctype(const char *s)
{
	if (!strncmp(s, "struct ", 7))
		s += 7;
	else if (!strncmp(s, "unsigned ", 9))
		s += 9;
	return lfr_identifier(s, strlen(s));
}

static const struct lfr_kind *kind(const struct lfr_tables *t, const char *name)
{
	for (size_t i = 0; i < t->kinds.n; i++)
		if (!strcmp(t->kinds.v[i].name, name))
			return &t->kinds.v[i];
	return NULL;
}

static const struct lfr_locktype *locktype(const struct lfr_tables *t,
					   const char *type)
{
	for (size_t i = 0; i < t->locktypes.n; i++)
		if (!strcmp(t->locktypes.v[i].type, type))
			return &t->locktypes.v[i];
	return NULL;
}

/* Is API (primitives.tbl's api column) of a class in CLASSES ("cls" or,
 * WITH_ARG, "cls/N" too)?  -1 if no row has that api. */
static int api_in(const struct lfr_tables *t, const char *api,
		  const char *classes, int with_arg, char *found, size_t size)
{
	int any = -1;

	*found = 0;
	for (size_t i = 0; i < t->primitives.n; i++) {
		const struct lfr_primitive *p = &t->primitives.v[i];
		char ca[64];

		if (strcmp(p->api, api))
			continue;
		if (any < 0)
			any = 0;
		if (!lfr_has(found, p->cls) && strlen(found) + strlen(p->cls) + 2 < size)
			sprintf(found + strlen(found), "%s%s", *found ? " " : "", p->cls);
		snprintf(ca, sizeof(ca), "%s/%s", p->cls, p->arg);
		if (lfr_has(classes, p->cls) || (with_arg && lfr_has(classes, ca)))
			any = 1;
	}
	return any;
}

static void row_kind(struct table *tb, const char *line)
{
	char *w[5], *c;
	struct lfr_kind k;

	if (lfr_split(line, w, 5) != 5 || strcmp(w[0], "%kind") || strcmp(w[3], "->"))
		lfr_fail(tb, "expected: %kind NAME FROM-CLASSES -> TO-CLASSES", NULL, NULL);
	if (tb->t->kinds.n && strcmp(w[1], tb->t->kinds.v[tb->t->kinds.n - 1].name) <= 0)
		tb->die("%s:%d: %%kind '%s' is out of order or duplicate",
			tb->path, tb->lineno, w[1]);
	for (c = w[2]; *c; c++)
		*c = *c == ',' ? ' ' : *c;
	for (c = w[4]; *c; c++)
		*c = *c == ',' ? ' ' : *c;
	k = (struct lfr_kind){ w[1], w[2], w[4] };
	PUSH(&tb->t->kinds, k);
}

/* NAME is a guard of sourceforms.tbl of one of CLASSES; returns NAME. */
static char *guard_in(struct table *tb, char *name, const char *classes)
{
	const struct lfr_sourceform *g = lfr_guard_form(tb->t, name);

	if (!g)
		tb->die("%s:%d: '%s' is not a guard of rules/%s", tb->path,
			tb->lineno, name, lfr_table_file(SOURCEFORMS));
	if (!lfr_has(classes, g->cls))
		tb->die("%s:%d: guard '%s' is class %s in rules/%s, not one of %s",
			tb->path, tb->lineno, name, g->cls,
			lfr_table_file(SOURCEFORMS), classes);
	return name;
}

void lfr_row_rewrite(struct table *tb, const char *line)
{
	struct lfr_tables *t = tb->t;
	char *w[3], *from, *to, *key, *name = "", *args = "";
	char *to_name = "", *to_args = "", found[256];
	const char *rest, *arrow, *is_static = "", *to_static;
	const struct lfr_kind *k;
	struct lfr_rewrite r;
	size_t i;

	if (line[0] == '%')
		return row_kind(tb, line);
	if (lfr_split(line, w, 3) < 6)
		lfr_fail(tb, "expected: KIND CAT WHEN FROM -> TO", NULL, NULL);
	k = kind(t, w[0]);
	if (!k)
		tb->die("%s:%d: unknown kind '%s' (declare it with %%kind)",
			tb->path, tb->lineno, w[0]);
	if (!lfr_has("call stmt free decl init type guard", w[1]))
		tb->die("%s:%d: unknown cat '%s' (call stmt free decl init type guard)",
			tb->path, tb->lineno, w[1]);
	if (strcmp(w[2], "-")) {
		const char *eq = strchr(w[2], '=');

		if (!eq || eq == w[2] || !eq[1] ||
		    strspn(w[2], "abcdefghijklmnopqrstuvwxyz") != (size_t)(eq - w[2]) ||
		    strspn(eq + 1, "abcdefghijklmnopqrstuvwxyz0123456789") != strlen(eq + 1))
			tb->die("%s:%d: when must be - or NAME=VALUE, got '%s'",
				tb->path, tb->lineno, w[2]);
	}
	rest = line;
	for (int j = 0; j < 3; j++) {
		rest += strspn(rest, " \t\r");
		rest += strcspn(rest, " \t\r");
	}
	arrow = strstr(rest, " -> ");
	if (!arrow || strstr(arrow + 4, " -> "))
		lfr_fail(tb, "expected exactly one ' -> ' between FROM and TO", NULL, NULL);
	from = squeeze(key = lfr_xstrndup(rest, arrow - rest));
	free(key);
	to = squeeze(arrow + 4);

	if (!strcmp(w[1], "type")) {
		if (!ctype(from) || !ctype(to))
			tb->die("%s:%d: type rows name C types: '%s' -> '%s'",
				tb->path, tb->lineno, from, to);
		if (strcmp(w[0], "bitlock") && !locktype(t, from))
			tb->die("%s:%d: type '%s' is not in rules/%s", tb->path,
				tb->lineno, from, lfr_table_file(LOCKTYPES));
		if (!locktype(t, to))
			tb->die("%s:%d: type '%s' is not in rules/%s", tb->path,
				tb->lineno, to, lfr_table_file(LOCKTYPES));
		name = from;
	} else if (!strcmp(w[1], "guard")) {
		/* cleanup.h guard classes, from sourceforms.tbl */
		guard_in(tb, from, k->from);
		if (strcmp(to, "-"))
			to_name = guard_in(tb, to, k->to);
		name = from;
	} else {
		if (!parse_call(from, &name, &args, &is_static))
			tb->die("%s:%d: FROM must be [static ]NAME(X, ...) with one-capital placeholders: '%s'",
				tb->path, tb->lineno, from);
		if (*is_static && strcmp(w[1], "decl"))
			lfr_fail(tb, "only decl rows may be static", NULL, NULL);
		free(from);
		from = lfr_xrealloc(NULL, strlen(name) + strlen(args) + 10);
		sprintf(from, "%s%s(%s)", is_static, name, args);
		if (strcmp(to, "-") && lfr_has("call decl init", w[1])) {
			if (!parse_call(to, &to_name, &to_args, &to_static))
				tb->die("%s:%d: TO must be -, or [static ]NAME(X, ...): '%s'",
					tb->path, tb->lineno, to);
			free(to);
			to = lfr_xrealloc(NULL, strlen(to_name) + strlen(to_args) + 10);
			sprintf(to, "%s%s(%s)", to_static, to_name, to_args);
		} else if (strcmp(to, "-")) {
			/* statements: "a; b" */
			char *s = to, *out = lfr_xrealloc(NULL, 2 * strlen(to) + 1);

			*out = 0;
			for (;;) {
				size_t len = strcspn(s, ";");
				char *piece = lfr_trim(s, len);

				if (!*piece)
					lfr_fail(tb, "empty statement in TO", NULL, NULL);
				sprintf(out + strlen(out), "%s%s", *out ? "; " : "", piece);
				free(piece);
				if (!s[len])
					break;
				s += len + 1;
			}
			free(to);
			to = out;
		}
		/* every primitive that TO calls is of the kind's TO-CLASSES */
		for (const char *s = to; *s; ) {
			size_t len;

			if (!isalpha((unsigned char)*s) && *s != '_') {
				s++;
				continue;
			}
			len = strspn(s, "abcdefghijklmnopqrstuvwxyz"
				     "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
			if (s[len] == '(') {
				char *called = lfr_xstrndup(s, len);

				if (api_in(t, called, k->to, 0, found, sizeof(found)) == 0)
					tb->die("%s:%d: '%s' is class %s in rules/%s, not one of %s",
						tb->path, tb->lineno, called, found,
						lfr_table_file(PRIMITIVES), k->to);
				free(called);
			}
			s += len;
		}
		if (api_in(t, name, k->from, 1, found, sizeof(found)) == 0)
			tb->die("%s:%d: '%s' is class %s in rules/%s, not one of %s",
				tb->path, tb->lineno, name, found,
				lfr_table_file(PRIMITIVES), k->from);
	}
	key = lfr_xrealloc(NULL, strlen(w[0]) + strlen(w[1]) + strlen(w[2]) +
		       strlen(from) + 4);
	sprintf(key, "%s %s %s %s", w[0], w[1], w[2], from);
	lfr_once(tb, key, 1, "row ");
	free(key);
	if (!strcmp(w[1], "type") && strcmp(to, "-"))
		for (i = 0; i < t->rewrites.n; i++)
			if (!strcmp(t->rewrites.v[i].kind, w[0]) &&
			    !strcmp(t->rewrites.v[i].cat, "type") &&
			    strcmp(t->rewrites.v[i].to, to))
				tb->die("%s:%d: all type rows of kind %s must have the same TO",
					tb->path, tb->lineno, w[0]);
	r = (struct lfr_rewrite){ w[0], w[1], w[2], from, to, name, args,
				  is_static, to_name, to_args, tb->lineno };
	PUSH(&t->rewrites, r);
}

/* Every api of a kind's FROM-CLASSES has a row with when `-`, and so
 * does every guard of those classes (a guard row). */
void lfr_end_rewrites(struct table *tb)
{
	const struct lfr_tables *t = tb->t;

	if (!t->rewrites.n)
		tb->die("%s: no rows", tb->path);
	for (size_t i = 0; i < t->sourceforms.n; i++) {
		const struct lfr_sourceform *g = &t->sourceforms.v[i];

		if (!g->cls)
			continue;
		for (size_t k = 0; k < t->kinds.n; k++) {
			const struct lfr_kind *kd = &t->kinds.v[k];
			size_t j;

			if (!lfr_has(kd->from, g->cls))
				continue;
			for (j = 0; j < t->rewrites.n; j++)
				if (!strcmp(t->rewrites.v[j].kind, kd->name) &&
				    !strcmp(t->rewrites.v[j].cat, "guard") &&
				    !strcmp(t->rewrites.v[j].when, "-") &&
				    !strcmp(t->rewrites.v[j].name, g->name))
					break;
			if (j == t->rewrites.n)
				tb->die("%s: kind %s has no guard row with when - for %s guard '%s' (rules/%s)",
					tb->path, kd->name, g->cls, g->name,
					lfr_table_file(SOURCEFORMS));
		}
	}
	for (size_t i = 0; i < t->primitives.n; i++) {
		const struct lfr_primitive *p = &t->primitives.v[i];
		char ca[64];

		if (strchr(p->api, '('))	/* guard(...) */
			continue;
		snprintf(ca, sizeof(ca), "%s/%s", p->cls, p->arg);
		for (size_t k = 0; k < t->kinds.n; k++) {
			const struct lfr_kind *kd = &t->kinds.v[k];
			size_t j;

			if (!lfr_has(kd->from, p->cls) && !lfr_has(kd->from, ca))
				continue;
			for (j = 0; j < t->rewrites.n; j++)
				if (!strcmp(t->rewrites.v[j].kind, kd->name) &&
				    !strcmp(t->rewrites.v[j].when, "-") &&
				    !strcmp(t->rewrites.v[j].name, p->api))
					break;
			if (j == t->rewrites.n) {
				char *prim = lfr_path(t->dir, lfr_table_file(PRIMITIVES));

				tb->die("%s: kind %s has no row with when - for %s api '%s' (%s:%d)",
					tb->path, kd->name, p->cls, p->api, prim, p->line);
			}
		}
	}
}

