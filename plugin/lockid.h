/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lockid.h - stable lock identities.
 *
 * An identity names the same lock in every translation unit:
 *   file_systems_lock                     global (TREE_PUBLIC) object
 *   fs/filesystems.c:file_systems_lock    file-static object
 *   fs/x.c:func:lock                      function-static object
 *   struct sock::sk_callback_lock         a struct member, however reached
 *   struct fown_struct::lock              ... named by the innermost named
 *                                         struct (&filp->f_owner.lock too)
 *   fs/x.c:locks[]                        element of an array variable
 *   *struct a::lockp                      lock reached through a pointer field
 *   param:func:1                          the lock is parameter 1 of func
 *   local:func:name                       a local pointer we cannot follow
 *   ?                                     nothing recognisable (WHY says why)
 * Static functions are qualified by file like static objects.
 */
#ifndef LOCKFIT_LOCKID_H
#define LOCKFIT_LOCKID_H

#include "compat.h"
#include "schema/records.h"
#include "srcroot.h"

/* The records' lock_kind, as the schema lists it: LF_ID_global, ... */
#define LF_ID_(kind) LF_ID_##kind,
enum lf_lockid_kind { LF_ENUM_LOCK_KIND(LF_ID_) };
#undef LF_ID_

struct lf_lockid {
	char *name;			/* xmalloc'd */
	enum lf_lockid_kind kind;
	int param;			/* LF_ID_param: 1-based index */
	bool guard;			/* ... of a cleanup.h guard object: the
					   lock is the one it holds */
	tree type;			/* type of the lock object, if known */
	tree decl;			/* where it is declared: the variable, or
					   the struct member (for a rewrite) */
	const char *why;		/* LF_ID_unknown: why it has no name */
};

/* Resolve the lock pointer ARG, as seen in FUN's body.  Never fails: what
 * cannot be followed becomes LF_ID_local or LF_ID_unknown. */
void lf_lockid_resolve(struct function *fun, tree arg, struct lf_lockid *id);
void lf_lockid_release(struct lf_lockid *id);
/* The lock that the pointer stored in REF (a member or a non-local
 * variable) points to, "*struct a::lockp", as a lock call through a load
 * of REF names it. */
void lf_lockid_of_slot(struct function *fun, tree ref, struct lf_lockid *id);

/* The lock a call of primitive PRIM takes or drops (bit locks by their
 * word and bit, everything else by its object); RECORD/FIELD as below. */
void lf_call_lock(struct function *fun, gimple *stmt,
		  const struct lf_primitive *prim, struct lf_lockid *id,
		  tree *record, tree *field);

/*
 * A bit lock is named by what holds the bit: "struct zram_table_entry::flags
 * bit ZRAM_LOCK", "struct hlist_bl_head::first bit 0".  ADDR is the word's
 * address argument, BIT the bit argument (argument BIT_ARG of the call),
 * CALL_LOC where the call is written (the bit's spelling is read from
 * there).  RECORD and FIELD are
 * set when the word is a struct member (for the layout report).
 */
void lf_bitlock_resolve(struct function *fun, tree addr, tree bit,
			int bit_arg, location_t call_loc, struct lf_lockid *id,
			tree *record, tree *field);

const char *lf_lockid_kind_name(enum lf_lockid_kind kind);

/* The " bit N" end of a bit lock's identity NAME, or NULL. */
const char *lf_lockid_bit(const char *name);
/* Make ID name bit BIT (an lf_lockid_bit() result) of what it names. */
void lf_lockid_add_bit(struct lf_lockid *id, const char *bit);

/* "struct sock", "rwlock_t", or NULL for anonymous types. */
const char *lf_type_name(tree type, char *buf, size_t len);
/* The rules/locktypes.tbl entry for a lock object's type, if any. */
const struct lf_locktype *lf_locktype_of(tree type);

/* The name a function has in the records: "f", or "fs/x.c:f" if static. */
const char *lf_function_id(tree fndecl, char *buf, size_t len);
/* A called function likewise, or "<indirect>" (CALLEE NULL). */
const char *lf_callee_name(tree callee, char *buf, size_t len);

#endif /* LOCKFIT_LOCKID_H */
