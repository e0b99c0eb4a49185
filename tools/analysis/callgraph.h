/* SPDX-License-Identifier: GPL-2.0 */
/*
 * callgraph.h - the call graph of the plugin's "calls" records, in both
 * directions: who calls a function, with the preemption context of the
 * call (arch_spin_lock callers); where.c walks it down from the entry
 * points (where.h).
 */
#ifndef LOCKFIT_CALLGRAPH_H
#define LOCKFIT_CALLGRAPH_H

#include "records/recdir.h"

/* One call: CALL of REC's function. */
struct lf_callsite {
	const struct lf_rec *rec;	/* the caller's calls record */
	const struct lf_callee *call;
};

struct lf_callsites {
	struct lf_callsite *v;
	size_t n, cap;
};

/* Reached from a hot entry point (bit locks' static hotness). */
struct lf_hot {
	const char *entry;	/* the entry point, as its record names it */
	int depth;		/* calls below it; 0: the entry point itself */
};

struct lf_callgraph {
	const struct lf_rules *rules;
	/* keyed by interned function names (pairmap, second key NULL) */
	struct pairmap *callers;	/* callee -> struct lf_callsites */
	struct pairmap *bodies;	/* function -> struct lf_recs: its calls
				 * records (lf_body_of()) */
	struct pairmap *excl;	/* function -> struct lf_recs: its sections of
				 * an exclusive lock, its release_only records */
	/* where.c: function -> struct lf_entries (its own entries), and
	 * -> struct lf_reach (the hottest entry reaching it) */
	struct pairmap *entries, *reach;
};

struct lf_recs {
	const struct lf_rec **v;
	size_t n, cap;
};

struct lf_rules;
/* Index the calls records (where each function runs: where.h). */
void lf_callgraph_build(const struct lf_records *recs,
			const struct lf_rules *rules, struct lf_callgraph *g);

/*
 * The calls of FUNCTION in the records.  A static ("file:name") is
 * called only from its own unit; a global one from any.
 */
const struct lf_callsites *lf_callers(const struct lf_callgraph *g,
				      const char *function);

/* Can a call in unit TU reach FUNCTION?  A global one from anywhere, a
 * static ("fs/dcache.c:d_lru_add") only from its own unit. */
bool lf_fn_visible(const char *function, const char *tu);

/* FUNCTION's calls records, in record order (never NULL): one, but
 * for a function several units define. */
const struct lf_recs *lf_body_of(const struct lf_callgraph *g,
				 const char *function);

/* FUNCTION's exclusive sections and release_only records (never NULL). */
const struct lf_recs *lf_excl_of(const struct lf_callgraph *g,
				 const char *function);

#endif
