// SPDX-License-Identifier: GPL-2.0
/*
 * strv.c - a list of strings (strv.h).
 */
#include <string.h>
#include "lib/util.h"
#include "lib/strv.h"

void lf_strv_add(struct lf_strv *s, const char *str)
{
	VEC_PUSH(s, xstrdup(str));
}

bool lf_strv_has(const struct lf_strv *s, const char *str)
{
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->v[i], str))
			return true;
	return false;
}

void lf_strv_add_unique(struct lf_strv *s, const char *str)
{
	if (!lf_strv_has(s, str))
		lf_strv_add(s, str);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void lf_strv_sort(struct lf_strv *s)
{
	lf_sort(s->v, s->n, sizeof(*s->v), cmp_str);
}
