/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ctx.h - is preemption off here?  A forward must-analysis over the CFG.
 *
 * For every statement: how deep preemption, hard irqs and softirqs are
 * disabled on *every* path from function entry, raised and lowered by the
 * context effects of the primitives in rules/primitives.tbl (a spinning
 * lock disables preemption, an _irqsave one irqs too), by queries such as
 * irqs_disabled() on the edge where they said so, and by assertion macros
 * from their use on.  "atomic" is the sum of the three: a path that
 * disabled preemption and a path that disabled irqs both leave it > 0.
 */
#ifndef LOCKFIT_CTX_H
#define LOCKFIT_CTX_H

#include "tracker.h"

/* An index into the depths below (rules.h's LF_CTX_preempt... are the
 * bitmasks primitives carry). */
enum lf_ctx_index {
	LF_CTXI_PREEMPT, LF_CTXI_IRQ, LF_CTXI_BH, LF_CTXI_ATOMIC, LF_CTXI_N
};

struct lf_ctx_state {
	unsigned char depth[LF_CTXI_N];
	/* where depth last fell to 0; UNKNOWN_LOCATION: function entry */
	location_t enabled_at[LF_CTXI_N];
	bool asserted;		/* atomic only thanks to a query/assertion */
};

struct lf_ctx_result;

/* Run the analysis for FN; NULL if FN has no context event at all and no
 * call of interest (then every statement is "as at entry"). */
struct lf_ctx_result *lf_ctx_analyse(struct lf_fn *fn);
void lf_ctx_release(struct lf_ctx_result *res);

/* The state just before STMT (which must be in FN). */
void lf_ctx_before(struct lf_ctx_result *res, gimple *stmt,
		   struct lf_ctx_state *state);

/* Walking a block statement by statement (one pass, not one per
 * statement): the state at its start, then before and past each one. */
void lf_ctx_block_start(struct lf_ctx_result *res, basic_block bb,
			struct lf_ctx_state *state);
void lf_ctx_at(struct lf_ctx_result *res, gimple *stmt,
	       struct lf_ctx_state *state);
void lf_ctx_past(struct lf_ctx_result *res, gimple *stmt,
		 struct lf_ctx_state *state);

static inline bool lf_ctx_atomic(const struct lf_ctx_state *s)
{
	return s->depth[LF_CTXI_ATOMIC] > 0;
}

/*
 * An enable reachable from STMT that turns the context back on although,
 * on some path, this function never turned it off: the function manages
 * preemption itself, so a lock reached before it with nothing disabled is
 * not waiting for its callers to do it.  UNKNOWN_LOCATION if none.
 */
location_t lf_ctx_unbalanced_after(struct lf_ctx_result *res, gimple *stmt);

/* PLUGIN_START_UNIT callback, registered by plugin_init: looks up the
 * assertion macros of rules/primitives.tbl in this unit's preprocessor and
 * chains a libcpp "used" hook that records where they are expanded. */
void lf_ctx_start_unit(void *gcc_data, void *user_data);

#endif /* LOCKFIT_CTX_H */
