// SPDX-License-Identifier: GPL-2.0
/*
 * ctx.c - preemption/irq/bh context, per statement.
 */
#include "compat.h"
#include "ctx.h"

#define TOP 255		/* must-analysis: "not reached yet" */
#define CAP 16		/* depths above this are all "deep" */

struct lf_ctx_result {
	struct lf_fn *fn;
	struct lf_ctx_state *in;	/* per block */
	hash_map<gimple *, unsigned> asserts;	/* stmt -> LF_CTX_* bits */
};

/* Assertion macro uses, from the preprocessor: location and context. */
struct macro_use {
	location_t loc;
	unsigned ctx;
};
static vec<struct macro_use> macro_uses;
static void (*prev_used)(cpp_reader *, location_t, cpp_hashnode *);

/* The assertion macros' identifiers, looked up once: libcpp calls us for
 * every macro expansion of the unit, so this must cost a few compares. */
#define MAX_ASSERT_MACROS 16
static struct {
	cpp_hashnode *node;
	unsigned int ctx;
} assert_macros[MAX_ASSERT_MACROS];
static int n_assert_macros;

static void macro_used(cpp_reader *pfile, location_t loc, cpp_hashnode *node)
{
	if (prev_used)
		prev_used(pfile, loc, node);
	for (int i = 0; i < n_assert_macros; i++)
		if (assert_macros[i].node == node) {
			struct macro_use use = { loc, assert_macros[i].ctx };

			macro_uses.safe_push(use);
			return;
		}
}

void lf_ctx_start_unit(void *gcc_data, void *user_data)
{
	cpp_callbacks *cb = cpp_get_callbacks(parse_in);

	n_assert_macros = 0;
	for (size_t i = 0; i < lf_primitives_count; i++) {
		const struct lf_primitive *prim = &lf_primitives[i];

		if (prim->action != LF_ACT_assert ||
		    n_assert_macros == MAX_ASSERT_MACROS)
			continue;
		assert_macros[n_assert_macros].node = cpp_lookup(parse_in,
			(const unsigned char *)prim->name, strlen(prim->name));
		assert_macros[n_assert_macros++].ctx = prim->ctx;
	}
	prev_used = cb->used;
	cb->used = macro_used;
}

static void set_top(struct lf_ctx_state *s)
{
	for (int c = 0; c < LF_CTXI_N; c++) {
		s->depth[c] = TOP;
		s->enabled_at[c] = UNKNOWN_LOCATION;
	}
	s->asserted = false;
}

static void set_entry(struct lf_ctx_state *s)
{
	for (int c = 0; c < LF_CTXI_N; c++) {
		s->depth[c] = 0;
		s->enabled_at[c] = UNKNOWN_LOCATION;
	}
	s->asserted = false;
}

static bool same_state(const struct lf_ctx_state *a,
		       const struct lf_ctx_state *b)
{
	for (int c = 0; c < LF_CTXI_N; c++)
		if (a->depth[c] != b->depth[c] ||
		    a->enabled_at[c] != b->enabled_at[c])
			return false;
	return a->asserted == b->asserted;
}

/* Must-meet: the shallowest path wins, and says where it was enabled. */
static void meet(struct lf_ctx_state *dst, const struct lf_ctx_state *src)
{
	for (int c = 0; c < LF_CTXI_N; c++) {
		if (src->depth[c] < dst->depth[c] ||
		    (src->depth[c] == dst->depth[c] && !dst->enabled_at[c])) {
			dst->depth[c] = src->depth[c];
			dst->enabled_at[c] = src->enabled_at[c];
		}
	}
	if (src->depth[LF_CTXI_ATOMIC] != TOP)
		dst->asserted |= src->asserted;
}

static void ctx_raise(struct lf_ctx_state *s, unsigned ctx)
{
	static const unsigned bits[] = { LF_CTX_preempt, LF_CTX_irq, LF_CTX_bh };

	for (int c = 0; c < LF_CTXI_ATOMIC; c++) {
		if (!(ctx & bits[c]))
			continue;
		if (s->depth[c] < CAP)
			s->depth[c]++;
		if (s->depth[LF_CTXI_ATOMIC] < CAP)
			s->depth[LF_CTXI_ATOMIC]++;
	}
}

static void ctx_lower(struct lf_ctx_state *s, unsigned ctx, location_t loc)
{
	static const unsigned bits[] = { LF_CTX_preempt, LF_CTX_irq, LF_CTX_bh };

	for (int c = 0; c < LF_CTXI_ATOMIC; c++) {
		if (!(ctx & bits[c]))
			continue;
		if (s->depth[c] > 0 && --s->depth[c] == 0)
			s->enabled_at[c] = loc;
		if (s->depth[LF_CTXI_ATOMIC] > 0 &&
		    --s->depth[LF_CTXI_ATOMIC] == 0) {
			s->enabled_at[LF_CTXI_ATOMIC] = loc;
			s->asserted = false;
		}
	}
}

/* An assertion or a query result: at least one level deep from here. */
static void assume(struct lf_ctx_state *s, unsigned ctx)
{
	static const unsigned bits[] = { LF_CTX_preempt, LF_CTX_irq, LF_CTX_bh };

	for (int c = 0; c < LF_CTXI_ATOMIC; c++)
		if ((ctx & bits[c]) && s->depth[c] == 0)
			s->depth[c] = 1;
	if (s->depth[LF_CTXI_ATOMIC] == 0) {
		s->depth[LF_CTXI_ATOMIC] = 1;
		s->asserted = true;
	}
}

static void apply_event(struct lf_ctx_result *res, const struct lf_event *ev,
			struct lf_ctx_state *s)
{
	switch (ev->prim->action) {
	case LF_ACT_acquire:
	case LF_ACT_disable:
		ctx_raise(s, ev->prim->ctx);
		break;
	case LF_ACT_try:
	case LF_ACT_try0:
	case LF_ACT_spin:
		/* unresolved: assume taken; a conditional guard's context
		 * counts from the call, as its destructor runs either way */
		if (!ev->taken || ev->guard_bound)
			ctx_raise(s, ev->prim->ctx);
		break;
	case LF_ACT_release:
	case LF_ACT_unspin:
	case LF_ACT_enable:
		ctx_lower(s, ev->prim->ctx, ev->loc);
		break;
	default:
		break;
	}
}

static void apply(struct lf_ctx_result *res, gimple *stmt,
		  struct lf_ctx_state *s)
{
	unsigned uid = gimple_uid(stmt);
	unsigned *bits = res->asserts.get(stmt);

	if (bits)
		assume(s, *bits);
	if (uid)
		apply_event(res, &res->fn->events[uid - 1], s);
}

/* The kernel's WARN/BUG paths carry a __bug_table entry: a path that has
 * already reported a broken assumption does not weaken the facts after it. */
static bool bug_path(basic_block bb)
{
	for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi);
	     gsi_next(&gsi))
		if (gasm *as = dyn_cast<gasm *>(gsi_stmt(gsi)))
			if (strstr(gimple_asm_string(as), "__bug_table"))
				return true;
	return false;
}

static void edge_state(struct lf_ctx_result *res, edge e,
		       const struct lf_ctx_state *out, struct lf_ctx_state *s)
{
	*s = *out;
	for (unsigned i = 0; i < res->fn->events.length(); i++) {
		const struct lf_event *ev = &res->fn->events[i];

		if (ev->taken != e || ev->guard_bound)
			continue;
		if (ev->prim->action == LF_ACT_query)
			assume(s, ev->prim->ctx);
		else
			ctx_raise(s, ev->prim->ctx);
	}
}

static void block_out(struct lf_ctx_result *res, basic_block bb,
		      struct lf_ctx_state *s)
{
	*s = res->in[bb->index];
	if (s->depth[LF_CTXI_ATOMIC] == TOP)
		return;
	if (bug_path(bb)) {
		set_top(s);
		return;
	}
	for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi);
	     gsi_next(&gsi))
		apply(res, gsi_stmt(gsi), s);
}

/* Assertion macros used in FN: attach each to the first statement of FN
 * at or after it in the source (its expansion is often empty). */
static void place_asserts(struct lf_ctx_result *res, struct function *fun)
{
	expanded_location start = expand_location(fun->function_start_locus);
	expanded_location end = expand_location(fun->function_end_locus);
	basic_block bb;

	for (unsigned i = 0; i < macro_uses.length(); i++) {
		expanded_location at = expand_location(
			lf_user_location(macro_uses[i].loc));
		gimple *best = NULL;
		int best_line = INT_MAX;

		if (!at.file || !start.file || strcmp(at.file, start.file) ||
		    at.line < start.line || at.line > end.line)
			continue;
		FOR_EACH_BB_FN(bb, fun) {
			for (gimple_stmt_iterator gsi = gsi_start_bb(bb);
			     !gsi_end_p(gsi); gsi_next(&gsi)) {
				location_t loc = lf_user_location(
					gimple_location(gsi_stmt(gsi)));
				expanded_location x = expand_location(loc);

				if (is_gimple_debug(gsi_stmt(gsi)) || !x.file ||
				    strcmp(x.file, at.file))
					continue;
				if (x.line >= at.line && x.line < best_line) {
					best = gsi_stmt(gsi);
					best_line = x.line;
				}
			}
		}
		if (best) {
			bool existed;
			unsigned &bits = res->asserts.get_or_insert(best, &existed);

			bits = (existed ? bits : 0) | macro_uses[i].ctx;
		}
	}
}

struct lf_ctx_result *lf_ctx_analyse(struct lf_fn *fn)
{
	struct function *fun = fn->fun;
	struct lf_ctx_result *res = new lf_ctx_result();
	struct lf_order order;
	bool changed = true;

	res->fn = fn;
	res->in = XNEWVEC(struct lf_ctx_state, last_basic_block_for_fn(fun));
	for (int i = 0; i < last_basic_block_for_fn(fun); i++)
		set_top(&res->in[i]);
	place_asserts(res, fun);
	lf_order_compute(fun, &order);

	while (changed) {
		changed = false;
		for (int i = 0; i < order.n; i++) {
			basic_block bb = BASIC_BLOCK_FOR_FN(fun, order.rpo[i]);
			struct lf_ctx_state in, out, e_state;
			edge e;
			edge_iterator ei;

			set_top(&in);
			FOR_EACH_EDGE(e, ei, bb->preds) {
				if (e->src->index == ENTRY_BLOCK) {
					set_entry(&e_state);
				} else {
					block_out(res, e->src, &out);
					edge_state(res, e, &out, &e_state);
				}
				meet(&in, &e_state);
			}
			if (!same_state(&in, &res->in[bb->index])) {
				res->in[bb->index] = in;
				changed = true;
			}
		}
	}
	lf_order_release(&order);
	return res;
}

void lf_ctx_block_start(struct lf_ctx_result *res, basic_block bb,
			struct lf_ctx_state *s)
{
	*s = res->in[bb->index];
}

void lf_ctx_at(struct lf_ctx_result *res, gimple *stmt,
	       struct lf_ctx_state *s)
{
	unsigned *bits = res->asserts.get(stmt);

	if (bits)
		assume(s, *bits);
}

void lf_ctx_past(struct lf_ctx_result *res, gimple *stmt,
		 struct lf_ctx_state *s)
{
	unsigned uid = gimple_uid(stmt);

	/* apply() would assume the assertion again: harmless, but only
	 * the event is left to apply here */
	if (uid)
		apply_event(res, &res->fn->events[uid - 1], s);
}

void lf_ctx_before(struct lf_ctx_result *res, gimple *stmt,
		   struct lf_ctx_state *s)
{
	basic_block bb = gimple_bb(stmt);

	*s = res->in[bb->index];
	for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi);
	     gsi_next(&gsi)) {
		if (gsi_stmt(gsi) == stmt) {
			unsigned *bits = res->asserts.get(stmt);

			if (bits)
				assume(s, *bits);
			return;
		}
		apply(res, gsi_stmt(gsi), s);
	}
}

static bool lowers(const struct lf_ctx_result *res, gimple *stmt)
{
	unsigned uid = gimple_uid(stmt);
	const struct lf_event *ev = uid ? &res->fn->events[uid - 1] : NULL;

	return ev && ev->prim->ctx &&
	       (ev->prim->action == LF_ACT_enable || lf_is_release(ev->prim));
}

location_t lf_ctx_unbalanced_after(struct lf_ctx_result *res, gimple *stmt)
{
	auto_vec<basic_block, 16> work;
	auto_bitmap seen;
	basic_block start = gimple_bb(stmt);
	bool first = true;

	work.safe_push(start);
	while (!work.is_empty()) {
		basic_block bb = work.pop();
		struct lf_ctx_state s = res->in[bb->index];
		gimple_stmt_iterator gsi = gsi_start_bb(bb);
		edge e;
		edge_iterator ei;

		if (!first && !bitmap_set_bit(seen, bb->index))
			continue;
		if (s.depth[LF_CTXI_ATOMIC] == TOP)
			continue;
		for (; !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *cur = gsi_stmt(gsi);
			bool after = !first || cur == stmt;

			if (cur == stmt)
				first = false;
			if (after && s.depth[LF_CTXI_ATOMIC] == 0 && lowers(res, cur))
				return res->fn->events[gimple_uid(cur) - 1].loc;
			apply(res, cur, &s);
		}
		first = false;
		FOR_EACH_EDGE(e, ei, bb->succs)
			if (e->dest->index != EXIT_BLOCK)
				work.safe_push(e->dest);
	}
	return UNKNOWN_LOCATION;
}

void lf_ctx_release(struct lf_ctx_result *res)
{
	XDELETEVEC(res->in);
	delete res;
}
