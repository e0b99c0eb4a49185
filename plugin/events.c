// SPDX-License-Identifier: GPL-2.0
/*
 * events.c - the lock events of one function: every call of a primitive
 * (rules/primitives.tbl, or a wrapper found in this unit), with its lock
 * named, a trylock's winning edge found, guards paired, and calls that
 * hand a lock to another function noted.
 */
#include "compat.h"
#include "events.h"
#include "lock_wrapper.h"

static int intern_lock(struct lf_fn *fn, struct lf_lockid *id)
{
	unsigned i;
	struct lf_lockid *have;

	FOR_EACH_VEC_ELT(fn->locks, i, have)
		if (!strcmp(have->name, id->name)) {
			lf_lockid_release(id);
			return i;
		}
	fn->locks.safe_push(*id);
	return fn->locks.length() - 1;
}

/*
 * A trylock is held only where its result said so.  Follow the result
 * through casts, comparisons with zero and negations to the condition
 * that tests it; return the edge on which the lock is held.
 */
static edge held_edge(tree name, bool nonzero_held, int depth)
{
	imm_use_iterator it;
	use_operand_p use;

	FOR_EACH_IMM_USE_FAST(use, it, name) {
		gimple *user = USE_STMT(use);

		if (gcond *cond = dyn_cast<gcond *>(user)) {
			enum tree_code code = gimple_cond_code(cond);
			edge on_true, on_false;

			if (gimple_cond_lhs(cond) != name ||
			    !integer_zerop(gimple_cond_rhs(cond)) ||
			    (code != NE_EXPR && code != EQ_EXPR))
				continue;
			extract_true_false_edges_from_block(gimple_bb(cond),
							    &on_true, &on_false);
			return (code == NE_EXPR) == nonzero_held ? on_true
								 : on_false;
		}
		/* likely()/unlikely(): __builtin_expect passes its value on */
		if (gcall *call = dyn_cast<gcall *>(user)) {
			tree lhs = gimple_call_lhs(call);
			edge e;

			if (depth < LF_TRY_CHAIN_MAX && lhs &&
			    TREE_CODE(lhs) == SSA_NAME &&
			    gimple_call_builtin_p(call, BUILT_IN_EXPECT) &&
			    gimple_call_arg(call, 0) == name &&
			    (e = held_edge(lhs, nonzero_held, depth + 1)))
				return e;
			continue;
		}
		if (is_gimple_assign(user) && depth < LF_TRY_CHAIN_MAX) {
			tree lhs = gimple_assign_lhs(user);
			tree rhs2 = gimple_num_ops(user) > 2 ?
				    gimple_assign_rhs2(user) : NULL_TREE;
			enum tree_code code = gimple_assign_rhs_code(user);
			bool keep;
			edge e;

			if (TREE_CODE(lhs) != SSA_NAME)
				continue;
			if (CONVERT_EXPR_CODE_P(code) || code == SSA_NAME)
				keep = true;
			else if ((code == NE_EXPR || code == EQ_EXPR) &&
				 rhs2 && integer_zerop(rhs2))
				keep = code == NE_EXPR;
			else if (code == TRUTH_NOT_EXPR ||
				 (code == BIT_NOT_EXPR &&
				  TREE_CODE(TREE_TYPE(lhs)) == BOOLEAN_TYPE) ||
				 (code == BIT_XOR_EXPR && rhs2 &&
				  integer_onep(rhs2) &&
				  TREE_CODE(TREE_TYPE(lhs)) == BOOLEAN_TYPE))
				keep = false;
			else
				continue;
			e = held_edge(lhs, keep == nonzero_held, depth + 1);
			if (e)
				return e;
		}
	}
	return NULL;
}

/* The variable a guard constructor's result lands in, directly or
 * through one SSA copy (scalar guards: scoped_guard(mutex, ...)). */
static tree guard_object(tree lhs)
{
	use_operand_p use_p;
	gimple *use;

	if (!lhs || DECL_P(lhs))
		return lhs;
	if (TREE_CODE(lhs) != SSA_NAME || !single_imm_use(lhs, &use_p, &use) ||
	    !gimple_assign_single_p(use) || !DECL_P(gimple_assign_lhs(use)))
		return NULL_TREE;
	return gimple_assign_lhs(use);
}

/*
 * A conditional guard (scoped_guard(spinlock_try, l), scoped_cond_guard())
 * holds its lock where class_NAME_lock_ptr(&guard) returned non-NULL: the
 * one call that takes the guard's address alone and returns a value.
 */
static edge guard_held_edge(struct function *fun, tree guard)
{
	basic_block bb;

	FOR_EACH_BB_FN(bb, fun)
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb);
		     !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);
			tree arg, res;

			if (!is_gimple_call(stmt) ||
			    gimple_call_num_args(stmt) != 1)
				continue;
			arg = gimple_call_arg(stmt, 0);
			res = gimple_call_lhs(stmt);
			if (TREE_CODE(arg) == ADDR_EXPR &&
			    TREE_OPERAND(arg, 0) == guard && res &&
			    TREE_CODE(res) == SSA_NAME)
				return held_edge(res, true, 0);
		}
	return NULL;
}

/* Does the failing edge of an open-coded bit lock loop back to the call?
 * Only then is test_and_set_bit() a lock and not a one-shot flag. */
static bool spins(edge taken, basic_block call_bb)
{
	edge failed = NULL, e;
	edge_iterator ei;
	auto_vec<basic_block, 16> work;
	auto_bitmap seen;

	FOR_EACH_EDGE(e, ei, taken->src->succs)
		if (e != taken)
			failed = e;
	if (!failed)
		return false;
	work.safe_push(failed->dest);
	while (!work.is_empty() && bitmap_count_bits(seen) < 16) {
		basic_block bb = work.pop();

		if (bb == call_bb)
			return true;
		if (bb->index == EXIT_BLOCK || !bitmap_set_bit(seen, bb->index))
			continue;
		FOR_EACH_EDGE(e, ei, bb->succs)
			work.safe_push(e->dest);
	}
	return false;
}

/* Which side of an open-coded bit lock's test BB lies on: 1 held (only
 * TAKEN reaches it), 0 not held (only the other edge), -1 both or none. */
static int held_side(basic_block bb, edge taken, edge failed)
{
	edge ends[2] = { failed, taken };
	bool reached[2] = { false, false };

	for (int side = 0; side < 2; side++) {
		auto_vec<basic_block, 16> work;
		auto_bitmap seen;

		work.safe_push(ends[side]->dest);
		while (!work.is_empty() && !reached[side]) {
			basic_block b = work.pop();
			edge e;
			edge_iterator ei;

			reached[side] = b == bb;
			if (b == taken->src || !bitmap_set_bit(seen, b->index))
				continue;
			FOR_EACH_EDGE(e, ei, b->succs)
				work.safe_push(e->dest);
		}
	}
	return reached[0] == reached[1] ? -1 : reached[1];
}

/* The constant VAL is, through SSA copies and casts (the early passes
 * keep "_14 = 1; return _14;"); NULL_TREE if none. */
static tree constant_of(tree val)
{
	for (int i = 0; val && i < LF_TRY_CHAIN_MAX &&
	     TREE_CODE(val) == SSA_NAME; i++) {
		gimple *def = SSA_NAME_DEF_STMT(val);

		val = is_gimple_assign(def) && (gimple_assign_cast_p(def) ||
			gimple_assign_single_p(def)) ?
		      gimple_assign_rhs1(def) : NULL_TREE;
	}
	return val && TREE_CODE(val) == INTEGER_CST ? val : NULL_TREE;
}

/* Is VAL, coming in on edge IN, non-zero exactly where the lock is held? */
static bool constant_says_held(tree val, edge in, edge taken, edge failed)
{
	int side = in == taken ? 1 : in == failed ? 0 :
		   held_side(in->src, taken, failed);

	val = constant_of(val);
	return val && TREE_CODE(val) == INTEGER_CST && side >= 0 &&
	       !integer_zerop(val) == (side == 1);
}

/*
 * Does the function return non-zero exactly where an open-coded bit lock
 * that does not spin was taken, and zero where it was not (Linux 7.2's
 * zram slot_trylock())?  Then it is a trylock of its own, not a flag test.
 * Every value returned is a constant, directly or through a PHI.
 */
static bool returns_taken(struct function *fun, edge taken)
{
	edge failed = NULL, e;
	edge_iterator ei;

	FOR_EACH_EDGE(e, ei, taken->src->succs)
		if (e != taken)
			failed = e;
	if (!failed || EDGE_COUNT(EXIT_BLOCK_PTR_FOR_FN(fun)->preds) == 0)
		return false;
	FOR_EACH_EDGE(e, ei, EXIT_BLOCK_PTR_FOR_FN(fun)->preds) {
		gimple *last = last_stmt(e->src);
		greturn *ret = last ? dyn_cast<greturn *>(last) : NULL;
		tree val = ret ? gimple_return_retval(ret) : NULL_TREE;
		gimple *def = val && TREE_CODE(val) == SSA_NAME ?
			      SSA_NAME_DEF_STMT(val) : NULL;
		gphi *phi = def ? dyn_cast<gphi *>(def) : NULL;

		if (!phi) {
			if (!constant_says_held(val, e, taken, failed))
				return false;
			continue;
		}
		for (unsigned i = 0; i < gimple_phi_num_args(phi); i++)
			if (!constant_says_held(gimple_phi_arg_def(phi, i),
						gimple_phi_arg_edge(phi, i),
						taken, failed))
				return false;
	}
	return true;
}

/* Name the lock a primitive call takes or drops. */
static void resolve_event_lock(struct lf_fn *fn, gimple *stmt,
			       const struct lf_primitive *prim,
			       struct lf_event *ev)
{
	struct lf_wrapper *w = lf_wrapper_of(ev);
	struct lf_lockid id;

	if (!w) {
		lf_call_lock(fn->fun, stmt, prim, &id, &ev->record, &ev->field);
	} else {
		/* a wrapper taking its lock as an argument: name the argument */
		lf_lockid_resolve(fn->fun, gimple_call_arg(stmt, prim->lock_arg),
				  &id);
		if (w->bit_suffix)
			lf_lockid_add_bit(&id, w->bit_suffix);
	}
	ev->lock = intern_lock(fn, &id);
}

/* spin_lock_nested() is _raw_spin_lock(spinlock_check(l)) without lockdep:
 * the object's type, not the callee, says it is a spinlock_t. */
static enum lf_class lock_class(struct lf_fn *fn, const struct lf_event *ev)
{
	const struct lf_locktype *lt;
	tree type = ev->lock >= 0 ? fn->locks[ev->lock].type : NULL_TREE;

	if (lf_is_lock_class(ev->prim->cls) && (lt = lf_locktype_of(type)))
		return lt->cls;
	return ev->prim->cls;
}

static void add_event(struct lf_fn *fn, gimple *stmt,
		      const struct lf_primitive *prim)
{
	struct lf_event ev = {};
	struct lf_wrapper *w;

	ev.stmt = stmt;
	ev.prim = prim;
	ev.lock = -1;
	ev.site = -1;
	ev.loc = lf_user_location(gimple_location(stmt));

	if (prim->lock_arg == LF_ARG_GUARD && gimple_call_num_args(stmt) &&
	    TREE_CODE(gimple_call_arg(stmt, 0)) == ADDR_EXPR)
		ev.guard = TREE_OPERAND(gimple_call_arg(stmt, 0), 0);
	if (prim->wrapped_lock) {
		struct lf_lockid id = {};

		id.name = xstrdup(prim->wrapped_lock);
		id.kind = (enum lf_lockid_kind)prim->wrapped_kind;
		if ((w = lf_wrapper_of(&ev))) {
			ev.record = w->record;
			ev.field = w->field;
			id.decl = w->field;
		}
		ev.lock = intern_lock(fn, &id);
	} else if (prim->lock_arg >= 0) {
		if (gimple_call_num_args(stmt) <= (unsigned)prim->lock_arg)
			return;	/* a prototype we do not know: not this primitive */
		resolve_event_lock(fn, stmt, prim, &ev);
	}
	ev.cls = lock_class(fn, &ev);
	if (lf_is_acquire(prim) && lf_is_lock_class(prim->cls)) {
		ev.guard = guard_object(gimple_call_lhs(stmt));
		if (prim->action != LF_ACT_acquire) {
			tree res = gimple_call_lhs(stmt);

			if (res && TREE_CODE(res) == SSA_NAME)
				ev.taken = held_edge(res,
						     prim->action == LF_ACT_try, 0);
			if (!ev.taken && ev.guard && prim->action == LF_ACT_try)
				ev.taken = guard_held_edge(fn->fun, ev.guard);
			ev.try_unresolved = !ev.taken;
		}
		if (prim->action == LF_ACT_spin && ev.taken &&
		    !spins(ev.taken, gimple_bb(stmt)))
			ev.returns_taken = returns_taken(fn->fun, ev.taken);
		if (prim->action == LF_ACT_spin && !ev.returns_taken &&
		    (!ev.taken || !spins(ev.taken, gimple_bb(stmt))))
			return;	/* a flag test, not a lock */
		ev.site = fn->nsites++;
	}
	if (prim->action == LF_ACT_query) {
		tree res = gimple_call_lhs(stmt);

		if (res && TREE_CODE(res) == SSA_NAME)
			ev.taken = held_edge(res, true, 0);
	}
	gimple_set_uid(stmt, fn->events.length() + 1);
	fn->events.safe_push(ev);
}

/* A call handing a lock object to a function that is not a primitive. */
static void note_lockargs(struct lf_fn *fn, gimple *stmt)
{
	for (unsigned i = 0; i < gimple_call_num_args(stmt); i++) {
		tree arg = gimple_call_arg(stmt, i);
		tree type = TREE_TYPE(arg);
		struct lf_lockarg la;
		struct lf_lockid id;

		if (!POINTER_TYPE_P(type) || !lf_locktype_of(TREE_TYPE(type)))
			continue;
		lf_lockid_resolve(fn->fun, arg, &id);
		la.stmt = stmt;
		la.callee = gimple_call_fndecl(stmt);
		la.arg = i + 1;
		la.lock = intern_lock(fn, &id);
		fn->lockargs.safe_push(la);
	}
}

static void scan(struct lf_fn *fn)
{
	basic_block bb;

	FOR_EACH_BB_FN(bb, fn->fun) {
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb);
		     !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);
			const struct lf_primitive *prim = lf_call_primitive(stmt);

			gimple_set_uid(stmt, 0);
			if (prim)
				add_event(fn, stmt, prim);
			else if (is_gimple_call(stmt))
				note_lockargs(fn, stmt);
		}
	}
}

/* A guard's destructor releases what its constructor took. */
static void bind_guards(struct lf_fn *fn)
{
	for (unsigned i = 0; i < fn->events.length(); i++) {
		struct lf_event *rel = &fn->events[i];

		if (rel->prim->lock_arg != LF_ARG_GUARD)
			continue;
		for (unsigned j = 0; j < fn->events.length(); j++)
			if (fn->events[j].site >= 0 &&
			    fn->events[j].guard == rel->guard && rel->guard) {
				rel->lock = fn->events[j].lock;
				rel->guard_bound = true;
				fn->events[j].guard_bound = true;
			}
		if (rel->lock < 0) {
			struct lf_lockid id = {};

			id.name = xstrdup("?");
			id.kind = LF_ID_unknown;
			id.why = "a guard's destructor with no constructor "
				 "of this function";
			rel->lock = intern_lock(fn, &id);
		}
	}
}

/* Keep the events KEEP says (decided on the whole list first), their
 * uids and acquire sites renumbered. */
static void drop_events(struct lf_fn *fn, bool (*keep)(struct lf_fn *, unsigned))
{
	auto_vec<bool, 32> k;
	unsigned i, kept = 0;

	for (i = 0; i < fn->events.length(); i++)
		k.safe_push(keep(fn, i));
	fn->nsites = 0;
	for (i = 0; i < fn->events.length(); i++) {
		gimple_set_uid(fn->events[i].stmt, k[i] ? kept + 1 : 0);
		if (!k[i])
			continue;
		fn->events[kept] = fn->events[i];
		if (fn->events[kept].site >= 0)
			fn->events[kept].site = fn->nsites++;
		kept++;
	}
	fn->events.truncate(kept);
}

/* An open-coded trylock that does not spin is one only where its
 * function returns holding it: a function that releases anything
 * (flag_once()'s test_and_set_bit() ... clear_bit()) uses a flag. */
static bool not_a_flag_test(struct lf_fn *fn, unsigned i)
{
	if (!fn->events[i].returns_taken)
		return true;
	for (unsigned j = 0; j < fn->events.length(); j++)
		if (lf_is_release(fn->events[j].prim))
			return false;
	return true;
}

/* clear_bit() only unlocks what a test_and_set_bit() spin took here. */
static bool not_a_stray_unspin(struct lf_fn *fn, unsigned i)
{
	const struct lf_event *ev = &fn->events[i];
	bool keep = ev->prim->action != LF_ACT_unspin;

	for (unsigned j = 0; !keep && j < fn->events.length(); j++)
		keep = fn->events[j].prim->action == LF_ACT_spin &&
		       fn->events[j].lock == ev->lock;
	return keep;
}

static void note_unresolved(struct lf_fn *fn)
{
	for (unsigned i = 0; i < fn->events.length(); i++)
		if (fn->events[i].lock >= 0 &&
		    fn->locks[fn->events[i].lock].kind == LF_ID_unknown)
			fn->unresolved.safe_push(i);
}

void lf_find_events(struct lf_fn *fn)
{
	scan(fn);
	drop_events(fn, not_a_flag_test);
	drop_events(fn, not_a_stray_unspin);
	bind_guards(fn);
	note_unresolved(fn);
}
