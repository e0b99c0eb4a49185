/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rules.h - the parts of rules/ the tool reads at run time: thresholds,
 * the api names of rules/primitives.tbl, the hot entry points of
 * rules/hotpaths.tbl and the structs of rules/bitlocks.tbl.  Nothing is compiled in:
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
	long bitlock_hot_percent;
	long bitlock_hot_score;
	struct strmap *apis;	/* "class api" -> non-NULL */
	struct strmap *hot;	/* hot entry function -> non-NULL */
	struct { const char **v; size_t n, cap; } hot_list;	/* table order */
	struct strmap *nogrow;	/* struct that must not grow -> reason */
	struct strmap *spin_calls;	/* "when api" -> spin_ name (rewrites.tbl) */
	struct strmap *rewritten;	/* "kind api": a call row that rewrites it */
};

/* Load every table; exits 2 on error. */
void lf_rules_load(struct lf_rules *r);

/* Does primitives.tbl list API as something a developer writes for CLASS? */
bool lf_rules_has_api(const struct lf_rules *r, const char *cls, const char *api);

/*
 * What rwlock API becomes in a spinlock_t rewrite (rules/rewrites.tbl):
 * with PROMOTE ("irqsave", "bh") the promoted form if the table has one,
 * else the plain mapping; "-" when the table refuses it, NULL if absent.
 */
const char *lf_rules_spin_call(const struct lf_rules *r, const char *api,
			       const char *promote);

/* Does a KIND rewrite (rewrites.tbl: spinlock, percpu_rwsem, bitlock,
 * arch_spin) replace calls of API by another call? */
bool lf_rules_rewrites_call(const struct lf_rules *r, const char *kind,
			    const char *api);

/* Is FUNCTION (a record's name: "file:name" for a static) in hotpaths.tbl? */
bool lf_rules_is_hot(const struct lf_rules *r, const char *function);

/* Why struct NAME must not grow (bitlocks.tbl), NULL if it may. */
const char *lf_rules_nogrow(const struct lf_rules *r, const char *name);

#endif
