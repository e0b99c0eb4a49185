// SPDX-License-Identifier: GPL-2.0
/*
 * tracker.c - find lock events, run the may-held analysis, build sections.
 */
#include "compat.h"
#include "tracker.h"

#define LF_TRY_CHAIN_MAX 8	/* casts/negations between a trylock and its test */

/* A wrapper found in this unit (hlist_bl_lock, zram_slot_lock, ...). */
struct lf_wrapper {
	struct lf_primitive prim;
	tree record, field;	/* bit locks: for the layout record */
	const char *bit_suffix;	/* param-bound bit locks: " bit N" */
};

static hash_map<tree, struct lf_wrapper *> *wrappers;

const struct lf_primitive *lf_call_primitive(gimple *stmt)
{
	tree callee;
	const char *name;
	const struct lf_primitive *prim;
	struct lf_wrapper **w;

	if (!is_gimple_call(stmt))
		return NULL;
	callee = gimple_call_fndecl(stmt);
	name = callee ? lf_decl_name(callee) : NULL;
	if (!name)
		return NULL;
	prim = lf_primitive_lookup(name);
	if (prim || !wrappers)
		return prim;
	w = wrappers->get(callee);
	return w ? &(*w)->prim : NULL;
}

static struct lf_wrapper *wrapper_of(const struct lf_event *ev)
{
	struct lf_wrapper **w;
	tree callee = gimple_call_fndecl(ev->stmt);

	if (!wrappers || !callee)
		return NULL;
	w = wrappers->get(callee);
	return w && &(*w)->prim == ev->prim ? *w : NULL;
}

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

/* Name the lock a primitive call takes or drops. */
static void resolve_event_lock(struct lf_fn *fn, gimple *stmt,
			       const struct lf_primitive *prim,
			       struct lf_event *ev)
{
	struct lf_wrapper *w = wrapper_of(ev);
	struct lf_lockid id;

	if (!w) {
		lf_call_lock(fn->fun, stmt, prim, &id, &ev->record, &ev->field);
	} else {
		/* a wrapper taking its lock as an argument: name the argument */
		lf_lockid_resolve(fn->fun, gimple_call_arg(stmt, prim->lock_arg),
				  &id);
		if (w->bit_suffix) {
			char *name = concat(id.name, w->bit_suffix, NULL);

			free(id.name);
			id.name = name;
		}
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
		ev.lock = intern_lock(fn, &id);
		if ((w = wrapper_of(&ev))) {
			ev.record = w->record;
			ev.field = w->field;
		}
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
			ev.try_unresolved = !ev.taken;
		}
		if (prim->action == LF_ACT_spin &&
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
			    fn->events[j].guard == rel->guard && rel->guard)
				rel->lock = fn->events[j].lock;
		if (rel->lock < 0) {
			struct lf_lockid id = {};

			id.name = xstrdup("?");
			id.kind = LF_ID_unknown;
			rel->lock = intern_lock(fn, &id);
		}
	}
}

/* clear_bit() only unlocks what a test_and_set_bit() spin took here. */
static void drop_stray_unspins(struct lf_fn *fn)
{
	unsigned i, j, kept = 0;

	for (i = 0; i < fn->events.length(); i++) {
		struct lf_event *ev = &fn->events[i];
		bool keep = ev->prim->action != LF_ACT_unspin;

		for (j = 0; !keep && j < fn->events.length(); j++)
			keep = fn->events[j].prim->action == LF_ACT_spin &&
			       fn->events[j].lock == ev->lock;
		gimple_set_uid(ev->stmt, keep ? kept + 1 : 0);
		if (keep)
			fn->events[kept++] = *ev;
	}
	fn->events.truncate(kept);
}

static void note_unresolved(struct lf_fn *fn)
{
	for (unsigned i = 0; i < fn->events.length(); i++)
		if (fn->events[i].lock >= 0 &&
		    fn->locks[fn->events[i].lock].kind == LF_ID_unknown)
			fn->unresolved.safe_push(i);
}

/* Does FUN return what STMT (a trylock) returned: a trylock wrapper? */
static bool returns_result(struct function *fun, gimple *stmt)
{
	tree res = gimple_call_lhs(stmt);
	edge e;
	edge_iterator ei;

	if (!res)
		return false;
	FOR_EACH_EDGE(e, ei, EXIT_BLOCK_PTR_FOR_FN(fun)->preds) {
		greturn *ret = dyn_cast<greturn *>(last_stmt(e->src));
		tree val = ret ? gimple_return_retval(ret) : NULL_TREE;

		for (int i = 0; val && i < LF_TRY_CHAIN_MAX && val != res; i++) {
			gimple *def = TREE_CODE(val) == SSA_NAME ?
				      SSA_NAME_DEF_STMT(val) : NULL;

			val = def && gimple_assign_cast_p(def) ?
			      gimple_assign_rhs1(def) : NULL_TREE;
		}
		if (val != res)
			return false;
	}
	return true;
}

/*
 * A function that takes a lock and returns holding it, never releasing
 * anything, is itself an acquire for its callers (hlist_bl_lock(),
 * zram_slot_lock()); one that only releases what it did not take is a
 * release.  Callers come later in GCC's top-order walk, so they see it.
 */
static void find_wrapper(struct lf_fn *fn)
{
	const struct lf_event *inner;
	const struct lf_lockid *id;
	const struct lf_summary *sum;
	struct lf_wrapper *w;
	unsigned i, releases = 0;

	for (i = 0; i < fn->events.length(); i++)
		releases += lf_is_release(fn->events[i].prim);
	if (fn->sections.length() == 1 && !releases) {
		const struct lf_section *sec = fn->sections[0];

		inner = &fn->events[sec->acquire];
		if (inner->prim->action != LF_ACT_acquire &&
		    !returns_result(fn->fun, inner->stmt))
			return;
		if (inner->prim->action == LF_ACT_acquire && !sec->open_at_exit)
			return;
	} else if (fn->sections.is_empty() && releases == 1 &&
		   fn->release_only.length() == 1) {
		inner = &fn->events[fn->release_only[0]];
	} else {
		return;
	}
	sum = lf_function_summary(fn->fun->decl);
	if (inner->lock < 0 || !sum || !sum->known || sum->loop ||
	    sum->cost > lf_wrapper_max_cost)
		return;
	id = &fn->locks[inner->lock];
	if (id->kind == LF_ID_local || id->kind == LF_ID_unknown)
		return;

	w = XCNEW(struct lf_wrapper);
	w->prim = *inner->prim;
	w->prim.name = xstrdup(lf_decl_name(fn->fun->decl));
	w->prim.api = w->prim.name;
	w->prim.pair = NULL;
	w->record = inner->record;
	w->field = inner->field;
	if (id->kind == LF_ID_param) {
		const char *bit = strstr(id->name, " bit ");

		w->prim.lock_arg = id->param - 1;
		w->bit_suffix = bit ? xstrdup(bit) : NULL;
	} else {
		w->prim.lock_arg = -1;
		w->prim.wrapped_lock = xstrdup(id->name);
		w->prim.wrapped_kind = id->kind;
	}
	if (!wrappers)
		wrappers = new hash_map<tree, struct lf_wrapper *>;
	wrappers->put(fn->fun->decl, w);
	fn->wrapper = &w->prim;
}

void lf_track_finish(void)
{
	if (!wrappers)
		return;
	for (auto it = wrappers->begin(); it != wrappers->end(); ++it) {
		struct lf_wrapper *w = (*it).second;

		free((char *)w->prim.name);
		free((char *)w->prim.wrapped_lock);
		free((char *)w->bit_suffix);
		XDELETE(w);
	}
	delete wrappers;
	wrappers = NULL;
}

static struct lf_event *stmt_event(struct lf_fn *fn, gimple *stmt)
{
	unsigned uid = gimple_uid(stmt);

	return uid ? &fn->events[uid - 1] : NULL;
}

/* Does release REL end the section of acquire site event ACQ? */
static bool ends(const struct lf_event *rel, const struct lf_event *acq)
{
	return lf_is_release(rel->prim) && rel->lock >= 0 &&
	       rel->lock == acq->lock && rel->prim->mode == acq->prim->mode;
}

struct flow {
	struct lf_fn *fn;
	auto_vec<int> site_event;	/* site number -> event index */
	sbitmap *in, *out;
	sbitmap tmp;
};

static void apply_event(struct flow *fl, const struct lf_event *ev,
			sbitmap held)
{
	if (ev->site >= 0 && !ev->taken) {
		bitmap_set_bit(held, ev->site);
		return;
	}
	if (!lf_is_release(ev->prim))
		return;
	for (unsigned s = 0; s < fl->site_event.length(); s++)
		if (ends(ev, &fl->fn->events[fl->site_event[s]]))
			bitmap_clear_bit(held, s);
}

/* What is held on edge E: the source's OUT plus a trylock won there. */
static void edge_held(struct flow *fl, edge e, sbitmap held)
{
	if (e->src->index == ENTRY_BLOCK) {
		bitmap_clear(held);
		return;
	}
	bitmap_copy(held, fl->out[e->src->index]);
	for (unsigned s = 0; s < fl->site_event.length(); s++)
		if (fl->fn->events[fl->site_event[s]].taken == e)
			bitmap_set_bit(held, s);
}

static bool transfer(struct flow *fl, basic_block bb)
{
	edge e;
	edge_iterator ei;
	sbitmap in = fl->in[bb->index];

	bitmap_clear(in);
	FOR_EACH_EDGE(e, ei, bb->preds) {
		edge_held(fl, e, fl->tmp);
		bitmap_ior(in, in, fl->tmp);
	}
	bitmap_copy(fl->tmp, in);
	for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi);
	     gsi_next(&gsi)) {
		struct lf_event *ev = stmt_event(fl->fn, gsi_stmt(gsi));

		if (ev)
			apply_event(fl, ev, fl->tmp);
	}
	if (bitmap_equal_p(fl->tmp, fl->out[bb->index]))
		return false;
	bitmap_copy(fl->out[bb->index], fl->tmp);
	return true;
}

static void solve(struct flow *fl, const struct lf_order *order)
{
	bool changed = true;

	while (changed) {
		changed = false;
		for (int i = 0; i < order->n; i++)
			changed |= transfer(fl, BASIC_BLOCK_FOR_FN(fl->fn->fun,
							       order->rpo[i]));
	}
}

static void add_nested_via(struct lf_fn *fn, struct lf_section *sec,
			   gimple *stmt, tree callee,
			   const struct lf_summary *sum)
{
	const struct lf_lockid *held = &fn->locks[fn->events[sec->acquire].lock];
	struct lf_summary_lock *lock;
	unsigned i;

	/* A callee that drops the held lock (wait_task_zombie() and its
	 * read_unlock(&tasklist_lock)) ends the section inside; what it
	 * takes may come after the drop, so none of it counts as nested. */
	FOR_EACH_VEC_ELT(sum->locks, i, lock)
		if (lock->released && !strcmp(lock->name, held->name)) {
			sec->released_in.safe_push(callee);
			return;
		}
	FOR_EACH_VEC_ELT(sum->locks, i, lock) {
		struct lf_nested_via via = { stmt, callee, lock };

		if (lock->released)
			continue;
		sec->nested_via.safe_push(via);
		/* A member name covers every object of the type: the callee
		 * may well lock another one, so only named objects count. */
		if (!strcmp(lock->name, held->name) && lock->kind != LF_ID_member)
			sec->reacquired = true;
	}
}

/* The expression behind SSA copies: &n_2(D)->lock for _1 and _3 alike. */
static tree expression_of(tree t)
{
	for (int i = 0; i < 8 && TREE_CODE(t) == SSA_NAME &&
	     !SSA_NAME_IS_DEFAULT_DEF(t); i++) {
		gimple *def = SSA_NAME_DEF_STMT(t);

		if (!is_gimple_assign(def) ||
		    !(gimple_assign_single_p(def) ||
		      CONVERT_EXPR_CODE_P(gimple_assign_rhs_code(def))))
			break;
		t = gimple_assign_rhs1(def);
	}
	return t;
}

/* "struct dentry::d_lock" names every dentry's lock: two acquisitions
 * are of one object only if the pointer expression is the same. */
bool lf_same_lock_object(const struct lf_fn *fn, const struct lf_event *a,
			 const struct lf_event *b)
{
	if (a->lock != b->lock || a->lock < 0)
		return false;
	if (fn->locks[a->lock].kind != LF_ID_member)
		return true;
	if (a->prim->lock_arg < 0 || b->prim->lock_arg < 0)
		return false;
	return operand_equal_p(
		expression_of(gimple_call_arg(a->stmt, a->prim->lock_arg)),
		expression_of(gimple_call_arg(b->stmt, b->prim->lock_arg)), 0);
}

static void section_stmt(struct lf_fn *fn, struct lf_section *sec,
			 gimple *stmt, int *weight)
{
	const struct lf_event *acq = &fn->events[sec->acquire];
	const struct lf_event *ev = stmt_event(fn, stmt);
	const struct lf_summary *sum = NULL;

	*weight += lf_stmt_cost(stmt, &sum);
	if (ev) {
		if (ev->site >= 0) {
			sec->nested.safe_push(ev - &fn->events[0]);
			if (lf_same_lock_object(fn, acq, ev))
				sec->reacquired = true;
		}
		return;
	}
	if (is_gimple_call(stmt) && !gimple_call_internal_p(stmt)) {
		tree callee = gimple_call_fndecl(stmt);
		struct lf_call call = { stmt, callee, sum };

		if (callee && fndecl_built_in_p(callee))
			return;
		sec->calls.safe_push(call);
		if (sum)
			add_nested_via(fn, sec, stmt, callee, sum);
		if (sum) {
			sec->loop |= sum->loop;
			sec->cost_known &= sum->known;
		} else {
			sec->cost_known = false;
		}
	}
}

/* Walk every block the section reaches; longest path by DP in RPO. */
static void build_section(struct flow *fl, const struct lf_order *order,
			  int site)
{
	struct lf_fn *fn = fl->fn;
	struct lf_section *sec = new lf_section();
	int *dist = XCNEWVEC(int, last_basic_block_for_fn(fn->fun));
	bool *reached = XCNEWVEC(bool, last_basic_block_for_fn(fn->fun));

	sec->acquire = fl->site_event[site];
	sec->cost_known = true;
	for (int i = 0; i < order->n; i++) {
		basic_block bb = BASIC_BLOCK_FOR_FN(fn->fun, order->rpo[i]);
		bool held = bitmap_bit_p(fl->in[bb->index], site);
		int best = 0, weight = 0;
		edge e;
		edge_iterator ei;

		FOR_EACH_EDGE(e, ei, bb->preds) {
			edge_held(fl, e, fl->tmp);
			if (!bitmap_bit_p(fl->tmp, site))
				continue;
			if (lf_back_edge(order, e))
				sec->loop = true;
			else if (reached[e->src->index])
				best = MAX(best, dist[e->src->index]);
		}
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb);
		     !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);
			struct lf_event *ev = stmt_event(fn, stmt);
			int index = ev ? ev - &fn->events[0] : -1;

			if (index == sec->acquire) {
				held = !ev->taken;
				reached[bb->index] = true;
				continue;
			}
			if (!held)
				continue;
			reached[bb->index] = true;
			if (ev && ends(ev, &fn->events[sec->acquire])) {
				sec->releases.safe_push(index);
				held = false;
				continue;
			}
			section_stmt(fn, sec, stmt, &weight);
		}
		if (held) {
			reached[bb->index] = true;
			FOR_EACH_EDGE(e, ei, bb->succs)
				if (e->dest->index == EXIT_BLOCK)
					sec->open_at_exit = true;
		}
		dist[bb->index] = best + weight;
		sec->cost = MAX(sec->cost, dist[bb->index]);
	}
	/* get_signal(): do_signal_stop() drops siglock, "goto relock" takes
	 * it again; with a dropping callee in the section, a second
	 * acquisition is most likely that retake, not a recursion. */
	sec->recursive = sec->reacquired && sec->released_in.is_empty();
	XDELETEVEC(dist);
	XDELETEVEC(reached);
	fn->sections.safe_push(sec);
}

/* A release with no acquire of its lock reaching it: opened elsewhere. */
static void find_release_only(struct flow *fl)
{
	struct lf_fn *fn = fl->fn;
	basic_block bb;

	FOR_EACH_BB_FN(bb, fn->fun) {
		bitmap_copy(fl->tmp, fl->in[bb->index]);
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb);
		     !gsi_end_p(gsi); gsi_next(&gsi)) {
			struct lf_event *ev = stmt_event(fn, gsi_stmt(gsi));
			bool matched = false;

			if (!ev)
				continue;
			if (lf_is_release(ev->prim) && ev->lock >= 0) {
				for (unsigned s = 0; s < fl->site_event.length(); s++)
					if (bitmap_bit_p(fl->tmp, s) &&
					    ends(ev, &fn->events[fl->site_event[s]]))
						matched = true;
				if (!matched) {
					const struct lf_lockid *id = &fn->locks[ev->lock];

					fn->release_only.safe_push(ev - &fn->events[0]);
					if (id->kind == LF_ID_global ||
					    id->kind == LF_ID_static ||
					    id->kind == LF_ID_member)
						lf_summary_note_drop(fn->fun->decl,
							id->name, id->kind,
							ev->cls, ev->prim->mode);
				}
			}
			apply_event(fl, ev, fl->tmp);
		}
	}
}

static int by_line(const void *a, const void *b, void *data)
{
	const struct lf_fn *fn = (const struct lf_fn *)data;
	location_t la = fn->events[*(const int *)a].loc;
	location_t lb = fn->events[*(const int *)b].loc;

	return LOCATION_LINE(la) - LOCATION_LINE(lb);
}

struct lf_fn *lf_track(struct function *fun)
{
	struct lf_fn *fn = new lf_fn();
	struct lf_order order;
	struct flow fl;
	int nblocks = last_basic_block_for_fn(fun);

	fn->fun = fun;
	scan(fn);
	drop_stray_unspins(fn);
	bind_guards(fn);
	note_unresolved(fn);
	if (fn->events.is_empty() && fn->lockargs.is_empty()) {
		lf_fn_release(fn);
		return NULL;
	}

	fl.fn = fn;
	for (unsigned i = 0; i < fn->events.length(); i++)
		if (fn->events[i].site >= 0)
			fl.site_event.safe_push(i);
	fl.in = sbitmap_vector_alloc(nblocks, fn->nsites + 1);
	fl.out = sbitmap_vector_alloc(nblocks, fn->nsites + 1);
	bitmap_vector_clear(fl.in, nblocks);
	bitmap_vector_clear(fl.out, nblocks);
	fl.tmp = sbitmap_alloc(fn->nsites + 1);

	lf_order_compute(fun, &order);
	solve(&fl, &order);
	for (int s = 0; s < fn->nsites; s++) {
		build_section(&fl, &order, s);
		/* RPO order is stable but reads badly: source order */
		fn->sections.last()->releases.sort(by_line, fn);
		fn->sections.last()->nested.sort(by_line, fn);
	}
	find_release_only(&fl);
	find_wrapper(fn);

	lf_order_release(&order);
	sbitmap_vector_free(fl.in);
	sbitmap_vector_free(fl.out);
	sbitmap_free(fl.tmp);
	return fn;
}

void lf_fn_release(struct lf_fn *fn)
{
	unsigned i;
	struct lf_lockid *id;
	struct lf_section *sec;

	FOR_EACH_VEC_ELT(fn->locks, i, id)
		lf_lockid_release(id);
	FOR_EACH_VEC_ELT(fn->sections, i, sec)
		delete sec;
	delete fn;
}
