// SPDX-License-Identifier: GPL-2.0
/*
 * index.c - the use index (index.h): the textual pass (grep.c), what
 * each use is (classify.c), members typed (members.c), the uses sorted;
 * the files' texts the passes share.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "lib/util.h"
#include "index/classify.h"
#include "index/index.h"
#include "index/pass.h"
#include "lib/proc.h"

char *lf_index_cache_dir(void)
{
	const char *env = getenv("LOCKFIT_CACHE"), *xdg = getenv("XDG_CACHE_HOME");
	const char *home = getenv("HOME");

	if (env && *env)
		return xasprintf("%s/index", env);
	if (xdg && *xdg)
		return xasprintf("%s/lockfit/index", xdg);
	if (home && *home)
		return xasprintf("%s/.cache/lockfit/index", home);
	return NULL;
}

/* ---- the files' texts, the uses ----------------------------------- */

static struct strmap *files;	/* path -> struct lf_ftext */

void lf_ftext_lines(struct lf_ftext *f)
{
	for (size_t i = 0, cap = 0; i <= f->len; i++)
		if (!i || f->text[i - 1] == '\n') {
			if (f->nlines == cap) {
				cap = cap ? 2 * cap : 256;
				f->lines = xrealloc(f->lines, cap * sizeof(*f->lines));
			}
			f->lines[f->nlines++] = i;
		}
}

struct lf_ftext *lf_index_text(const struct lf_index *ix, const char *file)
{
	struct lf_ftext *f = strmap_get(files, file);
	char *path;

	if (f)
		return f;
	f = xcalloc(1, sizeof(*f));
	path = xasprintf("%s/%s", ix->tree, file);
	f->text = lf_read_file(path, &f->len);
	if (!f->text)
		lf_die("cannot read %s: %s", path, strerror(errno));
	free(path);
	lf_ftext_lines(f);
	strmap_put(files, file, f);
	return f;
}

void lf_index_text_drop(const char *file)
{
	struct lf_ftext *f = file ? strmap_get(files, file) : NULL;

	if (!f)
		return;
	strmap_put(files, file, NULL);
	free(f->text);
	free(f->lines);
	free(f);
}

void lf_index_add_use(struct lf_ilock *l, const char *file, int line, int col,
		      enum lf_use_what w, bool unresolved, const char *call,
		      const char *mode)
{
	struct lf_use u = { xstrdup(file), line, col, w, unresolved, call, mode };

	VEC_PUSH(&l->uses, u);
}

void lf_index_use_at(const struct lf_index *ix, struct lf_ilock *l,
		     const char *file, int line, int col, bool unresolved)
{
	struct lf_ftext *f = lf_index_text(ix, file);
	const char *call = NULL, *mode = NULL;
	enum lf_use_what w;
	size_t bol, o;

	if (line < 1 || (size_t)line > f->nlines)
		return;
	bol = f->lines[line - 1];
	o = bol + col - 1;
	if (o >= f->len)
		return;
	w = lf_use_classify(f->text, bol, o, o + strlen(l->word),
			    l->kind == LF_IK_member, &call, &mode);
	lf_index_add_use(l, file, line, col, w, unresolved, call, mode);
}

static int cmp_use(const void *a, const void *b)
{
	const struct lf_use *x = a, *y = b;
	int c = strcmp(x->file, y->file);

	if (c)
		return c;
	if (x->line != y->line)
		return x->line - y->line;
	return x->col - y->col;
}

static void sort_uses(struct lf_ilock *l)
{
	size_t k = 0;

	lf_sort(l->uses.v, l->uses.n, sizeof(*l->uses.v), cmp_use);
	for (size_t i = 0; i < l->uses.n; i++)
		if (!k || cmp_use(&l->uses.v[k - 1], &l->uses.v[i]))
			l->uses.v[k++] = l->uses.v[i];
	l->uses.n = k;
}

/* PATH resolved as far as it exists, the rest appended with its "."
 * and ".." taken as mkdir -p takes them: where a directory not made yet
 * would be ("DIR/missing/../tree/c" is DIR/tree/c). */
static char *real_prefix(const char *path)
{
	char *p = xstrdup(path), *r, *slash, *save = NULL;
	struct strbuf sb = { 0 };
	size_t n;

	while (!(r = realpath(*p ? p : ".", NULL))) {
		slash = strrchr(p, '/');
		if (!slash) {
			*p = 0;
			continue;
		}
		*slash = 0;
		if (slash == p) {
			r = xstrdup("/");
			break;
		}
	}
	n = strlen(p);
	sb_printf(&sb, "%s", strcmp(r, "/") ? r : "");
	free(r);
	free(p);
	p = xstrdup(path + n);
	for (char *c = strtok_r(p, "/", &save); c; c = strtok_r(NULL, "/", &save)) {
		if (!strcmp(c, ".."))
			sb.len = (slash = strrchr(sb_str(&sb), '/')) ? (size_t)(slash - sb.s) : 0;
		else if (strcmp(c, "."))
			sb_printf(&sb, "/%s", c);
		if (sb.s)
			sb.s[sb.len] = 0;
	}
	free(p);
	if (!sb.len)
		sb_printf(&sb, "/");
	return sb_take(&sb);
}

void lf_index_cache_prepare(struct lf_index *ix)
{
	static bool said;
	char *c, *failed;
	size_t n = strlen(ix->tree);

	if (!ix->cache)
		return;
	c = real_prefix(ix->cache);
	if (!strncmp(c, ix->tree, n) && (!c[n] || c[n] == '/'))
		lf_die("the index cache %s is inside the tree %s", ix->cache, ix->tree);
	free(c);
	if (!lf_mkdir_all(ix->cache, &failed))
		return;
	/* the cache is optional (HOME=/nonexistent, a read-only HOME) */
	if (!said)
		lf_err("cannot create the index cache %s (%s: %s): going on "
		       "without it", ix->cache, failed, strerror(errno));
	said = true;
	free(failed);
	ix->cache = NULL;
}

void lf_index_build(struct lf_index *ix)
{
	struct lf_strv words = { 0 };
	struct lf_ipass ps = { .words = &words };
	double t0 = lf_now();
	struct stat st;
	char *real, *tag;

	if (stat(ix->tree, &st) || !S_ISDIR(st.st_mode))
		lf_die("%s is not a directory", ix->tree);
	real = realpath(ix->tree, NULL);
	if (!real)
		lf_die("%s: %s", ix->tree, strerror(errno));
	ix->tree = real;
	lf_index_cache_prepare(ix);
	lf_use_tables_load();
	files = strmap_new();
	ps.byword = strmap_new();
	ps.named = strmap_new();
	ps.accessed = strmap_new();
	ps.access = xcalloc(ix->nlocks + 1, sizeof(*ps.access));
	ps.namedf = xcalloc(ix->nlocks + 1, sizeof(*ps.namedf));
	/* word -> "K" (lock K's word) or "K tag" (lock K's type name) */
	for (size_t k = 0; k < ix->nlocks; k++) {
		struct lf_ilock *l = &ix->locks[k];
		const char *w[2] = { l->word, l->tag };

		if (!l->indexed)
			continue;
		for (int i = 0; i < 2 && w[i]; i++) {
			struct lf_strv *v = strmap_get(ps.byword, w[i]);

			if (!v) {
				v = xcalloc(1, sizeof(*v));
				strmap_put(ps.byword, w[i], v);
				lf_strv_add(&words, w[i]);
			}
			tag = xasprintf("%zu%s", k, i ? " tag" : "");
			lf_strv_add(v, tag);
			free(tag);
		}
	}
	ps.embed_types = xcalloc(1, sizeof(*ps.embed_types));
	lf_index_embed_types(ix, ps.embed_types);
	lf_index_grep(ix, &ps);
	lf_index_members(ix, &ps);
	for (size_t k = 0; k < ix->nlocks; k++)
		sort_uses(&ix->locks[k]);
	ix->secs = lf_now() - t0;
}
