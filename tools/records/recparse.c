// SPDX-License-Identifier: GPL-2.0
/*
 * recparse.c - the field checks of every record: a field of the wanted
 * JSON type and form, or a message naming the record kind and field.
 *
 * Records may come from anywhere (a CI artifact, a cache), and what they
 * say reaches terminals, CI logs, patches and file names.  So every
 * string and number passes through here once, at load time, and must
 * have the form docs/RECORDS.md gives it: text without control
 * characters, file names inside the tree, lock and function names of the
 * identity grammar, numbers in range.
 */
#include <string.h>
#include <jansson.h>
#include "lib/util.h"
#include "schema/records.h"
#include "records/recparse.h"

bool lf_fail(struct lf_parse *p, const char *key, const char *type)
{
	if (!p->err)
		p->err = xasprintf("%s record: '%s' is missing or not %s",
				   p->what, key, type);
	return false;
}

/* A value of the right type but the wrong form.  S has been checked for
 * control characters, so it can be quoted; a long one is cut. */
static bool bad_form(struct lf_parse *p, const char *key, const char *s,
		     const char *form)
{
	if (!p->err)
		p->err = xasprintf("%s record: '%s' is not %s: '%.200s%s'",
				   p->what, key, form, s,
				   strlen(s) > 200 ? "..." : "");
	return false;
}

/*
 * Text that is safe to print: jansson has checked it is UTF-8 without
 * NUL; refuse the C0 controls, DEL and the C1 controls (U+0080..U+009F,
 * which some terminals obey as escape sequences).  Never empty: no field
 * of any record is.
 */
bool lf_check_text(const char *s, const char *key, struct lf_parse *p)
{
	const unsigned char *u = (const unsigned char *)s;

	if (!*u) {
		if (!p->err)
			p->err = xasprintf("%s record: '%s' is empty", p->what, key);
		return false;
	}
	for (size_t i = 0; u[i]; i++) {
		if (u[i] >= 0x20 && u[i] != 0x7f &&
		    !(u[i] == 0xc2 && u[i + 1] >= 0x80 && u[i + 1] <= 0x9f))
			continue;
		if (!p->err)
			p->err = xasprintf("%s record: '%s' has a control character "
					   "(byte 0x%02x at offset %zu)", p->what,
					   key, u[i] == 0xc2 ? u[i + 1] : u[i], i);
		return false;
	}
	return true;
}

bool lf_get_str(json_t *o, const char *key, const char **out, struct lf_parse *p)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_string(v))
		return lf_fail(p, key, "a string");
	*out = json_string_value(v);
	if (!lf_check_text(*out, key, p))
		return false;
	/* the record outlives its JSON (recdir.c) */
	*out = lf_intern(*out);
	return true;
}

bool lf_get_range(json_t *o, const char *key, long lo, long hi, long *out,
	       struct lf_parse *p)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_integer(v))
		return lf_fail(p, key, "an integer");
	if (json_integer_value(v) < lo || json_integer_value(v) > hi) {
		if (!p->err)
			p->err = xasprintf("%s record: '%s' is %" JSON_INTEGER_FORMAT
					   ", out of range (%ld to %ld)", p->what,
					   key, json_integer_value(v), lo, hi);
		return false;
	}
	*out = json_integer_value(v);
	return true;
}

bool lf_get_bool(json_t *o, const char *key, bool *out, struct lf_parse *p)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_boolean(v))
		return lf_fail(p, key, "true or false");
	*out = json_is_true(v);
	return true;
}

bool lf_get_array(json_t *o, const char *key, json_t **out, struct lf_parse *p)
{
	*out = json_object_get(o, key);
	if (!json_is_array(*out))
		return lf_fail(p, key, "an array");
	return true;
}

bool lf_get_enum(json_t *o, const char *key, const char *const *set,
	      const char **out, struct lf_parse *p)
{
	if (!lf_get_str(o, key, out, p))
		return false;
	for (; *set; set++)
		if (!strcmp(*set, *out))
			return true;
	return lf_bad_enum(p, key, *out);
}

bool lf_bad_enum(struct lf_parse *p, const char *key, const char *value)
{
	if (!p->err)
		p->err = xasprintf("%s record: unknown %s '%s'", p->what, key, value);
	return false;
}

#define NAME(value) #value,
const char *const lf_lock_kinds[] = { LF_ENUM_LOCK_KIND(NAME) NULL };

/* The identity grammar (docs/RECORDS.md, "Names"): each matcher takes
 * [S, E) and says whether all of it has the form. */

static bool is_ident_char(char c, bool first)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	       c == '$' || (!first && c >= '0' && c <= '9');
}

/* A C identifier */
static bool ident(const char *s, const char *e)
{
	if (s == e || !is_ident_char(*s, true))
		return false;
	while (++s < e)
		if (!is_ident_char(*s, false))
			return false;
	return true;
}

static bool digits(const char *s, const char *e)
{
	if (s == e || (*s == '0' && e - s > 1))
		return false;
	for (; s < e; s++)
		if (*s < '0' || *s > '9')
			return false;
	return true;
}

static const char *find(const char *s, const char *e, const char *what)
{
	size_t n = strlen(what);

	for (; s + n <= e; s++)
		if (!memcmp(s, what, n))
			return s;
	return NULL;
}

static const char *rfind(const char *s, const char *e, char c)
{
	while (e > s)
		if (*--e == c)
			return e;
	return NULL;
}

static bool starts(const char **s, const char *e, const char *prefix)
{
	size_t n = strlen(prefix);

	if ((size_t)(e - *s) < n || memcmp(*s, prefix, n))
		return false;
	*s += n;
	return true;
}

/* Did a file name of the module directory pass since the last call? */
static bool modroot_named;

bool lf_modroot_named(void)
{
	bool was = modroot_named;

	modroot_named = false;
	return was;
}

/*
 * A file name inside the tree: relative, normalised ("a/b.c", never
 * "/a", "./a", "a/../b", "a//b" or "a/"), and without ':' (the
 * separator of the identities that start with a unit's name).  "$M/"
 * and such a name: one inside the module directory; no other name
 * starts with '$' (schema/records.h LF_MODROOT_TAG).
 */
static bool path(const char *s, const char *e)
{
	size_t tag = strlen(LF_MODROOT_TAG);
	const char *c = s;

	if (s < e && *s == '$') {
		if ((size_t)(e - s) <= tag + 1 || memcmp(s, LF_MODROOT_TAG, tag) ||
		    s[tag] != '/' || s[tag + 1] == '$')
			return false;
		modroot_named = true;
		s = c = s + tag + 1;
	}
	if (s == e)
		return false;
	for (const char *q = s; q <= e; q++) {
		if (q < e && *q == ':')
			return false;
		if (q < e && *q != '/')
			continue;
		if (q == c || (q - c == 1 && c[0] == '.') ||
		    (q - c == 2 && c[0] == '.' && c[1] == '.'))
			return false;
		c = q + 1;
	}
	return true;
}

/* NAME or TU:NAME; a callee may also be "<indirect>" */
static bool function(const char *s, const char *e, bool callee)
{
	const char *colon = rfind(s, e, ':');
	const char *name = colon ? colon + 1 : s;
	size_t n = e - name;

	if (colon && !path(s, colon))
		return false;
	if (n == 11 && !memcmp(name, "<anonymous>", 11))
		return true;
	if (callee && !colon && n == 10 && !memcmp(name, "<indirect>", 10))
		return true;
	return ident(name, e);
}

/* IDENT, then identifier characters and "[]" (members of an unnamed
 * struct are appended as they come, an array element is "[]") */
static bool var(const char *s, const char *e)
{
	if (s == e || !is_ident_char(*s, true))
		return false;
	for (s++; s < e;) {
		if (starts(&s, e, "[]"))
			continue;
		if (!is_ident_char(*s++, false))
			return false;
	}
	return true;
}

/* "struct tag", "union tag" or a typedef name */
static bool type(const char *s, const char *e)
{
	if (!starts(&s, e, "struct "))
		starts(&s, e, "union ");
	return ident(s, e);
}

/* TYPE::member, member.member, member[] */
static bool member(const char *s, const char *e, bool bit)
{
	const char *sep = find(s, e, "::");

	if (!sep)	/* a bucket pointer whose low bit is the lock */
		return bit && e - s > 2 && !memcmp(e - 2, " *", 2) &&
		       type(s, e - 2);
	if (!type(s, sep))
		return false;
	s = sep + 2;
	for (const char *c = s;; s++) {
		if (s < e && *s != '.' && *s != '[')
			continue;
		if (!ident(c, s))
			return false;
		while (starts(&s, e, "[]"))
			;
		if (s == e)
			return true;
		if (*s != '.')
			return false;
		c = s + 1;
	}
}

/* TU:var or TU:function:var */
static bool static_var(const char *s, const char *e)
{
	const char *colon = memchr(s, ':', e - s), *fn;

	if (!colon || !path(s, colon))
		return false;
	s = colon + 1;
	fn = memchr(s, ':', e - s);
	if (fn && !ident(s, fn))
		return false;
	return var(fn ? fn + 1 : s, e);
}

bool lf_lock_id_ok(const char *id, const char *kind)
{
	const char *s = id, *e = id + strlen(id), *bit = find(s, e, " bit ");
	const char *colon;

	/* " bit N": the bit as the source spelled it, trimmed */
	if (bit) {
		const char *b = bit + 5;

		if (b == e || b[0] == ' ' || e[-1] == ' ')
			return false;
		e = bit;
	}
	if (!strcmp(kind, "unknown"))
		return e - s == 1 && *s == '?';
	if (!strcmp(kind, "local"))
		return starts(&s, e, "local:") &&
		       (colon = rfind(s, e, ':')) &&
		       function(s, colon, false) && ident(colon + 1, e);
	/* a lock reached through a pointer: "*" per load */
	while (s < e && *s == '*')
		s++;
	if (!strcmp(kind, "param"))
		return starts(&s, e, "param:") &&
		       (colon = rfind(s, e, ':')) &&
		       function(s, colon, false) && digits(colon + 1, e);
	/* an element of an array reached through a pointer: "[]" */
	while (e - s > 2 && !memcmp(e - 2, "[]", 2))
		e -= 2;
	if (!strcmp(kind, "global"))
		return var(s, e);
	if (!strcmp(kind, "static"))
		return static_var(s, e);
	if (!strcmp(kind, "member"))
		return member(s, e, bit != NULL);
	return false;
}

bool lf_get_lock(json_t *o, const char *key, const char *kind, const char **out,
	      struct lf_parse *p)
{
	if (!lf_get_str(o, key, out, p))
		return false;
	if (kind && lf_lock_id_ok(*out, kind))
		return true;
	for (const char *const *k = lf_lock_kinds; !kind && *k; k++)
		if (lf_lock_id_ok(*out, *k))
			return true;
	if (!p->err)
		p->err = xasprintf("%s record: '%s' is not a%s%s lock identity "
				   "(docs/RECORDS.md): '%.200s%s'", p->what, key,
				   kind ? " " : "", kind ? kind : "", *out,
				   strlen(*out) > 200 ? "..." : "");
	return false;
}

bool lf_check_path(const char *s, const char *key, struct lf_parse *p)
{
	if (!lf_check_text(s, key, p))
		return false;
	if (path(s, s + strlen(s)))
		return true;
	if (*s == '$')
		return bad_form(p, key, s, "a file name inside the module "
				"directory (\"" LF_MODROOT_TAG "/\" and a relative, "
				"normalised name)");
	return bad_form(p, key, s, "a relative, normalised file name inside "
			"the tree");
}

bool lf_get_path(json_t *o, const char *key, const char **out, struct lf_parse *p)
{
	return lf_get_str(o, key, out, p) && lf_check_path(*out, key, p);
}

bool lf_check_function(const char *s, const char *key, bool callee,
		    struct lf_parse *p)
{
	if (!lf_check_text(s, key, p))
		return false;
	if (function(s, s + strlen(s), callee))
		return true;
	return bad_form(p, key, s, "a function name (NAME or TU:NAME)");
}

bool lf_get_function(json_t *o, const char *key, bool callee, const char **out,
		  struct lf_parse *p)
{
	return lf_get_str(o, key, out, p) && lf_check_function(*out, key, callee, p);
}

/* What the developer wrote: a function name, or a cleanup.h guard as
 * rules/primitives.tbl spells it, guard(CLASS). */
bool lf_get_api(json_t *o, const char *key, const char **out, struct lf_parse *p)
{
	const char *s, *e;

	if (!lf_get_str(o, key, out, p))
		return false;
	s = *out;
	e = s + strlen(s);
	if (function(s, e, false) ||
	    (e - s > 7 && !memcmp(s, "guard(", 6) && e[-1] == ')' &&
	     ident(s + 6, e - 1)))
		return true;
	return bad_form(p, key, s, "a function name or guard(CLASS)");
}

bool lf_get_ident(json_t *o, const char *key, const char **out, struct lf_parse *p)
{
	if (!lf_get_str(o, key, out, p))
		return false;
	if (ident(*out, *out + strlen(*out)))
		return true;
	return bad_form(p, key, *out, "an identifier");
}

bool lf_get_type(json_t *o, const char *key, const char **out, struct lf_parse *p)
{
	if (!lf_get_str(o, key, out, p))
		return false;
	if (type(*out, *out + strlen(*out)))
		return true;
	return bad_form(p, key, *out, "a type name");
}
