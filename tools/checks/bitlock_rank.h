/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bitlock_rank.h - bit spinlocks (docs/DESIGN.md section 4): how hot each one
 * is, what it costs to hold, and what to replace it with.
 */
#ifndef LOCKFIT_BITLOCK_RANK_H
#define LOCKFIT_BITLOCK_RANK_H

#include <stdbool.h>
#include <stddef.h>
#include "records/recdir.h"
#include "analysis/callgraph.h"

struct lf_analysis;

/* One acquire site (a section record outside the lock's wrappers). */
struct lf_bit_site {
	const struct lf_rec *rec;
	double hotness;		/* samples (profile) or score (static) */
	bool reached;		/* static: a hot entry reaches it (where.h) */
	bool cold;		/* static: only cold entries reach it */
	struct lf_hot hot;	/* valid when reached */
	char *why;		/* "samples 1234 (12.3%)", "static 30: ..." */
};

enum lf_bit_fix {
	LF_FIX_HOLE,		/* embed a spinlock_t in a hole */
	LF_FIX_GROW,		/* embed one, the struct grows */
	LF_FIX_HASH,		/* a hashed array of spinlocks */
	LF_FIX_NONE,		/* a sleeping bit lock: no spinlock_t */
};

struct lf_bitlock {
	const char *name, *kind;
	struct { struct lf_bit_site *v; size_t n, cap; } sites;	/* hottest first */
	/* its sections inside its lock wrappers: the primitive, not a use */
	struct { const struct lf_rec **v; size_t n, cap; } wrapped;
	const struct lf_layout *layout;	/* NULL: none recorded */
	const char *container;	/* the struct (or pointer type) holding it */
	const char *nogrow;	/* why it must not grow (bitlocks.tbl) */
	enum lf_bit_fix fix;
	char *proposal;
	char *fix_why;		/* why that one */
	double hotness;		/* samples; or the highest site score */
	long score_sum;		/* static: ties between equal highest scores */
	double share;		/* profile: percent of all samples */
	bool hot;
	char *hot_why;		/* "static score 35 >= bitlock_hot_score 20" */
	/* a waiter or holder may sleep (rules/sleeping.tbl): a sleeping
	 * bit lock, never hot, never a spinlock_t; why, or NULL */
	char *sleeps;
	/* hold cost of the sections */
	long max_cost, median_cost;
	size_t unknown_len, loops, calls;
};

struct lf_bitlocks {
	struct { struct lf_bitlock **v; size_t n, cap; } locks;	/* hottest first */
	struct strmap *byname;
	size_t sites, in_wrappers;
	size_t hot;
};

/* What the ranking reads. */
struct lf_bit_input {
	const struct lf_records *recs;
	const struct lf_rules *rules;
	const struct lf_callgraph *calls;
	const struct lf_profile *profile;	/* NULL: static scores */
	const struct lf_analysis *an;	/* where.h: where a site runs */
};

void lf_bitlocks_build(const struct lf_bit_input *in, struct lf_bitlocks *out);

/* The finding's message for site I of hot lock L. */
char *lf_bitlock_message(const struct lf_bitlock *l, size_t i);

/* What the bit-spinlock-hot checker found: its results in A
 * (check_bitlock.c), for its presenter and its patch jobs. */
struct lf_analysis;
struct lf_bitlocks *lf_bits_of(const struct lf_analysis *a);

#endif
