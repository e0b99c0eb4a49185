/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cost.h - how long a stretch of code is, in GCC's estimated instructions.
 *
 * Statement costs are GCC's own estimate (estimate_num_insns with
 * eni_size_weights).  A call to a function whose body is in this
 * translation unit adds the longest acyclic path through that body, to
 * rules/thresholds.tbl's inline_depth; a call to anything else is
 * "unknown" (it may take any time), unless it is a lock primitive or a
 * builtin.
 */
#ifndef LOCKFIT_COST_H
#define LOCKFIT_COST_H

#include "compat.h"
#include "rules.h"
#include "lockid.h"

/* A lock a called function takes, named the same way in any caller. */
struct lf_summary_lock {
	char *name;
	enum lf_lockid_kind kind;	/* global, static or member only */
	enum lf_class cls;
	enum lf_mode mode;
	bool released;		/* dropped here (not taken) */
};

/* What a called function costs, as a whole. */
struct lf_summary {
	int cost;		/* longest acyclic path, estimated insns */
	bool known;		/* false: reaches a call of unknown length */
	bool loop;		/* the body, or a callee's, has a cycle */
	vec<struct lf_summary_lock> locks;	/* taken here or deeper */
};

/* A call of bounded length without a body here: an internal function, a
 * builtin, a lock primitive, or one rules/boundedcalls.tbl lists. */
bool lf_call_is_known(gimple *stmt, tree callee);

/* Cost of one statement, including a known callee's body. */
int lf_stmt_cost(gimple *stmt, const struct lf_summary **callee);

/* FNDECL drops this lock without taking it (before any caller asks). */
void lf_summary_note_drop(tree fndecl, const char *name,
			  enum lf_lockid_kind kind, enum lf_class cls,
			  enum lf_mode mode);

/* Summary of FNDECL's body (memoised per translation unit). */
const struct lf_summary *lf_function_summary(tree fndecl);

/* Function order for longest-path walks: reverse post-order of a DFS, and
 * each block's position in it (-1: unreachable).  An edge is a back edge
 * iff it does not go forward in this order. */
struct lf_order {
	int n;
	int *rpo;		/* block indices */
	int *pos;		/* indexed by block index */
};

void lf_order_compute(struct function *fun, struct lf_order *order);
void lf_order_release(struct lf_order *order);

static inline bool lf_back_edge(const struct lf_order *order, edge e)
{
	if (e->dest->index == EXIT_BLOCK || e->src->index == ENTRY_BLOCK)
		return false;
	return order->pos[e->dest->index] <= order->pos[e->src->index];
}

void lf_cost_finish(void);

#endif /* LOCKFIT_COST_H */
