/* SPDX-License-Identifier: GPL-2.0 */
/*
 * strv.h - a list of strings the list owns (strv.c): file lists, command
 * arguments, options.
 */
#ifndef LOCKFIT_STRV_H
#define LOCKFIT_STRV_H

#include <stdbool.h>
#include <stddef.h>

struct lf_strv {
	char **v;
	size_t n, cap;
};

void lf_strv_add(struct lf_strv *s, const char *str);
/* Add STR unless it is there already. */
void lf_strv_add_unique(struct lf_strv *s, const char *str);
bool lf_strv_has(const struct lf_strv *s, const char *str);
void lf_strv_sort(struct lf_strv *s);

#endif
