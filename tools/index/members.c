// SPDX-License-Identifier: GPL-2.0
/*
 * members.c - the typed half of a member lock's index (pass.h): every
 * access of its field in the files naming its type, kept when spatch
 * (spatch.c) types it as the lock's struct, listed unresolved when it
 * cannot tell; and the field's declaration in the struct's body.
 */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "index/classify.h"
#include "index/clex.h"
#include "index/index.h"
#include "index/pass.h"
#include "index/spatch.h"
#include "lib/strv.h"

/* Note the lock class the declaration whose name is at O of T gives L:
 * the type words from the statement's start up to the name. */
static void decl_class(struct lf_ilock *l, const char *t, size_t o)
{
	size_t s = o, e = lf_c_back_space(t, o);
	const char *cls;
	char *type;

	while (s && !strchr(";{}", t[s - 1]))
		s--;
	while (s < e && isspace((unsigned char)t[s]))
		s++;
	type = xasprintf("%.*s", (int)(e - s), t + s);
	for (char *p = type; *p; p++)
		if (isspace((unsigned char)*p))
			*p = ' ';
	cls = lf_use_type_class(type);
	free(type);
	if (!l->cls)
		l->cls = cls ? cls : "";
	else if (!cls || strcmp(l->cls, cls))
		l->cls = "";
}

/* The member's declaration: PATH's first name at the top of the body of
 * "struct TAG {" (or "union TAG {") in FILE. */
static void member_decl(struct lf_index *ix, struct lf_ilock *l, const char *file)
{
	struct lf_ftext *f = lf_index_text(ix, file);
	const char *t = f->text, *kw = strncmp(l->type, "union ", 6) ? "struct" : "union";
	size_t tn = strlen(l->tag), wn = strlen(l->word);

	if (!strchr(l->type, ' '))
		return;		/* a typedef name: its body is not found by name */
	for (const char *p = strstr(t, kw); p; p = strstr(p + 1, kw)) {
		const char *q = p + strlen(kw);
		int depth = 0;

		if ((p > t && lf_c_ident_char((unsigned char)p[-1])) || !isspace((unsigned char)*q))
			continue;
		while (isspace((unsigned char)*q))
			q++;
		if (strncmp(q, l->tag, tn) || lf_c_ident_char((unsigned char)q[tn]))
			continue;
		q += tn;
		while (isspace((unsigned char)*q))
			q++;
		if (*q != '{')
			continue;
		for (const char *r = q; *r; r++) {
			if (*r == '{')
				depth++;
			else if (*r == '}' && !--depth)
				break;
			else if (depth >= 1 && !strncmp(r, l->word, wn) &&
				 !lf_c_ident_char((unsigned char)r[-1]) &&
				 !lf_c_ident_char((unsigned char)r[wn])) {
				const char *a = r + wn;
				size_t o = r - t, line;

				while (*a == ' ' || *a == '\t')
					a++;
				if (!strchr(";[,:", *a) && strncmp(a, "__", 2))
					continue;
				for (line = f->nlines; f->lines[line - 1] > o; line--)
					;
				if (lf_c_in_comment(t, f->lines[line - 1], o))
					continue;
				decl_class(l, t, o);
				lf_index_add_use(l, file, line, o - f->lines[line - 1] + 1,
						 LF_USE_DECL, false, NULL, NULL);
			}
		}
	}
}

/* Parse spatch's "T FILE LINE COL TYPE" lines of the run of PATH into
 * TYPED: "PATH FILE:LINE:COL" (COL 1-based) -> type. */
static void typed_lines(char *out, const char *path, struct strmap *typed)
{
	for (char *s = out, *nl; s && *s; s = nl) {
		char file[PATH_MAX], type[256];
		int line, col;

		nl = strchr(s, '\n');
		if (nl)
			*nl++ = 0;
		if (sscanf(s, "T %4095s %d %d %255[^\n]", file, &line, &col, type) == 4) {
			char *key = xasprintf("%s %s:%d:%d", path, file, line, col + 1);

			strmap_put(typed, key, xstrdup(type));
			free(key);
		}
	}
}

/* The spatch job of member path PATH (one per path), made if new. */
static struct lf_tjob *job_of(struct lf_tjob **jobs, size_t *n, size_t *cap,
			      const char *path)
{
	for (size_t i = 0; i < *n; i++)
		if (!strcmp((*jobs)[i].path, path))
			return &(*jobs)[i];
	if (*n == *cap) {
		*cap = *cap ? 2 * *cap : 16;
		*jobs = xrealloc(*jobs, *cap * sizeof(**jobs));
	}
	memset(&(*jobs)[*n], 0, sizeof(**jobs));
	(*jobs)[*n].path = path;
	return &(*jobs)[(*n)++];
}

/* Lock K if it is an indexed member, else NULL. */
static struct lf_ilock *member_lock(struct lf_index *ix, size_t k)
{
	struct lf_ilock *l = &ix->locks[k];

	return l->kind == LF_IK_member && l->indexed ? l : NULL;
}

/* An access of a lock's field: its line, its column, its offset. */
struct access {
	size_t line, col, o;
};

/* Every access (".WORD", "->WORD", not in a comment) of L's word in F. */
static size_t accesses(const struct lf_ilock *l, const struct lf_ftext *f,
		       struct access **out)
{
	size_t wn = strlen(l->word), n = 0, cap = 0;

	*out = NULL;
	for (size_t ln = 1; ln <= f->nlines; ln++) {
		size_t bol = f->lines[ln - 1];
		size_t eol = ln < f->nlines ? f->lines[ln] : f->len;

		for (size_t o = bol; o + wn <= eol; o++) {
			size_t b;

			if (strncmp(f->text + o, l->word, wn) ||
			    (o > bol && lf_c_ident_char((unsigned char)f->text[o - 1])) ||
			    lf_c_ident_char((unsigned char)f->text[o + wn]))
				continue;
			b = lf_c_back_space(f->text, o);
			if (!((b >= 2 && !strncmp(f->text + b - 2, "->", 2)) ||
			      (b >= 1 && f->text[b - 1] == '.')) ||
			    lf_c_in_comment(f->text, bol, o))
				continue;
			if (n == cap) {
				cap = cap ? 2 * cap : 16;
				*out = xrealloc(*out, cap * sizeof(**out));
			}
			(*out)[n++] = (struct access){ ln, o - bol + 1, o };
		}
	}
	return n;
}

/* Is the word at O of T reached as ".PREFIX." from a "." or "->"
 * ("x->n.m.lock" for prefix "n.m")? */
static bool chain_before(const char *t, size_t o, const char *prefix)
{
	const char *end = prefix + strlen(prefix);
	size_t i = o;

	while (end > prefix) {
		const char *b = end;
		size_t wn;

		while (b > prefix && b[-1] != '.')
			b--;
		wn = end - b;
		i = lf_c_back_space(t, i);
		if (!i || t[i - 1] != '.')
			return false;
		i = lf_c_back_space(t, i - 1);
		if (i < wn || strncmp(t + i - wn, b, wn) ||
		    (i > wn && lf_c_ident_char((unsigned char)t[i - wn - 1])))
			return false;
		i -= wn;
		end = b > prefix ? b - 1 : prefix;
	}
	i = lf_c_back_space(t, i);
	return (i >= 1 && t[i - 1] == '.') || (i >= 2 && !strncmp(t + i - 2, "->", 2));
}

/* Does FILE name WORD (outside comments)?  Remembered in NAMES. */
static bool names(struct lf_index *ix, struct strmap *memo, const char *file,
		  const char *word)
{
	char *key = xasprintf("%s %s", word, file);
	long v = (long)strmap_get(memo, key);

	if (!v) {
		struct lf_ftext *f = lf_index_text(ix, file);
		size_t wn = strlen(word), ln = 1;

		v = 1;
		for (size_t o = 0; o + wn <= f->len && v == 1; o++) {
			while (ln < f->nlines && f->lines[ln] <= o)
				ln++;
			if (!strncmp(f->text + o, word, wn) &&
			    (!o || !lf_c_ident_char((unsigned char)f->text[o - 1])) &&
			    !lf_c_ident_char((unsigned char)f->text[o + wn]) &&
			    !lf_c_in_comment(f->text, f->lines[ln - 1], o))
				v = 2;
		}
		strmap_put(memo, key, (void *)v);
	}
	free(key);
	return v == 2;
}

/* The files a chain of L must type: those with an access reached
 * through it, naming its outer struct. */
static void chain_files(struct lf_index *ix, struct lf_ilock *l,
			const struct lf_chains *c, const char *file,
			struct strmap *memo, struct lf_tjob **jobs, size_t *n,
			size_t *cap)
{
	struct lf_ftext *f = lf_index_text(ix, file);
	struct access *a;
	size_t na = accesses(l, f, &a);

	for (size_t i = 0; i < c->n; i++)
		for (size_t k = 0; k < na; k++)
			if (chain_before(f->text, a[k].o, c->v[i].prefix) &&
			    names(ix, memo, file, c->v[i].tag)) {
				lf_strv_add_unique(&job_of(jobs, n, cap, c->v[i].path)->files,
						   file);
				break;
			}
	free(a);
}

/*
 * Is access A of L's field in F the argument of a lock call of another
 * class than the field's declarations give (mutex_lock(&x->lock) where
 * the field is a rwlock_t)?  Then it is some other struct's field.
 */
static bool foreign_call(const struct lf_ilock *l, const struct lf_ftext *f,
			 const struct access *a)
{
	const char *call = NULL, *mode = NULL, *cls;

	if (!l->cls || !*l->cls)
		return false;
	lf_use_classify(f->text, f->lines[a->line - 1], a->o, a->o + strlen(l->word),
			true, &call, &mode);
	cls = lf_use_call_class(call);
	return cls && strcmp(cls, l->cls);
}

/* The expression of access A ("mlxsw_sp->router->lock"), blanks out. */
static char *access_expr(const struct lf_ilock *l, const struct lf_ftext *f,
			 const struct access *a)
{
	size_t s = lf_c_expr_start(f->text, a->o), e = a->o + strlen(l->word);
	char *x = xmalloc(e - s + 1), *p = x;

	for (size_t i = s; i < e; i++)
		if (!isspace((unsigned char)f->text[i]))
			*p++ = f->text[i];
	*p = 0;
	return x;
}

/* The expressions of F's accesses A[0..N) that a lock call of another
 * class takes (foreign_call): the same expression elsewhere in F, in
 * lockdep_assert_held() or mutex_destroy(), is that other lock too. */
static void foreign_exprs(const struct lf_ilock *l, const struct lf_ftext *f,
			  const struct access *a, size_t n, struct lf_strv *out)
{
	for (size_t k = 0; k < n; k++)
		if (foreign_call(l, f, &a[k])) {
			char *x = access_expr(l, f, &a[k]);

			lf_strv_add_unique(out, x);
			free(x);
		}
}

/* Is the untyped access A of L in F another lock's, by foreign_exprs()? */
static bool foreign_access(const struct lf_ilock *l, const struct lf_ftext *f,
			   const struct access *a, const struct lf_strv *foreign)
{
	char *x;
	bool r;

	if (!foreign->n)
		return false;
	x = access_expr(l, f, a);
	r = lf_strv_has(foreign, x);
	free(x);
	return r;
}

static const char *typed_as(struct strmap *typed, const char *path,
			    const char *file, const struct access *a)
{
	char *key = xasprintf("%s %s:%zu:%zu", path, file, a->line, a->col);
	const char *type = strmap_get(typed, key);

	free(key);
	return type;
}

/*
 * Every access of L's field in FILE: the lock's type (a use), another
 * type (not one), or none spatch could tell.  Untyped: through one of
 * its chains, typed as the chain's struct (a use) or not; else a use
 * unresolved in a file NAMED (naming the lock's struct) or reached
 * through a chain whose struct the file names.  False if FILE, not
 * NAMED, has an access none of this tells (not examined).
 */
static bool file_accesses(struct lf_index *ix, struct lf_ilock *l,
			  const struct lf_chains *c, const char *file,
			  bool named, struct strmap *typed, struct strmap *memo)
{
	struct lf_ftext *f = lf_index_text(ix, file);
	struct access *a;
	size_t na = accesses(l, f, &a);
	bool all = true;
	struct lf_strv foreign = { 0 };

	foreign_exprs(l, f, a, na, &foreign);
	for (size_t k = 0; k < na; k++) {
		const char *type = typed_as(typed, l->path, file, &a[k]);
		const struct lf_chain *hit = NULL;
		bool through = false, untyped = false;

		if (type) {
			if (!strcmp(type, l->type))
				lf_index_use_at(ix, l, file, a[k].line, a[k].col, false);
			continue;
		}
		for (size_t i = 0; i < c->n && !hit; i++) {
			const char *t;

			if (!chain_before(f->text, a[k].o, c->v[i].prefix) ||
			    !names(ix, memo, file, c->v[i].tag))
				continue;
			through = true;
			t = typed_as(typed, c->v[i].path, file, &a[k]);
			if (t && !strcmp(t, c->v[i].type))
				hit = &c->v[i];
			untyped |= !t;
		}
		if (hit) {
			char *via = xasprintf("%s::%s", hit->type, hit->prefix);

			lf_index_use_at(ix, l, file, a[k].line, a[k].col, false);
			if (!lf_strv_has((struct lf_strv *)&l->vias, via))
				VEC_PUSH(&l->vias, via);
			else
				free(via);
		} else if (named || untyped) {
			if (!foreign_access(l, f, &a[k], &foreign))
				lf_index_use_at(ix, l, file, a[k].line, a[k].col, true);
		} else if (!through) {
			all = false;
		}
	}
	for (size_t i = 0; i < foreign.n; i++)
		free(foreign.v[i]);
	free(foreign.v);
	free(a);
	return all;
}

void lf_index_members(struct lf_index *ix, struct lf_ipass *ps)
{
	struct lf_strv *access = ps->access, *namedf = ps->namedf;
	struct lf_tjob *jobs = NULL, *j;
	size_t njobs = 0, cap = 0;
	struct strmap *typed = strmap_new(), *memo = strmap_new();
	struct lf_ilock *l;

	lf_index_embeds(ix, ps);
	/* one spatch per member path, over the files naming a type; and
	 * one per chain, over the files reaching the field through it */
	for (size_t k = 0; k < ix->nlocks; k++) {
		if (!(l = member_lock(ix, k)))
			continue;
		j = job_of(&jobs, &njobs, &cap, l->path);
		for (size_t i = 0; i < access[k].n; i++) {
			const char *file = strchr(access[k].v[i], ' ') + 1;

			if (strmap_get(ps->named, access[k].v[i]))
				lf_strv_add_unique(&j->files, file);
		}
	}
	for (size_t k = 0; k < ix->nlocks; k++) {
		if (!(l = member_lock(ix, k)) || !ps->chains[k].n)
			continue;
		for (size_t i = 0; i < access[k].n; i++)
			chain_files(ix, l, &ps->chains[k],
				    strchr(access[k].v[i], ' ') + 1, memo, &jobs,
				    &njobs, &cap);
	}
	for (size_t i = 0; i < njobs; i++)
		lf_strv_sort(&jobs[i].files);
	lf_index_typed(ix, jobs, njobs);
	for (size_t i = 0; i < njobs; i++) {
		ix->files_typed += jobs[i].files.n;
		if (jobs[i].out)
			typed_lines(jobs[i].out, jobs[i].path, typed);
	}
	for (size_t k = 0; k < ix->nlocks; k++) {
		if (!(l = member_lock(ix, k)))
			continue;
		j = job_of(&jobs, &njobs, &cap, l->path);
		if (j->err)
			l->why = xasprintf("spatch failed, every access is unresolved: %s",
					   j->err);
		for (size_t i = 0; i < ps->chains[k].n && !l->why; i++) {
			const struct lf_chain *c = &ps->chains[k].v[i];

			j = job_of(&jobs, &njobs, &cap, c->path);
			if (j->err)
				l->why = xasprintf("spatch failed, the accesses through "
						   "%s::%s are unresolved: %s", c->type,
						   c->prefix, j->err);
		}
		for (size_t i = 0; i < namedf[k].n; i++)
			member_decl(ix, l, namedf[k].v[i]);
		for (size_t i = 0; i < access[k].n; i++) {
			const char *file = strchr(access[k].v[i], ' ') + 1;
			bool named = strmap_get(ps->named, access[k].v[i]);

			/* without chains, as ever: a file not naming the struct
			 * is not examined */
			if ((!named && !ps->chains[k].n) ||
			    !file_accesses(ix, l, &ps->chains[k], file, named,
					   typed, memo))
				VEC_PUSH(&l->unexamined, xstrdup(file));
		}
		lf_strv_sort((struct lf_strv *)&l->unexamined);
	}
	free(jobs);
}
