/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tables.h - the parts of rules/ the tool uses: thresholds and weights, the
 * api names of rules/primitives.tbl, the rewrite maps of rules/rewrites.tbl,
 * the hot entry points of rules/hotpaths.tbl, the structs of
 * rules/bitlocks.tbl, the sleeping functions of rules/sleeping.tbl and
 * what each lock class is (rules/classes.tbl).  The tables are read at run time from
 * $LOCKFIT_RULES, else lockfit's own rules/ (lib/files.h), by rules/reader.c: the one
 * reader, with the checks the build runs.
 */
#ifndef LOCKFIT_TABLES_H
#define LOCKFIT_TABLES_H

#include <stdbool.h>
#include "rules/reader.h"

struct lf_rules {
	const char *dir;
	/* every row of thresholds.tbl, by name */
#define X(name, who, min, max) long name;
	LFR_THRESHOLDS(X)
#undef X
	struct strmap *apis;	/* "class api" -> non-NULL */
	struct strmap *pairs;	/* primitive -> its pair column */
	struct strmap *excl;	/* exclusive take or drop -> the take's api */
	struct strmap *classes;	/* class -> its struct lfr_class */
	struct strmap *hot;	/* hot entry function -> non-NULL */
	struct strmap *nogrow;	/* struct that must not grow -> reason */
	struct strmap *sleeping;	/* function that may sleep -> reason */
	struct strmap *rcu;	/* rcu.tbl: "KIND NAME" -> its row */
	struct strmap *calls;	/* "kind when api" -> TO's name, "-" refused */
	struct strmap *rewritten;	/* "kind api": a call row that rewrites it */
	/* lockclasses.tbl: lockdep class names that are no init expression */
	struct { const struct lfr_lockclass *v; size_t n; } lockclasses;
	/* lockcosts.tbl: per lock type, table order */
	struct { const struct lfr_lockcost *v; size_t n; } lockcosts;
	/* entrypoints.tbl: slots, calls, sections by lf_rules_entry()'s key;
	 * the macro rows in table order; the call rows that name a family
	 * (register_trace_*); the function rows by name */
	struct strmap *entries;
	struct { const struct lfr_entry **v; size_t n, cap; } macros;
	struct { const struct lfr_entry **v; size_t n, cap; } call_families;
	struct strmap *functions;
	struct strmap *user;	/* entries user space triggers: non-NULL */
	struct strmap *config;	/* entries that register, tear down, configure */
	/* the role rows, table order */
	struct { const struct lfr_entry **v; size_t n, cap; } roles;
};

/* The thresholds the plugin was built with (tools/records/rules.gen.c). */
extern const long lf_built_thresholds[LFR_T_COUNT];
extern const struct lfr_class lf_built_classes[];
extern const size_t lf_built_classes_count;

/* Load every table; exits 2 on error. */
void lf_rules_load(struct lf_rules *r);
/* Where the tables are read from: $LOCKFIT_RULES, else lockfit's rules/. */
const char *lf_rules_dir(void);

/* primitives.tbl's pair of PRIMITIVE (the acquire a release closes, ...),
 * NULL if none or not a primitive. */
const char *lf_rules_pair(const struct lf_rules *r, const char *primitive);

/* An exclusive lock primitive (a spinlock, mutex, lock_sock, a write
 * take): for a take its api, for a drop the api of the take it closes;
 * *TAKE says which.  NULL if CALLEE is neither. */
const char *lf_rules_excl(const struct lf_rules *r, const char *callee,
			  bool *take);

/* Does primitives.tbl list API as something a developer writes for CLASS? */
bool lf_rules_has_api(const struct lf_rules *r, const char *cls, const char *api);

/*
 * What API becomes in a KIND rewrite (rules/rewrites.tbl's call rows:
 * "spinlock", "percpu_rwsem", ...; for a guard site's api, guard(NAME),
 * its guard rows: guard(TO)): with PROMOTE ("irqsave", "bh") the
 * promoted form if the table has one, else the plain mapping; "-" when
 * the table refuses it, NULL if absent.
 */
const char *lf_rules_call(const struct lf_rules *r, const char *kind,
			  const char *api, const char *promote);

/* The spinlock_t mapping of an rwlock API. */
static inline const char *lf_rules_spin_call(const struct lf_rules *r,
					     const char *api, const char *promote)
{
	return lf_rules_call(r, "spinlock", api, promote);
}

/* Does a KIND rewrite (rewrites.tbl: spinlock, percpu_rwsem, bitlock,
 * arch_spin) replace calls of API by another call? */
bool lf_rules_rewrites_call(const struct lf_rules *r, const char *kind,
			    const char *api);

/* Is FUNCTION (a record's name: "file:name" for a static) in hotpaths.tbl? */
bool lf_rules_is_hot(const struct lf_rules *r, const char *function);

/* The entrypoints.tbl row of a binding record: ENTRY as it names it
 * ("seq_operations.start", "request_irq", "__init"), ARG its handler's
 * argument (a call), else -1.  NULL: the table has no such row. */
const struct lfr_entry *lf_rules_entry(const struct lf_rules *r,
				       const char *entry, int arg);

/* The macro row whose prefix is the longest that starts FUNCTION's name
 * (SYSCALL_DEFINE for __do_sys_read), or NULL. */
/* Does user space trigger ENTRY (a slot, a macro) at will: a user row? */
bool lf_rules_user(const struct lf_rules *r, const char *entry);
/* Does ENTRY register, tear down or configure (a config row)? */
bool lf_rules_config(const struct lf_rules *r, const char *entry);
/* The role row (entrypoints.tbl) whose word is one of FUNCTION's
 * '_'-separated words, first in table order; NULL if none. */
const struct lfr_entry *lf_rules_role(const struct lf_rules *r,
				      const char *function);
const struct lfr_entry *lf_rules_macro(const struct lf_rules *r,
				       const char *function);

/* The function row of FUNCTION (start_secondary, entered from assembly;
 * queued_spin_lock_slowpath, called only by the lock primitives), or
 * NULL. */
const struct lfr_entry *lf_rules_function(const struct lf_rules *r,
					  const char *function);

/* classes.tbl: do waiters for a lock of class CLS spin, or sleep?  (Both
 * false for a context or a class the tables do not have.) */
bool lf_rules_class_spins(const struct lf_rules *r, const char *cls);
bool lf_rules_class_sleeps(const struct lf_rules *r, const char *cls);
/* Is class CLS judged by one of the check modules of MODULES (an
 * LFR_MOD_BIT() each)? */
bool lf_rules_class_judged(const struct lf_rules *r, const char *cls,
			   unsigned modules);
/* Is FACT (enum lf_fact, schema/check_ids.h) served for the locks of
 * class CLS: does a check module that judges them ask it? */
bool lf_rules_class_serves(const struct lf_rules *r, const char *cls,
			   unsigned fact);
/* The C type reports print for class CLS ("rwlock_t", "rw_semaphore"),
 * NULL if it has none. */
const char *lf_rules_class_type(const struct lf_rules *r, const char *cls);

/* The lockcosts.tbl row of TYPE ("rwlock_t"), or NULL. */
const struct lfr_lockcost *lf_rules_lockcost(const struct lf_rules *r,
					     const char *type);

/* Why struct NAME must not grow (bitlocks.tbl), NULL if it may. */
const char *lf_rules_nogrow(const struct lf_rules *r, const char *name);

/* Why CALLEE (a record's callee name) may sleep (sleeping.tbl), NULL if
 * the table does not say it does. */
const char *lf_rules_sleeps(const struct lf_rules *r, const char *callee);

/* The rcu.tbl row of KIND ("rbwalk", "walk", ...) for CALLEE (a record's
 * callee name), or NULL. */
const struct lfr_rcu *lf_rules_rcu(const struct lf_rules *r, const char *kind,
				   const char *callee);

#endif
