/* SPDX-License-Identifier: GPL-2.0 */
/*
 * index.h - the use index: every place of a kernel source tree (.c and
 * .h, built or not) that takes, releases, initialises, declares, asserts
 * or passes the address of a lock, found from its identity
 * (docs/RECORDS.md) alone.  docs/INDEX.md describes what is indexed.
 *
 *   identity.c     a lock identity as the index searches it
 *   index.c        one build: the passes, the files' texts, the uses sorted
 *   grep.c         the textual pass
 *   clex.c         the C lexing it needs (comments, names, expressions)
 *   classify.c     what each use is (rules/primitives.tbl, sourceforms.tbl)
 *   members.c      members: every access typed, the declaration
 *   embed.c        the structs embedding a member's struct
 *   spatch.c       the typed confirmation by spatch, its cache
 *   inittext.c     the init sites written with a text (lock_stat names)
 *   store.c        the use index on disk, for the report's coverage
 *   index_cmd.c    lockfit index
 */
#ifndef LOCKFIT_INDEX_H
#define LOCKFIT_INDEX_H

#include <stdbool.h>
#include <stddef.h>
#include "lib/cli.h"
#include "index/uses.h"
#include "lib/strv.h"

/* The subcommand (tools/main.c). */
extern const struct lf_cmd lf_cmd_index;

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

/*
 * lf_index_build() with the stored index (store.c): the locks the store
 * of IX->tree under IX->cache holds, for the tree as it is now, are read
 * from it; the others built and added.  Without IX->cache, a build.
 */
void lf_index_load(struct lf_index *ix);

/*
 * Every .c and .h file of TREE (the index's grep: not tools/,
 * Documentation/, scripts/) with a line naming "struct TAG", added to
 * FILES: where objects of it may be set up.
 */
void lf_index_struct_files(const char *tree, const char *tag,
			   struct lf_strv *files);

/* The default cache directory ($LOCKFIT_CACHE/index, else
 * $XDG_CACHE_HOME or ~/.cache, lockfit/index); NULL if none. */
char *lf_index_cache_dir(void);

#endif
