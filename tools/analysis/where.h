/* SPDX-License-Identifier: GPL-2.0 */
/*
 * where.h - where a function runs: the entry point (callback slot,
 * registration call, entry macro of rules/entrypoints.tbl, or a hot path
 * of rules/hotpaths.tbl) that reaches it, the context that entry runs in
 * and how hot it is.  One notion of "hot" for every check.
 */
#ifndef LOCKFIT_WHERE_H
#define LOCKFIT_WHERE_H

#include <stdbool.h>
#include <stddef.h>

struct lf_callgraph;
struct lf_records;
struct lf_rules;
struct lf_rec;
struct lfr_entry;

enum lf_temp { LF_TEMP_UNKNOWN, LF_TEMP_COLD, LF_TEMP_HOT };
enum lf_where_exec { LF_EXEC_UNKNOWN, LF_EXEC_PROCESS, LF_EXEC_SOFTIRQ,
	       LF_EXEC_HARDIRQ };

struct lf_where {
	const char *entry;	/* "packet_type.func", "SYSCALL_DEFINE", ...;
				 * NULL: no entry known */
	const char *via;	/* the function bound to or defined by it */
	int depth;		/* calls from VIA down to the function */
	enum lf_temp temp;
	enum lf_where_exec exec;
	int preempt;		/* 1 preemptible, 0 not, -1 unknown */
	int sleep;		/* 1 may sleep, 0 may not, -1 unknown */
	/* added for explain and the arch-spin check: */
	const char *kind;	/* "slot", "call", "macro", "section", "function",
				 * "hotpath" (rules/hotpaths.tbl) */
	const struct lf_rec *binding;	/* a binding record ("bound at
				 * file:line [by VAR or FN]"), NULL for a
				 * macro or hot path */
	const char *chain;	/* "via -> ... -> function": the nearest
				 * callers, the others counted */
};

const char *lf_temp_name(enum lf_temp t);	/* "hot", "cold", "unknown" */
const char *lf_exec_name(enum lf_where_exec e);	/* "process", "softirq", ... */

/*
 * The context of FUNCTION (as records name it: "name" or "file:name"):
 * the hottest entry that reaches it.  False, with *OUT all unknown, when
 * no entry is known to reach it.  G: lf_callgraph_build(), then
 * lf_where_build() (pipeline/pipeline.c; lf_where_of() of analysis.h).
 */
bool lf_where_in(const struct lf_callgraph *g, const char *function,
		 struct lf_where *out);

/* A chain of calls for a message: TOP (or NULL) and " -> ... (BETWEEN
 * functions)" when BETWEEN > 0, then the N names of NEAR, the farthest
 * first.  A chain is shown as its LF_CHAIN_SHOWN functions nearest the
 * site and where it starts: in full, its length would be paid for every
 * function on it. */
#define LF_CHAIN_SHOWN 8
char *lf_chain_text(const char *top, int between, const char *const *near,
		    int n);

/* One way a function is entered without a C call: its own binding
 * record, entry macro or hot path (depth 0, chain its name). */
struct lf_entries {
	struct lf_where *v;
	size_t n, cap;
};
/* FUNCTION's own entries, in record order; none: n is 0. */
const struct lf_entries *lf_entries_of(const struct lf_callgraph *g,
				       const char *function);

/* Index the binding records and entry macros, once G has the calls
 * (pipeline/pipeline.c calls it after lf_callgraph_build()). */
void lf_where_build(const struct lf_records *recs, const struct lf_rules *rules,
		    struct lf_callgraph *g);

/* "seq_operations.start t_start (bound at fs/x.c:55 by t_ops; process,
 * preemptible, may sleep, cold)": W in one line, for messages. */
char *lf_where_text(const struct lf_where *w);

#endif
