// SPDX-License-Identifier: GPL-2.0
/*
 * patch_util.c - string lists, the head of a text and a clock for
 * lockfit patch.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "lib/util.h"
#include "patch/patch.h"

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

char *lf_head(const char *text, size_t n)
{
	const char *p = text ? text : "";
	size_t lines = 0;

	while (*p && lines < n) {
		const char *nl = strchr(p, '\n');

		p = nl ? nl + 1 : p + strlen(p);
		lines++;
	}
	return xasprintf("%.*s", (int)(p - (text ? text : "")), text ? text : "");
}

double lf_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}
