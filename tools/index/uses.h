/* SPDX-License-Identifier: GPL-2.0 */
/*
 * uses.h - what the use index holds (index.h): per lock, its identity
 * as searched and its uses; per build, the tree and what it cost.
 */
#ifndef LOCKFIT_INDEX_USES_H
#define LOCKFIT_INDEX_USES_H

#include <stdbool.h>
#include <stddef.h>
#include "schema/records.h"

enum lf_use_what {
	LF_USE_TAKE, LF_USE_RELEASE, LF_USE_INIT, LF_USE_DECL,
	LF_USE_ASSERT, LF_USE_ADDR, LF_USE_OTHER,
};

const char *lf_use_what_name(enum lf_use_what w);

struct lf_use {
	char *file;		/* relative to the tree */
	int line, col;		/* col: 1-based byte of the name */
	enum lf_use_what what;
	/* a member use spatch could not type: maybe this lock, maybe not */
	bool unresolved;
	/* the call it is an argument of ("read_lock_bh"; a cleanup.h guard:
	 * "guard(read_lock)", "scoped_guard(write_lock_irq)"), NULL if none */
	const char *call;
	/* a guard: its mode ("read", "write", "excl"), else NULL */
	const char *mode;
};

/* An identity's kind (schema/records.h), in that list's order;
 * LF_IK_NONE: not indexed, whatever its kind */
enum lf_ikind {
#define X(name) LF_IK_##name,
	LF_ENUM_LOCK_KIND(X)
#undef X
	LF_IK_NONE
};

struct lf_ilock {
	const char *id;		/* as given */
	enum lf_ikind kind;
	char *word;		/* what the text holds: symbol, first member */
	char *tu;		/* static: its file */
	char *type;		/* member: "struct a", "union b", "a_t" */
	char *tag;		/* member: "a" (the word a file must name) */
	char *path;		/* member: "lock", "b.lock" */
	/* member: the lock class its declarations give ("rwlock"), "" when
	 * they disagree or name no lock type, NULL before one is seen */
	const char *cls;
	bool indexed;
	char *why;		/* not indexed: why; indexed: a note or NULL */
	struct { struct lf_use *v; size_t n, cap; } uses;	/* sorted */
	/* member: files accessing the field that never name the type,
	 * not examined (docs/INDEX.md) */
	struct { char **v; size_t n, cap; } unexamined;
	/* member: the embeddings typed uses were reached through, each
	 * "struct net::ipv6" (the lock is then struct net's ipv6.PATH) */
	struct { char **v; size_t n, cap; } vias;
};

struct lf_index {
	const char *tree;
	struct lf_ilock *locks;
	size_t nlocks;
	int jobs;		/* spatch processes */
	const char *cache;	/* directory, NULL: none */
	/* results */
	const char *grep;	/* "git grep", "grep -r" */
	size_t spatch_runs, cache_hits, files_typed;
	size_t stored;		/* locks read from the stored index */
	double secs;
};

#endif
