/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rules.h - lock facts, generated from the rules/ tables at build time.
 *
 * The tables are data: add a primitive by adding a row to
 * rules/primitives.tbl, never by naming it in a check.  The enums are
 * made from the token lists of rules/reader.h, the tables' one reader,
 * and of schema/records.h for the columns records carry too.
 */
#ifndef LOCKFIT_RULES_H
#define LOCKFIT_RULES_H

#include "rules/reader.h"

enum lf_class {
#define X(name) LF_CLASS_##name,
	LFR_CLASSES(X)
#undef X
	LF_CLASS_COUNT
};

enum lf_action {
#define X(name) LF_ACT_##name,
	LF_ACTIONS(X, X)
#undef X
};

enum lf_mode {
	LF_MODE_none,
#define X(name) LF_MODE_##name,
	LF_ENUM_MODE(X)
#undef X
};

enum lf_variant {
	LF_VAR_none,
#define X(name) LF_VAR_##name,
	LF_ENUM_VARIANT(X)
#undef X
};

/* rules/classes.tbl: how a class's waiters wait (none: a context, not a
 * lock) and which check judges its locks */
enum lf_waits {
	LF_WAITS_none,
#define X(name) LF_WAITS_##name,
	LFR_WAITS(X)
#undef X
};

struct lf_class_info {
	enum lf_waits waits;
	unsigned judged;	/* LFR_MOD_BIT()s: the checks judging it */
};
extern const struct lf_class_info lf_classes[LF_CLASS_COUNT];

/* What a primitive turns off (acquire/disable) or on (release/enable). */
#define LF_CTX_preempt	(1u << 0)
#define LF_CTX_irq	(1u << 1)
#define LF_CTX_bh	(1u << 2)

/* lock_arg: the argument is a guard object, not the lock (cleanup.h) */
#define LF_ARG_GUARD	(-2)

struct lf_primitive {
	const char *name;	/* callee name as GIMPLE shows it */
	const char *api;	/* what the developer wrote */
	enum lf_class cls;
	enum lf_action action;
	enum lf_mode mode;
	int lock_arg;		/* -1: no lock; LF_ARG_GUARD: a guard */
	enum lf_variant variant;
	unsigned int ctx;
	const char *pair;
	/* Found wrappers only (tracker.c): the lock the body takes, when it
	 * does not depend on an argument ("struct page::flags bit PG_locked") */
	const char *wrapped_lock;
	int wrapped_kind;
};

struct lf_locktype {
	const char *type;	/* "rwlock_t", "struct mutex" */
	enum lf_class cls;
};

/* An out-of-line function known to be short (rules/boundedcalls.tbl). */
struct lf_bounded_call {
	const char *name;
	int cost;		/* estimated instructions */
};

/* The tables themselves (rules.gen.c), sorted by name. */
extern const struct lf_bounded_call lf_bounded_calls[];
extern const size_t lf_bounded_calls_count;

/* rules/sharedwrites.tbl: a call whose name starts with an update
 * prefix, and with no "not" prefix, updates shared state */
struct lf_shared_write {
	const char *prefix;
	bool update;		/* false: "not", an exception */
};

extern const struct lf_shared_write lf_shared_writes[];
extern const size_t lf_shared_writes_count;
extern const struct lf_primitive lf_primitives[];
extern const size_t lf_primitives_count;
extern const struct lf_locktype lf_locktypes[];
extern const size_t lf_locktypes_count;

const struct lf_primitive *lf_primitive_lookup(const char *name);
const struct lf_locktype *lf_locktype_lookup(const char *type);
const struct lf_bounded_call *lf_bounded_call_lookup(const char *name);

const char *lf_class_name(enum lf_class cls);
const char *lf_mode_name(enum lf_mode mode);
const char *lf_variant_name(enum lf_variant variant);

static inline bool lf_is_acquire(const struct lf_primitive *p)
{
	return p->action == LF_ACT_acquire || p->action == LF_ACT_try ||
	       p->action == LF_ACT_try0 || p->action == LF_ACT_spin;
}

static inline bool lf_is_release(const struct lf_primitive *p)
{
	return p->action == LF_ACT_release || p->action == LF_ACT_unspin;
}

static inline bool lf_is_lock_class(enum lf_class cls)
{
	return lf_classes[cls].waits != LF_WAITS_none;
}

/* Does check module M judge locks of class CLS (one of those that do)? */
static inline bool lf_class_judged(enum lf_class cls, enum lfr_module m)
{
	return lf_classes[cls].judged & LFR_MOD_BIT(m);
}

/* Is FACT (enum lf_fact) served for locks of class CLS: does a check that
 * judges them ask it (schema/checks.def's LF_FACTS)? */
static inline bool lf_class_serves(enum lf_class cls, unsigned fact)
{
	return lfr_judged_facts(lf_classes[cls].judged) & fact;
}

/* rules/entrypoints.tbl's slots, registration calls and sections: the
 * bindings the plugin records (bindings.c); macros are the tool's */
enum lf_entry_kind {
#define X(name) LF_ENTRY_##name,
	LFR_ENTRY_KINDS(X)
#undef X
};

struct lf_entry_point {
	enum lf_entry_kind kind;
	const char *name;	/* "seq_operations.start", "request_irq", "__init" */
	int arg;		/* call: the handler's argument, 1-based */
	const char *section;	/* section: ".init.text" */
};
extern const struct lf_entry_point lf_entry_points[];
extern const size_t lf_entry_points_count;

/* Thresholds, from rules/thresholds.tbl: those reader.h marks
 * LFR_PLUGIN, lf_rwlock_short_cost ... */
#define X(name, who, min, max) extern const int lf_##name;
	LFR_THRESHOLDS(X)
#undef X

#endif /* LOCKFIT_RULES_H */
