/* SPDX-License-Identifier: GPL-2.0 */
/*
 * emit.h - every record the plugin writes (docs/RECORDS.md), built from
 * what the trackers and the checks found.  The only place that builds
 * JSON; kinds and field names come from schema/records.def.
 */
#ifndef LOCKFIT_EMIT_H
#define LOCKFIT_EMIT_H

#include "tracker.h"
#include "schema/records.h"

struct lf_ctx_result;
/* Section, release_only, lock_arg, unknown and lock_wrapper records of
 * one function.  CTX gives each section the context it is entered in. */
void lf_emit_function(const struct lf_fn *fn, struct lf_ctx_result *ctx);

/* The schema's arch_spin and needs_atomic values: LF_STATUS_safe,
 * LF_HOW_local, LF_NEED_preempt ... */
#define LF_STATUS_(status) LF_STATUS_##status,
#define LF_HOW_(status, how) LF_HOW_##how,
#define LF_NEED_(context) LF_NEED_##context,
enum lf_arch_status { LF_ENUM_STATUS(LF_STATUS_) };
enum lf_arch_how { LF_ENUM_HOW(LF_HOW_) };
enum lf_need_context { LF_ENUM_CONTEXT(LF_NEED_) };
#undef LF_STATUS_
#undef LF_HOW_
#undef LF_NEED_

/* One arch_spin record: what the site's own function shows. */
struct lf_arch_spin {
	const char *lock;
	enum lf_lockid_kind kind;
	const struct lf_primitive *prim;
	location_t loc;
	tree fndecl;
	enum lf_arch_status status;
	enum lf_arch_how how;
	location_t enabled_at;	/* how enabled, unbalanced: turned on there */
};
void lf_emit_arch_spin(const struct lf_arch_spin *rec);
void lf_emit_needs_atomic(tree fndecl, enum lf_need_context context);

/* A binding record: function FN bound to ENTRY (rules/entrypoints.tbl's
 * name; ARG the handler's argument of a call, else 0) at LOC, HOW
 * ("initialiser", "store", "call", "section"), by BY (may be NULL). */
void lf_emit_binding(location_t loc, tree fn, const char *entry, int arg,
		     const char *how, const char *by);
/* The pointer ALIAS names LOCK: stored at LOC in FNDECL, or (FNDECL
 * NULL) in the initialiser of BY. */
void lf_emit_alias(location_t loc, tree fndecl, const struct lf_lockid *lock,
		   const struct lf_lockid *alias, const char *by);

/* Count of what the unit did, for the "tu" record. */
struct lf_tu_stats {
	int functions;		/* functions the pass saw */
	int locking;		/* of those, with lock events */
	int sections;
	int unknown;
};
extern struct lf_tu_stats lf_stats;

/* The calls record (what calls.c kept of the unit's call graph), the
 * tu record, then the unit's record file (recfile.c).  False (after an
 * error diagnostic) if the file could not be written. */
bool lf_emit_finish(void);

#endif /* LOCKFIT_EMIT_H */
