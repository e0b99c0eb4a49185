// SPDX-License-Identifier: GPL-2.0
/*
 * checker.c - the checkers and their checks, in the order of the report's
 * sections: schema/checks.def, the registry the plugin reads too.
 */
#include <string.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "checks/checker.h"

const struct lf_checker *const lf_checkers[] = {
#define LF_CHECKER(module, plugin, tool) &tool,
#include "schema/checks.def"
};
const size_t lf_ncheckers = ARRAY_SIZE(lf_checkers);

const struct lf_check lf_checks[LF_NCHECKS] = {
#define LF_CHECK(module, name, id, warn, summary, help) { id, summary, help },
#include "schema/checks.def"
};

const struct lf_check *lf_check_find(const char *name, int *index)
{
	for (int i = 0; i < LF_NCHECKS; i++)
		if (!strcmp(lf_checks[i].name, name)) {
			if (index)
				*index = i;
			return &lf_checks[i];
		}
	return NULL;
}

void *lf_results(const struct lf_analysis *a, const struct lf_checker *c)
{
	for (size_t i = 0; i < lf_ncheckers; i++)
		if (lf_checkers[i] == c)
			return a->results[i];
	lf_die("checker %s is not in lf_checkers[]", c->name);
}
