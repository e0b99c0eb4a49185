// SPDX-License-Identifier: GPL-2.0
/*
 * locks.c - group records by lock identity.
 *
 * A function that takes a lock through its parameter (read_slot(rwlock_t
 * *l)) records the identity param:read_slot:1; each call that passes a
 * real lock records a lock_arg.  Binding follows those, through wrappers
 * that pass their own parameter on, up to LF_BIND_DEPTH hops; a param
 * identity bound to several locks counts as a site of each, since any of
 * them may be the one held there.  What an identity is bound to is
 * remembered per hop count, so binding is linear in the lock_arg records
 * times LF_BIND_DEPTH, however the parameters pass each other on.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "analysis/locks.h"

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
	return l->type;
}

/*
 * The targets of one param identity with HOPS lock_arg hops left to
 * follow, in the order a depth-first walk of its bindings first meets
 * them.  Computed once per (identity, hops): a parameter passed to itself
 * at K call sites would otherwise be walked K^LF_BIND_DEPTH times.
 */
struct bind_node {
	struct lf_targets *left[LF_BIND_DEPTH + 1];
	unsigned long merged;	/* the stamp of the list it was last merged into */
};

struct lf_bindmemo {
	struct strmap *nodes;	/* "param:F:N" -> struct bind_node */
	struct strmap *in;	/* lock -> stamp of the list holding it */
	unsigned long stamp;
};

static struct bind_node *bind_node(struct lf_bindmemo *m, const char *name)
{
	struct bind_node *n = strmap_get(m->nodes, name);

	if (!n) {
		n = xcalloc(1, sizeof(*n));
		strmap_put(m->nodes, name, n);
	}
	return n;
}

static void merge_target(struct lf_bindmemo *m, unsigned long stamp,
			 struct lf_targets *t, const char *lock, const char *kind)
{
	if ((unsigned long)(uintptr_t)strmap_get(m->in, lock) == stamp)
		return;
	strmap_put(m->in, lock, (void *)(uintptr_t)stamp);
	VEC_PUSH(t, ((struct lf_target){ lock, kind, NULL }));
}

static const struct lf_targets *bound(const struct lf_locks *ls,
				      const char *name, int hops)
{
	const struct lf_bindlist *b = strmap_get(ls->binds, name);
	struct lf_bindmemo *m = ls->memo;
	struct bind_node *n = bind_node(m, name);
	struct lf_targets *t;
	unsigned long stamp;

	if (n->left[hops])
		return n->left[hops];
	/* The deeper lists first: merging below uses the stamps. */
	for (size_t i = 0; b && hops && i < b->n; i++)
		if (!strcmp(b->v[i]->lock_kind, "param"))
			bound(ls, b->v[i]->lock, hops - 1);
	t = xcalloc(1, sizeof(*t));
	stamp = ++m->stamp;
	for (size_t i = 0; b && i < b->n; i++) {
		const struct lf_rec *la = b->v[i];
		const struct lf_targets *up;
		struct bind_node *un;

		if (lf_kind_comparable(la->lock_kind)) {
			merge_target(m, stamp, t, la->lock, la->lock_kind);
			continue;
		}
		if (!hops || strcmp(la->lock_kind, "param"))
			continue;
		un = bind_node(m, la->lock);
		if (un->merged == stamp)
			continue;
		un->merged = stamp;
		up = un->left[hops - 1];
		for (size_t j = 0; j < up->n; j++)
			merge_target(m, stamp, t, up->v[j].lock, up->v[j].kind);
	}
	n->left[hops] = t;
	return t;
}

/* NAME (of KIND) itself, or what the lock_arg records bind it to. */
static void resolve_direct(const struct lf_locks *ls, const char *name,
			   const char *kind, const char *via,
			   struct lf_targets *out)
{
	const struct lf_targets *t;

	if (lf_kind_comparable(kind)) {
		VEC_PUSH(out, ((struct lf_target){ name, kind, via }));
		return;
	}
	if (strcmp(kind, "param"))
		return;
	t = bound(ls, name, LF_BIND_DEPTH);
	for (size_t i = 0; i < t->n; i++)
		VEC_PUSH(out, ((struct lf_target){ t->v[i].lock, t->v[i].kind,
						   via ? via : name }));
}

/* The alias records of pointer NAME; an element of an array reached
 * through a pointer ("*struct S::p[]") is what the pointer ("*struct
 * S::p") is assigned (ext4's s_mb_avg_fragment_size_locks). */
static const struct lf_bindlist *aliases_get(const struct lf_locks *ls,
					     const char *name)
{
	const struct lf_bindlist *b = strmap_get(ls->aliases, name);
	size_t n = strlen(name);
	char *base;

	if (b || name[0] != '*')
		return b;
	while (n >= 2 && !strncmp(name + n - 2, "[]", 2))
		n -= 2;
	if (n == strlen(name))
		return NULL;
	base = xstrdup(name);
	base[n] = '\0';
	b = strmap_get(ls->aliases, base);
	free(base);
	return b;
}

/*
 * A pointer some alias record assigns a lock names that lock: every
 * lock assigned, each once.  One assignment that names no lock
 * comparable across files leaves the pointer a lock of its own too
 * (lf_alias_unresolved() says why it is unknown).
 */
static bool resolve_alias(const struct lf_locks *ls, const char *name,
			  const char *kind, struct lf_targets *out)
{
	const struct lf_bindlist *b = aliases_get(ls, name);
	size_t before = out->n;

	if (!b)
		return false;
	for (size_t i = 0; i < b->n; i++) {
		size_t at = out->n;

		resolve_direct(ls, b->v[i]->lock, b->v[i]->lock_kind, name, out);
		for (size_t j = at; j < out->n; j++)
			for (size_t k = before; k < at; k++)
				if (!strcmp(out->v[k].lock, out->v[j].lock)) {
					out->v[j--] = out->v[--out->n];
					break;
				}
	}
	if (lf_alias_unresolved(ls, name))
		VEC_PUSH(out, ((struct lf_target){ name, kind, NULL }));
	return true;
}

void lf_resolve(const struct lf_locks *ls, const char *name, const char *kind,
		struct lf_targets *out)
{
	out->n = 0;
	if (lf_kind_comparable(kind) && resolve_alias(ls, name, kind, out))
		return;
	resolve_direct(ls, name, kind, NULL, out);
}

const struct lf_rec *lf_alias_unresolved(const struct lf_locks *ls,
					 const char *name)
{
	const struct lf_bindlist *b = aliases_get(ls, name);
	struct lf_targets t = { 0 };
	const struct lf_rec *bad = NULL;

	for (size_t i = 0; b && i < b->n && !bad; i++) {
		resolve_direct(ls, b->v[i]->lock, b->v[i]->lock_kind, NULL, &t);
		if (!t.n)
			bad = b->v[i];
		t.n = 0;
	}
	free(t.v);
	return bad;
}

const struct lf_bindlist *lf_aliases_of(const struct lf_locks *ls,
					const char *name)
{
	return aliases_get(ls, name);
}

static void bind(struct strmap *map, const char *key, const struct lf_rec *r)
{
	struct lf_bindlist *b = strmap_get(map, key);

	if (!b) {
		b = xcalloc(1, sizeof(*b));
		strmap_put(map, key, b);
	}
	VEC_PUSH(b, r);
}

/* lock_arg: a call passing a lock as argument ARG of CALLEE binds
 * param:CALLEE:ARG (the plugin names both the same way); alias: a lock
 * assigned to a pointer binds the pointer's identity. */
static void collect_bindings(const struct lf_records *recs, struct lf_locks *ls)
{
	ls->binds = strmap_new();
	ls->aliases = strmap_new();
	ls->memo = xcalloc(1, sizeof(*ls->memo));
	ls->memo->nodes = strmap_new();
	ls->memo->in = strmap_new();
	for (size_t i = 0; i < recs->recs.n; i++) {
		const struct lf_rec *r = recs->recs.v[i];
		char *key;

		if (r->kind == LF_REC_ALIAS) {
			bind(ls->aliases, r->alias, r);
			continue;
		}
		if (r->kind != LF_REC_LOCK_ARG)
			continue;
		key = xasprintf("param:%s:%d", r->callee, r->arg);
		bind(ls->binds, key, r);
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

static bool wanted(const struct lf_rec *r, const struct lf_rules *rules,
		   unsigned modules)
{
	return (r->kind == LF_REC_SECTION || r->kind == LF_REC_RELEASE_ONLY) &&
	       lf_rules_class_judged(rules, r->cls, modules);
}

static char *place_key(const char *file, long line, long column)
{
	return xasprintf("%s:%ld:%ld", file, line, column);
}

/* The unknown records' reasons, by the place they are about. */
static struct strmap *unknown_reasons(const struct lf_records *recs)
{
	struct strmap *why = strmap_new();

	for (size_t i = 0; i < recs->recs.n; i++) {
		const struct lf_rec *r = recs->recs.v[i];
		char *key;

		if (r->kind != LF_REC_UNKNOWN)
			continue;
		key = place_key(r->file, r->line, r->column);
		if (!strmap_get(why, key))
			strmap_put(why, key, (void *)r->reason);
		free(key);
	}
	return why;
}

/*
 * A lock the plugin could not name ("?") is a lock of its own at each
 * site, "? at FILE:LINE:COLUMN": two such sites may be two locks, and
 * merged they would share one verdict.
 */
static struct lf_lock *unnamed_lock(struct lf_locks *ls, const struct lf_rec *r,
				    struct strmap *why)
{
	char *key = place_key(r->file, r->line, r->column);
	char *name = xasprintf("? at %s", key);
	struct lf_lock *l = get_lock(ls, lf_intern(name), r->lock_kind, r->cls);

	if (!l->why)
		l->why = strmap_get(why, key);
	free(name);
	free(key);
	return l;
}

static void place(struct lf_locks *ls, struct strmap *seen,
		  const struct lf_rec *r, struct lf_targets *t,
		  struct strmap *why)
{
	struct lf_lock *l;

	lf_resolve(ls, r->lock, r->lock_kind, t);
	if (!t->n) {
		/* local, unknown or unbound param: a lock of its own, whose
		 * verdict can only be "unknown" */
		l = strcmp(r->lock_kind, "unknown") ?
		    get_lock(ls, r->lock, r->lock_kind, r->cls) :
		    unnamed_lock(ls, r, why);
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

void lf_locks_build(const struct lf_records *recs, const struct lf_rules *rules,
		    unsigned modules, struct lf_locks *ls)
{
	struct strmap *seen = strmap_new(), *why = unknown_reasons(recs);
	struct lf_targets t = { 0 };

	memset(ls, 0, sizeof(*ls));
	ls->byname = strmap_new();
	collect_bindings(recs, ls);

	for (size_t i = 0; i < recs->recs.n; i++)
		if (wanted(recs->recs.v[i], rules, modules))
			place(ls, seen, recs->recs.v[i], &t, why);
	for (size_t i = 0; i < ls->locks.n; i++) {
		struct lf_lock *l = ls->locks.v[i];

		l->type = lf_rules_class_type(rules, l->cls);
		lf_sort(l->sites.v, l->sites.n, sizeof(*l->sites.v), cmp_site);
		lf_sort(l->rels.v, l->rels.n, sizeof(*l->rels.v), cmp_site);
	}
}
