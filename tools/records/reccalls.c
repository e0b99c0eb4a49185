// SPDX-License-Identifier: GPL-2.0
/*
 * reccalls.c - the calls record, the biggest kind, so written compactly
 * (docs/RECORDS.md): [callee, line, context] tuples, callees as indices
 * into the unit's "names", and every function of a unit in one record
 * ("fns"), which the tool splits into a calls record per function.
 */
#include <string.h>
#include <jansson.h>
#include "lib/util.h"
#include "records/recdir.h"
#include "records/recparse.h"
#include "records/reccalls.h"

#define NAME(value) #value,
const char *const lf_call_contexts[] = { LF_ENUM_CALL_CONTEXT(NAME) NULL };

static bool names_ok(json_t *names, struct lf_parse *p);
static bool fns_records(json_t *fns, struct lf_rec *r, struct lf_parse *p);

static const char fns_form[] = "a list of [function, calls] and file names";

/* The calls record's "names" being read: an integer for a name there */
static json_t *unit_names;

static json_t *name_of(json_t *v)
{
	if (!json_is_integer(v))
		return v;
	if (json_integer_value(v) < 0 ||
	    (size_t)json_integer_value(v) >= json_array_size(unit_names))
		return NULL;
	return json_array_get(unit_names, json_integer_value(v));
}

/* calls: [callee, line, context], the biggest record kind, so compact;
 * [callee, line] is an "entry" call. */
bool lf_hook_call_tuples(json_t *arr, void *dst, struct lf_parse *p)
{
	static const long line_range[] = { LF_RANGE_LINE };
	struct lf_rec *r = dst;
	size_t i;
	json_t *e;

	/* exactly: there are many */
	r->callees.cap = json_array_size(arr);
	r->callees.v = xmalloc(r->callees.cap * sizeof(*r->callees.v) + 1);
	json_array_foreach(arr, i, e) {
		json_t *line = json_array_get(e, 1);
		struct lf_callee c = { 0 };
		const char *context, *const *s;

		if (!json_is_array(e) || json_array_size(e) < 2 ||
		    json_array_size(e) > 3)
			return lf_fail(p, "calls", "a list of [callee, line, context]");
		if (!json_is_string(name_of(json_array_get(e, 0))))
			return lf_fail(p, "calls callee", "a string or an index in names");
		if (!json_is_integer(line) ||
		    json_integer_value(line) < line_range[0] ||
		    json_integer_value(line) > line_range[1])
			return lf_fail(p, "calls line", "a line number");
		if (!lf_rec_function(name_of(json_array_get(e, 0)), "calls callee", true,
				  false, &c.callee, p))
			return false;
		c.line = json_integer_value(line);
		context = json_array_size(e) == 2 ? "entry" :
			  json_string_value(json_array_get(e, 2));
		for (s = lf_call_contexts; context && *s; s++)
			if (!strcmp(*s, context))
				break;
		if (!context || !*s) {
			if (!p->err)
				p->err = xasprintf("calls record: unknown context '%s'",
						   context ? context : "(not a string)");
			return false;
		}
		c.ctx = s - lf_call_contexts;	/* the record outlives its JSON */
		VEC_PUSH(&r->callees, c);
	}
	return true;
}

/*
 * A calls record names one function ("function", "calls": earlier
 * plugins) or every function of the unit with calls ("fns": each
 * [function, calls], after the name of its file if that is not the
 * unit): each becomes a calls record of its own.
 */
bool lf_hook_calls_function(json_t *o, void *dst, struct lf_parse *p)
{
	struct lf_rec *r = dst;
	json_t *fns = json_object_get(o, "fns");
	bool ok;

	if (!fns) {
		if (json_object_get(o, "names"))
			return lf_fail(p, "names", "with fns");
		if (!lf_rec_function(json_object_get(o, "function"), "function",
				  false, true, &r->function, p))
			return false;
		return json_is_array(json_object_get(o, "calls")) ||
		       lf_fail(p, "calls", "an array");
	}
	if (json_object_get(o, "function") || json_object_get(o, "calls") ||
	    json_object_get(o, "file"))
		return lf_fail(p, "fns", "alone (not with function, calls, file)");
	if (!json_array_size(fns))
		return lf_fail(p, "fns", fns_form);
	unit_names = json_object_get(o, "names");
	if (unit_names && !json_is_array(unit_names))
		return lf_fail(p, "names", "a list of names");
	ok = names_ok(unit_names, p) && fns_records(fns, r, p);
	unit_names = NULL;
	return ok;
}

/* Every name of "names", used or not, is a function name (":f" too). */
static bool names_ok(json_t *names, struct lf_parse *p)
{
	const char *s;
	size_t i;
	json_t *e;

	json_array_foreach(names, i, e)
		if (!lf_rec_function(e, "names", true, true, &s, p))
			return false;
	return true;
}

static bool fns_records(json_t *fns, struct lf_rec *r, struct lf_parse *p)
{
	const char *file = r->tu;
	size_t i;
	json_t *e;

	json_array_foreach(fns, i, e) {
		struct lf_rec f = { .kind = LF_REC_CALLS, .tu = r->tu,
				    .file = file, .line = -1, .column = -1 };

		/* the file of the functions that follow */
		if (json_is_string(e)) {
			if (!lf_check_path(json_string_value(e), "fns file", p))
				return false;
			file = lf_intern(json_string_value(e));
			continue;
		}
		if (json_array_size(e) != 2 || !json_is_array(json_array_get(e, 1)))
			return lf_fail(p, "fns", fns_form);
		if (!lf_rec_function(name_of(json_array_get(e, 0)), "fns function", false,
				  true, &f.function, p) ||
		    !lf_hook_call_tuples(json_array_get(e, 1), &f, p))
			return false;
		VEC_PUSH(&r->fns, f);
	}
	/* a file name last, or only file names */
	if (!r->fns.n || json_is_string(json_array_get(fns, json_array_size(fns) - 1)))
		return lf_fail(p, "fns", fns_form);
	return true;
}
