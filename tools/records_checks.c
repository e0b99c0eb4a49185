// SPDX-License-Identifier: GPL-2.0
/*
 * records_checks.c - parse the records the arch_spin_lock and bit lock
 * checks read (docs/RECORDS.md): lock_wrapper, arch_spin, needs_atomic,
 * calls, and the layout of a bit lock section.
 */
#include <string.h>
#include <jansson.h>
#include "util.h"
#include "recparse.h"

/* An optional field: absent and null are the same. */
static bool absent(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	return !v || json_is_null(v);
}

static bool get_size(json_t *o, const char *key, long *out, struct parse *p)
{
	return get_range(o, key, 0, 1L << 40, out, p);
}

static bool get_hole(json_t *o, struct lf_layout *l, struct parse *p)
{
	json_t *h = json_object_get(o, "hole");

	if (json_is_null(h))
		return true;
	if (!json_is_object(h))
		return fail(p, "hole", "an object or null");
	l->hole = true;
	return get_size(h, "offset", &l->hole_offset, p) &&
	       get_size(h, "size", &l->hole_size, p);
}

/*
 * "layout": null when the word is no struct member.  Without a spinlock_t
 * in the unit the plugin cannot size one: spinlock_size is null and the
 * fields that depend on it may be left out.
 */
bool lf_parse_layout(json_t *o, struct lf_rec *r, struct parse *p)
{
	json_t *lo = json_object_get(o, "layout");
	struct lf_layout *l;

	if (json_is_null(lo))
		return true;
	if (!json_is_object(lo))
		return fail(p, "layout", "an object or null");
	l = xcalloc(1, sizeof(*l));
	l->spinlock_size = l->size_with_spinlock = -1;
	p->what = "section layout";
	if (!(get_type(lo, "struct", &l->st, p) &&
	      get_size(lo, "size", &l->size, p) &&
	      get_size(lo, "align", &l->align, p)))
		return false;
	if (!absent(lo, "field") && !get_ident(lo, "field", &l->field, p))
		return false;
	if (!absent(lo, "spinlock_size") &&
	    !(get_size(lo, "spinlock_size", &l->spinlock_size, p) &&
	      get_hole(lo, l, p) &&
	      get_size(lo, "size_with_spinlock", &l->size_with_spinlock, p)))
		return false;
	r->layout = l;
	p->what = "section";
	return true;
}

bool lf_parse_lock_wrapper(json_t *o, struct lf_rec *r, struct parse *p)
{
	static const char *const actions[] = {
		"acquire", "try", "try0", "release", NULL,
	};
	long arg;

	if (!(get_place(o, r, p) &&
	      get_enum(o, "action", actions, &r->action, p) &&
	      get_ident(o, "class", &r->cls, p) &&
	      get_enum(o, "mode", lf_modes, &r->mode, p)))
		return false;
	/* the lock it takes, or the argument its callers pass it in */
	if (json_object_get(o, "lock") || !json_object_get(o, "arg"))
		return get_lock(o, "lock", NULL, &r->lock, p);
	if (!get_range(o, "arg", 1, 1000, &arg, p))
		return false;
	r->arg = arg;
	return true;
}

static bool get_arch_callers(json_t *arr, struct lf_rec *r, struct parse *p)
{
	size_t i;
	json_t *e;

	p->what = "arch_spin caller";
	json_array_foreach(arr, i, e) {
		struct lf_arch_caller c;

		if (!get_function(e, "function", false, &c.function, p) ||
		    !get_line(e, "line", &c.line, p) ||
		    !get_bool(e, "atomic", &c.atomic, p))
			return false;
		VEC_PUSH(&r->arch_callers, c);
	}
	return true;
}

/*
 * status and how go together.  "unbalanced" (preemption turned back on
 * later without being turned off first) is a flagged "how" the plugin
 * writes besides RECORDS.md's two: it carries enabled_line as well.
 */
static bool get_status(json_t *o, struct lf_rec *r, struct parse *p)
{
	static const char *const statuses[] = {
		"safe", "flagged", "needs_caller", NULL,
	};
	static const char *const safe[] = { "local", "assert", "callers", NULL };
	static const char *const flagged[] = {
		"enabled", "unbalanced", "caller", NULL,
	};
	static const char *const needs[] = { "entry", NULL };
	const char *const *hows;

	if (!get_enum(o, "status", statuses, &r->status, p))
		return false;
	hows = !strcmp(r->status, "safe") ? safe :
	       !strcmp(r->status, "flagged") ? flagged : needs;
	if (!get_enum(o, "how", hows, &r->how, p))
		return false;
	if (strcmp(r->how, "enabled") && strcmp(r->how, "unbalanced"))
		return true;
	return get_line(o, "enabled_line", &r->enabled_line, p);
}

bool lf_parse_arch_spin(json_t *o, struct lf_rec *r, struct parse *p)
{
	json_t *callers;
	const char *kind = NULL;

	/* lock_kind, when present, says which identity form to expect */
	if (json_object_get(o, "lock_kind") &&
	    !get_enum(o, "lock_kind", lf_lock_kinds, &kind, p))
		return false;
	if (!(get_place(o, r, p) && get_lock(o, "lock", kind, &r->lock, p) &&
	      get_function(o, "primitive", false, &r->primitive, p) &&
	      get_function(o, "api", false, &r->api, p) && get_status(o, r, p)))
		return false;
	if (!json_object_get(o, "callers"))
		return true;
	return get_array(o, "callers", &callers, p) &&
	       get_arch_callers(callers, r, p);
}

/* About a function, not a place: no file, line or column. */
bool lf_parse_needs_atomic(json_t *o, struct lf_rec *r, struct parse *p)
{
	static const char *const contexts[] = { "preempt", NULL };

	return get_function(o, "function", false, &r->function, p) &&
	       get_enum(o, "context", contexts, &r->context, p);
}

/* [callee, line, context]: the biggest record kind, so kept compact. */
static bool get_callee(json_t *e, struct lf_rec *r, struct parse *p)
{
	static const char *const contexts[] = {
		"atomic", "enabled", "entry", NULL,
	};
	struct lf_callee c;
	json_t *line = json_array_get(e, 1);

	if (!json_is_array(e) || json_array_size(e) != 3)
		return fail(p, "calls", "a list of [callee, line, context]");
	if (!json_is_string(json_array_get(e, 0)))
		return fail(p, "calls callee", "a string");
	if (!json_is_integer(line) || json_integer_value(line) < 0 ||
	    json_integer_value(line) > 100000000)
		return fail(p, "calls line", "a line number");
	c.callee = json_string_value(json_array_get(e, 0));
	if (!check_function(c.callee, "calls callee", true, p))
		return false;
	c.line = json_integer_value(line);
	c.context = json_string_value(json_array_get(e, 2));
	for (const char *const *s = contexts; c.context && *s; s++) {
		if (strcmp(*s, c.context))
			continue;
		VEC_PUSH(&r->callees, c);
		return true;
	}
	if (!p->err)
		p->err = xasprintf("calls record: unknown context '%s'",
				   c.context ? c.context : "(not a string)");
	return false;
}

bool lf_parse_calls(json_t *o, struct lf_rec *r, struct parse *p)
{
	json_t *calls, *e;
	size_t i;

	if (!(get_place(o, r, p) && get_array(o, "calls", &calls, p)))
		return false;
	json_array_foreach(calls, i, e)
		if (!get_callee(e, r, p))
			return false;
	return true;
}
