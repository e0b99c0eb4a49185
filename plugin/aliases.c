// SPDX-License-Identifier: GPL-2.0
/*
 * aliases.c - pointers that name a lock: facts for the records, not a
 * check.  ext4 stores &ei->i_prealloc_lock in
 * pa->pa_node_lock.inode_lock and read-locks it under both names; the
 * tool must see one lock (tools/analysis/locks.c).  Two forms, as for
 * bindings.c: a store of a lock's address (or of a lock parameter, a
 * pointer loaded from elsewhere) into a pointer that is a struct member
 * or a non-local variable, in a function body; and a static initialiser
 * (.lockp = &some_lock) at PLUGIN_FINISH_DECL.
 */
#include "compat.h"
#include "rules.h"
#include "lockid.h"
#include "emit.h"
#include "recfile.h"
#include "ctor.h"
#include "aliases.h"

/* Is T a pointer to a type of rules/locktypes.tbl? */
static bool lock_pointer(tree t)
{
	return t && POINTER_TYPE_P(t) && lf_locktype_of(TREE_TYPE(t));
}

/* A place a pointer outlives its function in: a member, a global. */
static bool slot(tree lhs)
{
	return TREE_CODE(lhs) == COMPONENT_REF ||
	       (TREE_CODE(lhs) == VAR_DECL && is_global_var(lhs));
}

/* The pointer in REF names the lock VALUE points to (a store in FUN, or
 * an initialiser of BY with FUN NULL). */
static void record(struct function *fun, tree ref, tree value,
		   location_t loc, const char *by)
{
	struct lf_lockid alias, target;

	if (integer_zerop(value))
		return;
	lf_lockid_of_slot(fun, ref, &alias);
	if (alias.kind != LF_ID_unknown) {
		lf_lockid_resolve(fun, value, &target);
		lf_emit_alias(loc, fun ? fun->decl : NULL_TREE, &target,
			      &alias, by);
		lf_lockid_release(&target);
	}
	lf_lockid_release(&alias);
}

void lf_aliases_scan(struct function *fun)
{
	basic_block bb;

	if (!lf_output_wanted())
		return;
	FOR_EACH_BB_FN(bb, fun)
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb);
		     !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);
			tree lhs;

			if (!gimple_assign_single_p(stmt))
				continue;
			lhs = gimple_assign_lhs(stmt);
			if (slot(lhs) && lock_pointer(TREE_TYPE(lhs)))
				record(fun, lhs, gimple_assign_rhs1(stmt),
				       lf_user_location(gimple_location(stmt)),
				       NULL);
		}
}

/* An address a static initialiser may hold: of a static or global
 * object (automatic ones have none there). */
static bool static_address(tree v)
{
	tree base;

	STRIP_NOPS(v);
	if (TREE_CODE(v) != ADDR_EXPR)
		return false;
	base = get_base_address(TREE_OPERAND(v, 0));
	return base && TREE_CODE(base) == VAR_DECL && is_global_var(base);
}

/* A lock pointer of a static initialiser set to a lock's address. */
static void visit_initialiser(tree member, tree field, tree value,
			      location_t loc, void *by)
{
	if (member && lock_pointer(TREE_TYPE(field)) && static_address(value))
		record(NULL, member, value, loc, (const char *)by);
}

void lf_aliases_finish_decl(void *gcc_data, void *user_data)
{
	tree decl = (tree)gcc_data;
	tree init;
	const char *by;

	if (!decl || TREE_CODE(decl) != VAR_DECL || !TREE_STATIC(decl) ||
	    !lf_output_wanted())
		return;
	init = DECL_INITIAL(decl);
	if (!init || init == error_mark_node)
		return;
	by = lf_decl_name(decl) ?: "<anonymous>";
	if (TREE_CODE(init) == CONSTRUCTOR)
		lf_walk_ctor(decl, init, DECL_SOURCE_LOCATION(decl),
			     visit_initialiser, (void *)by);
	else if (lock_pointer(TREE_TYPE(decl)) && static_address(init))
		record(NULL, decl, init, DECL_SOURCE_LOCATION(decl), by);
}
