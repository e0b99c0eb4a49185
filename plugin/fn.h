/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fn.h - one function's lock events, locks and sections: what the tracker
 * fills (events.c, lock_wrapper.c, tracker.c) and the checks read.
 */
#ifndef LOCKFIT_FN_H
#define LOCKFIT_FN_H

#include "compat.h"
#include "rules.h"
#include "lockid.h"
#include "cost.h"

struct lf_event {
	gimple *stmt;
	const struct lf_primitive *prim;
	enum lf_class cls;	/* the lock's type says, else the primitive */
	int lock;		/* index into lf_fn::locks, -1: no lock */
	int site;		/* acquire site number, -1 for other events */
	edge taken;		/* try: edge on which the lock is held */
	bool try_unresolved;	/* try whose result we could not follow */
	bool returns_taken;	/* an open-coded bit lock that does not spin,
				   whose function returns whether it took
				   it: a trylock (7.2's zram slot_trylock()) */
	tree guard;		/* guard() object a constructor fills or a
				   destructor empties */
	bool guard_bound;	/* a guard's constructor and destructor,
				   paired here: the destructor ends that
				   section only, and is a no-op where a
				   conditional guard failed */
	tree record, field;	/* bit locks: the struct and word holding the bit */
	location_t loc;
};

/* A call made while the section's lock is held. */
struct lf_held_call {
	gimple *stmt;
	tree callee;		/* NULL: indirect call */
	const struct lf_summary *sum;	/* NULL: body not here */
};

/* A lock taken while held, inside a called function's body. */
struct lf_nested_via {
	gimple *stmt;			/* the call */
	tree callee;
	const struct lf_summary_lock *lock;
};

struct lf_section {
	int acquire;			/* event index */
	auto_vec<int> releases;		/* event indices */
	auto_vec<int> nested;		/* acquire events while held */
	auto_vec<struct lf_nested_via> nested_via;
	auto_vec<tree> released_in;	/* callees that drop this lock */
	auto_vec<struct lf_held_call> calls;
	auto_vec<gimple *> writes;	/* updates of shared state while held */
	int cost;			/* longest acyclic path, est. insns */
	bool cost_known;		/* no call of unknown length */
	bool loop;			/* a cycle while held */
	bool reacquired;		/* same lock acquired again ... */
	bool recursive;			/* ... and no callee dropped it first */
	bool open_at_exit;		/* held when the function returns */
};

/* A call that hands a lock to another function: binds param:F:N. */
struct lf_lockarg {
	gimple *stmt;
	tree callee;
	int arg;			/* 1-based */
	int lock;
};

struct lf_fn {
	struct function *fun;
	auto_vec<struct lf_lockid> locks;
	auto_vec<struct lf_event> events;
	auto_vec<struct lf_section *> sections;
	auto_vec<int> release_only;	/* releases nothing here acquired */
	auto_vec<int> unresolved;	/* lock events with an unknown lock */
	auto_vec<struct lf_lockarg> lockargs;
	int nsites;
	/* This function is itself a lock primitive: it returns holding
	 * (or having released) a lock it was not given as such. */
	const struct lf_primitive *wrapper;
};

#endif /* LOCKFIT_FN_H */
