// SPDX-License-Identifier: GPL-2.0
/*
 * inittext.c - the init sites written with a given text (inittext.h),
 * which tell the runtime evidence stage the lock of a lockdep class.
 *
 * lockdep names a class after the stringified argument of its init
 * macro, so the class "&pn->hash_lock" is made by an init call written
 * "rwlock_init(&pn->hash_lock)".
 *
 * One grep for the texts (the longest run of each without a blank, as
 * the index greps: grep.c), each hit's call read from the file (at most
 * 4 KiB either side), its argument spelt as # spells it (comments and
 * blanks one space, none at the ends) and compared; the sites that
 * match are typed by the index's spatch pass (spatch.c, cached), one run
 * per member path over their files.  A nested path ("f_owner.lock" of a
 * struct file) is followed through the outer struct's definition to the
 * innermost named struct the records name ("struct fown_struct::lock").
 * Tree files are untrusted: read bounded (readfile.h), never given to a
 * shell; a text that is not a plain member access is not searched.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "lib/readfile.h"
#include "index/clex.h"
#include "index/index.h"
#include "index/inittext.h"
#include "index/needles.h"
#include "index/pass.h"
#include "index/spatch.h"
#include "index/state.h"

#define TEXT_MAX 256	/* a longer class name is no init text */
#define SPAN 4096	/* bytes read either side of a hit */
#define LEVELS 4	/* nested struct members followed */

/* A site found, before it is typed: PATH is the member path spatch
 * types (after the last "->", or the object's "."), COL the 0-based
 * byte of its last name (where spatch puts the position). */
struct found {
	struct lf_initsite s;
	const char *path;
	int col;
	const char *type;	/* the struct PATH is a member of */
	bool done;		/* PATH is the records' (an unnamed struct's) */
};

struct founds {
	struct found *v;
	size_t n, cap;
};

/* FILE of TREE, read once (NULL if it is gone since grep, or not a
 * regular file). */
static struct lf_ftext *src_of(struct strmap *files, const char *tree,
			       const char *file)
{
	struct lf_ftext *f = strmap_get(files, file);
	char *path;

	if (f)
		return f->text ? f : NULL;
	f = xcalloc(1, sizeof(*f));
	strmap_put(files, file, f);
	path = xasprintf("%s/%s", tree, file);
	f->text = lf_read_bounded(path, &f->len);
	free(path);
	if (!f->text)
		return NULL;
	lf_ftext_lines(f);
	return f;
}

/* The line (1-based) holding offset O. */
static size_t line_of(const struct lf_ftext *f, size_t o)
{
	size_t lo = 0, hi = f->nlines;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (f->lines[mid] <= o)
			lo = mid;
		else
			hi = mid;
	}
	return lo + 1;
}

/* TEXT's member path (into *PATH, interned) if it is a member access
 * of names: "&x->a.b" ("a.b"), "&(x)->b", "(x).b", "x.b". */
static bool text_path(const char *text, const char **path)
{
	const char *arrow = NULL, *p, *s;

	if (strlen(text) > TEXT_MAX)
		return false;
	for (p = text; *p; p++) {
		if (!lf_c_ident_char((unsigned char)*p) && !strchr("&()->. ", *p))
			return false;
		if (!strncmp(p, "->", 2))
			arrow = p;
	}
	if (arrow) {
		s = arrow + 2;
	} else {
		s = text + strspn(text, "&(");
		while (lf_c_ident_char((unsigned char)*s))
			s++;
		s += strspn(s, ")");
		if (*s++ != '.')
			return false;
	}
	/* names and '.': no blank, no call, no array */
	for (p = s; *p; p++)
		if (!lf_c_ident_char((unsigned char)*p) &&
		    (*p != '.' || p == s || !p[1] || p[1] == '.'))
			return false;
	if (!*s)
		return false;
	*path = lf_intern(s);
	return true;
}

/* The longest run of TEXT without a blank: what grep looks for. */
static char *needle(const char *text)
{
	size_t best = 0, at = 0;

	for (size_t i = 0, n; text[i]; i += n ? n : 1) {
		n = strcspn(text + i, " ");
		if (n > best) {
			best = n;
			at = i;
		}
	}
	return xasprintf("%.*s", (int)best, text + at);
}

/* T[A..E) as # spells it: comments and blanks one space, a
 * backslash-newline nothing, no blank at either end; NULL if it holds a
 * string or a character constant. */
static char *spelt(const char *t, size_t a, size_t e)
{
	struct strbuf sb = { 0 };
	bool blank = false;

	for (size_t i = a; i < e; i++) {
		if (t[i] == '\\' && i + 1 < e && t[i + 1] == '\n') {
			i++;
			continue;
		}
		if (t[i] == '/' && i + 1 < e && t[i + 1] == '*') {
			for (i += 2; i + 1 < e && (t[i] != '*' || t[i + 1] != '/'); i++)
				;
			i++;
			blank = true;
			continue;
		}
		if (t[i] == '/' && i + 1 < e && t[i + 1] == '/') {
			while (i < e && t[i] != '\n')
				i++;
			blank = true;
			continue;
		}
		if (t[i] == '"' || t[i] == '\'') {
			free(sb.s);
			return NULL;
		}
		if (isspace((unsigned char)t[i])) {
			blank = true;
			continue;
		}
		if (blank && sb.len)
			sb_printf(&sb, " ");
		blank = false;
		sb_printf(&sb, "%c", t[i]);
	}
	return sb_take(&sb);
}

/* The one argument around offset O of F: its bounds, false if O is not
 * inside the only argument of a call. */
static bool argument(const struct lf_ftext *f, size_t o, size_t *a, size_t *e)
{
	const char *t = f->text;
	size_t lim = o > SPAN ? o - SPAN : 0, i = o;
	int depth = 0;

	for (;;) {
		if (i <= lim)
			return false;
		switch (t[--i]) {
		case ')': case ']':
			depth++;
			continue;
		case '[':
			if (depth--)
				continue;
			return false;
		case '(':
			if (depth--)
				continue;
			break;
		case ';': case '{': case '}':
			return false;
		default:
			continue;
		}
		break;
	}
	*a = i + 1;
	depth = 0;
	for (i = *a; i < f->len && i < o + SPAN; i++) {
		switch (t[i]) {
		case '(': case '[':
			depth++;
			break;
		case ']':
			depth--;
			break;
		case ')':
			if (!depth--) {
				*e = i;
				return true;
			}
			break;
		case ',':
			if (!depth)
				return false;	/* not its only argument */
			break;
		case ';': case '{': case '}':
			return false;
		}
	}
	return false;
}

/* The start of the last name in T[A..E), comments skipped. */
static size_t last_name(const char *t, size_t a, size_t e)
{
	size_t last = a;

	for (size_t i = a; i < e; i++) {
		if (t[i] == '/' && i + 1 < e && t[i + 1] == '*') {
			for (i += 2; i + 1 < e && (t[i] != '*' || t[i + 1] != '/'); i++)
				;
			i++;
		} else if (t[i] == '/' && i + 1 < e && t[i + 1] == '/') {
			while (i < e && t[i] != '\n')
				i++;
		} else if (lf_c_ident_char((unsigned char)t[i]) &&
			   (i == a || !lf_c_ident_char((unsigned char)t[i - 1]))) {
			last = i;
		}
	}
	return last;
}

/* The name of the call whose '(' is T[P] if it says it initialises:
 * "init" in any case (rwlock_init, init_rwsem, raw_spin_lock_init,
 * seqlock_init, __RWSEM_INITIALIZER) or "_UNLOCKED"
 * (__SPIN_LOCK_UNLOCKED); else NULL.  Wider than the index's init calls
 * (classify.c): a site missed could let a class be taken for another
 * lock of its text, one too many only makes it ambiguous, and only the
 * sites of a lock of the records count. */
static const char *init_call(const char *t, size_t p)
{
	size_t e = lf_c_back_space(t, p), n = e;
	char *name;
	const char *r = NULL;

	while (n && lf_c_ident_char((unsigned char)t[n - 1]))
		n--;
	if (n == e)
		return NULL;
	name = xasprintf("%.*s", (int)(e - n), t + n);
	for (char *c = name; *c; c++)
		*c = tolower((unsigned char)*c);
	if (strstr(name, "init") || strstr(name, "_unlocked"))
		r = lf_intern(name);	/* lower case: for the messages */
	free(name);
	return r;
}

/* Grep's hit at FILE:LINE for the needle N of TEXTS: every init site
 * there whose argument is one of them. */
static void hits(struct strmap *files, const char *tree, const char *file,
		 int line, const char *n, const struct strmap *texts,
		 struct strmap *seen, struct founds *out)
{
	struct lf_ftext *f = src_of(files, tree, file);
	size_t bol, eol, nn = strlen(n);

	if (!f || line < 1 || (size_t)line > f->nlines)
		return;
	bol = f->lines[line - 1];
	eol = (size_t)line < f->nlines ? f->lines[line] : f->len;
	for (size_t o = bol; o + nn <= eol; o++) {
		size_t a, e, last;
		const char *call, *path;
		char *arg, *key;

		if (memcmp(f->text + o, n, nn) || lf_c_in_comment(f->text, bol, o) ||
		    !argument(f, o, &a, &e) || !(arg = spelt(f->text, a, e)))
			continue;
		if (!strmap_get(texts, arg) || !text_path(arg, &path)) {
			free(arg);
			continue;
		}
		last = last_name(f->text, a, e);
		if (!(call = init_call(f->text, a - 1))) {
			free(arg);
			continue;
		}
		key = xasprintf("%s:%zu", file, last);
		if (!strmap_get(seen, key)) {
			struct found x = { { lf_intern(arg), xstrdup(file),
					     line_of(f, last), call, NULL },
					   path, (int)(last - f->lines[line_of(f, last) - 1]),
					   NULL, false };

			strmap_put(seen, key, f);
			VEC_PUSH(out, x);
		}
		free(key);
		free(arg);
	}
}

/* spatch's "T FILE LINE COL TYPE" lines into TYPED: "FILE:LINE:COL" ->
 * the type, without qualifiers. */
static void typed_lines(const char *out, struct strmap *typed)
{
	const char *s = out;

	while (s && *s) {
		const char *nl = strchr(s, '\n');
		char *l = xasprintf("%.*s", (int)(nl ? nl - s : (long)strlen(s)), s);
		char file[4096], type[256], *ty = type, *key;
		int line, col;

		if (sscanf(l, "T %4095s %d %d %255[^\n]", file, &line, &col, type) == 4) {
			while (!strncmp(ty, "const ", 6) || !strncmp(ty, "volatile ", 9))
				ty = strchr(ty, ' ') + 1;
			key = xasprintf("%s:%d:%d", file, line, col);
			strmap_put(typed, key, (void *)lf_intern(ty));
			free(key);
		}
		free(l);
		s = nl ? nl + 1 : NULL;
	}
}

/* "struct a", "union b": a tagged type whose definition can be found. */
static bool tagged(const char *type)
{
	const char *sp = strchr(type, ' ');

	return sp && (!strncmp(type, "struct ", 7) || !strncmp(type, "union ", 6)) &&
	       lf_c_ident_ok(sp + 1, strlen(sp + 1));
}

/* In the body opening at T[O] ('{'), the declared type of member
 * FIELD: "struct x" or "union x", "" for an unnamed struct or anything
 * else, NULL if FIELD is not a member. */
static const char *member_type(const struct lf_ftext *f, size_t o, const char *field)
{
	const char *t = f->text;
	size_t fn = strlen(field), decl = o + 1;
	int depth = 0;

	for (size_t i = o; i < f->len && i < o + 16 * SPAN; i++) {
		if (t[i] == '{') {
			depth++;
		} else if (t[i] == '}') {
			if (!--depth)
				return NULL;
			if (depth == 1)
				decl = i + 1;	/* "struct { ... } FIELD;": unnamed */
		} else if (depth == 1 && t[i] == ';') {
			decl = i + 1;
		} else if (depth == 1 && !strncmp(t + i, field, fn) &&
			   !lf_c_ident_char((unsigned char)t[i - 1]) &&
			   !lf_c_ident_char((unsigned char)t[i + fn]) &&
			   strchr(";[:", t[i + fn + strspn(t + i + fn, " \t")])) {
			char *d = spelt(t, decl, i);
			const char *r = d && tagged(d) ? lf_intern(d) : "";

			free(d);
			return r;
		}
	}
	return NULL;
}

/* X has a member path to follow into its first member's struct. */
static bool nested(const struct found *x)
{
	return x->type && !x->done && strchr(x->path, '.');
}

/* The offset of the '{' of "TYPE {" on LINE of F, 0 if none. */
static size_t definition(const struct lf_ftext *f, int line, const char *type)
{
	size_t tn = strlen(type), bol, eol;

	if (line < 1 || (size_t)line > f->nlines)
		return 0;
	bol = f->lines[line - 1];
	eol = (size_t)line < f->nlines ? f->lines[line] : f->len;
	for (size_t o = bol; o + tn + 2 <= eol; o++)
		if (!memcmp(f->text + o, type, tn) && !memcmp(f->text + o + tn, " {", 2) &&
		    (o == bol || !lf_c_ident_char((unsigned char)f->text[o - 1])) &&
		    !lf_c_in_comment(f->text, bol, o))
			return o + tn + 1;
	return 0;
}

#define GREP_MAGIC "lockfit-inits 2"

/* An entry of grep_cached(): its first line "MAGIC KEY BODYHASH TREE",
 * then the body, grep's output (NULs in it: grep -Z). */
static char *entry_head(uint64_t key, const char *body, size_t len,
			const char *tree)
{
	return xasprintf(GREP_MAGIC " %016llx %016llx %s\n", (unsigned long long)key,
			 (unsigned long long)lf_index_fnv(key, body, len), tree);
}

/* Is TEXT[0..LEN) an entry of KEY for TREE? Its body into H if it is. */
static bool entry_ok(char *text, size_t len, uint64_t key, const char *tree,
		     struct lf_hits *h)
{
	char *pre = xasprintf(GREP_MAGIC " %016llx ", (unsigned long long)key);
	size_t np = strlen(pre), nt = strlen(tree), nh = np + 16 + 1 + nt + 1;
	char *want;
	bool ok;

	ok = len >= nh && !memcmp(text, pre, np) && text[np + 16] == ' ' &&
	     !memcmp(text + np + 17, tree, nt) && text[nh - 1] == '\n';
	free(pre);
	if (!ok)
		return false;
	want = entry_head(key, text + nh, len - nh, tree);
	ok = strlen(want) == nh && !memcmp(text, want, nh);
	free(want);
	if (ok) {
		h->len = len - nh;
		h->out = xmalloc(h->len + 1);
		memcpy(h->out, text + nh, h->len + 1);
		h->pos = 0;
	}
	return ok;
}

/* lf_index_grep_fixed() of PATS into H, kept in IX->cache (inits-KEY)
 * while the tree's .c and .h files (STATE: state.c) are as they were: a
 * second report does not read the whole tree again.  The first line
 * names the entry, its key, the hash of the rest and the tree; one that
 * does not match is made again.  What grep found is checked against
 * the files anyway (hits()). */
static void grep_cached(struct lf_index *ix, const struct lf_strv *pats,
			uint64_t state, struct lf_hits *h)
{
	uint64_t key = lf_index_fnv(LF_FNV_INIT, GREP_MAGIC, sizeof(GREP_MAGIC));
	char *path, *text, *head;
	size_t len;
	struct strbuf sb = { 0 };

	if (!ix->cache) {
		lf_index_grep_fixed(ix, pats, h);
		return;
	}
	key = lf_index_fnv(key, ix->tree, strlen(ix->tree) + 1);
	key = lf_index_fnv(key, &state, sizeof(state));
	for (size_t i = 0; i < pats->n; i++)
		key = lf_index_fnv(key, pats->v[i], strlen(pats->v[i]) + 1);
	path = xasprintf("%s/inits-%016llx", ix->cache, (unsigned long long)key);
	text = lf_read_bounded(path, &len);
	if (text && entry_ok(text, len, key, ix->tree, h)) {
		free(text);
		free(path);
		return;
	}
	if (text)
		lf_err("%s: not the grep of %s it is named for (edited?): made again",
		       path, ix->tree);
	free(text);
	lf_index_grep_fixed(ix, pats, h);
	head = entry_head(key, h->out, h->len, ix->tree);
	sb_printf(&sb, "%s", head);
	sb_add(&sb, h->out, h->len);
	lf_write_bytes(path, sb.s, sb.len);	/* a cache that cannot be written is none */
	free(sb.s);
	free(head);
	free(path);
}

/* A "TYPE {" follow() greps for: TYPE, and the first members of the
 * paths to follow from it. */
struct pattern {
	const char *type;
	struct lf_strv fields;
};

/* Each site whose path has a '.' left: its outer struct's definition
 * found (one grep for "struct a {" of them all) and the path's first
 * member followed to its named struct; untyped if that is not known. */
static void follow(struct lf_index *ix, struct strmap *files,
		   struct founds *fs, uint64_t state)
{
	struct lf_strv pats = { 0 };
	/* per pattern: its type, and the first fields of the paths to follow */
	struct { struct pattern *v; size_t n, cap; } per = { 0 };
	struct strmap *index = strmap_new(), *pairs = strmap_new();
	struct strmap *decl = strmap_new();	/* "type field" -> type, "" */
	struct lf_needles *m;
	const size_t *found;
	const char *file, *text;
	struct lf_hits h;
	int line;

	for (size_t i = 0; i < fs->n; i++) {
		struct found *x = &fs->v[i];
		char *p, *field, *pair;
		uintptr_t k;

		if (!nested(x))
			continue;
		p = xasprintf("%s {", x->type);
		if (!(k = (uintptr_t)strmap_get(index, p))) {
			VEC_PUSH(&per, ((struct pattern){ x->type, { 0 } }));
			lf_strv_add(&pats, p);
			strmap_put(index, p, (void *)(k = pats.n));
		}
		field = xasprintf("%.*s", (int)strcspn(x->path, "."), x->path);
		pair = xasprintf("%s %s", x->type, field);
		if (!strmap_get(pairs, pair)) {
			strmap_put(pairs, pair, pairs);
			lf_strv_add(&per.v[k - 1].fields, field);
		}
		free(pair);
		free(field);
		free(p);
	}
	if (!pats.n)
		return;
	grep_cached(ix, &pats, state, &h);
	m = lf_needles_new(&pats);
	while ((file = lf_index_grep_next(&h, &line, &text))) {
		size_t nf = lf_needles_find(m, text, strlen(text), &found);
		struct lf_ftext *f = nf ? src_of(files, ix->tree, file) : NULL;

		for (size_t j = 0; f && j < nf; j++) {
			const char *type = per.v[found[j]].type;
			const struct lf_strv *fields = &per.v[found[j]].fields;
			size_t at = definition(f, line, type);

			for (size_t i = 0; at && i < fields->n; i++) {
				const char *got = member_type(f, at, fields->v[i]), *old;
				char *key = xasprintf("%s %s", type, fields->v[i]);

				old = strmap_get(decl, key);
				if (got)	/* two bodies that disagree: "?" */
					strmap_put(decl, key, (void *)(!old || !strcmp(old, got) ?
								      got : "?"));
				free(key);
			}
		}
	}
	lf_needles_free(m);
	free(h.out);
	for (size_t i = 0; i < fs->n; i++) {
		struct found *x = &fs->v[i];
		char *field, *key;
		const char *t;

		if (!nested(x))
			continue;
		field = xasprintf("%.*s", (int)strcspn(x->path, "."), x->path);
		key = xasprintf("%s %s", x->type, field);
		t = strmap_get(decl, key);
		if (t && *t && strcmp(t, "?")) {
			x->type = t;
			x->path = lf_intern(strchr(x->path, '.') + 1);
		} else if (!t || !strcmp(t, "?")) {
			x->type = NULL;	/* its member's type not known */
		} else {
			x->done = true;	/* an unnamed struct's: "struct t::a.b" */
		}
		free(key);
		free(field);
	}
	for (size_t i = 0; i < pats.n; i++) {
		free(pats.v[i]);
		for (size_t j = 0; j < per.v[i].fields.n; j++)
			free(per.v[i].fields.v[j]);
		free(per.v[i].fields.v);
	}
	free(pats.v);
	free(per.v);
}

void lf_index_init_sites(struct lf_index *ix, const struct lf_strv *texts,
			 struct lf_initsites *out)
{
	struct lf_strv needles = { 0 };
	struct strmap *ok = strmap_new(), *nset = strmap_new();	/* texts, needles */
	struct strmap *files = strmap_new(), *seen = strmap_new();
	struct strmap *typed = strmap_new();
	/* member path -> its job + 1; "JOB FILE" -> its file is the job's */
	struct strmap *paths = strmap_new();
	struct founds fs = { 0 };
	struct lf_tjob *jobs;
	size_t njobs = 0, nfiles;
	uint64_t state;
	const char *file, *text;
	struct lf_needles *m;
	const size_t *found;
	struct lf_hits h;
	int line;

	for (size_t i = 0; i < texts->n; i++) {
		const char *path;
		char *n;

		if (!text_path(texts->v[i], &path))
			continue;
		strmap_put(ok, texts->v[i], ok);
		n = needle(texts->v[i]);
		if (!strmap_get(nset, n)) {
			strmap_put(nset, n, nset);
			lf_strv_add(&needles, n);
		}
		free(n);
	}
	if (!needles.n)
		return;
	state = ix->cache ? lf_index_tree_state(ix->tree, &nfiles) : 0;
	grep_cached(ix, &needles, state, &h);
	m = lf_needles_new(&needles);
	while ((file = lf_index_grep_next(&h, &line, &text))) {
		size_t nf = lf_needles_find(m, text, strlen(text), &found);

		for (size_t i = 0; i < nf; i++)
			hits(files, ix->tree, file, line, needles.v[found[i]], ok,
			     seen, &fs);
	}
	lf_needles_free(m);
	free(h.out);
	/* one spatch per member path, over the files of its sites */
	jobs = xcalloc(fs.n + 1, sizeof(*jobs));
	for (size_t i = 0; i < fs.n; i++) {
		uintptr_t j = (uintptr_t)strmap_get(paths, fs.v[i].path);
		char *key;

		if (!j) {
			jobs[njobs++].path = fs.v[i].path;
			strmap_put(paths, fs.v[i].path, (void *)(j = njobs));
		}
		key = xasprintf("%zu %s", (size_t)j, fs.v[i].s.file);
		if (!strmap_get(paths, key)) {
			strmap_put(paths, key, paths);
			lf_strv_add(&jobs[j - 1].files, fs.v[i].s.file);
		}
		free(key);
	}
	for (size_t j = 0; j < njobs; j++)
		lf_strv_sort(&jobs[j].files);
	lf_index_typed(ix, jobs, njobs);
	for (size_t j = 0; j < njobs; j++) {
		if (jobs[j].out)
			typed_lines(jobs[j].out, typed);
		else if (jobs[j].err && !out->failed)
			out->failed = xasprintf("%.*s", (int)strcspn(jobs[j].err, "\n"),
						jobs[j].err);
	}
	for (size_t i = 0; i < fs.n; i++) {
		char *key = xasprintf("%s:%d:%d", fs.v[i].s.file, fs.v[i].s.line,
				      fs.v[i].col);
		const char *t = strmap_get(typed, key);

		fs.v[i].type = t && tagged(t) ? t : NULL;
		free(key);
	}
	for (int level = 0; level < LEVELS; level++)
		follow(ix, files, &fs, state);
	for (size_t i = 0; i < fs.n; i++) {
		struct found *x = &fs.v[i];

		if (x->type && (x->done || !strchr(x->path, '.'))) {
			char *id = xasprintf("%s::%s", x->type, x->path);

			x->s.lock = lf_intern(id);
			free(id);
		}
		VEC_PUSH(out, x->s);
	}
	for (size_t j = 0; j < njobs; j++) {
		for (size_t k = 0; k < jobs[j].files.n; k++)
			free(jobs[j].files.v[k]);
		free(jobs[j].files.v);
		free(jobs[j].out);
		free(jobs[j].err);
	}
	free(jobs);
	free(fs.v);
	for (size_t i = 0; i < needles.n; i++)
		free(needles.v[i]);
	free(needles.v);
}
