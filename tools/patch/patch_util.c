// SPDX-License-Identifier: GPL-2.0
/*
 * patch_util.c - the head of a text and a clock for lockfit patch.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "lib/util.h"
#include "patch/patch.h"

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
