// SPDX-License-Identifier: GPL-2.0
/*
 * checker.c - the checkers, in the order of the report's sections.
 */
#include <string.h>
#include "lib/util.h"
#include "checks/checker.h"

const struct lf_checker *const lf_checkers[] = {
	&lf_checker_rwlock,
	&lf_checker_archspin,
	&lf_checker_bitlock,
};
const size_t lf_ncheckers = ARRAY_SIZE(lf_checkers);

const struct lf_check *lf_check_find(const char *name, int *index)
{
	int n = 0;

	for (size_t i = 0; i < lf_ncheckers; i++)
		for (size_t j = 0; j < lf_checkers[i]->nchecks; j++, n++)
			if (!strcmp(lf_checkers[i]->checks[j].name, name)) {
				if (index)
					*index = n;
				return &lf_checkers[i]->checks[j];
			}
	return NULL;
}

const char *lf_check_help(const char *name)
{
	const struct lf_check *c = lf_check_find(name, NULL);

	return c ? c->help : "";
}
