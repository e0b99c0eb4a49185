// SPDX-License-Identifier: GPL-2.0
/*
 * rules.c - look-ups in the generated rule tables (rules.gen.c).
 *
 * This file is compiled as part of the plugin and needs nothing from GCC:
 * plain C on the generated arrays.
 */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include "rules.h"

static int cmp_primitive(const void *key, const void *elem)
{
	return strcmp((const char *)key,
		      ((const struct lf_primitive *)elem)->name);
}

static int cmp_locktype(const void *key, const void *elem)
{
	return strcmp((const char *)key,
		      ((const struct lf_locktype *)elem)->type);
}

/* The table is sorted by name (rules/reader.c refuses it otherwise). */
const struct lf_primitive *lf_primitive_lookup(const char *name)
{
	return (const struct lf_primitive *)bsearch(name, lf_primitives,
			lf_primitives_count, sizeof(lf_primitives[0]),
			cmp_primitive);
}

const struct lf_locktype *lf_locktype_lookup(const char *type)
{
	return (const struct lf_locktype *)bsearch(type, lf_locktypes,
			lf_locktypes_count, sizeof(lf_locktypes[0]),
			cmp_locktype);
}

static int cmp_bounded(const void *key, const void *elem)
{
	return strcmp((const char *)key,
		      ((const struct lf_bounded_call *)elem)->name);
}

const struct lf_bounded_call *lf_bounded_call_lookup(const char *name)
{
	return (const struct lf_bounded_call *)bsearch(name, lf_bounded_calls,
			lf_bounded_calls_count, sizeof(lf_bounded_calls[0]),
			cmp_bounded);
}

#define NAME(name) #name,
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

const char *lf_class_name(enum lf_class cls)
{
	static const char *const names[LF_CLASS_COUNT] = { LFR_CLASSES(NAME) };

	return cls < LF_CLASS_COUNT ? names[cls] : "?";
}

/* LF_MODE_none and LF_VAR_none, "-" as in the table, then the lists */
const char *lf_mode_name(enum lf_mode mode)
{
	static const char *const names[] = { "-", LF_ENUM_MODE(NAME) };

	return (size_t)mode < ARRAY_SIZE(names) ? names[mode] : "-";
}

const char *lf_variant_name(enum lf_variant variant)
{
	static const char *const names[] = { "-", LF_ENUM_VARIANT(NAME) };

	return (size_t)variant < ARRAY_SIZE(names) ? names[variant] : "-";
}
