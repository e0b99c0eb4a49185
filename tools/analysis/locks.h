/* SPDX-License-Identifier: GPL-2.0 */
/*
 * locks.h - records grouped by lock identity, with param:F:N identities
 * bound to the real locks callers pass (lock_arg records).
 */
#ifndef LOCKFIT_LOCKS_H
#define LOCKFIT_LOCKS_H

#include "records/recdir.h"
#include "records/tables.h"

/* How many lock_arg hops a param identity is followed through. */
#define LF_BIND_DEPTH 8

/* An identity that can be compared across files. */
bool lf_kind_comparable(const char *kind);

/* One real lock an identity stands for. */
struct lf_target {
	const char *lock, *kind;
	const char *via;	/* the param identity bound, NULL if direct */
};

struct lf_targets {
	struct lf_target *v;
	size_t n, cap;
};

struct lf_site {
	const struct lf_rec *rec;	/* section or release_only */
	const char *via;
};

struct lf_lock {
	const char *name, *kind, *cls;
	const char *type;	/* the class's C type as reports print it
				 * (rules/classes.tbl), NULL if none */
	bool unbound;		/* a param identity no lock_arg binds */
	const char *why;	/* unnamed ("? at ..."): the unknown record's
				 * reason, if one is at its site */
	struct { struct lf_site *v; size_t n, cap; } sites;	/* sections */
	struct { struct lf_site *v; size_t n, cap; } rels;	/* release_only */
	size_t nread, nwrite;
};

struct lf_bindmemo;

/* The lock_arg records that bind one param:F:N identity. */
struct lf_bindlist {
	const struct lf_rec **v;
	size_t n, cap;
};

struct lf_locks {
	struct { struct lf_lock **v; size_t n, cap; } locks;
	struct strmap *byname;
	struct strmap *binds;	/* "param:F:N" -> struct lf_bindlist */
	struct strmap *aliases;	/* "*struct a::p" -> its alias records */
	struct lf_bindmemo *memo;	/* what lf_resolve() found, per hop count */
};

/* The real locks NAME (of KIND) stands for; none for local/unknown ones,
 * nor for a param identity nothing binds.  A pointer that alias records
 * assign stands for each lock assigned (via: the pointer), and for
 * itself as well when one assignment names no such lock. */
void lf_resolve(const struct lf_locks *ls, const char *name, const char *kind,
		struct lf_targets *out);

/* The alias records that assign pointer NAME a lock (NULL: none); the
 * first whose lock is local, unknown or an unbound parameter, or NULL. */
const struct lf_bindlist *lf_aliases_of(const struct lf_locks *ls,
					const char *name);
const struct lf_rec *lf_alias_unresolved(const struct lf_locks *ls,
					 const char *name);

/* Group the records of the classes the check modules of MODULES judge
 * (an LFR_MOD_BIT() each; rules/classes.tbl: rwlock and rwsem for the
 * rwlock check); sites sorted by file, line, column. */
void lf_locks_build(const struct lf_records *recs, const struct lf_rules *rules,
		    unsigned modules, struct lf_locks *ls);

struct lf_lock *lf_lock_find(const struct lf_locks *ls, const char *name);

/* "rwlock_t", "rw_semaphore": the C type, for messages (l->type). */
const char *lf_lock_type(const struct lf_lock *l);

bool lf_is_read(const struct lf_rec *r);
bool lf_is_write(const struct lf_rec *r);

#endif
