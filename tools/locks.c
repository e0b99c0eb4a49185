// SPDX-License-Identifier: GPL-2.0
/*
 * locks.c - group records by lock identity.
 *
 * A function that takes a lock through its parameter (read_slot(rwlock_t
 * *l)) records the identity param:read_slot:1; each call that passes a
 * real lock records a lock_arg.  Binding follows those, through wrappers
 * that pass their own parameter on, up to LF_BIND_DEPTH hops; a param
 * identity bound to several locks counts as a site of each, since any of
 * them may be the one held there.
 */
#include <stdlib.h>
#include <string.h>
#include "util.h"
#include "locks.h"

bool lf_kind_comparable(const char *kind)
{
	return !strcmp(kind, "global") || !strcmp(kind, "static") ||
	       !strcmp(kind, "member");
}

bool lf_is_read(const struct lf_rec *r)
{
	return !strcmp(r->mode, "read");
}

bool lf_is_write(const struct lf_rec *r)
{
	return !strcmp(r->mode, "write");
}

const char *lf_lock_type(const struct lf_lock *l)
{
	return !strcmp(l->cls, "rwlock") ? "rwlock_t" : "rw_semaphore";
}

static void add_target(struct lf_targets *out, const char *lock,
		       const char *kind, const char *via)
{
	for (size_t i = 0; i < out->n; i++)
		if (!strcmp(out->v[i].lock, lock))
			return;
	VEC_PUSH(out, ((struct lf_target){ lock, kind, via }));
}

static void resolve_param(const struct lf_locks *ls, const char *name,
			  const char *via, int depth, struct lf_targets *out)
{
	const struct lf_bindlist *b = strmap_get(ls->binds, name);

	for (size_t i = 0; b && i < b->n; i++) {
		const struct lf_rec *la = b->v[i];

		if (!strcmp(la->lock_kind, "param")) {
			if (depth < LF_BIND_DEPTH)
				resolve_param(ls, la->lock, via, depth + 1, out);
		} else if (lf_kind_comparable(la->lock_kind)) {
			add_target(out, la->lock, la->lock_kind, via);
		}
	}
}

void lf_resolve(const struct lf_locks *ls, const char *name, const char *kind,
		struct lf_targets *out)
{
	out->n = 0;
	if (lf_kind_comparable(kind))
		add_target(out, name, kind, NULL);
	else if (!strcmp(kind, "param"))
		resolve_param(ls, name, name, 0, out);
}

/* lock_arg: a call passing a lock as argument ARG of CALLEE binds
 * param:CALLEE:ARG (the plugin names both the same way). */
static void collect_bindings(const struct lf_records *recs, struct lf_locks *ls)
{
	ls->binds = strmap_new();
	for (size_t i = 0; i < recs->recs.n; i++) {
		const struct lf_rec *r = &recs->recs.v[i];
		struct lf_bindlist *b;
		char *key;

		if (r->kind != LF_REC_LOCK_ARG)
			continue;
		key = xasprintf("param:%s:%d", r->callee, r->arg);
		b = strmap_get(ls->binds, key);
		if (!b) {
			b = xcalloc(1, sizeof(*b));
			strmap_put(ls->binds, key, b);
		}
		VEC_PUSH(b, r);
		free(key);
	}
}

struct lf_lock *lf_lock_find(const struct lf_locks *ls, const char *name)
{
	return strmap_get(ls->byname, name);
}

static struct lf_lock *get_lock(struct lf_locks *ls, const char *name,
				const char *kind, const char *cls)
{
	struct lf_lock *l = lf_lock_find(ls, name);

	if (l)
		return l;
	l = xcalloc(1, sizeof(*l));
	l->name = name;
	l->kind = kind;
	l->cls = cls;
	l->unbound = !strcmp(kind, "param");
	strmap_put(ls->byname, name, l);
	VEC_PUSH(&ls->locks, l);
	return l;
}

/* Two param identities (one per unit for a static inline in a header)
 * bound to the same lock are one site. */
static bool seen_site(struct strmap *seen, const struct lf_lock *l,
		      const struct lf_rec *r)
{
	char *key = xasprintf("%s\037%d\037%s\037%d\037%d\037%s", l->name,
			      r->kind, r->file, r->line, r->column, r->mode);
	bool dup = strmap_get(seen, key) != NULL;

	if (!dup)
		strmap_put(seen, key, (void *)l);
	free(key);
	return dup;
}

static void add_site(struct lf_lock *l, const struct lf_rec *r, const char *via)
{
	struct lf_site s = { r, via };

	if (r->kind == LF_REC_RELEASE_ONLY) {
		VEC_PUSH(&l->rels, s);
		return;
	}
	VEC_PUSH(&l->sites, s);
	l->nread += lf_is_read(r);
	l->nwrite += lf_is_write(r);
}

static bool wanted(const struct lf_rec *r, const char *const *classes)
{
	if (r->kind != LF_REC_SECTION && r->kind != LF_REC_RELEASE_ONLY)
		return false;
	for (; *classes; classes++)
		if (!strcmp(r->cls, *classes))
			return true;
	return false;
}

static void place(struct lf_locks *ls, struct strmap *seen,
		  const struct lf_rec *r, struct lf_targets *t)
{
	struct lf_lock *l;

	lf_resolve(ls, r->lock, r->lock_kind, t);
	if (!t->n) {
		/* local, unknown or unbound param: a lock of its own, whose
		 * verdict can only be "unknown" */
		l = get_lock(ls, r->lock, r->lock_kind, r->cls);
		if (!seen_site(seen, l, r))
			add_site(l, r, NULL);
		return;
	}
	for (size_t i = 0; i < t->n; i++) {
		l = get_lock(ls, t->v[i].lock, t->v[i].kind, r->cls);
		if (!seen_site(seen, l, r))
			add_site(l, r, t->v[i].via);
	}
}

static int cmp_site(const void *a, const void *b)
{
	const struct lf_rec *x = ((const struct lf_site *)a)->rec;
	const struct lf_rec *y = ((const struct lf_site *)b)->rec;
	int c = strcmp(x->file, y->file);

	if (c)
		return c;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->column != y->column)
		return x->column < y->column ? -1 : 1;
	return strcmp(x->mode, y->mode);
}

static void build(const struct lf_records *recs, const char *const *classes,
		  struct lf_locks *ls)
{
	struct strmap *seen = strmap_new();
	struct lf_targets t = { 0 };

	memset(ls, 0, sizeof(*ls));
	ls->byname = strmap_new();
	collect_bindings(recs, ls);
	for (size_t i = 0; i < recs->recs.n; i++)
		if (wanted(&recs->recs.v[i], classes))
			place(ls, seen, &recs->recs.v[i], &t);
	for (size_t i = 0; i < ls->locks.n; i++) {
		struct lf_lock *l = ls->locks.v[i];

		lf_sort(l->sites.v, l->sites.n, sizeof(*l->sites.v), cmp_site);
		lf_sort(l->rels.v, l->rels.n, sizeof(*l->rels.v), cmp_site);
	}
}

void lf_locks_build(const struct lf_records *recs, struct lf_locks *ls)
{
	static const char *const classes[] = { "rwlock", "rwsem", NULL };

	build(recs, classes, ls);
}

void lf_locks_build_class(const struct lf_records *recs, const char *cls,
			  struct lf_locks *ls)
{
	const char *const classes[] = { cls, NULL };

	build(recs, classes, ls);
}
