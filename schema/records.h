/* SPDX-License-Identifier: GPL-2.0 */
/*
 * schema/records.h - the record format (docs/RECORDS.md) as data, for
 * the plugin that writes it (C++) and the tool that reads it (C11).
 *
 * The versions and the enumerations are here; the record kinds and their
 * fields are in records.def, an X-macro list each side expands the way
 * it needs (the plugin: key names; the tool: a table of field checks).
 */
#ifndef LOCKFIT_SCHEMA_RECORDS_H
#define LOCKFIT_SCHEMA_RECORDS_H

/* "v" of every record; a reader refuses any other */
#define LF_RECORD_VERSION	1
/* the plugin's version: "lockfit" of the tu record, and its --help */
#define LF_VERSION		"0.1.0"

/* Without out=DIR the plugin writes the unit's records, the same bytes as
 * DIR/NAME.lfr, into this section of the object; the tool reads them back
 * from objects.  SHF_EXCLUDE: a final link drops it.  ".discard.": the
 * kernel's linker scripts drop it too, from modules (module.lds, an ld -r
 * link that keeps SHF_EXCLUDE sections and would change the module's
 * build ID) and from vmlinux, and modpost does not warn about it as an
 * unknown non-allocated section. */
#define LF_RECORDS_SECTION	".discard.lockfit.records"

/* A file name of the second source root, the external module directory
 * (M=DIR, the build's "modroot"), is "$M/" and the name relative to it:
 * "$M/lfext.c".  Any other file name is relative to the kernel tree
 * ("srcroot"), as every name of records without a modroot is. */
#define LF_MODROOT_TAG		"$M"

/*
 * Enumerations: X(value) per value, in the order the plugin's own enums
 * are declared from them (LF_ID_global ... in plugin/lockid.h).  Values
 * outside the list are a format the reader does not know.  Each is the
 * only list of its values: the lock modes, variants and actions are
 * rules/primitives.tbl's columns too (rules/reader.h reads them from
 * here), and a lock identity's kind is what lockfit index parses.
 */
#define LF_ENUM_LOCK_KIND(X) \
	X(global) X(static) X(member) X(param) X(local) X(unknown)
#define LF_ENUM_MODE(X)		X(read) X(write) X(excl)
#define LF_ENUM_VARIANT(X)	X(plain) X(irq) X(irqsave) X(bh)
/* primitives.tbl's action column, in the order of the plugin's enum
 * lf_action; W(action): a lock_wrapper record's action too (what calling
 * the wrapper does), LF_ENUM_ACTION */
#define LF_ACTIONS(X, W) W(acquire) W(try) W(try0) X(spin) W(release) \
	X(unspin) X(init) X(pass) X(disable) X(enable) X(query) X(assert)
#define LF_ENUM_SKIP_(value)
#define LF_ENUM_ACTION(X)	LF_ACTIONS(LF_ENUM_SKIP_, X)
/* arch_spin: what the site's own function shows (status, how); the
 * callers of an "entry" site are resolved by the tool, from calls records */
#define LF_ENUM_STATUS(X)	X(safe) X(needs_caller) X(flagged)
#define LF_ENUM_HOW(X) \
	X(safe, local) X(safe, assert) \
	X(flagged, enabled) X(flagged, unbalanced) \
	X(needs_caller, entry)
/* needs_atomic: what the callers must have off */
#define LF_ENUM_CONTEXT(X)	X(preempt)
/* calls: the context of a call */
#define LF_ENUM_CALL_CONTEXT(X)	X(atomic) X(enabled) X(entry)

/* binding: how a function is bound to an entry point */
#define LF_ENUM_BIND_HOW(X)	X(initialiser) X(store) X(call) X(section)

/* Numbers: far above anything real, far below what a sum or product of
 * a few of them could overflow.  LO, HI. */
#define LF_RANGE_VERSION	LF_RECORD_VERSION, LF_RECORD_VERSION
#define LF_RANGE_LINE		0, 100000000L		/* line, column */
#define LF_RANGE_COUNT		0, 1000000000L		/* counts, costs */
#define LF_RANGE_LOOP_DEPTH	0, 1000L
#define LF_RANGE_ARG		1, 1000L		/* 1-based argument */
#define LF_RANGE_SIZE		0, (1L << 40)		/* bytes */

/* Where a record is about a place in the code: the four fields of it. */
#define LF_PLACE(owner) \
	LF_FIELD(owner, file, PATH, REQ, _, file) \
	LF_FIELD(owner, line, INT, REQ, LINE, line) \
	LF_FIELD(owner, column, INT, REQ, LINE, column) \
	LF_FIELD(owner, function, FUNCTION, REQ, _, function)

/* The identity of a lock: lock_kind first, it gives the lock's grammar. */
#define LF_IDENTITY(owner) \
	LF_FIELD(owner, lock_kind, ENUM, REQ, LOCK_KIND, lock_kind) \
	LF_FIELD(owner, lock, LOCK, REQ, KIND, lock)

#endif /* LOCKFIT_SCHEMA_RECORDS_H */
