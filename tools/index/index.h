/* SPDX-License-Identifier: GPL-2.0 */
/*
 * index.h - the use index: every place of a kernel source tree (.c and
 * .h, built or not) that takes, releases, initialises, declares, asserts
 * or passes the address of a lock, found from its identity
 * (docs/RECORDS.md) alone.  docs/INDEX.md describes what is indexed.
 *
 *   index.c        identities, the textual pass, what each use is
 *   index_cocci.c  members: the typed confirmation by spatch, its cache
 *   index_cmd.c    lockfit index
 */
#ifndef LOCKFIT_INDEX_H
#define LOCKFIT_INDEX_H

#include <stdbool.h>
#include <stddef.h>
#include "lib/cli.h"
#include "lib/strv.h"

/* The subcommand (tools/main.c). */
extern const struct lf_cmd lf_cmd_index;

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

enum lf_ikind { LF_IK_GLOBAL, LF_IK_STATIC, LF_IK_MEMBER, LF_IK_NONE };

struct lf_ilock {
	const char *id;		/* as given */
	enum lf_ikind kind;
	char *word;		/* what the text holds: symbol, first member */
	char *tu;		/* static: its file */
	char *type;		/* member: "struct a", "union b", "a_t" */
	char *tag;		/* member: "a" (the word a file must name) */
	char *path;		/* member: "lock", "b.lock" */
	bool indexed;
	char *why;		/* not indexed: why; indexed: a note or NULL */
	struct { struct lf_use *v; size_t n, cap; } uses;	/* sorted */
	/* member: files accessing the field that never name the type,
	 * not examined (docs/INDEX.md) */
	struct { char **v; size_t n, cap; } unexamined;
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
	double secs;
};

/*
 * Parse identity ID into L; false with *WHY set when it does not parse.
 * A parsed identity may still be one the index cannot search (param,
 * local, bit locks): L->kind LF_IK_NONE and L->why say so.
 */
bool lf_ilock_parse(struct lf_ilock *l, const char *id, char **why);

/*
 * Index IX->locks in IX->tree.  Dies (exit 2) when the tree cannot be
 * read or a tool is missing; never writes into the tree.
 */
void lf_index_build(struct lf_index *ix);

/* The default cache directory ($LOCKFIT_CACHE/index, else
 * $XDG_CACHE_HOME or ~/.cache, lockfit/index); NULL if none. */
char *lf_index_cache_dir(void);

/* index_cocci.c: one spatch run per member path ("lock", "b.lock") over
 * its FILES, cached; OUT is what it printed: "T FILE LINE COL TYPE" per
 * access whose type spatch resolved (COL 0-based), NULL if it failed
 * (then ERR says why). */
struct lf_tjob {
	const char *path;
	struct lf_strv files;
	char *out, *err;
	bool cached;
};
void lf_index_typed(struct lf_index *ix, struct lf_tjob *jobs, size_t n);

#endif
