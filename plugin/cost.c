// SPDX-License-Identifier: GPL-2.0
/*
 * cost.c - statement costs and whole-function summaries.
 */
#include "compat.h"
#include "rules.h"
#include "cost.h"

static hash_map<tree, struct lf_summary *> *summaries;
static int summary_depth;

void lf_order_compute(struct function *fun, struct lf_order *order)
{
	int nblocks = last_basic_block_for_fn(fun);

	order->rpo = XNEWVEC(int, n_basic_blocks_for_fn(fun));
	order->pos = XNEWVEC(int, nblocks);
	for (int i = 0; i < nblocks; i++)
		order->pos[i] = -1;
	order->n = pre_and_rev_post_order_compute_fn(fun, NULL, order->rpo,
						     false);
	for (int i = 0; i < order->n; i++)
		order->pos[order->rpo[i]] = i;
}

void lf_order_release(struct lf_order *order)
{
	XDELETEVEC(order->rpo);
	XDELETEVEC(order->pos);
}

/* Calls that end in a bounded amount of work we do not measure. */
bool lf_call_is_known(gimple *stmt, tree callee)
{
	const char *name;

	if (gimple_call_internal_p(stmt))
		return true;
	if (!callee)
		return false;
	if (fndecl_built_in_p(callee))
		return true;
	name = lf_decl_name(callee) ?: "";
	return lf_primitive_lookup(name) || lf_bounded_call_lookup(name);
}

int lf_stmt_cost(gimple *stmt, const struct lf_summary **callee_out)
{
	int cost = estimate_num_insns(stmt, &eni_size_weights);
	const struct lf_summary *sum = NULL;

	if (is_gimple_call(stmt)) {
		tree callee = gimple_call_fndecl(stmt);
		const struct lf_bounded_call *bounded = callee ?
			lf_bounded_call_lookup(lf_decl_name(callee) ?: "") : NULL;

		if (bounded)
			cost += bounded->cost;
		if (callee && !lf_call_is_known(stmt, callee))
			sum = lf_function_summary(callee);
		else if (!callee && !gimple_call_internal_p(stmt))
			sum = NULL;
		if (sum)
			cost += sum->cost;
	}
	if (callee_out)
		*callee_out = sum;
	return cost;
}

static bool body_available(tree fndecl)
{
	struct function *fn = DECL_STRUCT_FUNCTION(fndecl);

	/* A __weak body may be replaced at link time: not this code. */
	return fn && fn->cfg && !DECL_WEAK(fndecl);
}

static void add_lock(struct lf_summary *sum, const char *name,
		     enum lf_lockid_kind kind, enum lf_class cls,
		     enum lf_mode mode, bool released)
{
	struct lf_summary_lock *have, lock;
	unsigned i;

	FOR_EACH_VEC_ELT(sum->locks, i, have)
		if (have->mode == mode && have->released == released &&
		    !strcmp(have->name, name))
			return;
	lock.name = xstrdup(name);
	lock.kind = kind;
	lock.cls = cls;
	lock.mode = mode;
	lock.released = released;
	sum->locks.safe_push(lock);
}

/* Locks a call takes or drops: a primitive's own, or a body's. */
static void note_call_locks(struct function *fn, gimple *stmt,
			    const struct lf_summary *callee,
			    struct lf_summary *sum)
{
	tree decl = gimple_call_fndecl(stmt), record, field;
	const struct lf_primitive *prim;
	struct lf_lockid id;
	unsigned i;
	struct lf_summary_lock *lock;

	if (callee) {
		FOR_EACH_VEC_ELT(callee->locks, i, lock)
			add_lock(sum, lock->name, lock->kind, lock->cls,
				 lock->mode, lock->released);
		return;
	}
	prim = decl ? lf_primitive_lookup(lf_decl_name(decl) ?: "") : NULL;
	if (!prim || !lf_is_lock_class(prim->cls) || !lf_is_acquire(prim) ||
	    gimple_call_num_args(stmt) <= (unsigned)prim->lock_arg)
		return;
	lf_call_lock(fn, stmt, prim, &id, &record, &field);
	/* param and local names mean nothing in the caller */
	if (id.kind == LF_ID_global || id.kind == LF_ID_static ||
	    id.kind == LF_ID_member)
		add_lock(sum, id.name, id.kind, prim->cls, prim->mode, false);
	lf_lockid_release(&id);
}

/*
 * Locks a function drops without having taken them (the tracker's
 * release_only events), noted when the function is tracked: callees are
 * tracked before their callers, so this is known before any caller asks
 * for the summary.
 */
static hash_map<tree, vec<struct lf_summary_lock> > *drops;

void lf_summary_note_drop(tree fndecl, const char *name,
			  enum lf_lockid_kind kind, enum lf_class cls,
			  enum lf_mode mode)
{
	struct lf_summary_lock lock = { xstrdup(name), kind, cls, mode, true };

	if (!drops)
		drops = new hash_map<tree, vec<struct lf_summary_lock> >;
	drops->get_or_insert(fndecl).safe_push(lock);
}

static void add_drops(tree fndecl, struct lf_summary *sum)
{
	vec<struct lf_summary_lock> *v = drops ? drops->get(fndecl) : NULL;
	struct lf_summary_lock *lock;
	unsigned i;

	if (v)
		FOR_EACH_VEC_ELT(*v, i, lock)
			add_lock(sum, lock->name, lock->kind, lock->cls,
				 lock->mode, true);
}

static void summarise(tree fndecl, struct lf_summary *sum)
{
	struct function *fn = DECL_STRUCT_FUNCTION(fndecl);
	struct lf_order order;
	int *dist;

	push_cfun(fn);
	lf_order_compute(fn, &order);
	dist = XCNEWVEC(int, last_basic_block_for_fn(fn));
	sum->known = true;
	sum->cost = 0;

	for (int i = 0; i < order.n; i++) {
		basic_block bb = BASIC_BLOCK_FOR_FN(fn, order.rpo[i]);
		int best = 0, w = 0;
		edge e;
		edge_iterator ei;

		FOR_EACH_EDGE(e, ei, bb->preds) {
			if (lf_back_edge(&order, e)) {
				sum->loop = true;
				continue;
			}
			if (e->src->index != ENTRY_BLOCK)
				best = MAX(best, dist[e->src->index]);
		}
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb);
		     !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);
			const struct lf_summary *callee = NULL;

			w += lf_stmt_cost(stmt, &callee);
			if (is_gimple_call(stmt)) {
				tree fn_callee = gimple_call_fndecl(stmt);

				note_call_locks(fn, stmt, callee, sum);
				if (callee) {
					sum->loop |= callee->loop;
					sum->known &= callee->known;
				} else if (!lf_call_is_known(stmt, fn_callee)) {
					/* an internal call has no fndecl and
					 * is known: .DEFERRED_INIT of a local
					 * (-ftrivial-auto-var-init=zero) */
					sum->known = false;
				}
			}
		}
		dist[bb->index] = best + w;
		sum->cost = MAX(sum->cost, dist[bb->index]);
	}
	XDELETEVEC(dist);
	lf_order_release(&order);
	pop_cfun();
}

/*
 * NULL when FNDECL's body is not here (extern), or too deep: the caller
 * then treats the call as of unknown length.
 */
const struct lf_summary *lf_function_summary(tree fndecl)
{
	struct lf_summary **slot, *sum;

	if (!summaries)
		summaries = new hash_map<tree, struct lf_summary *>;
	slot = summaries->get(fndecl);
	if (slot)
		return *slot;
	if (!body_available(fndecl) || summary_depth >= lf_inline_depth)
		return NULL;

	/* A recursive call finds the in-progress entry: unknown length. */
	sum = XCNEW(struct lf_summary);
	summaries->put(fndecl, sum);
	summary_depth++;
	{
		struct lf_summary done = {};

		summarise(fndecl, &done);
		add_drops(fndecl, &done);
		*sum = done;	/* takes over done.locks */
	}
	summary_depth--;
	return sum;
}

void lf_cost_finish(void)
{
	if (drops) {
		for (auto it = drops->begin(); it != drops->end(); ++it) {
			for (unsigned i = 0; i < (*it).second.length(); i++)
				free((*it).second[i].name);
			(*it).second.release();
		}
		delete drops;
		drops = NULL;
	}
	if (!summaries)
		return;
	for (auto it = summaries->begin(); it != summaries->end(); ++it) {
		struct lf_summary *sum = (*it).second;
		struct lf_summary_lock *lock;
		unsigned i;

		FOR_EACH_VEC_ELT(sum->locks, i, lock)
			free(lock->name);
		sum->locks.release();
		XDELETE(sum);
	}
	delete summaries;
	summaries = NULL;
}
