// SPDX-License-Identifier: GPL-2.0
/*
 * check_archspin.c - arch_spin_lock() needs preemption already off.
 *
 * arch_spin_lock() does not disable preemption (spin_lock() does): a
 * holder preempted with it held makes every other CPU spin until it runs
 * again (docs/DESIGN.md section 5).  At each arch-level acquire we ask ctx.c
 * whether preemption, irqs or softirqs are off on every path.  If they
 * were explicitly re-enabled on some path, that is a finding.  If nothing
 * changed since function entry, the callers decide, and only the report
 * step decides that (tools/checks/archspin_callers.c), from the "calls"
 * records of every unit: the record says "needs_caller"/"entry", and a
 * function callable from other files that reaches such a site from its
 * entry gets a "needs_atomic" record, since its callers through a pointer are in no
 * calls record.
 *
 * What one unit shows is still worth a warning: a direct call, made with
 * preemption turned back on, of a function of this unit whose arch lock
 * depends on its entry.  Functions are analysed callees first (GCC's
 * top-order walk), so the callee's sites are known at the call.
 */
#include "compat.h"
#include "ctx.h"
#include "diag.h"
#include "emit.h"
#include "checks.h"

#define CHECK LF_CHECK_arch_spin_preempt

struct sink {
	char *lock;
	const struct lf_primitive *prim;
	location_t loc;
};

/* A function that reaches an arch lock from its entry: its own sites, or
 * a call of another such function made as its caller left it. */
struct needy {
	tree decl;
	bool exposed;		/* callable from elsewhere: public or address taken */
	bool warned;		/* its sites: warned about a caller once */
	auto_vec<struct sink> sinks;	/* its own entry-dependent sites */
};

static hash_map<tree, struct needy *> *needs;
static auto_vec<struct needy *> needy_order;

static bool is_sink(const struct lf_primitive *prim)
{
	return lf_class_judged(prim->cls, LFR_MOD_archspin) && lf_is_acquire(prim);
}

static struct needy *needy_get(tree decl)
{
	struct needy **slot, *n;
	cgraph_node *node = cgraph_node::get(decl);

	if (!needs)
		needs = new hash_map<tree, struct needy *>;
	slot = needs->get(decl);
	if (slot)
		return *slot;
	n = new needy();
	n->decl = decl;
	n->exposed = TREE_PUBLIC(decl) || !node || node->address_taken;
	needs->put(decl, n);
	needy_order.safe_push(n);
	return n;
}

static struct needy *needy_find(tree decl)
{
	struct needy **slot = needs && decl ? needs->get(decl) : NULL;

	return slot ? *slot : NULL;
}

/* The arch_spin record of EV: what this function alone shows. */
static void sink_record(enum lf_arch_status status, enum lf_arch_how how,
			const struct lf_fn *fn, const struct lf_event *ev,
			location_t enabled_at)
{
	struct lf_arch_spin rec = {
		fn->locks[ev->lock].name, fn->locks[ev->lock].kind, ev->prim,
		ev->loc, fn->fun->decl, status, how, enabled_at,
	};

	lf_emit_arch_spin(&rec);
}

static void warn_enabled(const char *lock, const struct lf_primitive *prim,
			 location_t loc, location_t enabled_at, tree fndecl)
{
	lf_warn(loc, CHECK,
		"%s(%s) with preemption enabled in %s(): disable preemption "
		"or irqs around it, or use a raw_spinlock_t", prim->api, lock,
		lf_decl_name(fndecl));
	lf_note(enabled_at, "preemption is enabled again here");
}

static void check_sink(const struct lf_fn *fn, struct lf_ctx_result *ctx,
		       const struct lf_event *ev)
{
	const char *lock = fn->locks[ev->lock].name;
	tree decl = fn->fun->decl;
	struct lf_ctx_state st;

	lf_ctx_before(ctx, ev->stmt, &st);
	if (lf_ctx_atomic(&st)) {
		sink_record(LF_STATUS_safe, st.asserted ? LF_HOW_assert : LF_HOW_local,
			    fn, ev, UNKNOWN_LOCATION);
		return;
	}
	if (st.enabled_at[LF_CTXI_ATOMIC] != UNKNOWN_LOCATION) {
		sink_record(LF_STATUS_flagged, LF_HOW_enabled, fn, ev,
			    st.enabled_at[LF_CTXI_ATOMIC]);
		warn_enabled(lock, ev->prim, ev->loc,
			     st.enabled_at[LF_CTXI_ATOMIC], decl);
		return;
	}
	/* Enabled again after the lock, never disabled before it: this
	 * function manages the context itself and forgot it here. */
	location_t unbalanced = lf_ctx_unbalanced_after(ctx, ev->stmt);

	if (unbalanced != UNKNOWN_LOCATION) {
		sink_record(LF_STATUS_flagged, LF_HOW_unbalanced, fn, ev,
			    unbalanced);
		/* the callers are not known here: say both outcomes */
		lf_warn(ev->loc, CHECK,
			"%s(%s) in %s(): the function turns preemption back on "
			"later without turning it off first: either its callers "
			"have it off and the enable ends their section early, or "
			"the lock is taken with preemption enabled; turn it off "
			"and on in the same function, or use a raw_spinlock_t",
			ev->prim->api, lock, lf_decl_name(decl));
		lf_note(unbalanced, "enabled here");
		return;
	}
	/* From function entry: the callers decide, in the report step. */
	struct sink s = { xstrdup(lock), ev->prim, ev->loc };

	sink_record(LF_STATUS_needs_caller, LF_HOW_entry, fn, ev,
		    UNKNOWN_LOCATION);
	needy_get(decl)->sinks.safe_push(s);
}

/* A call of CALLEE, which reaches an arch lock from its entry. */
static void check_call(struct function *fun, struct lf_ctx_result *ctx,
		       gimple *stmt, struct needy *callee)
{
	struct lf_ctx_state st;

	if (ctx)
		lf_ctx_before(ctx, stmt, &st);
	else
		memset(&st, 0, sizeof(st));
	if (lf_ctx_atomic(&st) || callee->decl == fun->decl)
		return;
	if (st.enabled_at[LF_CTXI_ATOMIC] == UNKNOWN_LOCATION) {
		/* as this function's caller left it: it reaches it too */
		needy_get(fun->decl);
		return;
	}
	if (callee->warned)
		return;
	callee->warned = !callee->sinks.is_empty();
	for (unsigned i = 0; i < callee->sinks.length(); i++) {
		const struct sink *s = &callee->sinks[i];

		lf_warn(s->loc, CHECK,
			"%s(%s) in %s() relies on its callers to disable "
			"preemption, but %s() calls it with preemption "
			"enabled: disable preemption or irqs around it, or "
			"use a raw_spinlock_t", s->prim->api, s->lock,
			lf_decl_name(callee->decl), lf_decl_name(fun->decl));
		lf_note(lf_user_location(gimple_location(stmt)),
			"called here with preemption enabled");
	}
}

/* FN may be NULL, a function without lock events: its calls still
 * matter when they reach a function that needs its callers to have
 * preemption off. */
static void check_function(struct function *fun, const struct lf_fn *fn,
			   struct lf_ctx_result *ctx)
{
	bool any_sink = false;
	basic_block bb;

	if (fn)
		for (unsigned i = 0; i < fn->events.length(); i++)
			any_sink |= is_sink(fn->events[i].prim);
	if (any_sink)
		for (unsigned i = 0; i < fn->events.length(); i++)
			if (is_sink(fn->events[i].prim))
				check_sink(fn, ctx, &fn->events[i]);
	if (needs)
		FOR_EACH_BB_FN(bb, fun)
			for (gimple_stmt_iterator gsi = gsi_start_bb(bb);
			     !gsi_end_p(gsi); gsi_next(&gsi)) {
				gimple *stmt = gsi_stmt(gsi);
				struct needy *callee;

				if (!is_gimple_call(stmt))
					continue;
				callee = needy_find(gimple_call_fndecl(stmt));
				if (callee)
					check_call(fun, ctx, stmt, callee);
			}
}

/* Resolve what depends on callers, emit records and warnings. */
static void check_finish(void)
{
	if (!needs)
		return;
	for (unsigned i = 0; i < needy_order.length(); i++) {
		struct needy *n = needy_order[i];

		if (n->exposed)
			lf_emit_needs_atomic(n->decl, LF_NEED_preempt);
		for (unsigned j = 0; j < n->sinks.length(); j++)
			free(n->sinks[j].lock);
		delete n;
	}
	needy_order.truncate(0);
	delete needs;
	needs = NULL;
}

const struct lf_plugin_check lf_plugin_archspin = { check_function, check_finish };
