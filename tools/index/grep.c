// SPDX-License-Identifier: GPL-2.0
/*
 * grep.c - the textual pass of the use index (pass.h): one grep for
 * every lock's word (git grep in a git work tree, else grep -r), and
 * what each line it finds holds: a global's or a static's use, a
 * member's access, a file naming a member's type.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "lib/util.h"
#include "index/clex.h"
#include "index/index.h"
#include "index/pass.h"
#include "lib/proc.h"
#include "lib/strv.h"

/* Directories whose code is not kernel code: user-space copies of
 * kernel headers (tools/), documentation, host programs (scripts/). */
static const char *const skip_dirs[] = { "tools", "Documentation", "scripts" };

bool lf_index_skipped(const char *file)
{
	for (size_t i = 0; i < ARRAY_SIZE(skip_dirs); i++) {
		size_t n = strlen(skip_dirs[i]);

		if (!strncmp(file, skip_dirs[i], n) && file[n] == '/')
			return true;
	}
	return false;
}

static bool is_git(const char *tree)
{
	char *dot = xasprintf("%s/.git", tree);
	struct stat st;
	bool git = !stat(dot, &st);

	free(dot);
	return git;
}

/* One grep for every word (WHOLE: as a word): "FILE:LINE:TEXT" lines. */
static char *grep_words(struct lf_index *ix, const struct lf_strv *words,
			bool whole)
{
	struct lf_strv argv = { 0 };
	struct lf_exec r;
	char *err = NULL;
	bool git = is_git(ix->tree);

	if (git) {
		ix->grep = "git grep";
		lf_strv_add(&argv, "git");
		lf_strv_add(&argv, "grep");
		lf_strv_add(&argv, "--no-color");
		lf_strv_add(&argv, "-I");
	} else {
		ix->grep = "grep -r";
		lf_strv_add(&argv, "grep");
		lf_strv_add(&argv, "-rI");
		lf_strv_add(&argv, "--include=*.c");
		lf_strv_add(&argv, "--include=*.h");
		for (size_t i = 0; i < ARRAY_SIZE(skip_dirs); i++) {
			char *o = xasprintf("--exclude-dir=%s", skip_dirs[i]);

			lf_strv_add(&argv, o);
			free(o);
		}
	}
	lf_strv_add(&argv, whole ? "-nwF" : "-nF");
	for (size_t i = 0; i < words->n; i++) {
		lf_strv_add(&argv, "-e");
		lf_strv_add(&argv, words->v[i]);
	}
	if (git) {
		lf_strv_add(&argv, "--");
		lf_strv_add(&argv, "*.c");
		lf_strv_add(&argv, "*.h");
	} else {
		lf_strv_add(&argv, ".");
	}
	VEC_PUSH(&argv, NULL);
	lf_exec_split(&r, &err, ix->tree, (const char *const *)argv.v, NULL);
	if (r.status > 1)
		lf_die("%s in %s failed: %s", ix->grep, ix->tree,
		       lf_head(err && *err ? err : r.out, 3));
	return r.out;
}

char *lf_index_grep_fixed(struct lf_index *ix, const struct lf_strv *texts)
{
	return grep_words(ix, texts, false);
}

static void text_line(struct lf_index *ix, struct lf_ipass *ps,
		      const char *file, int line, const char *text)
{
	struct lf_ftext *f = NULL;

	for (const char *p = text; *p; p++) {
		size_t n = 0, o;
		struct lf_strv *ls;
		bool member;

		if (!lf_c_ident_char((unsigned char)*p))
			continue;
		if (p > text && lf_c_ident_char((unsigned char)p[-1]))
			continue;
		while (lf_c_ident_char((unsigned char)p[n]))
			n++;
		{
			char *w = xasprintf("%.*s", (int)n, p);

			ls = strmap_get(ps->byword, w);
			free(w);
		}
		if (!ls)
			continue;
		if (!f)
			f = lf_index_text(ix, file);
		if (line < 1 || (size_t)line > f->nlines)
			return;
		o = f->lines[line - 1] + (p - text);
		if (o + n > f->len || strncmp(f->text + o, p, n))
			return;		/* the file changed under grep */
		if (lf_c_in_comment(f->text, f->lines[line - 1], o))
			continue;
		{
			size_t b = lf_c_back_space(f->text, o);

			member = (b >= 2 && !strncmp(f->text + b - 2, "->", 2)) ||
				 (b >= 1 && f->text[b - 1] == '.');
		}
		for (size_t i = 0; i < ls->n; i++) {
			size_t k = strtoul(ls->v[i], NULL, 10);
			struct lf_ilock *l = &ix->locks[k];
			char *key = xasprintf("%zu %s", k, file);

			if (strchr(ls->v[i], ' ')) {
				if (!strmap_get(ps->named, key))
					lf_strv_add(&ps->namedf[k], file);
				strmap_put(ps->named, key, l);
			}
			else if (l->kind == LF_IK_member && member &&
				 !strmap_get(ps->accessed, key)) {
				strmap_put(ps->accessed, key, l);
				lf_strv_add(&ps->access[k], key);
			}
			else if (l->kind == LF_IK_global && !member)
				lf_index_use_at(ix, l, file, line, p - text + 1, false);
			else if (l->kind == LF_IK_static && !member &&
				 !strcmp(file, l->tu))
				lf_index_use_at(ix, l, file, line, p - text + 1, false);
			free(key);
		}
	}
}

char *lf_index_grep_lines(struct lf_index *ix, const struct lf_strv *words)
{
	return grep_words(ix, words, true);
}

const char *lf_index_grep_next(char **pos, int *line, const char **text)
{
	for (char *s = *pos, *nl; s && *s; s = nl) {
		char *c1, *c2;

		nl = strchr(s, '\n');
		if (!nl)
			break;
		*nl++ = 0;
		if (!strncmp(s, "./", 2))
			s += 2;
		c1 = strchr(s, ':');
		c2 = c1 ? strchr(c1 + 1, ':') : NULL;
		if (!c2)
			continue;
		*c1 = 0;
		if (lf_index_skipped(s))
			continue;
		*pos = nl;
		*line = atoi(c1 + 1);
		*text = c2 + 1;
		return s;
	}
	*pos = NULL;
	return NULL;
}

void lf_index_grep(struct lf_index *ix, struct lf_ipass *ps)
{
	char *out, *pos;
	const char *file, *text;
	int line;

	if (!ps->words->n)
		return;
	pos = out = lf_index_grep_lines(ix, ps->words);
	while ((file = lf_index_grep_next(&pos, &line, &text)))
		text_line(ix, ps, file, line, text);
	free(out);
}

/* Does TEXT name "struct TAG" (any blanks between)? */
static bool names_struct(const char *text, const char *tag)
{
	size_t n = strlen(tag);

	for (const char *p = strstr(text, tag); p; p = strstr(p + 1, tag)) {
		const char *b = p;

		if ((p > text && lf_c_ident_char((unsigned char)p[-1])) ||
		    lf_c_ident_char((unsigned char)p[n]))
			continue;
		while (b > text && (b[-1] == ' ' || b[-1] == '\t'))
			b--;
		if (b == p || b - text < 6 || strncmp(b - 6, "struct", 6) ||
		    (b - text > 6 && lf_c_ident_char((unsigned char)b[-7])))
			continue;
		return true;
	}
	return false;
}

void lf_index_struct_files(const char *tree, const char *tag,
			   struct lf_strv *files)
{
	struct lf_index ix = { .tree = tree };
	struct lf_strv words = { 0 };
	char *out, *pos;
	const char *file, *text;
	int line;

	lf_strv_add(&words, tag);
	pos = out = lf_index_grep_lines(&ix, &words);
	while ((file = lf_index_grep_next(&pos, &line, &text)))
		if (names_struct(text, tag))
			lf_strv_add_unique(files, file);
	free(out);
	free(words.v[0]);
	free(words.v);
}
