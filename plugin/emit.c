// SPDX-License-Identifier: GPL-2.0
/*
 * emit.c - every record, as one JSON line each: the only file that
 * builds JSON.  From the facts of the trackers and the fact collectors
 * (calls.c prunes the call graph, bitlock_retry.c finds retry loops) and
 * what the checks found; recfile.c writes the lines.
 *
 * Every lock class gets section records (the checks and the report tool
 * pick what they need); docs/RECORDS.md describes each field.  Keys are
 * K(owner, key) of schema/records.def: writing a field the schema does
 * not list for that record is a compile error.
 */
#include "compat.h"
#include "recfile.h"
#include "emit.h"
#include "layout.h"
#include "ctx.h"
#include "calls.h"
#include "bitlock_retry.h"

/* A number field's range, as the reader checks it: range_OWNER_KEY */
#define RANGE_INT(owner, key, arg) \
	static const long range_##owner##_##key[2] = { LF_RANGE_##arg };
#define RANGE_TEXT(o, k, a)
#define RANGE_PATH(o, k, a)
#define RANGE_FUNCTION(o, k, a)
#define RANGE_CALLEE(o, k, a)
#define RANGE_API(o, k, a)
#define RANGE_LOCK(o, k, a)
#define RANGE_IDENT(o, k, a)
#define RANGE_TYPE(o, k, a)
#define RANGE_BOOL(o, k, a)
#define RANGE_ENUM(o, k, a)
#define RANGE_OBJECT(o, k, a)
#define RANGE_ARRAY(o, k, a)
#define RANGE_TUPLES(o, k, a)
#define RANGE_DIR(o, k, a)
#define RANGE_HEX(o, k, a)

#define LF_KIND(kind, KIND) static const char kind_##kind[] = #kind;
#define LF_FIELD(owner, key, type, presence, arg, member) \
	static const char key_##owner##_##key[] = #key; \
	RANGE_##type(owner, key, arg)
#define LF_CHECK(owner, key, type, presence, arg) \
	static const char key_##owner##_##key[] = #key; \
	RANGE_##type(owner, key, arg)
#include "schema/records.def"
#define K(owner, key) key_##owner##_##key
/* The value V of number field KEY of OWNER: every number the plugin
 * writes is one of these, checked against the schema's range. */
#define NUM(owner, key, v) number(range_##owner##_##key, #owner "." #key, (v))

/* The name of value V of a schema enum LF_ENUM_<E>. */
#define NAME(v) #v,
#define NAME_HOW(status, how) #how,

struct lf_tu_stats lf_stats;

/* The field of the record being built that is out of its range, if any:
 * that record is not written (the reader would refuse the whole unit). */
static const char *out_of_range;

static void set(json_t *obj, const char *key, json_t *value)
{
	json_object_set_new(obj, key, value);
}

static json_t *number(const long range[2], const char *field, long v)
{
	if ((v < range[0] || v > range[1]) && !out_of_range) {
		out_of_range = field;
		inform(UNKNOWN_LOCATION, "lockfit: a record not written: "
		       "%s is %ld, out of the records' range %ld to %ld "
		       "(a lockfit bug)", field, v, range[0], range[1]);
	}
	return json_integer(v);
}

/* Location fields {"file","line","column"}. */
static void set_location(json_t *obj, location_t loc)
{
	expanded_location xloc = expand_location(loc);

	set(obj, K(place, file), json_string(lf_path(xloc.file)));
	set(obj, K(place, line), NUM(place, line, xloc.line));
	set(obj, K(place, column), NUM(place, column, xloc.column));
}

/* NAME as the records write it: ":f" for "TU:f", a static function of
 * this unit (the reader puts the record's tu back in front). */
static json_t *fn_json(const char *name)
{
	const char *tu = lf_tu_file();
	size_t n = strlen(tu);

	if (!strncmp(name, tu, n) && name[n] == ':')
		name += n;
	return json_string(name);
}

/* A new record of KIND at LOC in function FNDECL (either may be absent). */
static json_t *record_new(const char *kind, location_t loc, tree fndecl)
{
	json_t *rec = json_object();
	char fnbuf[512];

	set(rec, K(record, v), NUM(record, v, LF_RECORD_VERSION));
	set(rec, K(record, record), json_string(kind));
	set(rec, K(record, tu), json_string(lf_tu_file()));
	if (loc != UNKNOWN_LOCATION)
		set_location(rec, loc);
	if (fndecl)
		set(rec, K(place, function), fn_json(
			lf_function_id(fndecl, fnbuf, sizeof(fnbuf))));
	return rec;
}

/* Queue REC (the reference is stolen), unless a number of it is out of
 * its range; true if queued. */
static bool record_add(json_t *rec)
{
	char *line = out_of_range ? NULL :
		     json_dumps(rec, JSON_COMPACT | JSON_PRESERVE_ORDER);

	json_decref(rec);
	out_of_range = NULL;
	if (!line)
		return false;
	lf_output_line(line);
	free(line);
	return true;
}

/* The keys of the identity and the primitive are the same in every
 * record that has them: section's stand for all. */
static void set_lock(json_t *rec, const struct lf_fn *fn, int lock)
{
	const struct lf_lockid *id = &fn->locks[lock];

	set(rec, K(section, lock), json_string(id->name));
	set(rec, K(section, lock_kind), json_string(lf_lockid_kind_name(id->kind)));
}

/* The file of the declaration a rewrite must change too (section and
 * release_only: the others' was never read). */
static void set_decl(json_t *rec, const struct lf_fn *fn, int lock)
{
	const struct lf_lockid *id = &fn->locks[lock];
	json_t *decl;

	if (!id->decl || DECL_SOURCE_LOCATION(id->decl) == UNKNOWN_LOCATION)
		return;
	decl = json_object();
	set(decl, K(decl, file), json_string(lf_path(
		expand_location(DECL_SOURCE_LOCATION(id->decl)).file)));
	set(rec, K(section, decl), decl);
}

/* A flag written only when true: absent reads as false. */
static void set_true(json_t *obj, const char *key, bool value)
{
	if (value)
		set(obj, key, json_true());
}

static void set_primitive(json_t *rec, const struct lf_event *ev)
{
	const struct lf_primitive *prim = ev->prim;

	set(rec, K(section, class), json_string(lf_class_name(ev->cls)));
	set(rec, K(section, mode), json_string(lf_mode_name(prim->mode)));
	set(rec, K(section, variant), json_string(lf_variant_name(prim->variant)));
	set(rec, K(section, primitive), json_string(prim->name));
	set(rec, K(section, api), json_string(prim->api));
}

static json_t *line_of(gimple *stmt)
{
	/* every line of a list has the range of the place's (LINE) */
	return NUM(place, line,
		   LOCATION_LINE(lf_user_location(gimple_location(stmt))));
}

static json_t *releases_json(const struct lf_fn *fn, const struct lf_section *sec)
{
	json_t *arr = json_array();
	unsigned i;
	int ev;

	/* [line, primitive]: the fields of release by position */
	FOR_EACH_VEC_ELT(sec->releases, i, ev)
		json_array_append_new(arr, json_pack("[os]",
			line_of(fn->events[ev].stmt), fn->events[ev].prim->name));
	return arr;
}

static json_t *calls_json(const struct lf_section *sec)
{
	json_t *arr = json_array();
	char buf[512];
	unsigned i;
	struct lf_held_call *call;

	/* [callee, line, cost, cost_known, loop]: the fields of
	 * section_call by position, those after a null cost or before
	 * the end that are false left out */
	FOR_EACH_VEC_ELT(sec->calls, i, call) {
		json_t *c = json_array();
		const struct lf_bounded_call *bounded = call->callee ?
			lf_bounded_call_lookup(lf_decl_name(call->callee) ?: "")
			: NULL;

		json_array_append_new(c, fn_json(
			lf_callee_name(call->callee, buf, sizeof(buf))));
		json_array_append_new(c, line_of(call->stmt));
		if (call->sum) {
			json_array_append_new(c, NUM(section_call, cost,
						     call->sum->cost));
			json_array_append_new(c, json_boolean(call->sum->known));
			if (call->sum->loop)
				json_array_append_new(c, json_true());
		} else if (bounded) {
			json_array_append_new(c, NUM(section_call, cost,
						     bounded->cost));
			json_array_append_new(c, json_true());
		} else {
			json_array_append_new(c, json_null());
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

	/* [lock_kind, lock, class, mode, line, via]: the fields of nested
	 * by position, via only when the lock is taken in a callee */
	FOR_EACH_VEC_ELT(sec->nested, i, ev) {
		const struct lf_event *e = &fn->events[ev];
		const struct lf_lockid *id = &fn->locks[e->lock];

		json_array_append_new(arr, json_pack("[ssss o]",
			lf_lockid_kind_name(id->kind), id->name,
			lf_class_name(e->cls), lf_mode_name(e->prim->mode),
			line_of(e->stmt)));
	}
	for (i = 0; i < sec->nested_via.length(); i++) {
		const struct lf_nested_via *via = &sec->nested_via[i];
		char buf[512];

		json_array_append_new(arr, json_pack("[ssss oo]",
			lf_lockid_kind_name(via->lock->kind), via->lock->name,
			lf_class_name(via->lock->cls),
			lf_mode_name(via->lock->mode), line_of(via->stmt),
			fn_json(lf_callee_name(via->callee, buf, sizeof(buf)))));
	}
	return arr;
}

/* [[what, line], ...]: the section's updates of shared state (the
 * callee, or "asm" for a locked instruction) */
static json_t *writes_json(const struct lf_section *sec)
{
	json_t *arr = json_array();
	unsigned i;
	gimple *stmt;

	FOR_EACH_VEC_ELT(sec->writes, i, stmt) {
		const char *what = is_gimple_call(stmt) ?
			lf_decl_name(gimple_call_fndecl(stmt)) : "asm";

		json_array_append_new(arr, json_pack("[so]", what, line_of(stmt)));
	}
	return arr;
}

/* [[callee, line], ...]: the calls on a bit lock's retry loop */
static json_t *retry_json(const struct lf_event *acq)
{
	auto_vec<gimple *> calls;
	json_t *arr = json_array();
	char buf[512];
	unsigned i;
	gimple *stmt;

	lf_bitlock_retry_calls(acq, &calls);
	FOR_EACH_VEC_ELT(calls, i, stmt)
		json_array_append_new(arr, json_pack("[oo]", fn_json(
			lf_callee_name(gimple_call_fndecl(stmt), buf, sizeof(buf))),
			line_of(stmt)));
	return arr;
}

/* What is off when the section is entered (before the acquire), on every
 * path from function entry, as the list of the flags that are true
 * (usually none): a sleeping lock needs an empty one. */
static json_t *context_json(struct lf_ctx_result *ctx, gimple *stmt)
{
	struct lf_ctx_state st;
	json_t *c = json_array();

	lf_ctx_before(ctx, stmt, &st);
	if (st.depth[LF_CTXI_PREEMPT] > 0)
		json_array_append_new(c, json_string(K(context, preempt_disabled)));
	if (st.depth[LF_CTXI_IRQ] > 0)
		json_array_append_new(c, json_string(K(context, irqs_disabled)));
	if (st.depth[LF_CTXI_BH] > 0)
		json_array_append_new(c, json_string(K(context, bh_disabled)));
	return c;
}

/* The struct holding a bit lock, or null. */
static json_t *layout_json(tree record, tree field)
{
	struct lf_layout_facts l;
	json_t *obj, *hole;

	if (!record || !lf_layout_of(record, field, &l))
		return json_null();
	obj = json_object();
	set(obj, K(layout, struct), json_string(l.st));
	set(obj, K(layout, size), NUM(layout, size, l.size));
	set(obj, K(layout, align), NUM(layout, align, l.align));
	if (l.field)
		set(obj, K(layout, field), json_string(l.field));
	if (!l.spin_known) {
		set(obj, K(layout, spinlock_size), json_null());
		return obj;
	}
	set(obj, K(layout, spinlock_size), NUM(layout, spinlock_size, l.spin_size));
	if (l.hole) {
		hole = json_object();
		set(hole, K(hole, offset), NUM(hole, offset, l.hole_offset));
		set(hole, K(hole, size), NUM(hole, size, l.hole_size));
	} else {
		hole = json_null();
	}
	set(obj, K(layout, hole), hole);
	set(obj, K(layout, size_with_spinlock),
	    NUM(layout, size_with_spinlock, l.size_with_spinlock));
	return obj;
}

static void emit_section(const struct lf_fn *fn, const struct lf_section *sec,
			 struct lf_ctx_result *ctx)
{
	const struct lf_event *acq = &fn->events[sec->acquire];
	json_t *rec = record_new(kind_section, acq->loc, fn->fun->decl);

	set_lock(rec, fn, acq->lock);
	set_decl(rec, fn, acq->lock);
	set_primitive(rec, acq);
	set_true(rec, K(section, try), acq->prim->action != LF_ACT_acquire);
	set_true(rec, K(section, try_unresolved), acq->try_unresolved);
	set(rec, K(section, cost), NUM(section, cost, sec->cost));
	set(rec, K(section, cost_known), json_boolean(sec->cost_known));
	set_true(rec, K(section, loop), sec->loop);
	set_true(rec, K(section, recursive), sec->recursive);
	set_true(rec, K(section, open_at_exit), sec->open_at_exit);
	if (ctx)
		set(rec, K(section, context), context_json(ctx, acq->stmt));
	if (lf_class_serves(acq->cls, LF_FACT_SITE_LAYOUT)) {
		/* the static hotness of the site, and what its lock's
		 * struct can hold: read for the classes that ask */
		set(rec, K(section, loop_depth), NUM(section, loop_depth,
			gimple_bb(acq->stmt)->loop_father ?
			bb_loop_depth(gimple_bb(acq->stmt)) : 0));
		set(rec, K(section, layout), layout_json(acq->record, acq->field));
		if (acq->prim->action == LF_ACT_spin)
			set(rec, K(section, retry), retry_json(acq));
	}
	/* where a section is taken, read or write, matters to the checks
	 * that ask (where.c): rare writers (an ioctl's) weigh less than hot
	 * ones (issue 22) */
	if (lf_class_serves(acq->cls, LF_FACT_HOT_SECTIONS))
		lf_calls_hot_site(fn->fun->decl);
	if (acq->prim->mode == LF_MODE_read && !sec->writes.is_empty())
		set(rec, K(section, writes), writes_json(sec));
	set(rec, K(section, releases), releases_json(fn, sec));
	/* absent lists read as empty */
	if (!sec->calls.is_empty())
		set(rec, K(section, calls), calls_json(sec));
	if (!sec->nested.is_empty() || !sec->nested_via.is_empty())
		set(rec, K(section, nested), nested_json(fn, sec));
	lf_stats.sections += record_add(rec);
}

static void emit_release_only(const struct lf_fn *fn, int index)
{
	const struct lf_event *ev = &fn->events[index];
	json_t *rec = record_new(kind_release_only, ev->loc, fn->fun->decl);

	if (lf_class_serves(ev->cls, LF_FACT_HOT_RELEASES))
		lf_calls_hot_site(fn->fun->decl);
	set_lock(rec, fn, ev->lock);
	set_decl(rec, fn, ev->lock);
	set_primitive(rec, ev);
	record_add(rec);
}

static void emit_lockarg(const struct lf_fn *fn, const struct lf_lockarg *la)
{
	json_t *rec = record_new(kind_lock_arg,
				 lf_user_location(gimple_location(la->stmt)),
				 fn->fun->decl);
	char buf[512];

	set(rec, K(lock_arg, callee), fn_json(
		lf_callee_name(la->callee, buf, sizeof(buf))));
	set(rec, K(lock_arg, arg), NUM(lock_arg, arg, la->arg));
	set_lock(rec, fn, la->lock);
	record_add(rec);
}

static void emit_unknown(const struct lf_fn *fn, int index)
{
	const struct lf_event *ev = &fn->events[index];
	json_t *rec = record_new(kind_unknown, ev->loc, fn->fun->decl);

	set(rec, K(unknown, primitive), json_string(ev->prim->name));
	set(rec, K(unknown, reason), json_string(
		fn->locks[ev->lock].why ?: "lock argument not resolved to an object"));
	lf_stats.unknown += record_add(rec);
}

/* This function is a lock primitive for its callers, in any file. */
static void emit_wrapper(const struct lf_fn *fn)
{
#define LF_WRAP_(action) LF_WRAP_##action,
	enum { LF_ENUM_ACTION(LF_WRAP_) };
	static const char *const actions[] = { LF_ENUM_ACTION(NAME) };
	const struct lf_primitive *prim = fn->wrapper;
	json_t *rec = record_new(kind_lock_wrapper,
				 DECL_SOURCE_LOCATION(fn->fun->decl),
				 fn->fun->decl);

	set(rec, K(lock_wrapper, action), json_string(actions[
		lf_is_release(prim) ? LF_WRAP_release :
		prim->action == LF_ACT_acquire ? LF_WRAP_acquire :
		prim->action == LF_ACT_try0 ? LF_WRAP_try0 : LF_WRAP_try]));
	set(rec, K(lock_wrapper, class), json_string(lf_class_name(prim->cls)));
	set(rec, K(lock_wrapper, mode), json_string(lf_mode_name(prim->mode)));
	if (prim->wrapped_lock)
		set(rec, K(lock_wrapper, lock), json_string(prim->wrapped_lock));
	else
		set(rec, K(lock_wrapper, arg),
		    NUM(lock_wrapper, arg, prim->lock_arg + 1));
	record_add(rec);
#undef LF_WRAP_
}

void lf_emit_function(const struct lf_fn *fn, struct lf_ctx_result *ctx)
{
	unsigned i;
	int index;
	struct lf_section *sec;
	struct lf_lockarg *la;

	if (!lf_output_wanted())
		return;
	FOR_EACH_VEC_ELT(fn->sections, i, sec)
		emit_section(fn, sec, ctx);
	FOR_EACH_VEC_ELT(fn->release_only, i, index)
		emit_release_only(fn, index);
	FOR_EACH_VEC_ELT(fn->lockargs, i, la)
		emit_lockarg(fn, la);
	FOR_EACH_VEC_ELT(fn->unresolved, i, index)
		emit_unknown(fn, index);
	/* a guard's destructor has no lock or argument to name: only its
	 * unit's callers, which pair it with their constructor, use it */
	if (fn->wrapper && fn->wrapper->lock_arg != LF_ARG_GUARD)
		emit_wrapper(fn);
}

void lf_emit_arch_spin(const struct lf_arch_spin *a)
{
	static const char *const status[] = { LF_ENUM_STATUS(NAME) };
	static const char *const how[] = { LF_ENUM_HOW(NAME_HOW) };
	json_t *rec;

	if (!lf_output_wanted())
		return;
	if (lf_class_serves(a->prim->cls, LF_FACT_CALLERS))
		lf_calls_caller_site(a->fndecl);
	rec = record_new(kind_arch_spin, a->loc, a->fndecl);
	set(rec, K(arch_spin, lock), json_string(a->lock));
	set(rec, K(arch_spin, lock_kind), json_string(lf_lockid_kind_name(a->kind)));
	set(rec, K(arch_spin, primitive), json_string(a->prim->name));
	set(rec, K(arch_spin, api), json_string(a->prim->api));
	set(rec, K(arch_spin, status), json_string(status[a->status]));
	set(rec, K(arch_spin, how), json_string(how[a->how]));
	if (a->how == LF_HOW_enabled || a->how == LF_HOW_unbalanced)
		set(rec, K(arch_spin, enabled_line),
		    NUM(arch_spin, enabled_line, LOCATION_LINE(a->enabled_at)));
	record_add(rec);
}

void lf_emit_needs_atomic(tree fndecl, enum lf_need_context context)
{
	static const char *const contexts[] = { LF_ENUM_CONTEXT(NAME) };
	json_t *rec;

	if (!lf_output_wanted())
		return;
	rec = record_new(kind_needs_atomic, UNKNOWN_LOCATION, fndecl);
	set(rec, K(needs_atomic, context), json_string(contexts[context]));
	record_add(rec);
}

void lf_emit_binding(location_t loc, tree fn, const char *entry, int arg,
		     const char *how, const char *by)
{
	json_t *rec;

	if (!lf_output_wanted())
		return;
	if (loc == UNKNOWN_LOCATION)
		loc = DECL_SOURCE_LOCATION(fn);
	rec = record_new(kind_binding, loc, fn);
	set(rec, K(binding, entry), json_string(entry));
	if (arg)
		set(rec, K(binding, arg), NUM(binding, arg, arg));
	set(rec, K(binding, how), json_string(how));
	if (by)
		set(rec, K(binding, by), json_string(by));
	record_add(rec);
}

void lf_emit_alias(location_t loc, tree fndecl, const struct lf_lockid *lock,
		   const struct lf_lockid *alias, const char *by)
{
	json_t *rec = record_new(kind_alias, loc, fndecl);

	set(rec, K(alias, lock_kind), json_string(lf_lockid_kind_name(lock->kind)));
	set(rec, K(alias, lock), json_string(lock->name));
	set(rec, K(alias, alias_kind), json_string(lf_lockid_kind_name(alias->kind)));
	set(rec, K(alias, alias), json_string(alias->name));
	if (by)
		set(rec, K(alias, by), json_string(by));
	record_add(rec);
}

/* The function or callee name at AT of LIST (a JSON string): counted in
 * USES (INDEX null), or replaced by its index in NAMES when shorter. */
static void name_use(json_t *list, size_t at, hash_map<nofree_string_hash, int> *uses,
		     hash_map<nofree_string_hash, int> *index, json_t *names)
{
	const char *name = json_string_value(json_array_get(list, at));
	int *n, *i;
	char digits[16];

	if (!name)
		return;
	if (!index) {
		/* the key outlives NAME, which the second pass replaces */
		n = uses->get(name);
		if (n)
			(*n)++;
		else
			uses->put(xstrdup(name), 1);
		return;
	}
	n = uses->get(name);
	i = index->get(name);
	if (!i) {
		size_t len = strlen(name);
		int k = json_array_size(names);

		/* worth it when N quoted names outweigh N indexes plus the
		 * name once in the table */
		if (*n * (long)(len + 2) <= *n * (long)snprintf(digits,
		    sizeof(digits), "%d", k) + (long)len + 3)
			return;
		json_array_append_new(names, json_string(name));
		index->put(xstrdup(name), k);
		i = index->get(name);
	}
	json_array_set_new(list, at, json_integer(*i));
}

/*
 * The names the unit's calls use more than once (a function, a callee:
 * kfree, a static helper called all over), each written once in
 * "names" and elsewhere as its index there; NULL when none is.  Two
 * passes over FNS: count, then replace.
 */
static json_t *name_table(json_t *fns)
{
	hash_map<nofree_string_hash, int> uses, index;
	json_t *names = json_array();

	for (int pass = 0; pass < 2; pass++) {
		size_t i, j;
		json_t *e, *c;

		json_array_foreach(fns, i, e) {
			if (!json_is_array(e))
				continue;
			name_use(e, 0, &uses, pass ? &index : NULL, names);
			json_array_foreach(json_array_get(e, 1), j, c)
				name_use(c, 0, &uses, pass ? &index : NULL, names);
		}
	}
	if (json_array_size(names))
		return names;
	json_decref(names);
	return NULL;
}

/*
 * One calls record for the whole unit: "fns", the [function, calls] of
 * each function with a call to write, those of the unit first, then
 * those of each header (its inlines) after its name, so that the fields
 * every record has and each header's name are written once.
 */
static void emit_calls(void)
{
	static const char *const contexts[] = { LF_ENUM_CALL_CONTEXT(NAME) };
	const vec<struct lf_calls_fn *> &pruned = lf_calls_pruned();
	unsigned i, j, k;
	struct lf_calls_fn *p;
	struct lf_call *c;
	json_t *fns = json_array(), *rec, *names;
	vec<const char *> files = vNULL;
	const char *file;

	files.safe_push(lf_tu_file());
	FOR_EACH_VEC_ELT(pruned, i, p) {
		for (k = 0; k < files.length() && strcmp(files[k], p->file); k++)
			;
		if (!p->kept.is_empty() && k == files.length())
			files.safe_push(p->file);
	}
	FOR_EACH_VEC_ELT(files, k, file) {
		if (k)
			json_array_append_new(fns, json_string(file));
		FOR_EACH_VEC_ELT(pruned, i, p) {
			json_t *calls;

			if (strcmp(p->file, file) || p->kept.is_empty())
				continue;
			/* [function, calls]; each call [callee, line,
			 * context], the biggest record kind, so kept
			 * compact: [callee, line] for "entry" */
			calls = json_array();
			FOR_EACH_VEC_ELT(p->kept, j, c)
				json_array_append_new(calls,
					c->context == LF_CALL_entry ?
					json_pack("[oo]", fn_json(c->callee),
						  NUM(call_tuple, line, c->line)) :
					json_pack("[oos]", fn_json(c->callee),
						  NUM(call_tuple, line, c->line),
						  contexts[c->context]));
			json_array_append_new(fns, json_pack("[oo]",
				fn_json(p->name), calls));
		}
	}
	files.release();
	if (!json_array_size(fns)) {
		json_decref(fns);
		return;
	}
	rec = record_new(kind_calls, UNKNOWN_LOCATION, NULL_TREE);
	names = name_table(fns);
	if (names)
		set(rec, K(calls, names), names);
	set(rec, K(calls, fns), fns);
	record_add(rec);
}

/* Which tree and build the records come from: readers refuse to mix. */
static json_t *build_identity(void)
{
	json_t *b = json_object();
	char buf[32];
	const char *config = lf_config_hash(buf, sizeof(buf));

	set(b, K(build, srcroot), json_string(lf_srcroot()));
	set(b, K(build, objtree), json_string(lf_objtree()));
	if (lf_modroot())
		set(b, K(build, modroot), json_string(lf_modroot()));
	if (config)
		set(b, K(build, config), json_string(config));
	return b;
}

bool lf_emit_finish(void)
{
	json_t *tu;

	if (!lf_output_wanted())
		return true;
	emit_calls();
	tu = record_new(kind_tu, UNKNOWN_LOCATION, NULL_TREE);
	set(tu, K(tu, lockfit), json_string(LF_VERSION));
	set(tu, K(tu, gcc), json_string(LF_GCC_VERSION));
	set(tu, K(tu, functions), NUM(tu, functions, lf_stats.functions));
	set(tu, K(tu, locking_functions),
	    NUM(tu, locking_functions, lf_stats.locking));
	set(tu, K(tu, sections), NUM(tu, sections, lf_stats.sections));
	set(tu, K(tu, unknown), NUM(tu, unknown, lf_stats.unknown));
	set(tu, K(tu, complete), json_boolean(!seen_error()));
	set(tu, K(tu, build), build_identity());
	record_add(tu);
	return lf_output_finish();
}
