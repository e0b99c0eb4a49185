// SPDX-License-Identifier: GPL-2.0
/*
 * patch_jobs.c - what every check's patch jobs (patch_MODULE.c) are
 * made of: the script's -D options from a lock identity, the files and
 * units, the subject prefix; and the jobs of all checks, in patch order.
 *
 * A rewrite is asked for by a verdict (spinlock, percpu_rwsem), by a hot
 * bit spinlock whose proposal is to embed a spinlock_t (a hashed array
 * is not what bitlock_to_spinlock does), or by flagged arch_spin_lock()
 * sites.  The options come from the identity: NAME or FILE:NAME is
 * "-D lock=NAME", "struct TAG::FIELD" is "-D lock=FIELD -D struct=TAG",
 * "struct TAG::WORD bit B" is "-D struct=TAG -D field=WORD -D bit=B";
 * anything else (nested members, pointers, function statics, members of
 * named objects) is refused with the reason: the scripts name one
 * variable or one member of one struct.
 *
 * Record strings are data: each that goes into a subject, a message or
 * a reason is escaped (lf_mail_esc), and a file or unit that is not a plain
 * path inside the tree (lf_path_ok: "../x.c", "/x.c") refuses the lock
 * before anything runs.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "records/recdir.h"
#include "patch/patch.h"

static const struct lf_patcher *const patchers[] = {
#define LF_PATCH(module, patcher) &patcher,
#include "schema/checks.def"
};

const struct lf_pkind *const *lf_pkinds(size_t *n)
{
	static const struct lf_pkind **kinds;
	static size_t nkinds;

	if (!kinds) {
		size_t cap = 0;

		for (size_t i = 0; i < ARRAY_SIZE(patchers); i++)
			for (size_t k = 0; patchers[i]->pkinds &&
			     patchers[i]->pkinds[k]; k++)
				cap++;
		kinds = xcalloc(cap + 1, sizeof(*kinds));
		/* by order, stable: the checkers' order within one */
		for (size_t i = 0; i < ARRAY_SIZE(patchers); i++)
			for (size_t k = 0; patchers[i]->pkinds &&
			     patchers[i]->pkinds[k]; k++) {
				const struct lf_pkind *p = patchers[i]->pkinds[k];
				size_t at = nkinds++;

				for (; at && kinds[at - 1]->order > p->order; at--)
					kinds[at] = kinds[at - 1];
				kinds[at] = p;
			}
	}
	*n = nkinds;
	return kinds;
}

bool lf_is_ident(const char *s, size_t n)
{
	if (!n || isdigit((unsigned char)s[0]))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '_')
			return false;
	return true;
}

void lf_pjob_dopt(struct lf_pjob *j, const char *fmt, const char *a, size_t n)
{
	char *s = xasprintf(fmt, (int)n, a);

	lf_strv_add(&j->dopts, "-D");
	lf_strv_add(&j->dopts, s);
	free(s);
}

/* "struct TAG::FIELD" (LEN chars of ID): -D lock|field=FIELD -D struct=TAG. */
static char *member(struct lf_pjob *j, const char *id, size_t len,
		    const char *fieldopt)
{
	const char *tag = id + 7, *sep = strstr(id, "::");
	const char *field = sep ? sep + 2 : NULL;
	size_t flen = field ? (size_t)(id + len - field) : 0;

	if (!sep || sep > id + len || !lf_is_ident(tag, sep - tag))
		return xasprintf("'%.*s' is not struct TAG::FIELD", (int)len, id);
	if (!lf_is_ident(field, flen))
		return xasprintf("'%.*s' is a nested member or an array: the "
				 "scripts rewrite one member FIELD of one struct",
				 (int)len, id);
	lf_pjob_dopt(j, fieldopt, field, flen);
	lf_pjob_dopt(j, "struct=%.*s", tag, sep - tag);
	j->name = xasprintf("%.*s", (int)(id + len - tag), tag);
	return NULL;
}

/* -D options naming LEN chars of lock identity ID; NULL, or why not. */
char *lf_pjob_ident(struct lf_pjob *j, const char *id, size_t len,
		   const char *fieldopt)
{
	const char *colon = memchr(id, ':', len), *name = id;

	if (len > 7 && !strncmp(id, "struct ", 7))
		return member(j, id, len, fieldopt);
	if (id[0] == '*')
		return xasprintf("'%.*s' is reached through a pointer field: the "
				 "scripts cannot follow it", (int)len, id);
	if (colon) {
		name = colon + 1;
		if (memchr(name, ':', id + len - name))
			return xasprintf("'%.*s' is a function-static lock: the "
					 "scripts name file-scope locks only",
					 (int)len, id);
	}
	if (!lf_is_ident(name, id + len - name))
		return xasprintf("'%.*s' is a member of a named object or not an "
				 "identifier: the scripts name a variable or a "
				 "member of a struct", (int)len, id);
	lf_pjob_dopt(j, "lock=%.*s", name, id + len - name);
	j->name = xasprintf("%.*s", (int)(id + len - name), name);
	return NULL;
}

struct lf_pjob *lf_pjob_new(const struct lf_pkind *k, const char *lock,
			   const char *script)
{
	struct lf_pjob *j = xcalloc(1, sizeof(*j));

	j->kind = k;
	j->lock = lock;
	j->script = script;
	return j;
}

void lf_pjob_file(struct lf_pjob *j, const struct lf_rec *r)
{
	lf_strv_add_unique(&j->files, r->file);
	if (r->tu)
		lf_strv_add_unique(&j->tus, r->tu);
}

/* R's file, and R's call when the rewrite of J's kind replaces it (not a
 * call of a wrapper, which stays: its body is rewritten). */
void lf_pjob_site(struct lf_pjob *j, const struct lf_analysis *a,
		  const struct lf_rec *r)
{
	lf_pjob_file(j, r);
	if (r->api && lf_rules_rewrites_call(&a->rules, j->kind->rewrite, r->api)) {
		struct lf_psite s = { r->file, r->function, r->api, r->line };

		VEC_PUSH(&j->must, s);
	}
}

/* The decl files, the units of every record of the lock, and a check
 * that every path is inside the tree. */
void lf_pjob_finish(struct lf_pjob *j, const struct lf_analysis *a,
			 struct strmap *decls)
{
	const struct lf_strv *d = strmap_get(decls, j->lock);

	for (size_t i = 0; d && i < d->n; i++)
		lf_strv_add_unique(&j->files, d->v[i]);
	for (size_t i = 0; i < a->recs.recs.n; i++) {
		const struct lf_rec *r = a->recs.recs.v[i];

		/* a calls record has no lock members (recdir.h) */
		if (r->kind != LF_REC_CALLS && r->lock && r->tu &&
		    !strcmp(r->lock, j->lock))
			lf_strv_add_unique(&j->tus, r->tu);
	}
	lf_pjob_paths(j);
}

void lf_pjob_paths(struct lf_pjob *j)
{
	lf_strv_sort(&j->files);
	lf_strv_sort(&j->tus);
	for (size_t i = 0; i < j->files.n && !j->refused; i++)
		if (!lf_path_ok(lf_modroot_file(j->files.v[i]) ?: j->files.v[i]))
			j->refused = xasprintf("the file '%s' of the records is not "
					       "a plain path inside the source tree",
					       lf_mail_esc(j->files.v[i]));
	for (size_t i = 0; i < j->tus.n && !j->refused; i++)
		if (!lf_path_ok(lf_modroot_file(j->tus.v[i]) ?: j->tus.v[i]))
			j->refused = xasprintf("the unit (tu) '%s' of the records is "
					       "not a plain path inside the source "
					       "tree: nothing is built or deleted "
					       "for it", lf_mail_esc(j->tus.v[i]));
	/* a member lock: spatch must read the local headers to type the
	 * uses (p->field, where p's type is there), and then patches them
	 * too (cocci/README.md); likewise a struct in a local header */
	if (!strncmp(j->lock, "struct ", 7))
		lf_strv_add_unique(&j->dopts, "--local-includes");
	for (size_t i = 0; i < j->files.n; i++) {
		const char *f = j->files.v[i];
		size_t n = strlen(f);

		if (n > 2 && !strcmp(f + n - 2, ".h") && strncmp(f, "include/", 8) &&
		    !(strncmp(f, "arch/", 5) == 0 && strstr(f, "/include/"))) {
			lf_strv_add_unique(&j->dopts, "--local-includes");
			break;
		}
	}
}

/* Strip "$M/" from each of V; how many had it. */
static size_t strip_modroot(char **v, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		const char *m = lf_modroot_file(v[i]);

		if (m) {
			memmove(v[i], m, strlen(m) + 1);
			k++;
		}
	}
	return k;
}

static size_t count_modroot(char **v, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		k += lf_modroot_file(v[i]) != NULL;
	return k;
}

void lf_pjobs_module(struct lf_pjobs *jobs)
{
	for (size_t i = 0; i < jobs->n; i++) {
		struct lf_pjob *j = jobs->v[i];
		size_t f = count_modroot(j->files.v, j->files.n);
		size_t t = count_modroot(j->tus.v, j->tus.n);

		if (!f && !t)
			continue;
		if (f != j->files.n || t != j->tus.n) {
			if (!j->refused)
				j->refused = xstrdup("its files are in both the "
						     "kernel tree and the module "
						     "directory: a patch is for "
						     "one of them");
			continue;
		}
		j->module = true;
		strip_modroot(j->files.v, j->files.n);
		strip_modroot(j->tus.v, j->tus.n);
		for (size_t k = 0; k < j->must.n; k++)
			j->must.v[k].file = lf_modroot_file(j->must.v[k].file) ?:
					    j->must.v[k].file;
	}
}

/* The .c file with the most of RECS (N of them): the subject prefix is
 * its subsystem's (patch_subject.c, once the tree is known). */
void lf_pjob_prefix(struct lf_pjob *j, const struct lf_rec *const *recs,
		    size_t n)
{
	const char *best = NULL;
	size_t bestn = 0;

	for (size_t i = 0; i < n; i++) {
		size_t c = 0, len = strlen(recs[i]->file);

		if (len < 2 || strcmp(recs[i]->file + len - 2, ".c"))
			continue;
		for (size_t k = 0; k < n; k++)
			c += !strcmp(recs[k]->file, recs[i]->file);
		if (c > bestn || (c == bestn && strcmp(recs[i]->file, best) < 0)) {
			best = recs[i]->file;
			bestn = c;
		}
	}
	j->prefix_file = best ? best : n ? recs[0]->file : "";
}

/* ONLY: the identity, or the plain name (after the last ':' of a
 * file-static, the whole of anything else). */
bool lf_pjob_wanted(const char *only, const char *lock)
{
	const char *colon = strrchr(lock, ':');

	if (!only || !strcmp(only, lock))
		return true;
	return colon && strncmp(lock, "struct ", 7) && lock[0] != '*' &&
	       !strcmp(colon + 1, only);
}

/* Patches are numbered by their kind's order (lf_pkind: rwlock verdicts,
 * in rank order, then bit locks, then arch locks, as before there were
 * checkers; the report's order, lf_checkers[], puts arch locks before
 * bit locks), within one order as the checkers made them. */
bool lf_pjobs_build(const struct lf_analysis *a, struct strmap *decls,
		    const char *only, struct lf_pjobs *out)
{
	struct lf_pjobs all = { 0 };
	bool seen = false;
	size_t nkinds, from = out->n;
	const struct lf_pkind *const *kinds = lf_pkinds(&nkinds);

	for (size_t i = 0; i < ARRAY_SIZE(patchers); i++)
		seen |= patchers[i]->jobs(a, decls, only, &all);
	for (size_t k = 0; k < nkinds; k++) {
		if (k && kinds[k - 1]->order == kinds[k]->order)
			continue;
		for (size_t i = 0; i < all.n; i++)
			if (all.v[i]->kind->order == kinds[k]->order)
				VEC_PUSH(out, all.v[i]);
	}
	if (out->n - from != all.n)
		lf_die("internal error: a job of a kind no checker lists");
	free(all.v);
	return seen;
}
