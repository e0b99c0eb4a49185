// SPDX-License-Identifier: GPL-2.0
/*
 * bindings.c - where a function is bound to an entry point of
 * rules/entrypoints.tbl: facts for the records, not a check.  With them
 * the report gives a function no C call reaches the context its callers
 * run in (tools/analysis/where.c).
 *
 * Three forms, each as GCC shows it: a static initialiser of a struct
 * with such a slot (at PLUGIN_FINISH_DECL, where DECL_INITIAL is still
 * the constructor as written), a store of a function's address into such
 * a field (INIT_WORK expands to one into work_struct.func), and a call of
 * a registration function with a function's address as its handler
 * argument (request_irq is still an inline call after "ssa").  A slot
 * the table does not list is ignored: a note with verbose=yes.
 */
#include "compat.h"
#include "rules.h"
#include "lockid.h"
#include "emit.h"
#include "recfile.h"
#include "ctor.h"
#include "bindings.h"

bool lf_bindings_verbose;

static bool wanted(void)
{
	return lf_output_wanted() || lf_bindings_verbose;
}

static const struct lf_entry_point *lookup(enum lf_entry_kind kind,
					   const char *name, int arg)
{
	for (size_t i = 0; i < lf_entry_points_count; i++) {
		const struct lf_entry_point *e = &lf_entry_points[i];

		if (e->kind == kind && !strcmp(e->name, name) &&
		    (kind != LF_ENTRY_call || e->arg == arg))
			return e;
	}
	return NULL;
}

/* The function whose address V is (through casts), or NULL. */
static tree function_of(tree v)
{
	if (!v)
		return NULL_TREE;
	STRIP_NOPS(v);
	if (TREE_CODE(v) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF(v)) {
		gimple *def = SSA_NAME_DEF_STMT(v);

		if (!gimple_assign_single_p(def) &&
		    !(is_gimple_assign(def) &&
		      CONVERT_EXPR_CODE_P(gimple_assign_rhs_code(def))))
			return NULL_TREE;
		v = gimple_assign_rhs1(def);
		STRIP_NOPS(v);
	}
	if (TREE_CODE(v) != ADDR_EXPR ||
	    TREE_CODE(TREE_OPERAND(v, 0)) != FUNCTION_DECL)
		return NULL_TREE;
	return TREE_OPERAND(v, 0);
}

/* "seq_operations.start" for FIELD of a named struct; false if the
 * struct has no tag (an anonymous member struct or union). */
static bool slot_name(tree field, char *buf, size_t len)
{
	tree type = DECL_CONTEXT(field);
	tree name = type ? TYPE_NAME(TYPE_MAIN_VARIANT(type)) : NULL_TREE;

	if (!name || !DECL_NAME(field) ||
	    (TREE_CODE(type) != RECORD_TYPE && TREE_CODE(type) != UNION_TYPE))
		return false;
	if (TREE_CODE(name) == TYPE_DECL)
		name = DECL_NAME(name);
	if (!name || TREE_CODE(name) != IDENTIFIER_NODE)
		return false;
	snprintf(buf, len, "%s.%s", IDENTIFIER_POINTER(name),
		 IDENTIFIER_POINTER(DECL_NAME(field)));
	return true;
}

/* FN stored in FIELD at LOC, by BY (a variable or function). */
static void bind_slot(tree field, tree fn, location_t loc, const char *how,
		      const char *by)
{
	char slot[256];

	if (!slot_name(field, slot, sizeof(slot)))
		return;
	if (lookup(LF_ENTRY_slot, slot, 0)) {
		lf_emit_binding(loc, fn, slot, 0, how, by);
		return;
	}
	if (lf_bindings_verbose)
		inform(loc, "lockfit: %qs bound to %qs: not an entry point of "
		       "rules/entrypoints.tbl, ignored", lf_decl_name(fn), slot);
}

/* A function address in a static initialiser binds its member's slot. */
static void visit_initialiser(tree member, tree field, tree value,
			      location_t loc, void *by)
{
	tree fn = function_of(value);

	if (fn)
		bind_slot(field, fn, loc, "initialiser", (const char *)by);
}

/* A function whose address a static of a listed section holds
 * (__ADDRESSABLE(fn) of EXPORT_SYMBOL: .discard.addressable), unless
 * the function is placed in a section of its own (an initcall's is
 * __init, which its own row decides). */
static void scan_addressable(tree decl, tree init)
{
	const char *section = DECL_SECTION_NAME(decl);
	tree fn = function_of(init);

	if (!section || !fn || DECL_SECTION_NAME(fn))
		return;
	for (size_t i = 0; i < lf_entry_points_count; i++) {
		const struct lf_entry_point *e = &lf_entry_points[i];

		if (e->kind == LF_ENTRY_section && !strcmp(e->section, section))
			lf_emit_binding(DECL_SOURCE_LOCATION(decl), fn, e->name,
					0, "section", lf_decl_name(decl));
	}
}

void lf_bindings_finish_decl(void *gcc_data, void *user_data)
{
	tree decl = (tree)gcc_data;
	tree init;

	if (!decl || TREE_CODE(decl) != VAR_DECL || !TREE_STATIC(decl) ||
	    !wanted())
		return;
	init = DECL_INITIAL(decl);
	if (init && init != error_mark_node && TREE_CODE(init) == CONSTRUCTOR)
		lf_walk_ctor(NULL_TREE, init, DECL_SOURCE_LOCATION(decl),
			     visit_initialiser,
			     (void *)(lf_decl_name(decl) ?: "<anonymous>"));
	else if (init && init != error_mark_node)
		scan_addressable(decl, init);
}

static void scan_store(gimple *stmt, const char *by)
{
	tree lhs = gimple_assign_lhs(stmt);
	tree fn = function_of(gimple_assign_rhs1(stmt));

	if (fn && TREE_CODE(lhs) == COMPONENT_REF)
		bind_slot(TREE_OPERAND(lhs, 1), fn,
			  lf_user_location(gimple_location(stmt)), "store", by);
}

/* A table name ending in '*' is a family of registration calls
 * (register_trace_*: one static inline per tracepoint, still a call
 * after "ssa"). */
static bool call_named(const char *row, const char *name)
{
	size_t n = strlen(row);

	if (n && row[n - 1] == '*')
		return !strncmp(row, name, n - 1) && name[n - 1];
	return !strcmp(row, name);
}

static void scan_call(gimple *stmt, const char *by)
{
	tree callee = gimple_call_fndecl(stmt);
	const char *name = lf_decl_name(callee);

	if (!name)
		return;
	for (size_t i = 0; i < lf_entry_points_count; i++) {
		const struct lf_entry_point *e = &lf_entry_points[i];
		tree fn;

		if (e->kind != LF_ENTRY_call || !call_named(e->name, name) ||
		    (unsigned)e->arg > gimple_call_num_args(stmt))
			continue;
		fn = function_of(gimple_call_arg(stmt, e->arg - 1));
		/* the callee's own name: register_trace_sched_wakeup */
		if (fn)
			lf_emit_binding(lf_user_location(gimple_location(stmt)),
					fn, name, e->arg, "call", by);
	}
}

/* __init, __exit: the section of FUN's body. */
static void scan_section(tree decl)
{
	const char *section = DECL_SECTION_NAME(decl);

	if (!section)
		return;
	for (size_t i = 0; i < lf_entry_points_count; i++) {
		const struct lf_entry_point *e = &lf_entry_points[i];

		if (e->kind == LF_ENTRY_section && !strcmp(e->section, section))
			lf_emit_binding(DECL_SOURCE_LOCATION(decl), decl,
					e->name, 0, "section", NULL);
	}
}

void lf_bindings_scan(struct function *fun)
{
	const char *by = lf_decl_name(fun->decl);
	basic_block bb;

	if (!wanted())
		return;
	scan_section(fun->decl);
	FOR_EACH_BB_FN(bb, fun)
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb);
		     !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);

			if (gimple_assign_single_p(stmt))
				scan_store(stmt, by);
			else if (is_gimple_call(stmt))
				scan_call(stmt, by);
		}
}
