// SPDX-License-Identifier: GPL-2.0
/*
 * recparse.c - the field checks every record parser shares: a field of
 * the wanted JSON type, or a message naming the record kind and field.
 */
#include <string.h>
#include <jansson.h>
#include "util.h"
#include "recparse.h"

bool fail(struct parse *p, const char *key, const char *type)
{
	if (!p->err)
		p->err = xasprintf("%s record: '%s' is missing or not %s",
				   p->what, key, type);
	return false;
}

bool get_str(json_t *o, const char *key, const char **out, struct parse *p)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_string(v))
		return fail(p, key, "a string");
	*out = json_string_value(v);
	return true;
}

bool get_int(json_t *o, const char *key, long *out, struct parse *p)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_integer(v))
		return fail(p, key, "an integer");
	*out = json_integer_value(v);
	return true;
}

bool get_line(json_t *o, const char *key, int *out, struct parse *p)
{
	long v;

	if (!get_int(o, key, &v, p))
		return false;
	if (v < 0 || v > 100000000)
		return fail(p, key, "a line or column number");
	*out = v;
	return true;
}

bool get_bool(json_t *o, const char *key, bool *out, struct parse *p)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_boolean(v))
		return fail(p, key, "true or false");
	*out = json_is_true(v);
	return true;
}

bool get_array(json_t *o, const char *key, json_t **out, struct parse *p)
{
	*out = json_object_get(o, key);
	if (!json_is_array(*out))
		return fail(p, key, "an array");
	return true;
}

bool get_enum(json_t *o, const char *key, const char *const *set,
	      const char **out, struct parse *p)
{
	if (!get_str(o, key, out, p))
		return false;
	for (; *set; set++)
		if (!strcmp(*set, *out))
			return true;
	if (!p->err)
		p->err = xasprintf("%s record: unknown %s '%s'", p->what, key, *out);
	return false;
}

const char *const lf_lock_kinds[] = {
	"global", "static", "member", "param", "local", "unknown", NULL,
};
const char *const lf_modes[] = { "read", "write", "excl", NULL };

bool get_place(json_t *o, struct lf_rec *r, struct parse *p)
{
	return get_str(o, "file", &r->file, p) &&
	       get_line(o, "line", &r->line, p) &&
	       get_line(o, "column", &r->column, p) &&
	       get_str(o, "function", &r->function, p);
}
