// SPDX-License-Identifier: GPL-2.0
/*
 * reader.c - read and check every table of rules/ (see reader.h).
 * rewrites.tbl's rows are reader_rewrites.c's, the helpers both share
 * reader_table.h's.
 *
 * Plain C with no dependency on either binary: build/gen-rules and
 * tools/lockfit both link it.  Lines are read whole whatever their length
 * (a line cut in two would make a row of a comment's tail), a table is a
 * regular file of bounded size (lf_read_bounded), a NUL byte is
 * refused (it would hide the rest of the line), and a row is never
 * silently replaced by a later one.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "reader.h"
#include "reader_table.h"
#include "../tools/lib/readfile.h"

const struct lfr_threshold_info lfr_threshold_info[LFR_T_COUNT] = {
#define X(name, who, min, max) { #name, who, min, max },
	LFR_THRESHOLDS(X)
#undef X
};

#define STR(name) " " #name
static const char classes[] = LFR_CLASSES(STR);
static const char actions[] = LF_ACTIONS(STR, STR);
static const char modes[] = LF_ENUM_MODE(STR) " -";
static const char variants[] = LF_ENUM_VARIANT(STR) " -";
static const char lock_modes[] = LF_ENUM_MODE(STR);	/* no "-" */
static const char lock_variants[] = LF_ENUM_VARIANT(STR);
static const char ctxs[] = LFR_CTXS(STR);
static const char entry_kinds[] = LFR_ENTRY_KINDS(STR);
static const char execs[] = LFR_EXECS(STR) " -";
static const char waits[] = LFR_WAITS(STR) " -";
#define LF_CHECKER(module, plugin, tool) STR(module)
static const char modules[] =
#include "../schema/checks.def"
	" -";
#undef STR

void *lfr_xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p) {
		fputs("out of memory\n", stderr);
		exit(2);
	}
	return p;
}

char *lfr_xstrndup(const char *s, size_t n)
{
	char *d = lfr_xrealloc(NULL, n + 1);

	memcpy(d, s, n);
	d[n] = 0;
	return d;
}

char *lfr_xstrdup(const char *s)
{
	return lfr_xstrndup(s, strlen(s));
}

char *lfr_path(const char *dir, const char *name)
{
	char *p = lfr_xrealloc(NULL, strlen(dir) + strlen(name) + 2);

	sprintf(p, "%s/%s", dir, name);
	return p;
}

int lfr_has(const char *list, const char *token)
{
	size_t n = strlen(token);

	if (!n)
		return 0;
	for (const char *p = list; (p = strstr(p, token)); p++)
		if ((p == list || strchr(" ,", p[-1])) && strchr(" ,", p[n]))
			return 1;
	return 0;
}

/* The next line without its newline; NULL at the end. */
static char *next_line(struct table *tb)
{
	char *line = tb->text + tb->pos, *nl;
	size_t n;

	if (tb->pos == tb->len)
		return NULL;
	nl = memchr(line, '\n', tb->len - tb->pos);
	n = nl ? (size_t)(nl - line) : tb->len - tb->pos;
	tb->lineno++;
	if (memchr(line, 0, n))
		tb->die("%s:%d: NUL byte in the line", tb->path, tb->lineno);
	line[n] = 0;
	tb->pos += n + (nl != NULL);
	return line;
}

static int blank_or_comment(const char *line)
{
	line += strspn(line, " \t\r");
	return !*line || *line == '#';
}

/* Split LINE into blank-separated words (copies), at most MAX; returns
 * how many there are. */
int lfr_split(const char *line, char **words, int max)
{
	int n = 0;

	for (;;) {
		size_t len;

		line += strspn(line, " \t\r");
		if (!*line)
			return n;
		len = strcspn(line, " \t\r");
		if (n < max)
			words[n] = lfr_xstrndup(line, len);
		n++;
		line += len;
	}
}

void lfr_fail(struct table *tb, const char *msg, const char *a, const char *b)
{
	tb->die("%s:%d: %s%s%s%s%s", tb->path, tb->lineno, msg,
		a ? " '" : "", a ? a : "", a ? "'" : "", b ? b : "");
}

/* Rows are unique by KEY; with SORTED, in byte order too. */
void lfr_once(struct table *tb, const char *key, int sorted,
		 const char *what)
{
	for (size_t i = 0; i < tb->nkeys; i++)
		if (!strcmp(tb->keys[i], key))
			tb->die("%s:%d: '%s' is listed twice", tb->path,
				tb->lineno, key);
	if (sorted && tb->last && strcmp(key, tb->last) <= 0)
		tb->die("%s:%d: %s'%s' is out of order (after '%s')", tb->path,
			tb->lineno, what, key, tb->last);
	if (tb->nkeys == tb->capkeys) {
		tb->capkeys = tb->capkeys ? 2 * tb->capkeys : 64;
		tb->keys = lfr_xrealloc(tb->keys, tb->capkeys * sizeof(*tb->keys));
	}
	tb->keys[tb->nkeys++] = lfr_xstrdup(key);
	tb->last = tb->keys[tb->nkeys - 1];
}

static void oneof(struct table *tb, const char *tok, const char *set,
		  const char *what)
{
	if (!lfr_has(set, tok))
		tb->die("%s:%d: unknown %s '%s' (expected one of:%s)", tb->path,
			tb->lineno, what, tok, set);
}

static int digits(const char *s)
{
	return *s && strspn(s, "0123456789") == strlen(s) && strlen(s) < 10;
}

/* ---- thresholds.tbl: name value ---- */
static void row_threshold(struct table *tb, const char *line)
{
	char *w[2];
	long v;
	int i;

	if (lfr_split(line, w, 2) != 2)
		lfr_fail(tb, "expected 'name value'", NULL, NULL);
	if (!digits(w[1]))
		tb->die("%s:%d: '%s' is not a non-negative number", tb->path,
			tb->lineno, w[1]);
	v = strtol(w[1], NULL, 10);
	for (i = 0; i < LFR_T_COUNT; i++)
		if (!strcmp(lfr_threshold_info[i].name, w[0]))
			break;
	if (i == LFR_T_COUNT)
		lfr_fail(tb, "unknown threshold", w[0], NULL);
	lfr_once(tb, w[0], 0, "");
	if (v < lfr_threshold_info[i].min || v > lfr_threshold_info[i].max)
		tb->die("%s:%d: %s %ld is out of range (%ld to %ld)", tb->path,
			tb->lineno, w[0], v, lfr_threshold_info[i].min,
			lfr_threshold_info[i].max);
	tb->t->threshold[i] = v;
	tb->t->threshold_line[i] = tb->lineno;
}

static void end_thresholds(struct table *tb)
{
	tb->t->thresholds_path = lfr_xstrdup(tb->path);
	for (int i = 0; i < LFR_T_COUNT; i++)
		if (!tb->t->threshold_line[i])
			tb->die("%s: threshold '%s' is missing", tb->path,
				lfr_threshold_info[i].name);
}

/* ---- classes.tbl: class waits judged ---- */
const struct lfr_class *lfr_class(const struct lfr_tables *t, const char *name)
{
	for (size_t i = 0; i < t->classes.n; i++)
		if (!strcmp(t->classes.v[i].cls, name))
			return &t->classes.v[i];
	return NULL;
}

static int is_context(const struct lfr_tables *t, const char *cls)
{
	const struct lfr_class *c = lfr_class(t, cls);

	return c && !strcmp(c->waits, "-");
}

/* One module of a judged column, or "-" alone: its LFR_MOD_BIT, or 0. */
static unsigned judged_module(struct table *tb, const char *name)
{
	oneof(tb, name, modules, "check module");
#define LF_CHECKER(module, plugin, tool) \
	if (!strcmp(name, #module)) return LFR_MOD_BIT(LFR_MOD_##module);
#include "../schema/checks.def"
	return 0;
}

/* The judged column: "-", or check modules separated by commas, each
 * once ("rwlock,bitlock"). */
static unsigned judged_modules(struct table *tb, const char *col)
{
	unsigned mask = 0;
	char *list = lfr_xstrdup(col), *name, *next;

	if (!strcmp(col, "-"))
		goto out;
	for (name = list; name; name = next) {
		unsigned bit;

		next = strchr(name, ',');
		if (next)
			*next++ = '\0';
		if (!strcmp(name, "-") || !(bit = judged_module(tb, name)))
			lfr_fail(tb, "'-' stands alone in the judged column:", col, NULL);
		if (mask & bit)
			lfr_fail(tb, "a check module named twice:", col, NULL);
		mask |= bit;
	}
out:
	free(list);
	return mask;
}

static void row_class(struct table *tb, const char *line)
{
	char *w[3];
	struct lfr_class c = { .judged = 0 };

	if (lfr_split(line, w, 3) != 3)
		lfr_fail(tb, "expected 3 columns: class waits judged", NULL, NULL);
	oneof(tb, w[0], classes, "class");
	lfr_once(tb, w[0], 0, "");
	oneof(tb, w[1], waits, "waits");
	c.judged = judged_modules(tb, w[2]);
	if (!strcmp(w[1], "-") && c.judged)
		lfr_fail(tb, "a context is no check's subject:", w[0], NULL);
	c.cls = w[0];
	c.waits = w[1];
	PUSH(&tb->t->classes, c);
}

/* Every class has its row. */
static void end_classes(struct table *tb)
{
#define X(name) \
	if (!lfr_class(tb->t, #name)) \
		tb->die("%s: class '%s' has no row", tb->path, #name);
	LFR_CLASSES(X)
#undef X
}

/* ---- primitives.tbl: name api class action mode arg variant ctx pair ---- */
/*
 * A cleanup.h guard, api guard(NAME): its rows are the calls GCC shows,
 * class_NAME_constructor (takes the lock given, argument 0, or turns a
 * context off) and class_NAME_destructor (drops what the guard object
 * holds, argument g, or turns it back on); g is for nothing else.
 */
static void guard_row(struct table *tb, char **w)
{
	size_t n = strlen(w[1]);
	char *want_c, *want_d;
	int ok = 0;

	if (strncmp(w[1], "guard(", 6)) {
		if (!strcmp(w[5], "g"))
			lfr_fail(tb, "lock argument g (a guard object) needs api guard(NAME), not",
			     w[1], NULL);
		return;
	}
	if (n < 8 || w[1][n - 1] != ')' || strspn(w[1] + 6,
	    "abcdefghijklmnopqrstuvwxyz0123456789_") != n - 7)
		lfr_fail(tb, "api must be guard(NAME), NAME a C identifier:", w[1], NULL);
	want_c = lfr_xrealloc(NULL, n + 16);
	want_d = lfr_xrealloc(NULL, n + 16);
	sprintf(want_c, "class_%.*s_constructor", (int)(n - 7), w[1] + 6);
	sprintf(want_d, "class_%.*s_destructor", (int)(n - 7), w[1] + 6);
	if (!strcmp(w[0], want_c))
		ok = (lfr_has("acquire try disable", w[3]) && strcmp(w[5], "g") &&
		      !strcmp(w[8], want_d)) ||
		     /* an init guard (7.2's spinlock_init): nothing to drop */
		     (!strcmp(w[3], "init") && !strcmp(w[5], "0") &&
		      !strcmp(w[8], "-"));
	else if (!strcmp(w[0], want_d))
		ok = lfr_has("release enable", w[3]) &&
		     !strcmp(w[5], lfr_has("release", w[3]) ? "g" : "-") &&
		     !strcmp(w[8], want_c);
	else
		lfr_fail(tb, "a guard's rows are its class_NAME_constructor and class_NAME_destructor, not",
		     w[0], NULL);
	if (!ok)
		tb->die("%s:%d: '%s': a guard's constructor acquires, tries or disables and pairs with %s "
			"(or initialises argument 0, pair -); "
			"its destructor releases (argument g) or enables and pairs with %s",
			tb->path, tb->lineno, w[0], want_d, want_c);
	free(want_c);
	free(want_d);
}

static void row_primitive(struct table *tb, const char *line)
{
	char *w[9], *ctx, *c;
	struct lfr_primitive p;
	int n = lfr_split(line, w, 9);

	if (n != 9)
		tb->die("%s:%d: expected 9 columns, got %d", tb->path, tb->lineno, n);
	lfr_once(tb, w[0], 1, "");
	oneof(tb, w[2], classes, "class");
	oneof(tb, w[3], actions, "action");
	oneof(tb, w[4], modes, "mode");
	oneof(tb, w[6], variants, "variant");
	if (strcmp(w[5], "-") && strcmp(w[5], "g") &&
	    !(isdigit((unsigned char)w[5][0]) && !w[5][1]))
		lfr_fail(tb, "bad lock argument", w[5], NULL);
	guard_row(tb, w);
	if (strcmp(w[7], "-")) {
		ctx = lfr_xstrdup(w[7]);
		for (c = strtok(ctx, ","); c; c = strtok(NULL, ","))
			oneof(tb, c, ctxs, "ctx");
		free(ctx);
	}
	p = (struct lfr_primitive){ w[0], w[1], w[2], w[3], w[4], w[5], w[6],
				    w[7], w[8], tb->lineno };
	PUSH(&tb->t->primitives, p);
}

static const struct lfr_primitive *primitive(const struct lfr_tables *t,
					     const char *name)
{
	for (size_t i = 0; i < t->primitives.n; i++)
		if (!strcmp(t->primitives.v[i].name, name))
			return &t->primitives.v[i];
	return NULL;
}

/* An acquire names its release, a release an acquire, of the same mode. */
static void end_primitives(struct table *tb)
{
	for (size_t i = 0; i < tb->t->primitives.n; i++) {
		const struct lfr_primitive *p = &tb->t->primitives.v[i], *q;
		const char *a = p->action, *want;

		if (lfr_has("acquire try try0", a))
			want = "release";
		else if (!strcmp(a, "spin"))
			want = "release unspin";
		else if (lfr_has("release unspin", a))
			want = "acquire try try0 spin";
		else if (!strcmp(a, "disable"))
			want = "enable";
		else if (!strcmp(a, "enable"))
			want = "disable";
		else
			continue;
		q = primitive(tb->t, p->pair);
		if (!q)
			tb->die("%s:%d: '%s' pairs with '%s', which is not in the table",
				tb->path, p->line, p->name, p->pair);
		if (!lfr_has(want, q->action) || strcmp(p->mode, q->mode))
			tb->die("%s:%d: '%s' (%s %s) pairs with '%s' (%s %s)",
				tb->path, p->line, p->name, a, p->mode, q->name,
				q->action, q->mode);
	}
}

/* ---- locktypes.tbl: type class (the type may be "struct NAME") ---- */
static void row_locktype(struct table *tb, const char *line)
{
	char *w[3];
	struct lfr_locktype lt;
	struct lfr_class *c;
	int n = lfr_split(line, w, 3);

	if (n == 3 && !strcmp(w[0], "struct")) {
		char *type = lfr_xrealloc(NULL, strlen(w[1]) + 8);

		sprintf(type, "struct %s", w[1]);
		lt = (struct lfr_locktype){ type, w[2] };
	} else if (n == 2) {
		lt = (struct lfr_locktype){ w[0], w[1] };
	} else {
		lfr_fail(tb, "expected: type class", NULL, NULL);
	}
	oneof(tb, lt.cls, classes, "class");
	lfr_once(tb, lt.type, 1, "");
	c = (struct lfr_class *)lfr_class(tb->t, lt.cls);
	if (!strcmp(c->waits, "-"))
		lfr_fail(tb, "a lock type's class is a lock, not a context:", lt.cls, NULL);
	/* reports print a lock's type from its class */
	if (c->type)
		tb->die("%s:%d: class '%s' has a type already ('%s'): one type per class",
			tb->path, tb->lineno, lt.cls, c->type);
	c->type = strncmp(lt.type, "struct ", 7) ? lt.type : lt.type + 7;
	PUSH(&tb->t->locktypes, lt);
}

/* ---- boundedcalls.tbl: name cost why... ---- */
static void row_bounded(struct table *tb, const char *line)
{
	char *w[2];
	struct lfr_bounded b;

	if (lfr_split(line, w, 2) < 3 || !digits(w[1]))
		lfr_fail(tb, "expected: name cost why...", NULL, NULL);
	lfr_once(tb, w[0], 1, "");
	b = (struct lfr_bounded){ w[0], strtol(w[1], NULL, 10) };
	PUSH(&tb->t->bounded, b);
}

/* ---- hotpaths.tbl: one function name ---- */
int lfr_identifier(const char *s, size_t n)
{
	if (!n || isdigit((unsigned char)*s))
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '_')
			return 0;
	return 1;
}

static void row_hot(struct table *tb, const char *line)
{
	char *w[1];

	if (lfr_split(line, w, 1) != 1 || !lfr_identifier(w[0], strlen(w[0])))
		lfr_fail(tb, "expected one function name", NULL, NULL);
	lfr_once(tb, w[0], 0, "");
	PUSH(&tb->t->hot, w[0]);
}

/* ---- sourceforms.tbl: name init|assert, or name guard class mode variant header ---- */
static void row_sourceform(struct table *tb, const char *line)
{
	char *w[6];
	int n = lfr_split(line, w, 6);
	struct lfr_sourceform f;
	char *key;

	if ((n != 2 && n != 6) || !lfr_identifier(w[0], strlen(w[0])))
		lfr_fail(tb, "expected: name init|assert, or name guard class mode variant header", NULL, NULL);
	oneof(tb, w[1], "init assert guard", "what");
	if ((n == 6) != !strcmp(w[1], "guard"))
		lfr_fail(tb, "a guard row has 6 columns (name guard class mode variant header), others 2", NULL, NULL);
	f = (struct lfr_sourceform){ w[0], w[1], NULL, NULL, NULL, NULL };
	if (n == 6) {
		oneof(tb, w[2], classes, "class");
		if (is_context(tb->t, w[2]))
			lfr_fail(tb, "a guard row names a lock class, not a context:", w[2], NULL);
		/* mode init: the guard initialises the lock, no section */
		if (strcmp(w[3], "init"))
			oneof(tb, w[3], lock_modes, "mode");
		oneof(tb, w[4], lock_variants, "variant");
		if (strncmp(w[5], "include/", 8) || strlen(w[5]) < 11 ||
		    strcmp(w[5] + strlen(w[5]) - 2, ".h") || strstr(w[5], "..") ||
		    strspn(w[5], "abcdefghijklmnopqrstuvwxyz0123456789_-./") != strlen(w[5]))
			lfr_fail(tb, "header must be a plain include/...h path:", w[5], NULL);
		f = (struct lfr_sourceform){ w[0], w[1], w[2], w[3], w[4], w[5] };
	}
	/* guards and calls are two name spaces: guard(mutex_init), mutex_init() */
	key = n == 6 ? lfr_xstrndup("guard(", 6) : NULL;
	if (key) {
		key = lfr_xrealloc(key, strlen(w[0]) + 8);
		sprintf(key + 6, "%s)", w[0]);
	}
	lfr_once(tb, key ? key : w[0], 0, "");
	free(key);
	PUSH(&tb->t->sourceforms, f);
}

const struct lfr_sourceform *lfr_guard_form(const struct lfr_tables *t,
					       const char *name)
{
	for (size_t i = 0; i < t->sourceforms.n; i++)
		if (t->sourceforms.v[i].cls && !strcmp(t->sourceforms.v[i].name, name))
			return &t->sourceforms.v[i];
	return NULL;
}

/* A primitives.tbl row of a guard's constructor or destructor (api
 * "guard(NAME)", a lock class) and the guard row of NAME agree. */
static void end_sourceforms(struct table *tb)
{
	const struct lfr_tables *t = tb->t;

	for (size_t i = 0; i < t->primitives.n; i++) {
		const struct lfr_primitive *p = &t->primitives.v[i];
		const struct lfr_sourceform *g;
		size_t n = strlen(p->api);
		char *name;

		if (strncmp(p->api, "guard(", 6) || p->api[n - 1] != ')' ||
		    is_context(t, p->cls))
			continue;
		name = lfr_xstrndup(p->api + 6, n - 7);
		g = lfr_guard_form(t, name);
		if (!g || strcmp(g->cls, p->cls) ||
		    strcmp(g->mode, strcmp(p->action, "init") ? p->mode : "init"))
			tb->die("%s: guard '%s' of primitives.tbl:%d (%s %s) has no guard row of that class and mode",
				tb->path, name, p->line, p->cls, p->mode);
		free(name);
	}
}

/* ---- lockclasses.tbl: CLASS IDENTITY ---- */
static void row_lockclass(struct table *tb, const char *line)
{
	char *w[1];
	const char *rest;
	size_t n;

	if (lfr_split(line, w, 1) < 2)
		lfr_fail(tb, "expected: lockdep class name, then a lock identity", NULL, NULL);
	rest = strstr(line, w[0]) + strlen(w[0]);
	rest += strspn(rest, " \t");
	n = strlen(rest);
	while (n && strchr(" \t\r", rest[n - 1]))
		n--;
	lfr_once(tb, w[0], 0, "");
	PUSH(&tb->t->lockclasses, ((struct lfr_lockclass){ w[0], lfr_xstrndup(rest, n) }));
}

/* ---- entrypoints.tbl: kind name arg exec preempt sleep temp ---- */
static int slot_name(const char *s)
{
	const char *dot = strchr(s, '.');

	return dot && lfr_identifier(s, dot - s) &&
	       lfr_identifier(dot + 1, strlen(dot + 1));
}

/* ".init.text": a dot, then lower-case letters, digits, dots, '_' */
static int section_name(const char *s)
{
	return s[0] == '.' && s[1] &&
	       strspn(s, ".abcdefghijklmnopqrstuvwxyz0123456789_") == strlen(s);
}

/* user NAME - - - - -: an entry (a slot, a macro) user space triggers;
 * config NAME - - - - -: one that registers, tears down or configures */
static void tag_row(struct table *tb, struct lfr_entry *e)
{
	char *key;

	if (!slot_name(e->name) && !lfr_identifier(e->name, strlen(e->name)))
		lfr_fail(tb, "expected an entry (struct.field or a macro), not",
		     e->name, NULL);
	if (strcmp(e->arg, "-") || strcmp(e->exec, "-") || strcmp(e->preempt, "-") ||
	    strcmp(e->sleep, "-") || strcmp(e->temp, "-"))
		lfr_fail(tb, "a user or config row says nothing but its entry: '-' "
		     "in the other columns of", e->name, NULL);
	key = lfr_xrealloc(NULL, strlen(e->kind) + strlen(e->name) + 2);
	sprintf(key, "%s %s", e->kind, e->name);
	lfr_once(tb, key, 0, "");
	free(key);
	PUSH(&tb->t->entries, *e);
}

static void row_entry(struct table *tb, const char *line)
{
	char *w[7], *key;
	struct lfr_entry e;
	size_t n;

	if (lfr_split(line, w, 7) != 7)
		lfr_fail(tb, "expected 7 columns: kind name arg exec preempt sleep temp",
		     NULL, NULL);
	e = (struct lfr_entry){ w[0], w[1], w[2], w[3], w[4], w[5], w[6],
				tb->lineno };
	oneof(tb, e.kind, entry_kinds, "kind");
	if (!strcmp(e.kind, "user") || !strcmp(e.kind, "config")) {
		tag_row(tb, &e);
		return;
	}
	/* a registration call may be a family: register_trace_* */
	n = strlen(e.name);
	if (!strcmp(e.kind, "call") && n > 1 && e.name[n - 1] == '*')
		n--;
	if (!strcmp(e.kind, "slot") ? !slot_name(e.name) :
	    !lfr_identifier(e.name, n))
		lfr_fail(tb, !strcmp(e.kind, "slot") ? "expected struct.field, not" :
		     "expected an identifier, not", e.name, NULL);
	if (!strcmp(e.kind, "role") && !lfr_identifier(e.arg, strlen(e.arg)))
		lfr_fail(tb, "expected what the function is (teardown), not",
		     e.arg, NULL);
	if ((!strcmp(e.kind, "slot") || !strcmp(e.kind, "function")) &&
	    strcmp(e.arg, "-"))
		lfr_fail(tb, "a slot or function takes no argument: '-', not", e.arg,
		     NULL);
	if (!strcmp(e.kind, "call") && (!digits(e.arg) || atoi(e.arg) < 1 ||
					atoi(e.arg) > 16))
		lfr_fail(tb, "expected the handler's argument, 1 to 16, not", e.arg,
		     NULL);
	if (!strcmp(e.kind, "macro") && !lfr_identifier(e.arg, strlen(e.arg)))
		lfr_fail(tb, "expected the prefix of the functions it defines, not",
		     e.arg, NULL);
	if (!strcmp(e.kind, "section") && !section_name(e.arg))
		lfr_fail(tb, "expected a section name (.init.text), not", e.arg, NULL);
	oneof(tb, e.exec, execs, "exec");	/* (execs has "-") */
	oneof(tb, e.preempt, " yes no -", "preempt");
	oneof(tb, e.sleep, " yes no -", "sleep");
	oneof(tb, e.temp, " hot cold unknown", "temp");
	key = lfr_xrealloc(NULL, strlen(e.name) + strlen(e.arg) + 2);
	sprintf(key, "%s %s", e.name, e.arg);
	lfr_once(tb, key, 0, "");
	free(key);
	PUSH(&tb->t->entries, e);
}

/* ---- lockcosts.tbl: type read_atomics write_atomics bytes percpu_bytes
 *      readers writer ---- */
static int small_number(struct table *tb, const char *s, int dash,
			const char *what)
{
	if (dash && !strcmp(s, "-"))
		return -1;
	if (!digits(s) || atoi(s) > 4096)
		lfr_fail(tb, what, s, NULL);
	return atoi(s);
}

static void row_lockcost(struct table *tb, const char *line)
{
	char *w[7];
	struct lfr_lockcost c;

	if (lfr_split(line, w, 7) != 7)
		lfr_fail(tb, "expected 7 columns: type read_atomics write_atomics "
		     "bytes percpu_bytes readers writer", NULL, NULL);
	if (!lfr_identifier(w[0], strlen(w[0])))
		lfr_fail(tb, "expected a type name, not", w[0], NULL);
	c = (struct lfr_lockcost){
		.type = w[0],
		.read_atomics = small_number(tb, w[1], 1,
				"expected atomics per read section (0 to 4096, or -), not"),
		.write_atomics = small_number(tb, w[2], 0,
				"expected atomics per write section (0 to 4096), not"),
		.bytes = small_number(tb, w[3], 0, "expected a size in bytes, not"),
		.percpu_bytes = small_number(tb, w[4], 0,
				"expected a size in bytes per CPU, not"),
		.readers = w[5], .writer = w[6],
	};
	oneof(tb, c.readers, " shared one", "readers");
	oneof(tb, c.writer, " plain grace-period", "writer");
	lfr_once(tb, c.type, 0, "");
	PUSH(&tb->t->lockcosts, c);
}

/* ---- bitlocks.tbl: struct NAME | reason ---- */
char *lfr_trim(const char *s, size_t n)
{
	while (n && strchr(" \t\r", *s))
		s++, n--;
	while (n && strchr(" \t\r", s[n - 1]))
		n--;
	return lfr_xstrndup(s, n);
}

/* NAME | reason, NAME once in the table */
static struct lfr_nogrow bar_row(struct table *tb, const char *line,
				 const char *expected)
{
	const char *bar = strchr(line, '|');
	struct lfr_nogrow g;

	if (!bar)
		lfr_fail(tb, expected, NULL, NULL);
	g = (struct lfr_nogrow){ lfr_trim(line, bar - line), lfr_trim(bar + 1, strlen(bar + 1)) };
	if (!*g.name || !*g.why)
		lfr_fail(tb, expected, NULL, NULL);
	lfr_once(tb, g.name, 0, "");
	return g;
}

static void row_nogrow(struct table *tb, const char *line)
{
	PUSH(&tb->t->nogrow, bar_row(tb, line, "expected 'struct NAME | reason'"));
}

/* ---- sleeping.tbl: FUNCTION | reason ---- */
static void row_sleeping(struct table *tb, const char *line)
{
	struct lfr_nogrow g = bar_row(tb, line, "expected 'function | reason'");

	if (!lfr_identifier(g.name, strlen(g.name)))
		lfr_fail(tb, "expected 'function | reason'", NULL, NULL);
	PUSH(&tb->t->sleeping, g);
}

/* ---- sharedwrites.tbl: update|not PREFIX | reason ---- */
static void row_sharedwrite(struct table *tb, const char *line)
{
	static const char expected[] = "expected 'update|not PREFIX | reason'";
	struct lfr_nogrow g = bar_row(tb, line, expected);
	char *w[2];

	if (lfr_split(g.name, w, 2) != 2 || !lfr_identifier(w[1], strlen(w[1])))
		lfr_fail(tb, expected, NULL, NULL);
	oneof(tb, w[0], " update not", "match");
	PUSH(&tb->t->sharedwrites, ((struct lfr_sharedwrite){ w[0], w[1], g.why }));
}

/*
 * The tables, in the order they are read: classes.tbl first, what the
 * others' classes are; rewrites.tbl is checked against primitives.tbl,
 * locktypes.tbl and sourceforms.tbl (PRIMITIVES, LOCKTYPES,
 * SOURCEFORMS); sourceforms.tbl against primitives.tbl.
 */
static const struct {
	const char *file;
	void (*row)(struct table *tb, const char *line);
	void (*end)(struct table *tb);
} tables[] = {
	{ "classes.tbl",	row_class,	end_classes },
	{ "primitives.tbl",	row_primitive,	end_primitives },
	{ "locktypes.tbl",	row_locktype,	NULL },
	{ "sourceforms.tbl",	row_sourceform,	end_sourceforms },
	{ "thresholds.tbl",	row_threshold,	end_thresholds },
	{ "boundedcalls.tbl",	row_bounded,	NULL },
	{ "rewrites.tbl",	lfr_row_rewrite, lfr_end_rewrites },
	{ "hotpaths.tbl",	row_hot,	NULL },
	{ "bitlocks.tbl",	row_nogrow,	NULL },
	{ "sleeping.tbl",	row_sleeping,	NULL },
	{ "sharedwrites.tbl",	row_sharedwrite, NULL },
	{ "lockclasses.tbl",	row_lockclass,	NULL },
	{ "entrypoints.tbl",	row_entry,	NULL },
	{ "lockcosts.tbl",	row_lockcost,	NULL },
	{ "rcu.tbl",		lfr_row_rcu,	NULL },
};

const char *lfr_table_file(int which)
{
	return tables[which].file;
}

void lfr_read(struct lfr_tables *t, const char *dir, lfr_die_fn die)
{
	memset(t, 0, sizeof(*t));
	t->dir = dir;
	for (size_t i = 0; i < sizeof(tables) / sizeof(tables[0]); i++) {
		struct table tb = { .t = t, .die = die };
		char *line;

		tb.path = lfr_path(dir, tables[i].file);
		tb.text = lf_read_bounded(tb.path, &tb.len);
		if (!tb.text)
			die("cannot read %s: %s (set LOCKFIT_RULES to the rules directory)",
			    tb.path, lf_read_strerror(errno));
		while ((line = next_line(&tb)))
			if (!blank_or_comment(line))
				tables[i].row(&tb, line);
		if (tables[i].end)
			tables[i].end(&tb);
		for (size_t k = 0; k < tb.nkeys; k++)
			free(tb.keys[k]);
		free(tb.keys);
		free(tb.text);
		free(tb.path);
	}
}
