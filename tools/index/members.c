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
#include "index/clex.h"
#include "index/index.h"
#include "index/pass.h"
#include "index/spatch.h"
#include "lib/strv.h"

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
				lf_index_add_use(l, file, line, o - f->lines[line - 1] + 1,
						 LF_USE_DECL, false, NULL, NULL);
			}
		}
	}
}

/* Parse spatch's "T FILE LINE COL TYPE" lines into TYPED: "FILE:LINE:COL"
 * (COL 1-based) -> type. */
static void typed_lines(char *out, struct strmap *typed)
{
	for (char *s = out, *nl; s && *s; s = nl) {
		char file[PATH_MAX], type[256];
		int line, col;

		nl = strchr(s, '\n');
		if (nl)
			*nl++ = 0;
		if (sscanf(s, "T %4095s %d %d %255[^\n]", file, &line, &col, type) == 4) {
			char *key = xasprintf("%s:%d:%d", file, line, col + 1);

			strmap_put(typed, key, xstrdup(type));
			free(key);
		}
	}
}

/* The spatch job of member path PATH (one per path), or NULL. */
static struct lf_tjob *job_of(struct lf_tjob *jobs, size_t n, const char *path)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(jobs[i].path, path))
			return &jobs[i];
	return NULL;
}

/* Lock K if it is an indexed member, else NULL. */
static struct lf_ilock *member_lock(struct lf_index *ix, size_t k)
{
	struct lf_ilock *l = &ix->locks[k];

	return l->kind == LF_IK_member && l->indexed ? l : NULL;
}

/* Every access of L's field in FILE: the lock's type (a use), another
 * type (not one), or none spatch could tell (unresolved). */
static void file_accesses(struct lf_index *ix, struct lf_ilock *l,
			  const char *file, struct strmap *typed)
{
	struct lf_ftext *f = lf_index_text(ix, file);
	size_t wn = strlen(l->word);

	for (size_t ln = 1; ln <= f->nlines; ln++) {
		size_t bol = f->lines[ln - 1];
		size_t eol = ln < f->nlines ? f->lines[ln] : f->len;

		for (size_t o = bol; o + wn <= eol; o++) {
			size_t b;
			char *key;
			const char *type;

			if (strncmp(f->text + o, l->word, wn) ||
			    (o > bol && lf_c_ident_char((unsigned char)f->text[o - 1])) ||
			    lf_c_ident_char((unsigned char)f->text[o + wn]))
				continue;
			b = lf_c_back_space(f->text, o);
			if (!((b >= 2 && !strncmp(f->text + b - 2, "->", 2)) ||
			      (b >= 1 && f->text[b - 1] == '.')) ||
			    lf_c_in_comment(f->text, bol, o))
				continue;
			key = xasprintf("%s:%zu:%zu", file, ln, o - bol + 1);
			type = strmap_get(typed, key);
			free(key);
			if (!type || !strcmp(type, l->type))
				lf_index_use_at(ix, l, file, ln, o - bol + 1, !type);
		}
	}
}

void lf_index_members(struct lf_index *ix, struct lf_ipass *ps)
{
	struct lf_strv *access = ps->access, *namedf = ps->namedf;
	struct lf_tjob *jobs = xcalloc(ix->nlocks + 1, sizeof(*jobs)), *j;
	size_t njobs = 0;
	struct strmap *typed = strmap_new();
	struct lf_ilock *l;

	/* one spatch per member path, over the files naming a type */
	for (size_t k = 0; k < ix->nlocks; k++) {
		if (!(l = member_lock(ix, k)))
			continue;
		if (!(j = job_of(jobs, njobs, l->path))) {
			j = &jobs[njobs++];
			j->path = l->path;
		}
		for (size_t i = 0; i < access[k].n; i++) {
			const char *file = strchr(access[k].v[i], ' ') + 1;

			if (strmap_get(ps->named, access[k].v[i]))
				lf_strv_add_unique(&j->files, file);
			else
				VEC_PUSH(&l->unexamined, xstrdup(file));
		}
	}
	for (size_t i = 0; i < njobs; i++)
		lf_strv_sort(&jobs[i].files);
	for (size_t k = 0; k < ix->nlocks; k++)
		lf_strv_sort((struct lf_strv *)&ix->locks[k].unexamined);
	lf_index_typed(ix, jobs, njobs);
	for (size_t i = 0; i < njobs; i++) {
		ix->files_typed += jobs[i].files.n;
		if (jobs[i].out)
			typed_lines(jobs[i].out, typed);
	}
	for (size_t k = 0; k < ix->nlocks; k++) {
		if (!(l = member_lock(ix, k)))
			continue;
		j = job_of(jobs, njobs, l->path);
		if (j->err)
			l->why = xasprintf("spatch failed, every access is unresolved: %s",
					   j->err);
		for (size_t i = 0; i < namedf[k].n; i++)
			member_decl(ix, l, namedf[k].v[i]);
		for (size_t i = 0; i < access[k].n; i++)
			if (strmap_get(ps->named, access[k].v[i]))
				file_accesses(ix, l, strchr(access[k].v[i], ' ') + 1,
					      typed);
	}
	free(jobs);
}
