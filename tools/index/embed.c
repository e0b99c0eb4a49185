// SPDX-License-Identifier: GPL-2.0
/*
 * embed.c - the structs embedding a member lock's struct (pass.h): a
 * "struct A m;" in the body of struct B makes B's "x->m.lock" the lock
 * of struct A, and a "struct B n;" in struct C's body C's "y.n.m.lock",
 * up to EMBED_DEPTH levels.  One grep per level for "struct TAG" (the
 * types of the level before), each hit kept when it declares a member
 * (not a pointer, not an array) of a named struct or union, through
 * anonymous ones that are members themselves.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "index/clex.h"
#include "index/index.h"
#include "index/pass.h"
#include "lib/strv.h"

/* struct A in B in C in D: deeper nesting is left to the invariant of
 * the coverage (a recorded site the index misses makes it unknown) */
#define EMBED_DEPTH 3
/* chains per lock: a struct embedded everywhere is not followed further */
#define EMBED_MAX 64

/* Past a comment, string, character or preprocessor line at T[I..LEN),
 * else I. */
static size_t skip(const char *t, size_t len, size_t i)
{
	if (t[i] == '/' && i + 1 < len && t[i + 1] == '*') {
		const char *e = strstr(t + i + 2, "*/");

		return e ? (size_t)(e - t) + 2 : len;
	}
	if (t[i] == '/' && i + 1 < len && t[i + 1] == '/') {
		while (i < len && t[i] != '\n')
			i++;
		return i;
	}
	if (t[i] == '"' || t[i] == '\'') {
		char q = t[i++];

		while (i < len && t[i] != q && t[i] != '\n')
			i += t[i] == '\\' ? 2 : 1;
		return i < len ? i + 1 : len;
	}
	if (t[i] == '#') {
		size_t b = i;

		while (b && (t[b - 1] == ' ' || t[b - 1] == '\t'))
			b--;
		if (b && t[b - 1] != '\n')
			return i;
		while (i < len && (t[i] != '\n' || t[i - 1] == '\\'))
			i++;
		return i;
	}
	return i;
}

/* The word ending at E (blanks before E skipped) into *W, *N; its start. */
static size_t word_before(const char *t, size_t e, const char **w, size_t *n)
{
	size_t b = lf_c_back_space(t, e), s = b;

	while (s && lf_c_ident_char((unsigned char)t[s - 1]))
		s--;
	*w = t + s;
	*n = b - s;
	return s;
}

static bool is_kw(const char *w, size_t n)
{
	return (n == 6 && !strncmp(w, "struct", 6)) || (n == 5 && !strncmp(w, "union", 5));
}

enum brace { B_OTHER, B_TAGGED, B_ANON };

/* What the '{' at T[I] opens: "struct TAG {" (its type into *TYPE),
 * "struct {" or "union {", or anything else. */
static enum brace brace_kind(const char *t, size_t i, char **type)
{
	const char *w, *k;
	size_t n, kn, s = word_before(t, i, &w, &n);

	if (!n)
		return B_OTHER;
	if (is_kw(w, n))
		return B_ANON;
	word_before(t, s, &k, &kn);
	if (!is_kw(k, kn))
		return B_OTHER;
	*type = xasprintf("%.*s %.*s", (int)kn, k, (int)n, w);
	return B_TAGGED;
}

/* The struct or union whose body holds offset O of T ("struct net"),
 * through anonymous ones that are members ("union { ... };"); NULL if
 * O is in none (a function's body, an initialiser). */
static char *outer_of(const char *t, size_t len, size_t o)
{
	struct { size_t *v; size_t n, cap; } open = { 0 };
	char *type = NULL;
	size_t depth;

	for (size_t i = 0, j; i < o; i++) {
		if ((j = skip(t, len, i)) != i) {
			i = j - 1;
			continue;
		}
		if (t[i] == '{')
			VEC_PUSH(&open, i);
		else if (t[i] == '}' && open.n)
			open.n--;
	}
	for (size_t k = open.n; k-- > 0 && !type;) {
		enum brace b = brace_kind(t, open.v[k], &type);
		size_t i = open.v[k] + 1, j;

		if (b != B_ANON)
			break;
		/* anonymous: a member only if its '}' ends a declaration */
		for (depth = 1; i < len && depth; i++) {
			if ((j = skip(t, len, i)) != i) {
				i = j - 1;
				continue;
			}
			depth += t[i] == '{';
			depth -= t[i] == '}';
		}
		while (i < len && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n'))
			i++;
		if (i >= len || t[i] != ';')
			break;
	}
	free(open.v);
	return type;
}

/* One embedding: a member MEMBER of type INNER in the body of OUTER. */
struct embed {
	char *inner, *outer, *member;
};

/* The member "struct TAG" declares at T[O] (O: the end of the type), if
 * it declares one plain member: "struct A m;", "struct A m __aligned(8);". */
static bool member_name(const char *t, size_t o, const char **m, size_t *n)
{
	const char *p = t + o, *e;

	while (*p == ' ' || *p == '\t')
		p++;
	for (e = p; lf_c_ident_char((unsigned char)*e); e++)
		;
	if (e == p)
		return false;
	*m = p;
	*n = e - p;
	while (*e == ' ' || *e == '\t')
		e++;
	return *e == ';' || *e == ',' || !strncmp(e, "__", 2);
}

/* One grep for every "struct TAG" of TYPES (or its lines, PRE, kept by
 * the textual pass); each member declaration in a struct's body found
 * into OUT. */
static void embed_level(struct lf_index *ix, const struct lf_strv *types,
			struct lf_hits *pre, struct embed **out, size_t *nout)
{
	struct lf_hits h;
	const char *s, *text;
	int line;

	if (pre) {
		h = *pre;
		*pre = (struct lf_hits){ 0 };
	} else {
		lf_index_grep_lines(ix, types, &h);
	}
	while ((s = lf_index_grep_next(&h, &line, &text))) {
		struct lf_ftext *f = lf_index_text(ix, s);

		if (line < 1 || (size_t)line > f->nlines)
			continue;
		for (size_t i = 0; i < types->n; i++) {
			const char *ty = types->v[i], *p = text;
			size_t tn = strlen(ty);

			while ((p = strstr(p, ty))) {
				size_t o = f->lines[line - 1] + (p - text);
				const char *m;
				size_t mn;
				char *outer;

				p += tn;
				if ((o && lf_c_ident_char((unsigned char)f->text[o - 1])) ||
				    o + tn > f->len || strncmp(f->text + o, ty, tn) ||
				    lf_c_ident_char((unsigned char)f->text[o + tn]) ||
				    lf_c_in_comment(f->text, f->lines[line - 1], o) ||
				    !member_name(f->text, o + tn, &m, &mn) ||
				    !(outer = outer_of(f->text, f->len, o)))
					continue;
				*out = xrealloc(*out, (*nout + 1) * sizeof(**out));
				(*out)[(*nout)++] = (struct embed){ xstrdup(ty), outer,
					xasprintf("%.*s", (int)mn, m) };
			}
		}
	}
	free(h.out);
}

void lf_index_embed_types(const struct lf_index *ix, struct lf_strv *types)
{
	for (size_t k = 0; k < ix->nlocks; k++) {
		const struct lf_ilock *l = &ix->locks[k];

		if (l->kind == LF_IK_member && l->indexed && strchr(l->type, ' '))
			lf_strv_add_unique(types, l->type);
	}
}

void lf_index_embeds(struct lf_index *ix, struct lf_ipass *ps)
{
	struct lf_strv types = { 0 }, done = { 0 };
	struct embed *e = NULL;
	size_t ne = 0;

	ps->chains = xcalloc(ix->nlocks + 1, sizeof(*ps->chains));
	lf_index_embed_types(ix, &types);
	for (int level = 0; level < EMBED_DEPTH && types.n; level++) {
		size_t from = ne;
		struct lf_strv next = { 0 };

		for (size_t i = 0; i < types.n; i++)
			lf_strv_add_unique(&done, types.v[i]);
		embed_level(ix, &types, !level && ps->have_embed0 ? &ps->embed0 :
			    NULL, &e, &ne);
		for (size_t i = from; i < ne; i++)
			if (!lf_strv_has(&done, e[i].outer))
				lf_strv_add_unique(&next, e[i].outer);
		types = next;
	}
	/* per lock: every chain up from its type, breadth first */
	for (size_t k = 0; k < ix->nlocks; k++) {
		const struct lf_ilock *l = &ix->locks[k];
		struct lf_chains *c = &ps->chains[k];

		if (l->kind != LF_IK_member || !l->indexed || !strchr(l->type, ' '))
			continue;
		for (size_t at = 0; at <= c->n && c->n < EMBED_MAX; at++) {
			const char *ty = at ? c->v[at - 1].type : l->type;
			const char *pre = at ? c->v[at - 1].prefix : NULL;
			int depth = 0;

			for (const char *d = pre; d && *d; d++)
				depth += *d == '.';
			if (pre && depth + 1 >= EMBED_DEPTH)
				continue;
			for (size_t i = 0; i < ne && c->n < EMBED_MAX; i++) {
				struct lf_chain ch;

				if (strcmp(e[i].inner, ty))
					continue;
				ch.type = e[i].outer;
				ch.tag = strchr(ch.type, ' ') + 1;
				ch.prefix = pre ? xasprintf("%s.%s", e[i].member, pre) :
					    xstrdup(e[i].member);
				ch.path = xasprintf("%s.%s", ch.prefix, l->path);
				VEC_PUSH(c, ch);
			}
		}
	}
}
