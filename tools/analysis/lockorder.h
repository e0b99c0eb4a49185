/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lockorder.h - the lock-order graph: an edge H -> N for each lock N
 * acquired while H is held (a section's "nested" list), across all files.
 */
#ifndef LOCKFIT_LOCKORDER_H
#define LOCKFIT_LOCKORDER_H

#include "analysis/locks.h"

struct lf_edge {
	const char *from, *to;		/* real lock identities */
	const char *from_cls, *to_cls;
	const char *from_mode, *to_mode;
	const struct lf_rec *held;	/* the section that holds FROM */
	int line;			/* where TO is taken, in held->file */
	const char *via;		/* inside this callee (a call at LINE) */
};

struct lf_edgelist {
	const struct lf_edge **v;
	size_t n, cap;
};

struct lf_graph {
	struct { struct lf_edge *v; size_t n, cap; } edges;
	struct strmap *out, *in;	/* lock -> struct lf_edgelist */
};

void lf_graph_build(const struct lf_records *recs, const struct lf_locks *ls,
		    struct lf_graph *g);

const struct lf_edgelist *lf_edges_out(const struct lf_graph *g, const char *lock);
const struct lf_edgelist *lf_edges_in(const struct lf_graph *g, const char *lock);

/*
 * Cycles back to LOCK that leave it read-held and come back to take it
 * for read: harmless while LOCK is an rwlock (readers share), an ABBA
 * deadlock once it is a spinlock.  One cycle (the shortest) per first
 * hop, edges in order; the cycles are appended to OUT.
 */
struct lf_cycles {
	struct lf_edgelist *v;
	size_t n, cap;
};
void lf_read_cycles(const struct lf_graph *g, const char *lock,
		    struct lf_cycles *out);

#endif
