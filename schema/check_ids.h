/* SPDX-License-Identifier: GPL-2.0 */
/*
 * schema/check_ids.h - the checks of schema/checks.def by number, for the
 * plugin (C++) and the tool (C11) alike: LF_CHECK_rwlock_spinlock ... in
 * the order of the registry; and the facts a check module may ask of
 * the pipeline (its LF_FACTS row there).
 */
#ifndef LOCKFIT_SCHEMA_CHECK_IDS_H
#define LOCKFIT_SCHEMA_CHECK_IDS_H

enum lf_check_id {
#define LF_CHECK(module, name, id, warn, summary, help) LF_CHECK_##name,
#include "checks.def"
	LF_NCHECKS
};

/*
 * The facts a check module asks (checks.def's LF_FACTS), served for the
 * locks of the classes it judges (rules/classes.tbl's judged column), by
 * whichever part of lockfit computes them; none of those parts names a
 * check.
 */
enum lf_fact {
	/* the tool groups its classes' section and release_only records
	 * by lock (analysis/locks.c: a->locks), with the lock order
	 * between them (analysis/lockorder.c) */
	LF_FACT_LOCKS = 1u << 0,
	/* every use of those locks in the whole source tree, handed to its
	 * cov_ask and cov_apply (coverage/); needs LF_FACT_LOCKS */
	LF_FACT_COVERAGE = 1u << 1,
	/* lock_stat's classes matched to those locks (analysis/runtime.c,
	 * --lock-stat); needs LF_FACT_LOCKS */
	LF_FACT_LOCKSTAT = 1u << 2,
	/* the plugin keeps the calls from hot entry points to the
	 * functions with a section of its classes (plugin/calls.c), for
	 * where code runs (analysis/where.c) */
	LF_FACT_HOT_SECTIONS = 1u << 3,
	/* ... and to those with a release of its classes without its
	 * acquire (a release_only record) */
	LF_FACT_HOT_RELEASES = 1u << 4,
	/* the plugin keeps the calls that may reach its sites as their
	 * caller left the context (plugin/calls.c's "entry" calls) */
	LF_FACT_CALLERS = 1u << 5,
	/* the plugin records the loop depth, the struct layout and (an
	 * open-coded spin) the waiting of its sections' acquires
	 * (plugin/emit.c, layout.c, bitlock_retry.c) */
	LF_FACT_SITE_LAYOUT = 1u << 6,
};

#endif /* LOCKFIT_SCHEMA_CHECK_IDS_H */
