// SPDX-License-Identifier: GPL-2.0
/*
 * patch_guard.c - the cleanup.h guards of a lock to rewrite (guard(),
 * scoped_guard(), scoped_cond_guard(): Linux 6.5+).  Each guard use the
 * use index found must become a guard of the target lock that the tree
 * defines: the guard rows of rules/rewrites.tbl say which (or `-`, none),
 * rules/sourceforms.tbl which header defines it.  Otherwise the lock gets
 * no patch, and the reason names the guard: a patch naming a guard the
 * tree lacks would not build, and in a file this configuration does not
 * build nothing would notice.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "records/tables.h"
#include "index/index.h"
#include "patch/patch.h"

static struct lfr_tables tables;
static bool loaded;
static struct strmap *defined;	/* "src header" -> strmap of guard names */

static const struct lfr_sourceform *guard_form(const char *name)
{
	for (size_t i = 0; i < tables.sourceforms.n; i++)
		if (tables.sourceforms.v[i].cls &&
		    !strcmp(tables.sourceforms.v[i].name, name))
			return &tables.sourceforms.v[i];
	return NULL;
}

/* The guard row of KIND for guard NAME under WHEN ("-", "promote=bh"). */
static const struct lfr_rewrite *guard_row(const char *kind, const char *when,
					   const char *name)
{
	for (size_t i = 0; i < tables.rewrites.n; i++) {
		const struct lfr_rewrite *r = &tables.rewrites.v[i];

		if (!strcmp(r->cat, "guard") && !strcmp(r->kind, kind) &&
		    !strcmp(r->when, when) && !strcmp(r->name, name))
			return r;
	}
	return NULL;
}

static size_t ident_len(const char *s)
{
	size_t n = 0;

	while (isalnum((unsigned char)s[n]) || s[n] == '_')
		n++;
	return n;
}

/* The guards HEADER of SRC defines: DEFINE_GUARD(NAME, ...),
 * DEFINE_LOCK_GUARD_1(NAME, ...), and NAME EXT of their _COND forms
 * (DEFINE_LOCK_GUARD_1_COND(spinlock, _try, ...) is spinlock_try). */
static struct strmap *guards_of(const char *src, const char *header)
{
	char *key = xasprintf("%s %s", src, header), *path, *text;
	struct strmap *m = defined ? strmap_get(defined, key) : NULL;

	if (m) {
		free(key);
		return m;
	}
	if (!defined)
		defined = strmap_new();
	m = strmap_new();
	path = lf_path_in(src, header);
	text = path ? lf_read_file(path, NULL) : NULL;
	for (const char *p = text; p && (p = strstr(p, "DEFINE_")); p++) {
		size_t n = ident_len(p), a, b;
		const char *q = p + n;
		bool cond = n > 5 && !strncmp(p + n - 5, "_COND", 5);
		char *name = xasprintf("%.*s", (int)n, p);
		bool guard = strstr(name, "GUARD") != NULL;

		free(name);
		if ((p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_')) ||
		    !guard)
			continue;
		while (isspace((unsigned char)*q))
			q++;
		if (*q++ != '(')
			continue;
		while (isspace((unsigned char)*q))
			q++;
		a = ident_len(q);
		if (!a)
			continue;
		name = xasprintf("%.*s", (int)a, q);
		if (cond) {
			const char *e = q + a;

			while (isspace((unsigned char)*e) || *e == ',')
				e++;
			b = ident_len(e);
			free(name);
			name = xasprintf("%.*s%.*s", (int)a, q, (int)b, e);
		}
		strmap_put(m, name, m);
		free(name);
	}
	free(path);
	free(text);
	strmap_put(defined, key, m);
	free(key);
	return m;
}

/* "-D promote=X" of J, as a when ("promote=X"), or "-". */
static const char *promote_of(const struct lf_pjob *j)
{
	for (size_t i = 0; i < j->dopts.n; i++)
		if (!strncmp(j->dopts.v[i], "promote=", 8))
			return j->dopts.v[i];
	return "-";
}

static void refuse(struct lf_pjob *j, char *why)
{
	if (j->refused)
		free(why);
	else
		j->refused = why;
}

void lf_pjob_guards(struct lf_pjob *j, const struct lf_ilock *l, const char *src)
{
	const char *kind = j->kind->rewrite, *to_cls = j->kind->to_type;

	for (size_t i = 0; i < l->uses.n && !j->refused; i++) {
		const struct lf_use *u = &l->uses.v[i];
		const char *open = u->mode ? strchr(u->call, '(') : NULL;
		const struct lfr_rewrite *r;
		const struct lfr_sourceform *f;
		char *macro, *name;

		if (!open)
			continue;	/* not a guard */
		if (!loaded) {
			struct lf_rules rules;

			lf_rules_load(&rules);
			lfr_read(&tables, rules.dir, lf_die);
			loaded = true;
		}
		macro = xasprintf("%.*s", (int)(open - u->call), u->call);
		name = xasprintf("%.*s", (int)(strlen(open) - 2), open + 1);
		r = guard_row(kind, promote_of(j), name);
		if (!r)
			r = guard_row(kind, "-", name);
		if (!r || !strcmp(r->to, "-")) {
			refuse(j, xasprintf("%s:%d: %s(%s) has no %s guard to become "
					    "(rules/rewrites.tbl%s)", u->file, u->line, macro,
					    name, to_cls, r ? ": Linux 6.12 has none" :
					    " has no row for it"));
		} else if (!strcmp(macro, "scoped_cond_guard")) {
			refuse(j, xasprintf("%s:%d: scoped_cond_guard(%s) -> %s: the "
					    "scripts cannot rewrite scoped_cond_guard() "
					    "(spatch 1.1.1 skips its fail argument)", u->file,
					    u->line, name, r->to));
		} else if ((f = guard_form(r->to)) &&
			   !strmap_get(guards_of(src, f->header), r->to)) {
			refuse(j, xasprintf("%s:%d: %s(%s) would become %s(%s), which "
					    "%s of this tree does not define (no "
					    "DEFINE_LOCK_GUARD_1(%s, ...): a kernel "
					    "older than that guard)", u->file, u->line, macro,
					    name, macro, r->to, f->header, r->to));
		}
		free(macro);
		free(name);
	}
}
