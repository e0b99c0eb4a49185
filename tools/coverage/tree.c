// SPDX-License-Identifier: GPL-2.0
/*
 * tree.c - the source tree of coverage (coverage.h): is it a kernel
 * tree, which architecture its .config is for, and does it match the
 * records (every recorded site's file in it, its line naming the lock),
 * or nothing said about the tree would be true: exit 2.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lib/util.h"
#include "lib/path.h"
#include "analysis/analysis.h"
#include "coverage/coverage.h"
#include "coverage/tree.h"
#include "index/clex.h"
#include "index/index.h"

bool lf_cov_module_dir(const char *dir)
{
	char *real = realpath(dir, NULL), *p;
	bool ok = false;
	struct stat st;

	if (!real || !strcmp(real, "/") || !lf_is_dir(real)) {
		free(real);
		return false;
	}
	for (int i = 0; i < 2 && !ok; i++) {
		p = xasprintf("%s/%s", real, i ? "Makefile" : "Kbuild");
		ok = !lstat(p, &st) && S_ISREG(st.st_mode);
		free(p);
	}
	free(real);
	return ok;
}

char *lf_cov_config_arch(const char *config)
{
	char *t = lf_read_file(config, NULL), *p, *arch = NULL;

	if (t && (p = strstr(t, "# Linux/"))) {
		size_t n = strcspn(p + 8, " \n");

		arch = xasprintf("%.*s", (int)n, p + 8);
	}
	free(t);
	return arch;
}

/* ---- the tree matches the records ---------------------------------- */

static struct strmap *texts;	/* file -> its text, "" if unreadable */
static const char *modroot;	/* the records' module directory, or NULL */

static const char *text_of(const char *tree, const char *file)
{
	char *t = strmap_get(texts, file), *p;

	if (t)
		return *t ? t : NULL;
	p = lf_records_path(tree, modroot, file);
	t = p ? lf_read_file(p, NULL) : NULL;
	free(p);
	strmap_put(texts, file, t ? t : "");
	return t;
}

/* Where the statement or macro invocation that starts on the line at S
 * ends: its ';' or '{', else the end of the line its parentheses close
 * on (a DEFINE_GUARD() over two lines; a macro's continued lines too);
 * at most LF_SITE_SPAN characters. */
#define LF_SITE_SPAN 2000
static const char *site_end(const char *s)
{
	const char *p = s, *cap = s + strnlen(s, LF_SITE_SPAN);
	int depth = 0;

	for (; p < cap; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')')
			depth--;
		else if (depth <= 0 && (*p == ';' || *p == '{'))
			return p;
		else if (*p == '\n' && depth <= 0 && (p == s || p[-1] != '\\'))
			return p;
	}
	return p;
}

/* Does the site at line LINE of TEXT (the whole statement or macro
 * invocation there) hold WORD (as a word: AS_WORD)?  Not "is it the
 * lock's use": a tree of another version fails it, a macro's site may
 * too. */
static bool line_holds(const char *text, int line, const char *word,
		       bool as_word)
{
	const char *s = text, *e;
	size_t n = strlen(word);

	for (int l = 1; s && l < line; l++) {
		s = strchr(s, '\n');
		s = s ? s + 1 : NULL;
	}
	if (!s)
		return false;
	e = site_end(s);
	for (const char *p = s; p + n <= e; p++)
		if (!strncmp(p, word, n) && (!as_word ||
		    ((p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
		     !(isalnum((unsigned char)p[n]) || p[n] == '_'))))
			return true;
	return false;
}

/* Does the site at LINE name the cleanup.h guard class whose constructor
 * API is (class_NAME_constructor, the call the plugin records for a guard
 * of a class the tree defines): guard(NAME)(...), scoped_guard(NAME, ...)? */
static bool line_holds_guard(const char *text, int line, const char *api)
{
	static const char pre[] = "class_", suf[] = "_constructor";
	size_t n = strlen(api), np = sizeof(pre) - 1, ns = sizeof(suf) - 1;
	char name[128];

	if (n <= np + ns || n - np - ns >= sizeof(name) ||
	    strncmp(api, pre, np) || strcmp(api + n - ns, suf))
		return false;
	snprintf(name, sizeof(name), "%.*s", (int)(n - np - ns), api + np);
	return line_holds(text, line, name, true);
}

/* The word the text of a use of lock ID holds ("lock" for "struct a::lock"),
 * NULL when the identity names none (bit locks, parameters). */
static const char *lock_word(struct strmap *words, const char *id)
{
	struct lf_ilock il;
	char *why, *w = strmap_get(words, id);

	if (!w) {
		w = lf_ilock_parse(&il, id, &why) && il.kind != LF_IK_NONE ?
		    il.word : "";
		strmap_put(words, id, w);
	}
	return *w ? w : NULL;
}

/* A file's recorded sites of locks with a searchable name. */
struct fsites {
	size_t held;			/* whose line names the call or the lock */
	const struct lf_rec *first;	/* the first whose line does not */
};

/*
 * Each recorded site of an rwlock_t or rw_semaphore (the locks whose
 * rewrites depend on the tree) must be in the tree, and a file none of
 * whose sites' lines name their call or lock has moved on since the
 * build.  One site whose line does not, among others that do, is a call
 * through a macro of another name (spin_lock_irqsave recorded as
 * raw_spin_lock_irqsave): not a mismatch.
 */
void lf_cov_check_tree(const char *tree, const struct lf_analysis *a)
{
	struct strmap *words = strmap_new(), *files = strmap_new();
	struct { const char **v; size_t n, cap; } names = { 0 };

	texts = strmap_new();
	modroot = lf_records_modroot(&a->recs);
	for (size_t i = 0; i < a->recs.recs.n; i++) {
		const struct lf_rec *r = a->recs.recs.v[i];
		const char *t, *word;
		struct fsites *f;

		/* the locks whose rewrites depend on the tree */
		if ((r->kind != LF_REC_SECTION && r->kind != LF_REC_RELEASE_ONLY) ||
		    !r->file || !r->api || !r->lock || !r->cls ||
		    !lf_rules_class_serves(&a->rules, r->cls, LF_FACT_COVERAGE) ||
		    !(word = lock_word(words, r->lock)))
			continue;
		t = text_of(tree, r->file);
		if (!t && lf_modroot_file(r->file))
			lf_die("%s:%d: the module directory %s does not match these "
			       "records: %s (a site of %s) is not in it", r->src,
			       r->srcline, modroot, r->file, r->lock);
		if (!t)
			lf_die("%s:%d: the tree %s does not match these records: "
			       "%s (a site of %s) is not in it; give the tree the "
			       "records were built from", r->src, r->srcline, tree,
			       r->file, r->lock);
		if (!(f = strmap_get(files, r->file))) {
			f = xcalloc(1, sizeof(*f));
			strmap_put(files, r->file, f);
			VEC_PUSH(&names, r->file);
		}
		/* a wrapper names its own call, not the lock: inode_lock(inode),
		 * raw_spin_lock_rcu_node(rnp); a guard its class */
		if (line_holds(t, r->line, r->api, false) ||
		    line_holds(t, r->line, word, true) ||
		    line_holds_guard(t, r->line, r->api))
			f->held++;
		else if (!f->first)
			f->first = r;
	}
	for (size_t i = 0; i < names.n; i++) {
		const struct fsites *f = strmap_get(files, names.v[i]);
		const struct lf_rec *r = f->first;

		if (!f->held)
			lf_die("%s:%d: the tree %s does not match these records: "
			       "%s:%d (a site of %s) names neither %s() nor the "
			       "lock (lines moved?); give the tree the records "
			       "were built from", r->src, r->srcline, tree,
			       r->file, r->line, r->lock, r->api);
	}
}

/* ---- the index holds the records' own sites ------------------------ */

/* The line of the first WORD the call at LINE:COL of TEXT names (a
 * member's after "." or "->", else not), up to the end of its
 * statement; 0 if it names none (a wrapper: inode_lock(inode)). */
static int named_line(const char *text, int line, int col, const char *word,
		      bool member)
{
	const char *s = text, *p, *end;
	size_t n = strlen(word);
	int depth = 0;

	for (int l = 1; s && l < line; l++) {
		s = strchr(s, '\n');
		s = s ? s + 1 : NULL;
	}
	if (!s || col < 1 || strcspn(s, "\n") < (size_t)col - 1)
		return 0;
	p = s + col - 1;
	end = p + strnlen(p, 600);
	for (; p < end; p++) {
		if (*p == '\n') {
			line++;
		} else if (*p == '(') {
			depth++;
		} else if (*p == ')') {
			depth--;
		} else if (!depth && (*p == ';' || *p == '{')) {
			break;
		} else if (!strncmp(p, word, n) && !lf_c_ident_char((unsigned char)p[n]) &&
			   (p == text || !lf_c_ident_char((unsigned char)p[-1]))) {
			size_t b = lf_c_back_space(text, p - text);
			bool m = (b >= 1 && text[b - 1] == '.') ||
				 (b >= 2 && !strncmp(text + b - 2, "->", 2));

			if (m == member)
				return line;
		}
	}
	return 0;
}

size_t lf_cov_missed(const char *tree, const struct lf_lock *l,
		     const struct lf_ilock *il, const struct lf_rec **first)
{
	size_t missed = 0;

	if (!texts)
		texts = strmap_new();
	*first = NULL;
	for (int k = 0; k < 2; k++) {
		const struct lf_site *v = k ? l->rels.v : l->sites.v;
		size_t n = k ? l->rels.n : l->sites.n;

		for (size_t i = 0; i < n; i++) {
			const struct lf_rec *r = v[i].rec;
			const char *t;
			int at;
			bool held = false;

			/* a bound parameter's site names the parameter */
			if (v[i].via || !r->file || !(t = text_of(tree, r->file)) ||
			    !(at = named_line(t, r->line, r->column, il->word,
					      il->kind == LF_IK_member)))
				continue;
			for (size_t u = 0; u < il->uses.n && !held; u++)
				held = il->uses.v[u].line == at &&
				       !strcmp(il->uses.v[u].file, r->file);
			if (held)
				continue;
			if (!missed++ || strcmp(r->file, (*first)->file) < 0 ||
			    (!strcmp(r->file, (*first)->file) && r->line < (*first)->line))
				*first = r;
		}
	}
	return missed;
}
