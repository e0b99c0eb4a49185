// SPDX-License-Identifier: GPL-2.0
/*
 * lockname.c - one lookup of a lock by the name a user types, for every
 * command that takes one (explain LOCK, patch --lock): the identity as
 * the report prints it, or a plain name where only one lock has it (a
 * file-static's name without its file, a module file without "$M/", a
 * member without "struct ").  No lock: the nearest names by edit
 * distance; two: both, to pick from.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "lib/strv.h"
#include "analysis/analysis.h"
#include "analysis/lockname.h"
#include "analysis/hooks.h"
#include "records/recdir.h"

#define SUGGEST_MAX	3

static void collect(const char *lock, void *arg)
{
	lf_strv_add_unique(arg, lock);
}

/* The shorter names ID answers to. */
static bool answers_to(const char *id, const char *name)
{
	const char *colon = strrchr(id, ':');
	const char *m = lf_modroot_file(id);

	if (m && !strcmp(m, name))
		return true;
	if (!strncmp(id, "struct ", 7))
		return !strcmp(id + 7, name);
	/* FILE:NAME of a static; a function static FILE:FN:NAME too */
	return colon && id[0] != '*' && !strcmp(colon + 1, name);
}

/* Levenshtein distance of A and B, two rows. */
static size_t distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	size_t *prev = xcalloc(lb + 1, sizeof(*prev));
	size_t *cur = xcalloc(lb + 1, sizeof(*cur)), *t, d;

	for (size_t j = 0; j <= lb; j++)
		prev[j] = j;
	for (size_t i = 1; i <= la; i++) {
		cur[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t sub = prev[j - 1] + (a[i - 1] != b[j - 1]);
			size_t del = prev[j] + 1, ins = cur[j - 1] + 1;

			cur[j] = sub < del ? (sub < ins ? sub : ins) :
				 (del < ins ? del : ins);
		}
		t = prev, prev = cur, cur = t;
	}
	d = prev[lb];
	free(prev);
	free(cur);
	return d;
}

/* How far NAME is from ID: from the whole, or from its last part. */
static size_t how_far(const char *id, const char *name)
{
	const char *colon = strrchr(id, ':');
	size_t d = distance(id, name);

	if (colon) {
		size_t e = distance(colon + 1, name);

		d = e < d ? e : d;
	}
	return d;
}

/* "  did you mean: A, B" for NAME among IDS, by distance; nothing if none
 * is near (a third of the name, at least 2). */
static void suggest(const struct lf_strv *ids, const char *name)
{
	size_t limit = strlen(name) / 3 > 2 ? strlen(name) / 3 : 2, shown = 0;

	for (size_t d = 0; d <= limit && shown < SUGGEST_MAX; d++)
		for (size_t i = 0; i < ids->n && shown < SUGGEST_MAX; i++)
			if (how_far(ids->v[i], name) == d)
				lf_fprintf(stderr, "%s '%s'", shown++ ?
					   "," : "  did you mean:", ids->v[i]);
	if (shown)
		fputc('\n', stderr);
}

const char *lf_lock_lookup(const struct lf_analysis *a, const char *name,
			   const char *dir)
{
	struct lf_strv ids = { 0 }, hits = { 0 };

	for (size_t i = 0; i < a->ncheckers; i++)
		if (a->checkers[i]->names)
			a->checkers[i]->names(a, collect, &ids);
	lf_strv_sort(&ids);
	if (lf_strv_has(&ids, name))
		return name;
	for (size_t i = 0; i < ids.n; i++)
		if (answers_to(ids.v[i], name))
			lf_strv_add(&hits, ids.v[i]);
	if (hits.n == 1)
		return hits.v[0];
	if (hits.n) {
		lf_err("'%s' names %zu locks in the records of %s: give one "
		       "of them as the report prints it:", name, hits.n, dir);
		for (size_t i = 0; i < hits.n; i++)
			lf_fprintf(stderr, "  %s\n", hits.v[i]);
		exit(LF_EXIT_ERROR);
	}
	lf_err("no rwlock_t, rw_semaphore, bit spinlock or arch spinlock '%s' "
	       "in the records of %s", name, dir);
	suggest(&ids, name);
	exit(LF_EXIT_ERROR);
}
