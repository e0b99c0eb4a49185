// SPDX-License-Identifier: GPL-2.0
/*
 * emit.c - section, release_only, lock_arg and unknown records.
 *
 * Every lock class gets section records (the checks and the report tool
 * pick what they need); docs/RECORDS.md describes each field.
 */
#include "compat.h"
#include "records.h"
#include "emit.h"
#include "layout.h"
#include "ctx.h"

const char *lf_callee_name(tree callee, char *buf, size_t len)
{
	if (!callee)
		return "<indirect>";
	return lf_function_id(callee, buf, len);
}

static void set_lock(json_t *rec, const struct lf_fn *fn, int lock)
{
	const struct lf_lockid *id = &fn->locks[lock];

	json_object_set_new(rec, "lock", json_string(id->name));
	json_object_set_new(rec, "lock_kind",
			    json_string(lf_lockid_kind_name(id->kind)));
	if (id->kind == LF_ID_param)
		json_object_set_new(rec, "param", json_integer(id->param));
	if (id->decl && DECL_SOURCE_LOCATION(id->decl) != UNKNOWN_LOCATION) {
		/* the declaration a rewrite must change too */
		json_t *decl = json_object();

		lf_record_set_location(decl, DECL_SOURCE_LOCATION(id->decl));
		json_object_set_new(rec, "decl", decl);
	}
}

static void set_primitive(json_t *rec, const struct lf_event *ev)
{
	const struct lf_primitive *prim = ev->prim;

	json_object_set_new(rec, "class", json_string(lf_class_name(ev->cls)));
	json_object_set_new(rec, "mode", json_string(lf_mode_name(prim->mode)));
	json_object_set_new(rec, "variant",
			    json_string(lf_variant_name(prim->variant)));
	json_object_set_new(rec, "primitive", json_string(prim->name));
	json_object_set_new(rec, "api", json_string(prim->api));
}

static json_t *line_of(gimple *stmt)
{
	return json_integer(LOCATION_LINE(lf_user_location(gimple_location(stmt))));
}

static json_t *releases_json(const struct lf_fn *fn, const struct lf_section *sec)
{
	json_t *arr = json_array();
	unsigned i;
	int ev;

	FOR_EACH_VEC_ELT(sec->releases, i, ev) {
		json_t *rel = json_object();

		json_object_set_new(rel, "line", line_of(fn->events[ev].stmt));
		json_object_set_new(rel, "primitive",
				    json_string(fn->events[ev].prim->name));
		json_array_append_new(arr, rel);
	}
	return arr;
}

static json_t *calls_json(const struct lf_section *sec)
{
	json_t *arr = json_array();
	char buf[512];
	unsigned i;
	struct lf_call *call;

	FOR_EACH_VEC_ELT(sec->calls, i, call) {
		json_t *c = json_object();
		const struct lf_bounded_call *bounded = call->callee ?
			lf_bounded_call_lookup(lf_decl_name(call->callee) ?: "")
			: NULL;

		json_object_set_new(c, "callee", json_string(
			lf_callee_name(call->callee, buf, sizeof(buf))));
		json_object_set_new(c, "line", line_of(call->stmt));
		if (call->sum) {
			json_object_set_new(c, "cost", json_integer(call->sum->cost));
			json_object_set_new(c, "cost_known",
					    json_boolean(call->sum->known));
			json_object_set_new(c, "loop", json_boolean(call->sum->loop));
		} else if (bounded) {
			json_object_set_new(c, "cost", json_integer(bounded->cost));
			json_object_set_new(c, "cost_known", json_true());
			json_object_set_new(c, "loop", json_false());
		} else {
			json_object_set_new(c, "cost", json_null());
		}
		json_array_append_new(arr, c);
	}
	return arr;
}

static json_t *nested_json(const struct lf_fn *fn, const struct lf_section *sec)
{
	json_t *arr = json_array();
	unsigned i;
	int ev;

	FOR_EACH_VEC_ELT(sec->nested, i, ev) {
		const struct lf_event *e = &fn->events[ev];
		json_t *n = json_object();

		set_lock(n, fn, e->lock);
		json_object_set_new(n, "class", json_string(lf_class_name(e->cls)));
		json_object_set_new(n, "mode", json_string(lf_mode_name(e->prim->mode)));
		json_object_set_new(n, "line", line_of(e->stmt));
		json_array_append_new(arr, n);
	}
	for (i = 0; i < sec->nested_via.length(); i++) {
		const struct lf_nested_via *via = &sec->nested_via[i];
		json_t *n = json_object();
		char buf[512];

		json_object_set_new(n, "lock", json_string(via->lock->name));
		json_object_set_new(n, "lock_kind", json_string(
			lf_lockid_kind_name(via->lock->kind)));
		json_object_set_new(n, "class", json_string(lf_class_name(via->lock->cls)));
		json_object_set_new(n, "mode", json_string(lf_mode_name(via->lock->mode)));
		json_object_set_new(n, "line", line_of(via->stmt));
		json_object_set_new(n, "via", json_string(
			lf_callee_name(via->callee, buf, sizeof(buf))));
		json_array_append_new(arr, n);
	}
	return arr;
}

/* What is off when the section is entered (before the acquire), on every
 * path from function entry: a sleeping lock needs all three false. */
static json_t *context_json(struct lf_ctx_result *ctx, gimple *stmt)
{
	struct lf_ctx_state st;

	lf_ctx_before(ctx, stmt, &st);
	return json_pack("{sbsbsb}",
			 "preempt_disabled", st.depth[LF_CTX_PREEMPT] > 0,
			 "irqs_disabled", st.depth[LF_CTX_IRQ] > 0,
			 "bh_disabled", st.depth[LF_CTX_BH] > 0);
}

static void emit_section(const struct lf_fn *fn, const struct lf_section *sec,
			 struct lf_ctx_result *ctx)
{
	const struct lf_event *acq = &fn->events[sec->acquire];
	json_t *rec = lf_record_new("section", acq->loc, fn->fun->decl);

	set_lock(rec, fn, acq->lock);
	set_primitive(rec, acq);
	json_object_set_new(rec, "try", json_boolean(acq->prim->action != LF_ACT_acquire));
	if (acq->try_unresolved)
		json_object_set_new(rec, "try_unresolved", json_true());
	json_object_set_new(rec, "cost", json_integer(sec->cost));
	json_object_set_new(rec, "cost_known", json_boolean(sec->cost_known));
	json_object_set_new(rec, "loop", json_boolean(sec->loop));
	json_object_set_new(rec, "recursive", json_boolean(sec->recursive));
	json_object_set_new(rec, "open_at_exit", json_boolean(sec->open_at_exit));
	if (ctx)
		json_object_set_new(rec, "context", context_json(ctx, acq->stmt));
	json_object_set_new(rec, "loop_depth", json_integer(
		gimple_bb(acq->stmt)->loop_father ?
		bb_loop_depth(gimple_bb(acq->stmt)) : 0));
	if (acq->cls == LF_CLASS_bitlock) {
		json_t *layout = acq->record ? lf_layout_json(acq->record, acq->field)
					     : NULL;

		json_object_set_new(rec, "layout", layout ?: json_null());
	}
	json_object_set_new(rec, "releases", releases_json(fn, sec));
	if (!sec->released_in.is_empty()) {
		json_t *arr = json_array();
		char buf[512];

		for (unsigned i = 0; i < sec->released_in.length(); i++)
			json_array_append_new(arr, json_string(lf_callee_name(
				sec->released_in[i], buf, sizeof(buf))));
		json_object_set_new(rec, "released_in", arr);
	}
	json_object_set_new(rec, "calls", calls_json(sec));
	json_object_set_new(rec, "nested", nested_json(fn, sec));
	lf_record_add(rec);
	lf_stats.sections++;
}

static void emit_release_only(const struct lf_fn *fn, int index)
{
	const struct lf_event *ev = &fn->events[index];
	json_t *rec = lf_record_new("release_only", ev->loc, fn->fun->decl);

	set_lock(rec, fn, ev->lock);
	set_primitive(rec, ev);
	lf_record_add(rec);
}

static void emit_lockarg(const struct lf_fn *fn, const struct lf_lockarg *la)
{
	json_t *rec = lf_record_new("lock_arg",
				    lf_user_location(gimple_location(la->stmt)),
				    fn->fun->decl);
	char buf[512];

	json_object_set_new(rec, "callee", json_string(
		lf_callee_name(la->callee, buf, sizeof(buf))));
	json_object_set_new(rec, "arg", json_integer(la->arg));
	set_lock(rec, fn, la->lock);
	lf_record_add(rec);
}

static void emit_unknown(const struct lf_fn *fn, int index)
{
	const struct lf_event *ev = &fn->events[index];
	json_t *rec = lf_record_new("unknown", ev->loc, fn->fun->decl);

	json_object_set_new(rec, "primitive", json_string(ev->prim->name));
	json_object_set_new(rec, "reason",
			    json_string("lock argument not resolved to an object"));
	lf_record_add(rec);
	lf_stats.unknown++;
}

/* This function is a lock primitive for its callers, in any file. */
static void emit_wrapper(const struct lf_fn *fn)
{
	const struct lf_primitive *prim = fn->wrapper;
	json_t *rec = lf_record_new("lock_wrapper",
				    DECL_SOURCE_LOCATION(fn->fun->decl),
				    fn->fun->decl);

	json_object_set_new(rec, "action", json_string(
		lf_is_release(prim) ? "release" :
		prim->action == LF_ACT_acquire ? "acquire" :
		prim->action == LF_ACT_try0 ? "try0" : "try"));
	json_object_set_new(rec, "class", json_string(lf_class_name(prim->cls)));
	json_object_set_new(rec, "mode", json_string(lf_mode_name(prim->mode)));
	if (prim->wrapped_lock)
		json_object_set_new(rec, "lock", json_string(prim->wrapped_lock));
	else
		json_object_set_new(rec, "arg", json_integer(prim->lock_arg + 1));
	lf_record_add(rec);
}

void lf_emit_function(const struct lf_fn *fn, struct lf_ctx_result *ctx)
{
	unsigned i;
	int index;
	struct lf_section *sec;
	struct lf_lockarg *la;

	if (!lf_records_wanted())
		return;
	FOR_EACH_VEC_ELT(fn->sections, i, sec)
		emit_section(fn, sec, ctx);
	FOR_EACH_VEC_ELT(fn->release_only, i, index)
		emit_release_only(fn, index);
	FOR_EACH_VEC_ELT(fn->lockargs, i, la)
		emit_lockarg(fn, la);
	FOR_EACH_VEC_ELT(fn->unresolved, i, index)
		emit_unknown(fn, index);
	if (fn->wrapper)
		emit_wrapper(fn);
}

bool lf_emit_callgraph = true;

/* "atomic": preemption or irqs off on every path; "enabled": turned back
 * on in this function; "entry": as the caller left it. */
static const char *call_context(const struct lf_ctx_state *st)
{
	if (lf_ctx_atomic(st))
		return "atomic";
	return st->enabled_at[LF_CTX_ATOMIC] != UNKNOWN_LOCATION ? "enabled"
								  : "entry";
}

void lf_emit_calls(struct function *fun, struct lf_ctx_result *ctx)
{
	json_t *rec, *calls;
	basic_block bb;

	if (!lf_records_wanted() || !lf_emit_callgraph)
		return;
	hash_set<tree> seen[3];
	char buf[512];

	calls = json_array();
	FOR_EACH_BB_FN(bb, fun) {
		struct lf_ctx_state st = {};

		if (ctx)
			lf_ctx_block_start(ctx, bb, &st);
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb);
		     !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);
			tree callee = is_gimple_call(stmt) ?
				      gimple_call_fndecl(stmt) : NULL_TREE;
			const char *context;
			json_t *c;
			int k;

			if (ctx)
				lf_ctx_at(ctx, stmt, &st);
			context = call_context(&st);
			if (ctx)
				lf_ctx_past(ctx, stmt, &st);
			if (!callee || fndecl_built_in_p(callee) ||
			    lf_call_primitive(stmt))
				continue;
			k = !strcmp(context, "atomic") ? 0 : !strcmp(context, "entry") ? 1 : 2;
			/* one entry per callee and context is all the
			 * report needs */
			if (seen[k].add(callee))
				continue;
			/* [callee, line, context]: the biggest record kind,
			 * so kept compact */
			c = json_pack("[sis]",
				lf_callee_name(callee, buf, sizeof(buf)),
				(int)LOCATION_LINE(lf_user_location(
					gimple_location(stmt))), context);
			json_array_append_new(calls, c);
		}
	}
	if (!json_array_size(calls)) {
		json_decref(calls);
		return;
	}
	rec = lf_record_new("calls", DECL_SOURCE_LOCATION(fun->decl), fun->decl);
	json_object_set_new(rec, "calls", calls);
	lf_record_add(rec);
}
