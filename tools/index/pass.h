/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pass.h - one build of the use index (index.c: lf_index_build): the
 * textual pass (grep.c) and the members' typed pass (members.c) over
 * the files' texts index.c keeps.
 */
#ifndef LOCKFIT_INDEX_PASS_H
#define LOCKFIT_INDEX_PASS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "index/uses.h"

struct lf_strv;
struct strmap;

/* A file of the tree, read once per build. */
struct lf_ftext {
	char *text;
	size_t len, nlines;
	/* lines[k]: offset of line k + 1; 32 bits: a file read is at most
	 * LF_READ_MAX (1 GiB), and a cold index keeps many files */
	uint32_t *lines;
};

/* A member lock reached through embedded structs (embed.c): its struct
 * is a member PREFIX ("ipv6", "n.m") of TYPE ("struct net", tag "net"),
 * so TYPE's PATH ("ipv6.fib6_walker_lock") is the lock. */
struct lf_chain {
	const char *type, *tag;
	char *prefix, *path;
};
struct lf_chains {
	struct lf_chain *v;
	size_t n, cap;
};

/* grep's output, "FILE\0LINE:TEXT\n" records (grep -Z: FILE holds any
 * byte but NUL, ':' and newlines too); POS: the next one. */
struct lf_hits {
	char *out;
	size_t len, pos;
};

struct lf_ipass {
	/* word -> struct lf_strv of "K" (lock K's word), "K tag" (its type) */
	struct strmap *byword;
	struct lf_strv *words;
	/* per member lock: the files accessing its field, and which of them
	 * name its type; keyed "LOCKINDEX FILE" */
	struct strmap *named, *accessed;
	struct lf_strv *access, *namedf;	/* [lock]: keys, files */
	struct lf_chains *chains;		/* [lock] */
	/* the first level of embedding structs (embed.c): its types
	 * ("struct sock"), and the lines of the textual pass holding one
	 * (each such line holds its tag, a word of that pass), so that
	 * level needs no grep of its own */
	struct lf_strv *embed_types;
	struct lf_hits embed0;
	bool have_embed0;
};

/* F->lines and F->nlines from F->text. */
void lf_ftext_lines(struct lf_ftext *f);
/* Die if IX->cache is inside IX->tree (a real path), else make it; one
 * that cannot be made is none (IX->cache NULL, said once). */
void lf_index_cache_prepare(struct lf_index *ix);
/* FILE's text (relative to IX->tree); dies if it cannot be read. */
struct lf_ftext *lf_index_text(const struct lf_index *ix, const char *file);
/* Forget FILE's text (read again if asked again): the textual pass
 * reads every file a word is in, and kept, the texts of a cold index
 * were most of its memory.  No pointer to it may be held. */
void lf_index_text_drop(const char *file);
void lf_index_add_use(struct lf_ilock *l, const char *file, int line, int col,
		      enum lf_use_what w, bool unresolved, const char *call,
		      const char *mode);
/* The word of L at byte COL (1-based) of LINE in FILE: a use, classified. */
void lf_index_use_at(const struct lf_index *ix, struct lf_ilock *l,
		     const char *file, int line, int col, bool unresolved);

/* grep.c: every word of PS in the tree; globals' and statics' uses,
 * members' accesses and the files naming their types. */
void lf_index_grep(struct lf_index *ix, struct lf_ipass *ps);
/* grep.c: one grep of WORDS (fixed, as words) over the tree's .c and .h
 * files into H; the same for fixed TEXTS anywhere in a line; is FILE in
 * a skipped directory; is NAME a .c or .h file's (what grep reads). */
void lf_index_grep_lines(struct lf_index *ix, const struct lf_strv *words,
			 struct lf_hits *h);
void lf_index_grep_fixed(struct lf_index *ix, const struct lf_strv *texts,
			 struct lf_hits *h);
bool lf_index_skipped(const char *file);
bool lf_index_source_name(const char *name);
/* The next line of H (cut in place), not of a skipped directory: its
 * file, *LINE and *TEXT; NULL at the end.  Dies if H is not grep's. */
const char *lf_index_grep_next(struct lf_hits *h, int *line, const char **text);
/* embed.c: the types of the first level of embedding structs (the
 * member locks' own), into TYPES. */
void lf_index_embed_types(const struct lf_index *ix, struct lf_strv *types);
/* embed.c: each member lock's chains of embedding structs. */
void lf_index_embeds(struct lf_index *ix, struct lf_ipass *ps);
/* members.c: each member lock's accesses typed, its declaration. */
void lf_index_members(struct lf_index *ix, struct lf_ipass *ps);

#endif
