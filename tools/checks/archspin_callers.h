/* SPDX-License-Identifier: GPL-2.0 */
/*
 * archspin_callers.h - arch_spin_lock() sites and whether preemption is
 * off there (docs/DESIGN.md section 5): what the plugin saw in the site's
 * function, then the callers, in the site's unit and across every unit
 * read.
 */
#ifndef LOCKFIT_ARCHSPIN_CALLERS_H
#define LOCKFIT_ARCHSPIN_CALLERS_H

#include <stdbool.h>
#include <stddef.h>
#include "records/recdir.h"
#include "analysis/callgraph.h"

struct lf_where;	/* analysis/where.h */

/* Worst last: merging two copies of a site keeps the higher. */
enum lf_arch_status {
	LF_ARCH_SAFE,
	LF_ARCH_NEEDS_CALLER,
	LF_ARCH_FLAGGED,
};

/* How deep a chain of callers that leave preemption as they found it is
 * followed before the site is left to callers nobody has seen. */
#define LF_ARCH_MAX_DEPTH 256

struct lf_arch_site {
	const struct lf_rec *rec;
	/* what its own unit says: the record's status and how, or for an
	 * "entry" site, what the unit's calls make of it: safe "callers"
	 * (all atomic), flagged "caller", needs_caller "entry" */
	const char *unit_status, *unit_how;
	enum lf_arch_status status;
	const char *how;	/* unit_how, or "callers"/"caller"/"entry" */
	bool resolved;		/* needs_caller in its unit, decided here */
	/* flagged by a caller: the call made with preemption enabled, and
	 * the functions between it and the site's function ("" if none) */
	const struct lf_callsite *culprit;
	const char *through;
	/* flagged by an entry (rules/entrypoints.tbl) that runs preemptible,
	 * instead of a caller: culprit is NULL */
	const struct lf_where *entry;
	char *why;		/* one line, for every format */
};

struct lf_arch {
	struct { struct lf_arch_site *v; size_t n, cap; } sites;
	size_t count[LF_ARCH_FLAGGED + 1];
	size_t resolved[LF_ARCH_FLAGGED + 1];	/* of the unit's needs_caller */
};

const char *lf_arch_status_name(enum lf_arch_status s);

/*
 * Every arch_spin record, one site per (file, line, column, lock): copies
 * of a header inline keep the worst status.  Sites that depend on their
 * function's entry are decided by the calls of their function in G, in
 * their unit, then in every unit, recursively through callers that pass
 * on their own entry context.  Sorted by file, line, column.
 */
void lf_arch_resolve(const struct lf_records *recs, const struct lf_callgraph *g,
		     struct lf_arch *out);

/* How S's function is entered (explain): "entered as ..., chain A -> B",
 * one line; NULL when no entry of rules/entrypoints.tbl or hot path
 * reaches it. */
char *lf_arch_entered(const struct lf_callgraph *g, const struct lf_arch_site *s);

/* The finding's message for a flagged site. */
char *lf_arch_message(const struct lf_arch_site *s);

/* What the arch-spin-preempt checker found: its results in A
 * (check_archspin.c), for its presenter and its patch jobs. */
struct lf_analysis;
struct lf_arch *lf_arch_of(const struct lf_analysis *a);

#endif
