// SPDX-License-Identifier: GPL-2.0
/*
 * kbuild.c - is a source file's object part of this configuration
 * (kbuild.h)?  Each directory's Kbuild (else Makefile) is read once:
 * its assignments (obj-y, obj-$(CONFIG_X), lib-y, composite foo-y and
 * foo-objs), each with the ifdef/ifeq CONFIG_ conditions around it.  An
 * object is in when one of the lines naming it has every condition on,
 * and its directory is in (named by its parent's Makefile the same way;
 * top-level directories are, but arch/OTHER).  Text only, no make: a
 * line kbuild computes ($(foreach), $(call)) is simply not found.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "coverage/kbuild.h"

/* How deep composite objects and directories are followed. */
#define KB_DEPTH 24

struct assign {
	char *var;
	struct { char **v; size_t n, cap; } words;
	struct { char **v; size_t n, cap; } conds;	/* "CONFIG_X", "!CONFIG_X" */
	int line;
};

struct mk {
	char *path;		/* relative to the tree */
	struct { struct assign *v; size_t n, cap; } as;
};

struct lf_kbuild {
	const char *tree, *archdir;
	struct strmap *config;	/* NULL: no .config */
	struct strmap *mks;	/* directory -> struct mk (path NULL: none) */
};

static char *config_word(const char *s)
{
	const char *p = strstr(s, "CONFIG_");
	size_t n = 0;

	if (!p)
		return NULL;
	while (isalnum((unsigned char)p[n]) || p[n] == '_')
		n++;
	return xasprintf("%.*s", (int)n, p);
}

static void read_config(struct lf_kbuild *kb, const char *path)
{
	char *text = lf_read_file(path, NULL);

	if (!text)
		return;
	kb->config = strmap_new();
	for (char *s = text, *nl; s && *s; s = nl) {
		char *eq;

		nl = strchr(s, '\n');
		if (nl)
			*nl++ = 0;
		eq = strchr(s, '=');
		if (!strncmp(s, "CONFIG_", 7) && eq) {
			*eq = 0;
			strmap_put(kb->config, s, xstrdup(eq + 1));
		}
	}
	free(text);
}

struct lf_kbuild *lf_kbuild_open(const char *tree, const char *config,
				 const char *archdir)
{
	struct lf_kbuild *kb = xcalloc(1, sizeof(*kb));

	kb->tree = tree;
	kb->archdir = archdir;
	kb->mks = strmap_new();
	if (config)
		read_config(kb, config);
	return kb;
}

bool lf_kbuild_config_on(struct lf_kbuild *kb, const char *sym)
{
	const char *v = kb->config ? strmap_get(kb->config, sym) : NULL;

	return v && (!strcmp(v, "y") || !strcmp(v, "m"));
}

static void parse_line(struct mk *m, char *s, int line,
		       struct assign *stack, size_t depth)
{
	char *eq = strchr(s, '='), *op, *v, *e;
	struct assign a = { .line = line };

	if (!eq || eq == s)
		return;
	op = strchr("+:?", eq[-1]) ? eq - 1 : eq;
	for (e = op; e > s && isspace((unsigned char)e[-1]); e--)
		;
	if (e == s || memchr(s, ' ', e - s) || memchr(s, '\t', e - s))
		return;		/* not "VAR op value" */
	a.var = xasprintf("%.*s", (int)(e - s), s);
	v = eq + 1;
	for (char *w = strtok(v, " \t"); w; w = strtok(NULL, " \t"))
		VEC_PUSH(&a.words, xstrdup(w));
	for (size_t i = 0; i < depth; i++)
		for (size_t k = 0; k < stack[i].conds.n; k++)
			VEC_PUSH(&a.conds, stack[i].conds.v[k]);
	VEC_PUSH(&m->as, a);
}

/* An if line: its condition ("CONFIG_X" or "!CONFIG_X"), or none. */
static void if_cond(struct assign *frame, const char *kw, const char *rest)
{
	char *sym = config_word(rest);
	bool pos;

	memset(frame, 0, sizeof(*frame));
	if (!sym)
		return;
	if (!strcmp(kw, "ifdef") || !strcmp(kw, "ifndef"))
		pos = !strcmp(kw, "ifdef");
	else {
		/* ifeq ($(CONFIG_X),y) on; ifeq ($(CONFIG_X),) off */
		bool empty = strstr(rest, ",)") || strstr(rest, ", )") ||
			     strstr(rest, "\"\"");

		pos = !strcmp(kw, "ifeq") ? !empty : empty;
	}
	VEC_PUSH(&frame->conds, pos ? sym : xasprintf("!%s", sym));
}

static struct mk *mk_of(struct lf_kbuild *kb, const char *dir)
{
	static const char *const names[] = { "Kbuild", "Makefile" };
	struct mk *m = strmap_get(kb->mks, dir);
	struct assign stack[32];
	size_t depth = 0;
	char *text = NULL;
	int line = 0;

	if (m)
		return m->path ? m : NULL;
	m = xcalloc(1, sizeof(*m));
	strmap_put(kb->mks, dir, m);
	for (size_t i = 0; i < ARRAY_SIZE(names) && !text; i++) {
		char *p = xasprintf("%s/%s/%s", kb->tree, dir, names[i]);

		text = lf_read_file(p, NULL);
		if (text)
			m->path = xasprintf("%s/%s", dir, names[i]);
		free(p);
	}
	if (!text)
		return NULL;
	for (char *s = text, *nl; s && *s; s = nl) {
		int at = ++line;
		char *e, *h, kw[8];

		nl = strchr(s, '\n');
		/* continuation lines: one logical line */
		while (nl && nl > s && nl[-1] == '\\') {
			nl[-1] = ' ';
			*nl = ' ';
			line++;
			nl = strchr(nl, '\n');
		}
		if (nl)
			*nl++ = 0;
		h = strchr(s, '#');
		if (h)
			*h = 0;
		while (isspace((unsigned char)*s))
			s++;
		e = s + strlen(s);
		while (e > s && isspace((unsigned char)e[-1]))
			*--e = 0;
		if (sscanf(s, "%7s", kw) != 1)
			continue;
		if (!strcmp(kw, "ifdef") || !strcmp(kw, "ifndef") ||
		    !strcmp(kw, "ifeq") || !strcmp(kw, "ifneq")) {
			if (depth < ARRAY_SIZE(stack))
				if_cond(&stack[depth], kw, s + strlen(kw));
			depth++;
		} else if (!strcmp(kw, "else")) {
			/* the opposite of what the if said */
			if (depth && depth <= ARRAY_SIZE(stack) &&
			    stack[depth - 1].conds.n == 1) {
				char *c = stack[depth - 1].conds.v[0];

				stack[depth - 1].conds.v[0] = *c == '!' ?
					xstrdup(c + 1) : xasprintf("!%s", c);
			}
		} else if (!strcmp(kw, "endif")) {
			if (depth)
				depth--;
		} else {
			parse_line(m, s, at, stack, depth < ARRAY_SIZE(stack) ?
				   depth : ARRAY_SIZE(stack));
		}
	}
	free(text);
	return m;
}

static char *dirname_of(const char *file)
{
	const char *slash = strrchr(file, '/');

	return slash ? xasprintf("%.*s", (int)(slash - file), file) : xstrdup("");
}

static enum lf_kb_state resolve(struct lf_kbuild *kb, const char *dir,
				const char *target, int depth, char **why);

/* Is directory DIR reached from the top? */
static enum lf_kb_state dir_state(struct lf_kbuild *kb, const char *dir,
				  int depth, char **why)
{
	char *parent, *base;
	enum lf_kb_state s;

	if (!strncmp(dir, "arch/", 5) && !strchr(dir + 5, '/')) {
		if (!kb->archdir) {
			*why = xasprintf("%s: the build's architecture is not known", dir);
			return LF_KB_UNKNOWN;
		}
		if (strcmp(dir + 5, kb->archdir)) {
			*why = xasprintf("%s is another architecture (this build: %s)",
					 dir, kb->archdir);
			return LF_KB_OFF;
		}
		return LF_KB_ON;
	}
	if (!strchr(dir, '/'))
		return LF_KB_ON;	/* the top Makefile's core-y, drivers-y... */
	parent = dirname_of(dir);
	base = xasprintf("%s/", strrchr(dir, '/') + 1);
	s = resolve(kb, parent, base, depth + 1, why);
	free(parent);
	free(base);
	return s;
}

/* Why condition C of assignment A in M keeps it out; NULL if on. */
static char *cond_off(struct lf_kbuild *kb, const struct mk *m,
		      const struct assign *a, const char *c, const char *target,
		      enum lf_kb_state *st)
{
	bool neg = *c == '!', on = lf_kbuild_config_on(kb, c + neg);

	if (!kb->config) {
		*st = LF_KB_UNKNOWN;
		return xasprintf("needs %s%s (%s:%d: %s += %s); no .config to "
				 "tell", neg ? "no " : "", c + neg, m->path,
				 a->line, a->var, target);
	}
	if (on != neg)
		return NULL;
	*st = LF_KB_OFF;
	return xasprintf("%s is %s in this configuration (%s:%d: %s += %s)",
			 c + neg, neg ? "on" : "off", m->path, a->line, a->var,
			 target);
}

/* One assignment naming TARGET: its state. */
static enum lf_kb_state assign_state(struct lf_kbuild *kb, const char *dir,
				     const struct mk *m, const struct assign *a,
				     const char *target, int depth, char **why)
{
	const char *dash = strrchr(a->var, '-'), *dollar = strchr(a->var, '$');
	const char *suffix;
	char *prefix, *sym = NULL, *w;
	enum lf_kb_state st = LF_KB_ON;

	if (!dash || (dollar && dollar < dash))
		return LF_KB_UNKNOWN;	/* a name kbuild computes */
	prefix = xasprintf("%.*s", (int)(dash - a->var), a->var);
	suffix = dash + 1;
	if (strcmp(suffix, "y") && strcmp(suffix, "m") && strcmp(suffix, "objs")) {
		sym = config_word(suffix);
		if (!sym || strncmp(suffix, "$(", 2)) {
			free(prefix);
			*why = xasprintf("%s:%d: %s: a condition kbuild computes",
					 m->path, a->line, a->var);
			return LF_KB_UNKNOWN;
		}
	}
	for (size_t i = 0; i <= a->conds.n; i++) {
		const char *c = i < a->conds.n ? a->conds.v[i] : sym;

		if (c && (w = cond_off(kb, m, a, c, target, &st))) {
			*why = w;
			free(prefix);
			return st;
		}
	}
	if (!strcmp(prefix, "obj") || !strcmp(prefix, "lib"))
		st = dir_state(kb, dir, depth, why);
	else if (!strcmp(prefix, "subdir") || !strcmp(prefix, "extra") ||
		 !strcmp(prefix, "always") || !strcmp(prefix, "targets") ||
		 strstr(prefix, "flags")) {
		st = LF_KB_UNKNOWN;	/* not an object of the build */
		*why = xasprintf("%s:%d: %s: not an object list", m->path,
				 a->line, a->var);
	} else {
		/* a composite object: foo-y += x.o makes foo.o */
		char *composite = xasprintf("%s.o", prefix);

		st = resolve(kb, dir, composite, depth + 1, why);
		free(composite);
	}
	free(prefix);
	return st;
}

static enum lf_kb_state resolve(struct lf_kbuild *kb, const char *dir,
				const char *target, int depth, char **why)
{
	struct mk *m;
	enum lf_kb_state best = LF_KB_UNKNOWN;
	char *first_off = NULL, *first_unknown = NULL;
	bool any = false;

	if (depth > KB_DEPTH) {
		*why = xasprintf("%s/%s: kbuild nesting too deep", dir, target);
		return LF_KB_UNKNOWN;
	}
	m = mk_of(kb, dir);
	for (size_t i = 0; m && i < m->as.n && best != LF_KB_ON; i++) {
		const struct assign *a = &m->as.v[i];
		char *w = NULL;
		enum lf_kb_state s;
		bool named = false;

		for (size_t k = 0; k < a->words.n && !named; k++)
			named = !strcmp(a->words.v[k], target);
		if (!named)
			continue;
		s = assign_state(kb, dir, m, a, target, depth, &w);
		any |= s != LF_KB_UNKNOWN || w;
		if (s == LF_KB_ON)
			best = LF_KB_ON;
		else if (s == LF_KB_OFF && !first_off)
			first_off = w;
		else if (s == LF_KB_UNKNOWN && !first_unknown)
			first_unknown = w;
	}
	if (best == LF_KB_ON)
		return LF_KB_ON;
	/* off only when every line naming it is off */
	if (first_off && !first_unknown) {
		*why = first_off;
		return LF_KB_OFF;
	}
	if (first_unknown || first_off) {
		*why = first_unknown ? first_unknown : first_off;
		return LF_KB_UNKNOWN;
	}
	*why = !m ? xasprintf("no kbuild Makefile in %s/", *dir ? dir : ".") :
	       !any ? xasprintf("%s names no %s", m->path, target) :
	       xasprintf("%s: %s not resolved", m->path, target);
	return LF_KB_UNKNOWN;
}

enum lf_kb_state lf_kbuild_state(struct lf_kbuild *kb, const char *file,
				 char **why)
{
	const char *base = strrchr(file, '/');
	size_t n = strlen(file);
	char *dir, *obj;
	enum lf_kb_state s;

	*why = NULL;
	if (n < 3 || strcmp(file + n - 2, ".c")) {
		*why = xstrdup("not a .c file");
		return LF_KB_UNKNOWN;
	}
	dir = dirname_of(file);
	base = base ? base + 1 : file;
	obj = xasprintf("%.*s.o", (int)(strlen(base) - 2), base);
	s = resolve(kb, dir, obj, 0, why);
	free(dir);
	free(obj);
	return s;
}
