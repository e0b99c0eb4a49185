// SPDX-License-Identifier: GPL-2.0
/*
 * recfields.c - one record, checked field by field as the schema
 * (schema/records.def) lists them, into struct lf_rec (records.h).
 *
 * The schema gives each field its type, whether it must be there, its
 * range or enumeration, and the member the tool keeps it in; the loop
 * below does the rest.  What the schema cannot say in one row (an
 * object's own messages, a field whose values depend on another) is
 * read by the hooks further down; the compact lists of "calls" records
 * by reccalls.c's.
 */
#include <stddef.h>
#include <string.h>
#include <jansson.h>
#include "lib/util.h"
#include "records/recdir.h"
#include "records/recparse.h"
#include "records/reccalls.h"

/* The schema's record kinds and objects: LF_OWN_section, LF_OWN_decl ... */
enum lf_owner {
	LF_OWN__ = -1,		/* none */
#define LF_KIND(kind, KIND) LF_OWN_##kind,
#define LF_OBJECT(name, what) LF_OWN_##name,
#include "schema/records.def"
	LF_OWN_N
};

static const char *const owner_what[LF_OWN_N] = {
#define LF_KIND(kind, KIND) #kind,
#define LF_OBJECT(name, what) what,
#include "schema/records.def"
};

/* The struct each owner's LF_FIELDs are kept in */
struct lf_release { int line; };
#define LF_C_record		struct lf_rec
#define LF_C_place		struct lf_rec
#define LF_C_decl		struct lf_rec
#define LF_C_section		struct lf_rec
#define LF_C_release_only	struct lf_rec
#define LF_C_lock_arg		struct lf_rec
#define LF_C_alias		struct lf_rec
#define LF_C_unknown		struct lf_rec
#define LF_C_tu			struct lf_rec
#define LF_C_lock_wrapper	struct lf_rec
#define LF_C_arch_spin		struct lf_rec
#define LF_C_needs_atomic	struct lf_rec
#define LF_C_calls		struct lf_rec
#define LF_C_binding		struct lf_rec
#define LF_C_release		struct lf_release
#define LF_C_section_call	struct lf_call
#define LF_C_write		struct lf_call
#define LF_C_retry_call		struct lf_call
#define LF_C_nested		struct lf_nest
#define LF_C_context		struct lf_context
#define LF_C_layout		struct lf_layout
#define LF_C_hole		struct lf_layout

enum lf_type {
	LF_T_TEXT, LF_T_PATH, LF_T_FUNCTION, LF_T_CALLEE, LF_T_API, LF_T_LOCK,
	LF_T_IDENT, LF_T_TYPE, LF_T_INT, LF_T_BOOL, LF_T_ENUM, LF_T_OBJECT,
	LF_T_ARRAY, LF_T_TUPLES, LF_T_DIR, LF_T_HEX,
};

enum lf_presence {
	LF_P_REQ, LF_P_OPT, LF_P_OPT_NULL, LF_P_NULL_ENDS, LF_P_OPT_NULL_ENDS,
	LF_P_IF, LF_P_ALT, LF_P_UNREAD,
};

#define NAME(value) #value,
#define NAME_HOW(status, how) #how,
static const char *const enum_LOCK_KIND[] = { LF_ENUM_LOCK_KIND(NAME) NULL };
static const char *const enum_MODE[] = { LF_ENUM_MODE(NAME) NULL };
static const char *const enum_VARIANT[] = { LF_ENUM_VARIANT(NAME) NULL };
static const char *const enum_ACTION[] = { LF_ENUM_ACTION(NAME) NULL };
static const char *const enum_STATUS[] = { LF_ENUM_STATUS(NAME) NULL };
static const char *const enum_HOW[] = { LF_ENUM_HOW(NAME_HOW) NULL };
static const char *const enum_CONTEXT[] = { LF_ENUM_CONTEXT(NAME) NULL };
static const char *const enum_BIND_HOW[] = { LF_ENUM_BIND_HOW(NAME) NULL };
static const char *const enum_CALL_CONTEXT[] = {
	LF_ENUM_CALL_CONTEXT(NAME) NULL
};

/* A field read by hand: O is the object that has the field (an array
 * field: the array, after every other field); DST the owner's struct. */
typedef bool lf_field_hook(json_t *o, void *dst, struct lf_parse *p);
static lf_field_hook hook_decl, hook_releases, hook_calls, hook_nested,
	hook_layout, hook_hole, hook_context, hook_build, hook_wrapper_lock,
	hook_how, hook_writes, hook_retry;

struct lf_field {
	enum lf_owner owner;
	const char *key;
	enum lf_type type;
	enum lf_presence presence;
	long lo, hi;			/* INT */
	const char *const *set;		/* ENUM */
	bool any_lock;			/* LOCK: whatever lock_kind says */
	size_t off, size;		/* the member; size 0: not kept */
	lf_field_hook *hook;		/* read by hand */
};

/* ARG, by TYPE: lo, hi, set, any_lock */
#define LF_ARG_TEXT(arg)	0, 0, NULL, false
#define LF_ARG_PATH		LF_ARG_TEXT
#define LF_ARG_FUNCTION		LF_ARG_TEXT
#define LF_ARG_CALLEE		LF_ARG_TEXT
#define LF_ARG_API		LF_ARG_TEXT
#define LF_ARG_IDENT		LF_ARG_TEXT
#define LF_ARG_TYPE		LF_ARG_TEXT
#define LF_ARG_BOOL		LF_ARG_TEXT
#define LF_ARG_OBJECT		LF_ARG_TEXT
#define LF_ARG_ARRAY		LF_ARG_TEXT
#define LF_ARG_TUPLES		LF_ARG_TEXT
#define LF_ARG_DIR		LF_ARG_TEXT
#define LF_ARG_HEX		LF_ARG_TEXT
#define LF_ARG_INT(arg)		LF_RANGE_##arg, NULL, false
#define LF_ARG_ENUM(arg)	0, 0, enum_##arg, false
#define LF_ARG_LOCK(arg)	0, 0, NULL, LF_ANY_LOCK_##arg
#define LF_ANY_LOCK_KIND	false
#define LF_ANY_LOCK_ANY		true

static struct lf_field fields[] = {
#define LF_FIELD(owner, key, type, presence, arg, member) \
	{ LF_OWN_##owner, #key, LF_T_##type, LF_P_##presence, LF_ARG_##type(arg), \
	  offsetof(LF_C_##owner, member), sizeof(((LF_C_##owner *)0)->member), \
	  NULL },
#define LF_CHECK(owner, key, type, presence, arg) \
	{ LF_OWN_##owner, #key, LF_T_##type, LF_P_##presence, LF_ARG_##type(arg), \
	  0, 0, NULL },
#include "schema/records.def"
};

static const struct {
	enum lf_owner owner;
	const char *key;
	lf_field_hook *hook;
} hooks[] = {
	{ LF_OWN_section, "decl", hook_decl },
	{ LF_OWN_release_only, "decl", hook_decl },
	{ LF_OWN_section, "releases", hook_releases },
	{ LF_OWN_section, "calls", hook_calls },
	{ LF_OWN_section, "nested", hook_nested },
	{ LF_OWN_section, "layout", hook_layout },
	{ LF_OWN_section, "context", hook_context },
	{ LF_OWN_section, "writes", hook_writes },
	{ LF_OWN_section, "retry", hook_retry },
	{ LF_OWN_layout, "hole", hook_hole },
	{ LF_OWN_tu, "build", hook_build },
	{ LF_OWN_lock_wrapper, "lock", hook_wrapper_lock },
	{ LF_OWN_arch_spin, "how", hook_how },
	{ LF_OWN_calls, "function", lf_hook_calls_function },
	{ LF_OWN_calls, "calls", lf_hook_call_tuples },
};

/* Each owner's fields: fields[first[o]] on, count[o] of them. */
static size_t first[LF_OWN_N], count[LF_OWN_N];
/* Lists read by hand, per owner: parse_fields() reads them last (a
 * section has five; a sixth was once dropped unread, retry with four) */
#define LF_LISTS_MAX 8

static void bind_schema(void)
{
	static bool bound;

	if (bound)
		return;
	for (size_t i = 0; i < ARRAY_SIZE(fields); i++) {
		enum lf_owner o = fields[i].owner;

		if (count[o] && first[o] + count[o] != i)
			lf_die("internal error: schema/records.def: the fields of "
			       "'%s' are not together", owner_what[o]);
		if (!count[o]++)
			first[o] = i;
	}
	for (size_t h = 0; h < ARRAY_SIZE(hooks); h++) {
		struct lf_field *f = fields + first[hooks[h].owner];
		struct lf_field *end = f + count[hooks[h].owner];

		while (f < end && strcmp(f->key, hooks[h].key))
			f++;
		if (f == end)
			lf_die("internal error: schema/records.def has no field "
			       "'%s' in '%s'", hooks[h].key, owner_what[hooks[h].owner]);
		f->hook = hooks[h].hook;
	}
	for (size_t o = 0; o < LF_OWN_N; o++) {
		size_t lists = 0;

		for (size_t i = first[o]; i < first[o] + count[o]; i++)
			lists += fields[i].hook && (fields[i].type == LF_T_ARRAY ||
						    fields[i].type == LF_T_TUPLES);
		if (lists > LF_LISTS_MAX)
			lf_die("internal error: '%s' has %zu lists read by hand, "
			       "more than LF_LISTS_MAX", owner_what[o], lists);
	}
	bound = true;
}

/* The record being read's tu: ":f" names its static function f. */
static const char *unit_tu;

/* A function name, ":f" written for "TU:f" (a static of the unit);
 * TEXT: checked as text first (the calls lists never were). */
bool lf_rec_function(json_t *v, const char *key, bool callee, bool text,
		     const char **out, struct lf_parse *p)
{
	const char *s = json_string_value(v);
	char *full;
	bool ok;

	if (!s || s[0] != ':' || !unit_tu) {
		if (!s)
			return lf_fail(p, key, "a string");
		ok = (!text || lf_check_text(s, key, p)) &&
		     lf_check_function(s, key, callee, p);
		*out = ok ? lf_intern(s) : NULL;
		return ok;
	}
	full = xasprintf("%s%s", unit_tu, s);
	ok = (!text || lf_check_text(full, key, p)) &&
	     lf_check_function(full, key, callee, p);
	*out = ok ? lf_intern(full) : NULL;
	free(full);
	return ok;
}

static void store_int(const struct lf_field *f, void *dst, long n)
{
	char *m = (char *)dst + f->off;

	if (f->size == sizeof(int))
		*(int *)m = n;
	else if (f->size == sizeof(long))
		*(long *)m = n;
}

/* One field of a plain type, kept if the schema says so. */
static bool get_field(json_t *o, const struct lf_field *f, void *dst,
		      struct lf_parse *p)
{
	const char *s = NULL;
	bool ok, b;
	long n;

	switch (f->type) {
	case LF_T_TEXT:
		ok = lf_get_str(o, f->key, &s, p);
		break;
	case LF_T_PATH:
		ok = lf_get_path(o, f->key, &s, p);
		break;
	case LF_T_FUNCTION:
	case LF_T_CALLEE:
		ok = lf_rec_function(json_object_get(o, f->key), f->key,
				  f->type == LF_T_CALLEE, true, &s, p);
		break;
	case LF_T_API:
		ok = lf_get_api(o, f->key, &s, p);
		break;
	case LF_T_LOCK:
		/* lock_kind, checked before, gives the grammar */
		ok = lf_get_lock(o, f->key, f->any_lock ? NULL :
				 json_string_value(json_object_get(o, "lock_kind")),
				 &s, p);
		break;
	case LF_T_IDENT:
		ok = lf_get_ident(o, f->key, &s, p);
		break;
	case LF_T_TYPE:
		ok = lf_get_type(o, f->key, &s, p);
		break;
	case LF_T_ENUM:
		ok = lf_get_enum(o, f->key, f->set, &s, p);
		break;
	case LF_T_INT:
		if (!lf_get_range(o, f->key, f->lo, f->hi, &n, p))
			return false;
		store_int(f, dst, n);
		return true;
	case LF_T_BOOL:
		if (!lf_get_bool(o, f->key, &b, p))
			return false;
		if (f->size)
			*(bool *)((char *)dst + f->off) = b;
		return true;
	default:
		lf_die("internal error: schema/records.def: '%s' of '%s' needs "
		       "a hook", f->key, owner_what[f->owner]);
	}
	if (ok && f->size)
		*(const char **)((char *)dst + f->off) = s;
	return ok;
}

/*
 * Every field of OWNER in O, in the schema's order; the arrays last, so
 * that a record's own fields are checked before its lists.
 */
static bool parse_fields(json_t *o, enum lf_owner owner, void *dst,
			 struct lf_parse *p)
{
	const struct lf_field *f = fields + first[owner];
	const struct lf_field *end = f + count[owner];
	struct { const struct lf_field *f; json_t *v; } lists[LF_LISTS_MAX];
	size_t nlists = 0;

	for (; f < end; f++) {
		enum lf_presence pr = f->presence;
		bool list = f->type == LF_T_ARRAY || f->type == LF_T_TUPLES;
		json_t *v = json_object_get(o, f->key);

		if (f->hook && !list) {
			if (!f->hook(o, dst, p))
				return false;
			continue;
		}
		if (pr == LF_P_IF || pr == LF_P_ALT || pr == LF_P_UNREAD)
			continue;
		if (!v && pr != LF_P_REQ && pr != LF_P_NULL_ENDS) {
			if (pr == LF_P_OPT_NULL_ENDS)
				break;
			if (f->type == LF_T_INT)
				store_int(f, dst, -1);
			continue;
		}
		if (json_is_null(v) && pr == LF_P_OPT_NULL)
			continue;
		if (json_is_null(v) &&
		    (pr == LF_P_NULL_ENDS || pr == LF_P_OPT_NULL_ENDS))
			break;
		if (!list) {
			if (!get_field(o, f, dst, p))
				return false;
			continue;
		}
		if (!lf_get_array(o, f->key, &v, p))
			return false;
		if (f->hook) {	/* bind_schema(): at most LF_LISTS_MAX */
			lists[nlists].f = f;
			lists[nlists++].v = v;
		}
	}
	for (size_t i = 0; i < nlists; i++)
		if (!lists[i].f->hook(lists[i].v, dst, p))
			return false;
	return true;
}

/* The common fields, then the kind's own. */
bool lf_record_parse(json_t *o, struct lf_rec *r, struct lf_parse *p)
{
	static const struct {
		const char *name;
		enum lf_rec_kind kind;
		enum lf_owner owner;
	} kinds[] = {
#define LF_KIND(kind, KIND) { #kind, LF_REC_##KIND, LF_OWN_##kind },
#include "schema/records.def"
	};
	const char *record;
	long v;

	bind_schema();
	p->what = owner_what[LF_OWN_record];
	if (!json_is_object(o)) {
		p->err = xstrdup("not a JSON object");
		return false;
	}
	if (!lf_get_range(o, "v", LF_RANGE_COUNT, &v, p) ||
	    !lf_get_str(o, "record", &record, p))
		return false;
	if (v != LF_RECORD_VERSION) {
		p->err = xasprintf("record format version %ld, this lockfit reads %d",
				   v, LF_RECORD_VERSION);
		return false;
	}
	for (size_t i = 0; i < ARRAY_SIZE(kinds); i++) {
		if (strcmp(kinds[i].name, record))
			continue;
		/* the kind first: a bad tu record is no cut file */
		r->kind = kinds[i].kind;
		p->what = kinds[i].name;
		unit_tu = NULL;
		if (!parse_fields(o, LF_OWN_record, r, p))
			return false;
		unit_tu = r->tu;
		if (!parse_fields(o, kinds[i].owner, r, p))
			return false;
		/* a calls record names its file only when it is not the unit */
		if (r->kind == LF_REC_CALLS && !r->file)
			r->file = r->tu;
		return true;
	}
	p->err = xasprintf("unknown record kind '%s'", record);
	return false;
}

/* The hooks, in the order of schema/records.def. */

/* Where the lock is declared: optional ("decl" is absent for param and
 * local locks); only the file matters to a rewrite. */
static bool hook_decl(json_t *o, void *dst, struct lf_parse *p)
{
	json_t *decl = json_object_get(o, "decl");
	const char *what = p->what;

	if (!decl)
		return true;
	if (!json_is_object(decl)) {
		p->err = xstrdup("'decl' is not an object");
		return false;
	}
	p->what = owner_what[LF_OWN_decl];
	if (!parse_fields(decl, LF_OWN_decl, dst, p))
		return false;
	p->what = what;
	return true;
}

/* TUPLE's elements as the fields of OWNER, in the schema's order (the
 * new reference, or NULL after a message if there are too many). */
static json_t *tuple_object(json_t *tuple, enum lf_owner owner,
			    const char *key, const char *list, struct lf_parse *p)
{
	const struct lf_field *f = fields + first[owner];
	json_t *o, *e;
	size_t i;

	if (json_array_size(tuple) > count[owner]) {
		lf_fail(p, key, list);
		return NULL;
	}
	o = json_object();
	json_array_foreach(tuple, i, e)
		json_object_set(o, f[i].key, e);
	return o;
}

/* List element E of KEY, an object or (smaller) the list LIST of OWNER's
 * fields in the schema's order, parsed into DST. */
static bool parse_item(json_t *e, enum lf_owner owner, const char *key,
		       const char *list, void *dst, struct lf_parse *p)
{
	json_t *o = json_is_array(e) ? tuple_object(e, owner, key, list, p) :
		    json_incref(e);
	bool ok = o && parse_fields(o, owner, dst, p);

	json_decref(o);
	return ok;
}

static bool hook_releases(json_t *arr, void *dst, struct lf_parse *p)
{
	struct lf_rec *r = dst;
	size_t i;
	json_t *e;

	p->what = owner_what[LF_OWN_release];
	json_array_foreach(arr, i, e) {
		struct lf_release rel;

		if (!parse_item(e, LF_OWN_release, "releases",
				"a list of [line, primitive]", &rel, p))
			return false;
		VEC_PUSH(&r->releases, rel.line);
	}
	return true;
}

/*
 * A call's "cost" is null when its body is not known: nothing follows.
 * Each call is an object, or (smaller) the list of its fields in the
 * schema's order.
 */
static bool hook_calls(json_t *arr, void *dst, struct lf_parse *p)
{
	struct lf_rec *r = dst;
	size_t i;
	json_t *e;

	p->what = owner_what[LF_OWN_section_call];
	json_array_foreach(arr, i, e) {
		struct lf_call c = { 0 };
		json_t *o = json_is_array(e) ? tuple_object(e,
			LF_OWN_section_call, "calls",
			"a list of [callee, line, cost, cost_known, loop]", p) :
			json_incref(e);
		bool ok = o && parse_fields(o, LF_OWN_section_call, &c, p);

		if (ok)
			c.known_body = !json_is_null(json_object_get(o, "cost"));
		json_decref(o);
		if (!ok)
			return false;
		VEC_PUSH(&r->calls, c);
	}
	return true;
}

/* A list of [name, line] (or objects) into OUT as struct lf_call. */
static bool name_lines(json_t *arr, enum lf_owner owner, const char *key,
		       const char *list, struct lf_parse *p,
		       struct lf_rec *r, bool writes)
{
	size_t i;
	json_t *e;

	p->what = owner_what[owner];
	json_array_foreach(arr, i, e) {
		struct lf_call c = { 0 };

		if (!parse_item(e, owner, key, list, &c, p))
			return false;
		if (writes)
			VEC_PUSH(&r->writes, c);
		else
			VEC_PUSH(&r->retry, c);
	}
	return true;
}

static bool hook_writes(json_t *arr, void *dst, struct lf_parse *p)
{
	return name_lines(arr, LF_OWN_write, "writes",
			  "a list of [what, line]", p, dst, true);
}

static bool hook_retry(json_t *arr, void *dst, struct lf_parse *p)
{
	return name_lines(arr, LF_OWN_retry_call, "retry",
			  "a list of [callee, line]", p, dst, false);
}

static bool hook_nested(json_t *arr, void *dst, struct lf_parse *p)
{
	struct lf_rec *r = dst;
	size_t i;
	json_t *e;

	p->what = owner_what[LF_OWN_nested];
	json_array_foreach(arr, i, e) {
		struct lf_nest n = { 0 };

		if (!parse_item(e, LF_OWN_nested, "nested", "a list of [lock_kind, "
				"lock, class, mode, line, via]", &n, p))
			return false;
		VEC_PUSH(&r->nested, n);
	}
	return true;
}

/* "context" as the list of the flags that are true: all are stated. */
static bool context_list(json_t *c, struct lf_rec *r, struct lf_parse *p)
{
	struct lf_context ctx = { .present = true };
	size_t i, k;
	json_t *e;

	json_array_foreach(c, i, e) {
		const struct lf_field *f = fields + first[LF_OWN_context];
		const char *s = json_string_value(e);

		for (k = 0; s && k < count[LF_OWN_context]; k++, f++)
			if (!strcmp(f->key, s))
				break;
		if (!s || k == count[LF_OWN_context])
			return lf_fail(p, "context", "a list of preempt_disabled, "
				       "irqs_disabled, bh_disabled");
		*(bool *)((char *)&ctx + f->off) = true;
	}
	r->ctx = ctx;
	return true;
}

/*
 * "context" is optional (the plugin may add it): the list of the flags
 * that are true, or (earlier plugins) an object of all three.  An
 * object that lacks a flag proves nothing, so it counts as absent:
 * never as "nothing disabled".
 */
static bool hook_context(json_t *o, void *dst, struct lf_parse *p)
{
	struct lf_rec *r = dst;
	json_t *c = json_object_get(o, "context");
	const struct lf_field *f = fields + first[LF_OWN_context];
	struct lf_context ctx = { 0 };

	if (json_is_array(c))
		return context_list(c, r, p);
	for (size_t i = 0; i < count[LF_OWN_context]; i++, f++) {
		json_t *flag = json_object_get(c, f->key);

		if (!json_is_boolean(flag))
			return true;
		*(bool *)((char *)&ctx + f->off) = json_is_true(flag);
	}
	ctx.present = true;
	r->ctx = ctx;
	return true;
}

/*
 * Bit locks: "layout", null when the word is no struct member.  Without
 * a spinlock_t in the unit the plugin cannot size one: spinlock_size is
 * null and the fields that depend on it may be left out.
 */
static bool hook_layout(json_t *o, void *dst, struct lf_parse *p)
{
	struct lf_rec *r = dst;
	json_t *lo = json_object_get(o, "layout");
	const char *what = p->what;
	struct lf_layout *l;

	if (strcmp(r->cls, "bitlock") || json_is_null(lo))
		return true;
	if (!json_is_object(lo))
		return lf_fail(p, "layout", "an object or null");
	l = xcalloc(1, sizeof(*l));
	l->spinlock_size = l->size_with_spinlock = -1;
	p->what = owner_what[LF_OWN_layout];
	if (!parse_fields(lo, LF_OWN_layout, l, p))
		return false;
	r->layout = l;
	p->what = what;
	return true;
}

static bool hook_hole(json_t *o, void *dst, struct lf_parse *p)
{
	struct lf_layout *l = dst;
	json_t *h = json_object_get(o, "hole");

	if (json_is_null(h))
		return true;
	if (!json_is_object(h))
		return lf_fail(p, "hole", "an object or null");
	l->hole = true;
	return parse_fields(h, LF_OWN_hole, l, p);
}

/* An absolute directory name: where the plugin ran */
static bool get_dir(json_t *o, const char *key, const char **out,
		    struct lf_parse *p)
{
	if (!lf_get_str(o, key, out, p))
		return false;
	return **out == '/' || lf_fail(p, key, "an absolute directory name");
}

/* "build": absent from hand-written records; else srcroot, objtree and,
 * in a kernel build, a hash of its configuration. */
static bool hook_build(json_t *o, void *dst, struct lf_parse *p)
{
	struct lf_rec *r = dst;
	json_t *b = json_object_get(o, "build");
	const char *root, *obj, *config = "none", *what = p->what;

	if (!b)
		return true;
	if (!json_is_object(b))
		return lf_fail(p, "build", "an object");
	p->what = owner_what[LF_OWN_build];
	if (!get_dir(b, "srcroot", &root, p) || !get_dir(b, "objtree", &obj, p))
		return false;
	if (json_object_get(b, "modroot") &&
	    !get_dir(b, "modroot", &r->modroot, p))
		return false;
	if (json_object_get(b, "config") &&
	    (!lf_get_str(b, "config", &config, p) ||
	     strspn(config, "0123456789abcdef") != strlen(config)))
		return lf_fail(p, "config", "a hexadecimal hash");
	r->build = xasprintf("srcroot %s, objtree %s, config %s", root, obj,
			     config);
	r->srcroot = root;
	r->objtree = obj;
	p->what = what;
	return true;
}

/* lock_wrapper: the lock it takes, or the argument its callers pass it in */
static bool hook_wrapper_lock(json_t *o, void *dst, struct lf_parse *p)
{
	struct lf_rec *r = dst;
	long arg;

	if (json_object_get(o, "lock") || !json_object_get(o, "arg"))
		return lf_get_lock(o, "lock", NULL, &r->lock, p);
	if (!lf_get_range(o, "arg", LF_RANGE_ARG, &arg, p))
		return false;
	r->arg = arg;
	return true;
}

/*
 * arch_spin: each status has its own hows.  "unbalanced" (preemption
 * turned back on later without being turned off first) and "enabled"
 * carry enabled_line as well.
 */
static bool hook_how(json_t *o, void *dst, struct lf_parse *p)
{
#define PAIR(status, how) { #status, #how },
	static const char *const hows[][2] = { LF_ENUM_HOW(PAIR) };
	struct lf_rec *r = dst;
	size_t i = 0;
	long line;

	if (!lf_get_str(o, "how", &r->how, p))
		return false;
	while (i < ARRAY_SIZE(hows) && (strcmp(hows[i][0], r->status) ||
					strcmp(hows[i][1], r->how)))
		i++;
	if (i == ARRAY_SIZE(hows))
		return lf_bad_enum(p, "how", r->how);
	if (strcmp(r->how, "enabled") && strcmp(r->how, "unbalanced"))
		return true;
	if (!lf_get_range(o, "enabled_line", LF_RANGE_LINE, &line, p))
		return false;
	r->enabled_line = line;
	return true;
}
