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

struct lf_analysis;

enum lf_temp { LF_TEMP_UNKNOWN, LF_TEMP_COLD, LF_TEMP_HOT };
enum lf_exec { LF_EXEC_UNKNOWN, LF_EXEC_PROCESS, LF_EXEC_SOFTIRQ,
	       LF_EXEC_HARDIRQ };

struct lf_where {
	const char *entry;	/* "packet_type.func", "SYSCALL_DEFINE", ...;
				 * NULL: no entry known */
	const char *via;	/* the function bound to or defined by it */
	int depth;		/* calls from VIA down to the function */
	enum lf_temp temp;
	enum lf_exec exec;
	int preempt;		/* 1 preemptible, 0 not, -1 unknown */
	int sleep;		/* 1 may sleep, 0 may not, -1 unknown */
};

const char *lf_temp_name(enum lf_temp t);	/* "hot", "cold", "unknown" */
const char *lf_exec_name(enum lf_exec e);	/* "process", "softirq", ... */

/*
 * The context of FUNCTION (as records name it: "name" or "file:name"):
 * the hottest entry that reaches it.  False, with *OUT all unknown, when
 * no entry is known to reach it.
 */
bool lf_where_of(const struct lf_analysis *a, const char *function,
		   struct lf_where *out);

#endif
