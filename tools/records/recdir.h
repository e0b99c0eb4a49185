/* SPDX-License-Identifier: GPL-2.0 */
/*
 * recdir.h - the plugin's records (docs/RECORDS.md) as the tool holds
 * them after loading, checking and deduplicating a record directory.
 * Which member holds which field of which record kind is the last
 * column of schema/records.def.
 */
#ifndef LOCKFIT_RECDIR_H
#define LOCKFIT_RECDIR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "schema/records.h"

/* The record kinds of schema/records.def: LF_REC_SECTION ... */
enum lf_rec_kind {
#define LF_KIND(kind, KIND) LF_REC_##KIND,
#include "schema/records.def"
};

struct lf_call {
	const char *callee;
	int line;
	long cost;		/* valid when known_body */
	bool known_body;	/* "cost" was not null */
	bool cost_known, loop;
};

struct lf_nest {
	const char *lock, *lock_kind, *cls, *mode;
	const char *via;	/* taken inside this callee, or NULL */
	int line;
};

/* A bit lock section's "layout": the struct holding the bit. */
struct lf_layout {
	const char *st;		/* "struct page" */
	const char *field;	/* NULL when the record names none */
	long size, align;
	long spinlock_size;	/* -1: spinlock_t unknown in that unit */
	bool hole;		/* a spinlock_t fits in a gap: */
	long hole_offset, hole_size;
	long size_with_spinlock;	/* -1 with spinlock_size */
};

/* calls: one callee of the function, with the context of the call
 * (lf_callee_context(): "atomic", "enabled", "entry"); 16 bytes, as a
 * big build has millions. */
struct lf_callee {
	const char *callee;
	int line;
	unsigned char ctx;	/* its index in lf_call_contexts[] */
};
extern const char *const lf_call_contexts[];
#define lf_callee_context(c)	(lf_call_contexts[(c)->ctx])

/* The optional "context" object at an acquire. */
struct lf_context {
	bool present;		/* and well formed */
	bool preempt_disabled, irqs_disabled, bh_disabled;
};

/*
 * One record.  A calls record (one per function with calls: most records
 * of a big build) has only the members up to "callees" and is stored in
 * LF_REC_CALLS_SIZE bytes: they come first, and nothing reads the others
 * of a calls record.  A binding record (the next most) has those up to
 * "arg", LF_REC_BINDING_SIZE: its lock members are there, and NULL, for
 * the loops that read the lock of every record but calls.
 */
struct lf_rec {
	enum lf_rec_kind kind;
	int srcline;		/* record file and line, for messages */
	const char *src;
	const char *tu, *file, *function;
	int line, column;
	/* calls (32-bit counts: a calls record is most records) */
	struct { struct lf_callee *v; uint32_t n, cap; } callees;
	/* the members of other kinds follow; section, release_only, lock_arg */
	const char *lock, *lock_kind;
	const char *decl_file;	/* section, release_only: NULL if none */
	/* binding (also how, arg: -1 but for a call): the entry point as
	 * rules/entrypoints.tbl names it, and who binds (optional) */
	const char *entry, *by;
	/* arch_spin: status's how; binding: how it binds */
	const char *how;
	/* lock_arg; lock_wrapper (arg 0: the wrapper names its lock) */
	int arg;
	/* the members of the kinds stored whole follow */
	/* section, release_only */
	const char *cls, *mode, *variant, *primitive, *api;
	/* section */
	bool is_try, try_unresolved, cost_known, loop, recursive, open_at_exit;
	long cost;
	long loop_depth;	/* -1 when not recorded */
	struct { int *v; size_t n, cap; } releases;	/* lines */
	struct { struct lf_call *v; size_t n, cap; } calls;
	struct { struct lf_nest *v; size_t n, cap; } nested;
	/* read section: updates of shared state (callee: what, line) */
	struct { struct lf_call *v; size_t n, cap; } writes;
	/* open-coded bit lock: the calls of its retry loop */
	struct { struct lf_call *v; size_t n, cap; } retry;
	struct lf_context ctx;
	const struct lf_layout *layout;	/* bit locks; NULL: none */
	/* alias: the pointer identity that names LOCK */
	const char *alias, *alias_kind;
	/* lock_arg; lock_wrapper (also arg) */
	const char *callee;
	/* lock_wrapper */
	const char *action;
	/* arch_spin (also lock, primitive, api, how) */
	const char *status;
	int enabled_line;	/* how "enabled"/"unbalanced" */
	/* needs_atomic */
	const char *context;
	/* the record of a whole unit's calls ("fns"): one calls record per
	 * function, which the loader keeps instead of this one */
	struct { struct lf_rec *v; size_t n, cap; } fns;
	/* unknown */
	const char *reason;
	/* tu */
	const char *build;	/* the build identity, NULL if none */
	const char *srcroot, *objtree;	/* its directories */
	const char *modroot;	/* the module directory ("$M/" names), or NULL */
	bool names_modroot;	/* this record names a "$M/" file */
	bool complete;
	long tu_sections, tu_unknown;	/* what the plugin says it wrote */
};

#define LF_REC_CALLS_SIZE	offsetof(struct lf_rec, lock)
#define LF_REC_BINDING_SIZE	(offsetof(struct lf_rec, arg) + sizeof(int))


struct lf_records {
	/* deduplicated, each record where it stays until exit */
	struct { struct lf_rec **v; size_t n, cap; } recs;
	size_t files;		/* record files read */
	size_t records;		/* valid lines read, duplicates included */
	size_t skipped_lines, skipped_files;	/* --lenient */
	size_t duplicates;	/* header records merged into an earlier copy */
	size_t unresolved;	/* "unknown" records */
	struct { const char **v; size_t n, cap; } incomplete;	/* tu names */
	size_t objects;		/* objects read, with records or not */
	struct { char **v; size_t n, cap; } unplugged;	/* objects without */
	size_t recorded_apart;	/* objects whose unit a record file holds */
	size_t host_objects;	/* compiled for the host: left out */
};

/*
 * recdedup.c: records kept once as a directory is loaded.  Keep R, a
 * record of a unit read whole, in OUT (its recs and the duplicates and
 * unresolved counts): merged into the copy of it kept earlier (its own
 * arrays then freed), or stored for good.  lf_dedup_free(): the sets,
 * once every record is read (the kept records stay).
 */
struct lf_dedup;
struct lf_dedup *lf_dedup_new(void);
void lf_dedup_add(struct lf_dedup *d, struct lf_records *out, struct lf_rec *r);
void lf_dedup_free(struct lf_dedup *d);

/* What lf_records_load() lets pass */
#define LF_LOAD_LENIENT		1u	/* --lenient */
#define LF_LOAD_MIXED_BUILDS	2u	/* --mixed-builds */

/*
 * Load every record DIR holds: the records in the objects it names
 * (objects.h: an object file, a kbuild output directory, or a directory
 * of objects) and every *.lfr file of the directory.  Each object's
 * records are checked as a file's are; objects without them are counted
 * in "unplugged", but for those whose unit a record file holds.  A unit
 * with records in its object and in a record file: an error (exit 2).  Strict: any bad line or cut file is an
 * error naming FILE:LINE (exit 2).  LF_LOAD_LENIENT: bad lines and cut
 * files are skipped and counted.  Records of two builds (the tu record's
 * "build") are an error unless LF_LOAD_MIXED_BUILDS.
 */
void lf_records_load(const char *dir, unsigned load, struct lf_records *out);

/* The source tree and kbuild output directory of the first unit of RECS
 * with a build identity (all agree unless --mixed-builds); false if no
 * unit has one (hand-written records). */
bool lf_records_build_dirs(const struct lf_records *recs, const char **src,
			   const char **obj);

/* The module directory the records' "$M/" file names are relative to
 * (the builds' modroot: one per record set), or NULL if none. */
const char *lf_records_modroot(const struct lf_records *recs);

/* The file of the module directory FILE names ("$M/x.c": "x.c"), or
 * NULL when FILE is a name in the kernel tree. */
const char *lf_modroot_file(const char *file);

/* Where FILE of the records is: TREE/FILE, or MODROOT/x.c for "$M/x.c"
 * (MODROOT NULL: the records have no module directory, NULL). */
char *lf_records_path(const char *tree, const char *modroot, const char *file);

#endif
