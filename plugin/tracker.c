// SPDX-License-Identifier: GPL-2.0
/*
 * tracker.c - the may-held analysis and the sections it gives: for each
 * acquire site, the statements it may reach while held, the releases that
 * end it, its longest path, loops, calls and nested locks.
 */
#include "compat.h"
#include "tracker.h"
#include "events.h"

/* Does release REL end the section of acquire site event ACQ? */
static bool ends(const struct lf_event *rel, const struct lf_event *acq)
{
	if (rel->guard_bound && rel->guard != acq->guard)
		return false;	/* another guard of a lock of that name */
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
		struct lf_event *ev = lf_stmt_event(fl->fn, gsi_stmt(gsi));

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

/* class_NAME_lock_ptr(&guard): a guard's own test, gone once inlined */
static bool guard_call(const struct lf_fn *fn, gimple *stmt)
{
	tree arg;

	if (!is_gimple_call(stmt) || gimple_call_num_args(stmt) != 1)
		return false;
	arg = gimple_call_arg(stmt, 0);
	if (TREE_CODE(arg) != ADDR_EXPR)
		return false;
	for (unsigned i = 0; i < fn->events.length(); i++)
		if (fn->events[i].guard == TREE_OPERAND(arg, 0))
			return true;
	return false;
}

/*
 * Updates of shared state while held (sec->writes): an atomic
 * read-modify-write, a locked instruction (cmpxchg, xchg), a list add or
 * delete.  Under a read lock they make the read side a shared lock for
 * concurrent updaters (eventpoll's lockless list adds), which the rwlock
 * check and the report weigh.  Only the section's own statements are
 * looked at, not callees' bodies.
 */

/* Does a call of NAME update shared state (rules/sharedwrites.tbl)? */
static bool shared_write_name(const char *name)
{
	bool update = false;

	for (size_t i = 0; i < lf_shared_writes_count; i++) {
		const struct lf_shared_write *w = &lf_shared_writes[i];

		if (strncmp(name, w->prefix, strlen(w->prefix)))
			continue;
		if (!w->update)
			return false;
		update = true;
	}
	return update;
}

/* STMT, a statement of SEC that is no lock event: a write? */
static void note_write(struct lf_section *sec, gimple *stmt)
{
	if (gasm *as = dyn_cast<gasm *>(stmt)) {
		const char *text = gimple_asm_string(as);

		/* x86: LOCK_PREFIX, or xchg (locked without it) */
		if (strstr(text, "lock") || strstr(text, "xchg"))
			sec->writes.safe_push(stmt);
		return;
	}
	if (is_gimple_call(stmt) && !gimple_call_internal_p(stmt)) {
		const char *name = lf_decl_name(gimple_call_fndecl(stmt));

		if (name && shared_write_name(name))
			sec->writes.safe_push(stmt);
	}
}

static void section_stmt(struct lf_fn *fn, struct lf_section *sec,
			 gimple *stmt, int *weight)
{
	const struct lf_event *acq = &fn->events[sec->acquire];
	const struct lf_event *ev = lf_stmt_event(fn, stmt);
	const struct lf_summary *sum = NULL;

	if (!ev && guard_call(fn, stmt))
		return;
	*weight += lf_stmt_cost(stmt, &sum);
	if (ev) {
		if (ev->site >= 0) {
			sec->nested.safe_push(ev - &fn->events[0]);
			if (lf_same_lock_object(fn, acq, ev))
				sec->reacquired = true;
		}
		return;
	}
	note_write(sec, stmt);
	if (is_gimple_call(stmt) && !gimple_call_internal_p(stmt)) {
		tree callee = gimple_call_fndecl(stmt);
		struct lf_held_call call = { stmt, callee, sum };

		if (callee && fndecl_built_in_p(callee))
			return;
		sec->calls.safe_push(call);
		if (sum)
			add_nested_via(fn, sec, stmt, callee, sum);
		if (sum) {
			sec->loop |= sum->loop;
			sec->cost_known &= sum->known;
		} else if (!lf_call_is_known(stmt, callee)) {
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
			struct lf_event *ev = lf_stmt_event(fn, stmt);
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
			struct lf_event *ev = lf_stmt_event(fn, gsi_stmt(gsi));
			bool matched = false;

			if (!ev)
				continue;
			if (lf_is_release(ev->prim) && ev->lock >= 0 &&
			    !ev->guard_bound) {
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
	lf_find_events(fn);
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
	lf_find_wrapper(fn);

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
