// SPDX-License-Identifier: GPL-2.0
/*
 * lock_wrapper.c - functions of this unit that are lock primitives for their
 * callers: hlist_bl_lock(), zram_slot_trylock(), slab_unlock().  Found
 * after a function is tracked; GCC's top-order walk reaches callers
 * later, so they see the wrapper as a primitive.
 */
#include "compat.h"
#include "lock_wrapper.h"

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

struct lf_wrapper *lf_wrapper_of(const struct lf_event *ev)
{
	struct lf_wrapper **w;
	tree callee = gimple_call_fndecl(ev->stmt);

	if (!wrappers || !callee)
		return NULL;
	w = wrappers->get(callee);
	return w && &(*w)->prim == ev->prim ? *w : NULL;
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
		gimple *last = last_stmt(e->src);
		greturn *ret = last ? dyn_cast<greturn *>(last) : NULL;
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

/* A trylock whose result nobody reads: the code takes it as certain
 * (zram_slot_lock()'s wait_on_bit_lock(..., TASK_UNINTERRUPTIBLE)). */
static bool ignores_result(const struct lf_event *ev)
{
	return ev->prim->action != LF_ACT_acquire && !lf_is_release(ev->prim) &&
	       !gimple_call_lhs(ev->stmt);
}

/*
 * A function that takes a lock and returns holding it, never releasing
 * anything, is itself an acquire for its callers (hlist_bl_lock(),
 * zram_slot_lock()); one that only releases what it did not take is a
 * release.  Callers come later in GCC's top-order walk, so they see it.
 */
void lf_find_wrapper(struct lf_fn *fn)
{
	const struct lf_event *inner;
	const struct lf_lockid *id;
	const struct lf_summary *sum;
	struct lf_wrapper *w;
	unsigned i, releases = 0;
	bool taken = false;

	for (i = 0; i < fn->events.length(); i++)
		releases += lf_is_release(fn->events[i].prim);
	if (fn->sections.length() == 1 && !releases) {
		const struct lf_section *sec = fn->sections[0];

		inner = &fn->events[sec->acquire];
		taken = inner->prim->action == LF_ACT_acquire ||
			ignores_result(inner);
		if (!taken && !inner->returns_taken &&
		    !returns_result(fn->fun, inner->stmt))
			return;
		if (taken && !sec->open_at_exit)
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
	/* a guard's object is its callers' first argument (events.c) */
	if (id->kind == LF_ID_param &&
	    (id->param < 1 || (id->guard && id->param != 1)))
		return;

	w = XCNEW(struct lf_wrapper);
	w->prim = *inner->prim;
	if (taken)
		w->prim.action = LF_ACT_acquire;
	else if (inner->returns_taken)
		w->prim.action = LF_ACT_try;	/* held where it returns true */
	w->prim.name = xstrdup(lf_decl_name(fn->fun->decl));
	w->prim.api = w->prim.name;
	w->prim.pair = NULL;
	w->record = inner->record;
	w->field = inner->field;
	if (id->kind == LF_ID_param) {
		const char *bit = lf_lockid_bit(id->name);

		w->prim.lock_arg = id->guard ? LF_ARG_GUARD : id->param - 1;
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

