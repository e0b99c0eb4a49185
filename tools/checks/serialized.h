/* SPDX-License-Identifier: GPL-2.0 */
/*
 * serialized.h - exclusive locks held around an rwlock's sites
 * (serialized.c): lock-order edges in one unit, the calls records and
 * rules/primitives.tbl's exclusive takes across units.
 */
#ifndef LOCKFIT_SERIALIZED_H
#define LOCKFIT_SERIALIZED_H

#include <stdbool.h>
#include "analysis/lockorder.h"

struct lf_analysis;
struct lf_lock;
struct lf_rec;

/* Places quoted in one message */
#define LF_SERIAL_SHOWN 3

struct lf_edges {
	const struct lf_edge **v;
	size_t n, cap;
};

/* Is LOCK the outer lock of an edge of S? */
bool lf_edges_hold(const struct lf_edges *s, const char *lock);
/* Add to OUT the edges into L from an exclusive lock held around site R,
 * where R takes L in MODE ("read", "write"): in R's function at R's line,
 * or by a call of R's function made while holding it. */
void lf_held_around(const struct lf_analysis *a, const struct lf_lock *l,
		    const struct lf_rec *r, const char *mode, struct lf_edges *out);
/* Readers that never overlap: one exclusive lock held at every read
 * site of L.  *DETAIL says which and where, or the site that lacks one. */
bool lf_rule_serialized(const struct lf_lock *l, const struct lf_analysis *a,
			char **detail);

#endif
