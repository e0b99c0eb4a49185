// SPDX-License-Identifier: GPL-2.0
/*
 * index.c - the use index (index.h): one textual pass over the tree for
 * every lock's word (git grep in a git work tree, else grep -r), then
 * what each use is from the call around it (rules/primitives.tbl, read
 * by rules/reader.c), and for members the type of each access
 * (index_cocci.c).
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "lib/util.h"
#include "records/recparse.h"
#include "records/tables.h"
#include "index/index.h"
#include "patch/patch.h"	/* lf_exec_split, lf_head, lf_now */

static const char *const what_names[] = {
	"take", "release", "init", "decl", "assert", "addr", "other",
};

const char *lf_use_what_name(enum lf_use_what w)
{
	return what_names[w];
}

/* Directories whose code is not kernel code: user-space copies of
 * kernel headers (tools/), documentation, host programs (scripts/). */
static const char *const skip_dirs[] = { "tools", "Documentation", "scripts" };

static bool is_ident_char(int c)
{
	return isalnum(c) || c == '_' || c == '$';
}

static bool ident_ok(const char *s, size_t n)
{
	if (!n || isdigit((unsigned char)s[0]))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!is_ident_char((unsigned char)s[i]))
			return false;
	return true;
}

static bool none(struct lf_ilock *l, const char *why)
{
	l->kind = LF_IK_NONE;
	l->why = xstrdup(why);
	return true;
}

bool lf_ilock_parse(struct lf_ilock *l, const char *id, char **why)
{
	const char *kinds[] = { "member", "static", "global", "param", "local",
				"unknown" };
	const char *kind = NULL, *s = id, *sep;
	size_t n;

	memset(l, 0, sizeof(*l));
	l->id = id;
	for (size_t i = 0; i < ARRAY_SIZE(kinds) && !kind; i++)
		if (lf_lock_id_ok(id, kinds[i]))
			kind = kinds[i];
	if (!kind) {
		*why = xasprintf("'%s' is no lock identity (docs/RECORDS.md, "
				 "\"Names\")", id);
		return false;
	}
	if (strstr(id, " bit ") || strstr(id, " *"))
		return none(l, "a bit lock: its word is not a lock object");
	if (!strcmp(kind, "param") || !strcmp(kind, "local"))
		return none(l, "a parameter or local pointer: no name in the tree");
	if (!strcmp(kind, "unknown"))
		return none(l, "no identity");
	while (*s == '*')
		s++;
	n = strlen(s);
	while (n >= 2 && !strcmp(s + n - 2, "[]"))
		n -= 2;
	if (!strcmp(kind, "member")) {
		sep = strstr(s, "::");
		l->type = xasprintf("%.*s", (int)(sep - s), s);
		l->tag = xstrdup(strchr(l->type, ' ') ? strchr(l->type, ' ') + 1 : l->type);
		l->path = xasprintf("%.*s", (int)(n - (sep + 2 - s)), sep + 2);
		if (strstr(l->path, "[]"))
			return none(l, "an array element inside the member path");
		l->word = xstrdup(l->path);
		l->word[strcspn(l->word, ".")] = 0;
		l->kind = LF_IK_MEMBER;
	} else if (!strcmp(kind, "static")) {
		sep = strrchr(s, ':');
		l->tu = xasprintf("%.*s", (int)(strchr(s, ':') - s), s);
		l->word = xasprintf("%.*s", (int)(n - (sep + 1 - s)), sep + 1);
		l->kind = LF_IK_STATIC;
	} else {
		l->word = xasprintf("%.*s", (int)n, s);
		l->kind = LF_IK_GLOBAL;
	}
	if (!ident_ok(l->word, strlen(l->word)))
		return none(l, "no plain name to search for");
	l->indexed = true;
	return true;
}

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

/* ---- what a use is ------------------------------------------------- */

/* name -> enum lf_use_what + 1, from primitives.tbl (GIMPLE names and the
 * api a developer writes) and sourceforms.tbl (the source-level forms
 * primitives.tbl does not list). */
static struct strmap *calls;
/* cleanup.h guard name -> its mode, from sourceforms.tbl's guard rows */
static struct strmap *guards;


static void put_call(const char *name, enum lf_use_what w)
{
	if (!strmap_get(calls, name))
		strmap_put(calls, name, (void *)(long)(w + 1));
}

static void load_calls(void)
{
	static const char *const contexts[] = { "preempt", "irq", "bh", "rcu_sched" };
	struct lf_rules r;
	struct lfr_tables t;

	calls = strmap_new();
	lf_rules_load(&r);
	lfr_read(&t, r.dir, lf_die);
	for (size_t i = 0; i < t.primitives.n; i++) {
		const struct lfr_primitive *p = &t.primitives.v[i];
		const char *a = p->action;
		enum lf_use_what w = LF_USE_OTHER;
		bool ctx = false;

		for (size_t k = 0; k < ARRAY_SIZE(contexts); k++)
			ctx |= !strcmp(p->cls, contexts[k]);
		if (ctx)
			continue;
		if (!strcmp(a, "acquire") || !strcmp(a, "try") ||
		    !strcmp(a, "try0") || !strcmp(a, "spin"))
			w = LF_USE_TAKE;
		else if (!strcmp(a, "release") || !strcmp(a, "unspin"))
			w = LF_USE_RELEASE;
		else if (!strcmp(a, "init"))
			w = LF_USE_INIT;
		else if (!strcmp(a, "assert") || !strcmp(a, "query"))
			w = LF_USE_ASSERT;
		else if (!strcmp(a, "pass"))
			continue;	/* spinlock_check: a take's inner call */
		put_call(p->name, w);
		put_call(p->api, w);
	}
	guards = strmap_new();
	for (size_t i = 0; i < t.sourceforms.n; i++) {
		const struct lfr_sourceform *f = &t.sourceforms.v[i];

		if (f->cls)
			strmap_put(guards, f->name, (void *)lf_intern(f->mode));
		else
			put_call(f->name, !strcmp(f->what, "init") ?
				 LF_USE_INIT : LF_USE_ASSERT);
	}
}

/* Is offset O of T inside a comment or a string, as far as its line
 * and the line's start tell? */
static bool in_comment(const char *t, size_t bol, size_t o)
{
	size_t i = bol;
	bool str = false;

	while (i < o && (t[i] == ' ' || t[i] == '\t'))
		i++;
	if (t[i] == '*' || !strncmp(t + i, "/*", 2) || !strncmp(t + i, "//", 2))
		return true;
	for (; i < o; i++) {
		if (str && t[i] == '\\' && i + 1 < o)
			i++;
		else if (t[i] == '"')
			str = !str;
		else if (!str && (!strncmp(t + i, "//", 2) ||
				  (!strncmp(t + i, "/*", 2) && !strstr(t + i, "*/"))))
			return true;
		else if (!str && !strncmp(t + i, "/*", 2)) {
			const char *e = strstr(t + i, "*/");

			if ((size_t)(e - t) >= o)
				return true;
		}
	}
	return str;
}

static size_t skip_back_space(const char *t, size_t i)
{
	while (i && isspace((unsigned char)t[i - 1]))
		i--;
	return i;
}

/* Back over a balanced (...) or [...] ending before I. */
static size_t skip_back_group(const char *t, size_t i)
{
	int depth = 0;

	while (i) {
		char c = t[--i];

		if (c == ')' || c == ']')
			depth++;
		else if ((c == '(' || c == '[') && !--depth)
			return i;
	}
	return 0;
}

/* The start of the postfix expression whose last name starts at O. */
static size_t expr_start(const char *t, size_t o)
{
	size_t i = o, j;

	for (;;) {
		j = skip_back_space(t, i);
		if (j >= 2 && t[j - 2] == '-' && t[j - 1] == '>')
			j -= 2;
		else if (j >= 1 && t[j - 1] == '.')
			j -= 1;
		else
			return i;
		j = skip_back_space(t, j);
		while (j && (t[j - 1] == ')' || t[j - 1] == ']')) {
			j = skip_back_group(t, j);
			j = skip_back_space(t, j);
		}
		while (j && is_ident_char((unsigned char)t[j - 1]))
			j--;
		i = j;
	}
}

static bool decl_like(const char *t, size_t bol, size_t s, size_t end)
{
	static const char *const not_types[] = { "return", "case", "goto",
		"else", "sizeof", "do" };
	size_t i = bol, words = 0;
	const char *after = t + end;

	for (; i < s; i++) {
		if (is_ident_char((unsigned char)t[i])) {
			size_t w = i;

			while (i < s && is_ident_char((unsigned char)t[i]))
				i++;
			for (size_t k = 0; k < ARRAY_SIZE(not_types); k++)
				if (i - w == strlen(not_types[k]) &&
				    !strncmp(t + w, not_types[k], i - w))
					return false;
			words++;
			i--;
		} else if (!isspace((unsigned char)t[i]) && t[i] != '*') {
			return false;
		}
	}
	while (*after == ' ' || *after == '\t')
		after++;
	return words && (strchr(";=[,", *after) || !strncmp(after, "__", 2));
}

/* The guard named by T[A..B) (blanks around it allowed), or NULL. */
static const char *guard_name(const char *t, size_t a, size_t b, const char **mode)
{
	char *name;
	const char *r = NULL;

	while (a < b && isspace((unsigned char)t[a]))
		a++;
	while (b > a && isspace((unsigned char)t[b - 1]))
		b--;
	name = xasprintf("%.*s", (int)(b - a), t + a);
	if ((*mode = strmap_get(guards, name)))
		r = lf_intern(name);
	free(name);
	return r;
}

static bool guard_call(const char **call, const char *macro, const char *g)
{
	char *c = xasprintf("%s(%s)", macro, g);

	*call = lf_intern(c);
	free(c);
	return true;
}

/*
 * A cleanup.h guard whose argument list opens at T[I]: guard(NAME)(&l),
 * or scoped_guard(NAME, &l) and scoped_cond_guard(NAME, fail, &l) (the
 * name before the '(' is CALLEE).  The call it makes ("guard(read_lock)",
 * "scoped_guard(write_lock_irq)") into *CALL and its mode into *MODE;
 * false if it is none, or its guard is not one of sourceforms.tbl.
 */
static bool guard_use(const char *t, size_t i, const char *callee,
		      const char **call, const char **mode)
{
	const char *g;
	size_t e = skip_back_space(t, i), open, n;

	if (!callee && e && t[e - 1] == ')') {
		/* guard(NAME)(...): the group before is NAME, "guard" before it */
		open = skip_back_group(t, e);
		n = skip_back_space(t, open);
		if (n < 5 || strncmp(t + n - 5, "guard", 5) ||
		    (n > 5 && is_ident_char((unsigned char)t[n - 6])))
			return false;
		if (!(g = guard_name(t, open + 1, e - 1, mode)))
			return false;
		return guard_call(call, "guard", g);
	}
	if (!callee || (strcmp(callee, "scoped_guard") &&
			strcmp(callee, "scoped_cond_guard")))
		return false;
	n = i + 1 + strcspn(t + i + 1, ",);");
	if (t[n] != ',' || !(g = guard_name(t, i + 1, n, mode)))
		return false;
	return guard_call(call, callee, g);
}

/* What the use at offset O of T (line starting at BOL, name ending at
 * END) is. */
static enum lf_use_what classify(const char *t, size_t bol, size_t o,
				 size_t end, bool member, const char **call,
				 const char **mode)
{
	size_t s = member ? expr_start(t, o) : o, b = skip_back_space(t, s);
	bool addr = b && t[b - 1] == '&' && (b < 2 || t[b - 2] != '&');
	size_t i = s, lim = s > 4000 ? s - 4000 : 0;
	int depth = 0;

	while (i > lim) {
		char c = t[--i];

		if (c == ')' || c == ']') {
			depth++;
		} else if (c == '(' || c == '[') {
			if (depth--)
				continue;
			if (c == '(') {
				size_t e = skip_back_space(t, i), n = e;
				char *name;
				long w;

				while (n && is_ident_char((unsigned char)t[n - 1]))
					n--;
				if (n == e) {
					if (guard_use(t, i, NULL, call, mode))
						return LF_USE_TAKE;
					break;
				}
				name = xasprintf("%.*s", (int)(e - n), t + n);
				if (guard_use(t, i, name, call, mode)) {
					free(name);
					return LF_USE_TAKE;
				}
				w = (long)strmap_get(calls, name);
				if (!strncmp(name, "DEFINE_", 7) ||
				    !strncmp(name, "DECLARE_", 8))
					w = LF_USE_DECL + 1;
				else if (!w && (strstr(name, "_UNLOCKED") ||
						strstr(name, "_INITIALIZER")))
					w = LF_USE_INIT + 1;
				if (w)
					*call = lf_intern(name);
				free(name);
				if (w)
					return w - 1;
			}
			break;
		} else if (!depth && (c == ';' || c == '{' || c == '}')) {
			break;
		}
	}
	if (!member && decl_like(t, bol, s, end))
		return LF_USE_DECL;
	return addr ? LF_USE_ADDR : LF_USE_OTHER;
}

/* ---- the textual pass ---------------------------------------------- */

struct ftext {
	char *text;
	size_t len, *lines, nlines;	/* lines[k]: offset of line k + 1 */
};

static struct strmap *files;	/* path -> struct ftext */

static struct ftext *ftext(const struct lf_index *ix, const char *file)
{
	struct ftext *f = strmap_get(files, file);
	char *path;

	if (f)
		return f;
	f = xcalloc(1, sizeof(*f));
	path = xasprintf("%s/%s", ix->tree, file);
	f->text = lf_read_file(path, &f->len);
	if (!f->text)
		lf_die("cannot read %s: %s", path, strerror(errno));
	free(path);
	for (size_t i = 0, cap = 0; i <= f->len; i++)
		if (!i || f->text[i - 1] == '\n') {
			if (f->nlines == cap) {
				cap = cap ? 2 * cap : 256;
				f->lines = xrealloc(f->lines, cap * sizeof(*f->lines));
			}
			f->lines[f->nlines++] = i;
		}
	strmap_put(files, file, f);
	return f;
}

static void add_use(struct lf_ilock *l, const char *file, int line, int col,
		    enum lf_use_what w, bool unresolved, const char *call,
		    const char *mode)
{
	struct lf_use u = { xstrdup(file), line, col, w, unresolved, call, mode };

	VEC_PUSH(&l->uses, u);
}

/* The word W at byte COL (1-based) of LINE in FILE, for lock L. */
static void use_at(const struct lf_index *ix, struct lf_ilock *l,
		   const char *file, int line, int col, bool unresolved)
{
	struct ftext *f = ftext(ix, file);
	const char *call = NULL, *mode = NULL;
	enum lf_use_what w;
	size_t bol, o;

	if (line < 1 || (size_t)line > f->nlines)
		return;
	bol = f->lines[line - 1];
	o = bol + col - 1;
	if (o >= f->len)
		return;
	w = classify(f->text, bol, o, o + strlen(l->word),
		     l->kind == LF_IK_MEMBER, &call, &mode);
	add_use(l, file, line, col, w, unresolved, call, mode);
}

static bool skipped_dir(const char *file)
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

/* One grep for every word: "FILE:LINE:TEXT" lines. */
static char *grep_words(struct lf_index *ix, struct lf_strv *words)
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
	lf_strv_add(&argv, "-nwF");
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

/* Per member lock: the files accessing its field, and which of them name
 * its type; keyed "LOCKINDEX FILE". */
static struct strmap *named, *accessed;

static void text_line(struct lf_index *ix, struct strmap *byword,
		      const char *file, int line, const char *text,
		      struct lf_strv *access, struct lf_strv *namedf)
{
	struct ftext *f = NULL;

	for (const char *p = text; *p; p++) {
		size_t n = 0, o;
		struct lf_strv *ls;
		bool member;

		if (!is_ident_char((unsigned char)*p))
			continue;
		if (p > text && is_ident_char((unsigned char)p[-1]))
			continue;
		while (is_ident_char((unsigned char)p[n]))
			n++;
		{
			char *w = xasprintf("%.*s", (int)n, p);

			ls = strmap_get(byword, w);
			free(w);
		}
		if (!ls)
			continue;
		if (!f)
			f = ftext(ix, file);
		if (line < 1 || (size_t)line > f->nlines)
			return;
		o = f->lines[line - 1] + (p - text);
		if (o + n > f->len || strncmp(f->text + o, p, n))
			return;		/* the file changed under grep */
		if (in_comment(f->text, f->lines[line - 1], o))
			continue;
		{
			size_t b = skip_back_space(f->text, o);

			member = (b >= 2 && !strncmp(f->text + b - 2, "->", 2)) ||
				 (b >= 1 && f->text[b - 1] == '.');
		}
		for (size_t i = 0; i < ls->n; i++) {
			size_t k = strtoul(ls->v[i], NULL, 10);
			struct lf_ilock *l = &ix->locks[k];
			char *key = xasprintf("%zu %s", k, file);

			if (strchr(ls->v[i], ' ')) {
				if (!strmap_get(named, key))
					lf_strv_add(&namedf[k], file);
				strmap_put(named, key, l);
			}
			else if (l->kind == LF_IK_MEMBER && member &&
				 !strmap_get(accessed, key)) {
				strmap_put(accessed, key, l);
				lf_strv_add(&access[k], key);
			}
			else if (l->kind == LF_IK_GLOBAL && !member)
				use_at(ix, l, file, line, p - text + 1, false);
			else if (l->kind == LF_IK_STATIC && !member &&
				 !strcmp(file, l->tu))
				use_at(ix, l, file, line, p - text + 1, false);
			free(key);
		}
	}
}

/* The member's declaration: PATH's first name at the top of the body of
 * "struct TAG {" (or "union TAG {") in FILE. */
static void member_decl(struct lf_index *ix, struct lf_ilock *l, const char *file)
{
	struct ftext *f = ftext(ix, file);
	const char *t = f->text, *kw = strncmp(l->type, "union ", 6) ? "struct" : "union";
	size_t tn = strlen(l->tag), wn = strlen(l->word);

	if (!strchr(l->type, ' '))
		return;		/* a typedef name: its body is not found by name */
	for (const char *p = strstr(t, kw); p; p = strstr(p + 1, kw)) {
		const char *q = p + strlen(kw);
		int depth = 0;

		if ((p > t && is_ident_char((unsigned char)p[-1])) || !isspace((unsigned char)*q))
			continue;
		while (isspace((unsigned char)*q))
			q++;
		if (strncmp(q, l->tag, tn) || is_ident_char((unsigned char)q[tn]))
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
				 !is_ident_char((unsigned char)r[-1]) &&
				 !is_ident_char((unsigned char)r[wn])) {
				const char *a = r + wn;
				size_t o = r - t, line;

				while (*a == ' ' || *a == '\t')
					a++;
				if (!strchr(";[,:", *a) && strncmp(a, "__", 2))
					continue;
				for (line = f->nlines; f->lines[line - 1] > o; line--)
					;
				if (in_comment(t, f->lines[line - 1], o))
					continue;
				add_use(l, file, line, o - f->lines[line - 1] + 1,
					LF_USE_DECL, false, NULL, NULL);
			}
		}
	}
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

static void members(struct lf_index *ix, struct lf_strv *access,
		    struct lf_strv *namedf)
{
	struct lf_tjob *jobs = xcalloc(ix->nlocks + 1, sizeof(*jobs));
	size_t njobs = 0;
	struct strmap *typed = strmap_new();

	/* one spatch per member path, over the files naming a type */
	for (size_t k = 0; k < ix->nlocks; k++) {
		struct lf_ilock *l = &ix->locks[k];
		struct lf_tjob *j;

		if (l->kind != LF_IK_MEMBER || !l->indexed)
			continue;
		j = job_of(jobs, njobs, l->path);
		if (!j) {
			j = &jobs[njobs++];
			j->path = l->path;
		}
		for (size_t i = 0; i < access[k].n; i++) {
			const char *file = strchr(access[k].v[i], ' ') + 1;

			if (strmap_get(named, access[k].v[i]))
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
	/* every textual access in a typed file: the lock's type, another
	 * type (not a use), or none spatch could tell (unresolved) */
	for (size_t k = 0; k < ix->nlocks; k++) {
		struct lf_ilock *l = &ix->locks[k];
		struct lf_tjob *j;

		if (l->kind != LF_IK_MEMBER || !l->indexed)
			continue;
		j = job_of(jobs, njobs, l->path);
		if (j->err)
			l->why = xasprintf("spatch failed, every access is unresolved: %s",
					   j->err);
		for (size_t i = 0; i < namedf[k].n; i++)
			member_decl(ix, l, namedf[k].v[i]);
		for (size_t i = 0; i < access[k].n; i++) {
			const char *file = strchr(access[k].v[i], ' ') + 1;
			struct ftext *f;

			if (!strmap_get(named, access[k].v[i]))
				continue;
			f = ftext(ix, file);
			for (size_t ln = 1; ln <= f->nlines; ln++) {
				size_t bol = f->lines[ln - 1];
				size_t eol = ln < f->nlines ? f->lines[ln] : f->len;
				size_t wn = strlen(l->word);

				for (size_t o = bol; o + wn <= eol; o++) {
					size_t b;
					char *key;
					const char *type;

					if (strncmp(f->text + o, l->word, wn) ||
					    (o > bol && is_ident_char((unsigned char)f->text[o - 1])) ||
					    is_ident_char((unsigned char)f->text[o + wn]))
						continue;
					b = skip_back_space(f->text, o);
					if (!((b >= 2 && !strncmp(f->text + b - 2, "->", 2)) ||
					      (b >= 1 && f->text[b - 1] == '.')) ||
					    in_comment(f->text, bol, o))
						continue;
					key = xasprintf("%s:%zu:%zu", file, ln, o - bol + 1);
					type = strmap_get(typed, key);
					free(key);
					if (!type || !strcmp(type, l->type))
						use_at(ix, l, file, ln, o - bol + 1, !type);
				}
			}
		}
	}
	free(jobs);
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

void lf_index_build(struct lf_index *ix)
{
	struct strmap *byword = strmap_new();
	struct lf_strv words = { 0 }, *access, *namedf;
	double t0 = lf_now();
	struct stat st;
	char *out, *real, *tag;

	if (stat(ix->tree, &st) || !S_ISDIR(st.st_mode))
		lf_die("%s is not a directory", ix->tree);
	real = realpath(ix->tree, NULL);
	if (!real)
		lf_die("%s: %s", ix->tree, strerror(errno));
	ix->tree = real;
	if (ix->cache) {
		char *c = real_prefix(ix->cache);
		size_t n = strlen(real);

		if (!strncmp(c, real, n) && (!c[n] || c[n] == '/'))
			lf_die("the index cache %s is inside the tree %s", ix->cache, real);
		free(c);
		lf_mkdir_p(ix->cache);
	}
	load_calls();
	files = strmap_new();
	named = strmap_new();
	accessed = strmap_new();
	access = xcalloc(ix->nlocks + 1, sizeof(*access));
	namedf = xcalloc(ix->nlocks + 1, sizeof(*namedf));
	/* word -> "K" (lock K's word) or "K tag" (lock K's type name) */
	for (size_t k = 0; k < ix->nlocks; k++) {
		struct lf_ilock *l = &ix->locks[k];
		const char *w[2] = { l->word, l->tag };

		if (!l->indexed)
			continue;
		for (int i = 0; i < 2 && w[i]; i++) {
			struct lf_strv *v = strmap_get(byword, w[i]);

			if (!v) {
				v = xcalloc(1, sizeof(*v));
				strmap_put(byword, w[i], v);
				lf_strv_add(&words, w[i]);
			}
			tag = xasprintf("%zu%s", k, i ? " tag" : "");
			lf_strv_add(v, tag);
			free(tag);
		}
	}
	if (words.n) {
		out = grep_words(ix, &words);
		for (char *s = out, *nl; *s; s = nl) {
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
			if (skipped_dir(s))
				continue;
			text_line(ix, byword, s, atoi(c1 + 1), c2 + 1, access, namedf);
		}
	}
	members(ix, access, namedf);
	for (size_t k = 0; k < ix->nlocks; k++)
		sort_uses(&ix->locks[k]);
	ix->secs = lf_now() - t0;
}
