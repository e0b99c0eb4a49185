/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rules.h - the parts of rules/ the tool reads at run time: thresholds
 * and the api names of rules/primitives.tbl.  Nothing is compiled in:
 * the rules directory is $LOCKFIT_RULES, else LOCKFIT_ROOT "/rules".
 */
#ifndef LOCKFIT_RULES_H
#define LOCKFIT_RULES_H

#include <stdbool.h>

struct lf_rules {
	const char *dir;
	long rwlock_short_cost;
	long percpu_max_write_sites;
	long percpu_min_read_per_write;
	long percpu_min_read_cost;
	long percpu_hot_percent;
	struct strmap *apis;	/* "class api" -> non-NULL */
};

/* Load rules/thresholds.tbl and rules/primitives.tbl; exits 2 on error. */
void lf_rules_load(struct lf_rules *r);

/* Does primitives.tbl list API as something a developer writes for CLASS? */
bool lf_rules_has_api(const struct lf_rules *r, const char *cls, const char *api);

#endif
