// SPDX-License-Identifier: GPL-2.0
/*
 * grep.c - the textual pass of the use index (pass.h): one grep for
 * every lock's word (grep -r over the working tree's files), and
 * what each line it finds holds: a global's or a static's use, a
 * member's access, a file naming a member's type.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
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

bool lf_index_source_name(const char *name)
{
	size_t n = strlen(name);

	return n >= 2 && name[n - 2] == '.' && (name[n - 1] == 'c' || name[n - 1] == 'h');
}

bool lf_index_skipped(const char *file)
{
	for (size_t i = 0; i < ARRAY_SIZE(skip_dirs); i++) {
		size_t n = strlen(skip_dirs[i]);

		if (!strncmp(file, skip_dirs[i], n) && file[n] == '/')
			return true;
	}
	return false;
}

/* The tree's top entries grep reads ("./NAME"): its directories but the
 * skipped ones and git's, its .c and .h files; not a symbolic link (the
 * tree-state walk does not follow them: state.c). */
static void top_entries(const char *tree, struct lf_strv *argv)
{
	DIR *d = opendir(tree);
	struct lf_strv names = { 0 };
	struct dirent *e;

	if (!d)
		lf_die("%s: %s", tree, strerror(errno));
	while ((e = readdir(d))) {
		struct stat st;
		char *rel = xasprintf("%s/", e->d_name);
		bool skip = !strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
			    !strcmp(e->d_name, ".git") || lf_index_skipped(rel) ||
			    fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW);

		free(rel);
		if (!skip && (S_ISDIR(st.st_mode) ||
			      (S_ISREG(st.st_mode) && lf_index_source_name(e->d_name))))
			lf_strv_add(&names, e->d_name);
	}
	closedir(d);
	lf_strv_sort(&names);
	for (size_t i = 0; i < names.n; i++) {
		char *a = xasprintf("./%s", names.v[i]);

		lf_strv_add(argv, a);
		free(a);
		free(names.v[i]);
	}
	free(names.v);
}

/* One grep for every word (WHOLE: as a word) over the working tree's
 * files themselves, tracked by git or not (a git index may hide a
 * file, or show another copy of it): records "FILE\0LINE:TEXT\n"
 * (-Z: any byte but NUL in a file's name), read in the C locale (no
 * line of a file that is not UTF-8 left out). */
static void grep_words(struct lf_index *ix, const struct lf_strv *words,
		       bool whole, struct lf_hits *h)
{
	static const char *const env[] = { "LC_ALL=C", NULL };
	struct lf_strv argv = { 0 };
	struct lf_exec r;
	char *err = NULL;
	size_t nopts;

	ix->grep = "grep -r";
	lf_strv_add(&argv, "grep");
	lf_strv_add(&argv, "-rHIZ");
	lf_strv_add(&argv, "--include=*.c");
	lf_strv_add(&argv, "--include=*.h");
	lf_strv_add(&argv, "--exclude-dir=.git");
	lf_strv_add(&argv, whole ? "-nwF" : "-nF");
	for (size_t i = 0; i < words->n; i++) {
		lf_strv_add(&argv, "-e");
		lf_strv_add(&argv, words->v[i]);
	}
	lf_strv_add(&argv, "--");
	nopts = argv.n;
	top_entries(ix->tree, &argv);
	memset(h, 0, sizeof(*h));
	if (argv.n == nopts) {		/* nothing to read */
		h->out = xstrdup("");
		return;
	}
	VEC_PUSH(&argv, NULL);
	lf_exec_split(&r, &err, ix->tree, (const char *const *)argv.v, env);
	if (r.status > 1)
		lf_die("%s in %s failed: %s", ix->grep, ix->tree,
		       lf_head(err && *err ? err : r.out, 3));
	h->out = r.out;
	h->len = r.len;
}

void lf_index_grep_fixed(struct lf_index *ix, const struct lf_strv *texts,
			 struct lf_hits *h)
{
	grep_words(ix, texts, false, h);
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

void lf_index_grep_lines(struct lf_index *ix, const struct lf_strv *words,
			 struct lf_hits *h)
{
	grep_words(ix, words, true, h);
}

/* "LINE:" at P (before END): the number, P moved past the ':'; -1 if
 * that is not there. */
static long line_number(char **p, const char *end)
{
	long n = 0;
	char *s = *p;

	while (s < end && *s >= '0' && *s <= '9' && n <= INT_MAX)
		n = 10 * n + (*s++ - '0');
	if (s == *p || s >= end || *s != ':' || n > INT_MAX)
		return -1;
	*p = s + 1;
	return n;
}

const char *lf_index_grep_next(struct lf_hits *h, int *line, const char **text)
{
	while (h->pos < h->len) {
		char *s = h->out + h->pos, *end = h->out + h->len;
		char *z = memchr(s, 0, end - s), *p = z ? z + 1 : NULL, *nl;
		long n = p ? line_number(&p, end) : -1;

		if (n < 0 || !(nl = memchr(p, '\n', end - p)))
			lf_die("grep's output is not \"FILE\\0LINE:TEXT\" at byte %zu",
			       h->pos);
		*nl = 0;
		h->pos = nl + 1 - h->out;
		s += strncmp(s, "./", 2) ? 0 : 2;
		if (lf_index_skipped(s))
			continue;
		*line = (int)n;
		*text = p;
		return s;
	}
	return NULL;
}

/* A line of the textual pass that holds one of the first level's
 * embedding types ("struct sock"), kept as grep gives it: its tag is a
 * word of the pass, so these are every line a grep for the types would
 * give (embed.c checks each occurrence). */
static void keep_embed_line(const struct lf_ipass *ps, struct strbuf *sb,
			    const char *file, int line, const char *text)
{
	for (size_t i = 0; ps->embed_types && i < ps->embed_types->n; i++)
		if (strstr(text, ps->embed_types->v[i])) {
			sb_add(sb, file, strlen(file) + 1);	/* with its NUL */
			sb_printf(sb, "%d:%s\n", line, text);
			return;
		}
}

void lf_index_grep(struct lf_index *ix, struct lf_ipass *ps)
{
	struct strbuf embed0 = { 0 };
	struct lf_hits h;
	const char *file, *text, *last = NULL;
	int line;

	if (!ps->words->n)
		return;
	lf_index_grep_lines(ix, ps->words, &h);
	/* grep gives a file's lines together: its text is read once, and
	 * dropped at the next file's (members.c reads again what it types) */
	while ((file = lf_index_grep_next(&h, &line, &text))) {
		if (last && strcmp(last, file))
			lf_index_text_drop(last);
		keep_embed_line(ps, &embed0, file, line, text);
		text_line(ix, ps, file, line, text);
		last = file;
	}
	lf_index_text_drop(last);
	free(h.out);
	ps->embed0 = (struct lf_hits){ .out = embed0.s ? embed0.s : xstrdup(""),
				       .len = embed0.len };
	ps->have_embed0 = true;
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
	struct lf_hits h;
	const char *file, *text;
	int line;

	lf_strv_add(&words, tag);
	lf_index_grep_lines(&ix, &words, &h);
	while ((file = lf_index_grep_next(&h, &line, &text)))
		if (names_struct(text, tag))
			lf_strv_add_unique(files, file);
	free(h.out);
	free(words.v[0]);
	free(words.v);
}
