/* SPDX-License-Identifier: GPL-2.0 */
/*
 * reader.h - the one reader of rules/ tables.
 *
 * Every table is read and checked here, once, with one set of checks:
 * build/gen-rules (rules/gen-rules.c) runs it at build time to generate
 * the plugin's C tables, the tool's compiled-in plugin thresholds and the
 * rows the Coccinelle templates expand; tools/lockfit links it to read
 * the tables at run time ($LOCKFIT_RULES), so an override goes through
 * the very same checks.  A bad table is one message, FILE:LINE: what is
 * wrong, through the caller's die(), which does not return.
 *
 * The token lists below, and the schema's lists of the columns records
 * carry too (schema/records.h: LF_ENUM_MODE, LF_ENUM_VARIANT,
 * LF_ACTIONS), are the only ones: plugin/rules.h makes its enums from
 * them.
 */
#ifndef LOCKFIT_RULES_READER_H
#define LOCKFIT_RULES_READER_H

#include <stddef.h>
#include "../schema/records.h"
#include "../schema/check_ids.h"

/* primitives.tbl's class column, in the order of enum lf_class; what
 * each is (a lock or a context, ...) is classes.tbl's */
#define LFR_CLASSES(X) X(rwlock) X(spinlock) X(raw_spinlock) X(rwsem) \
	X(mutex) X(percpu_rwsem) X(arch_spinlock) X(arch_rwlock) X(bitlock) \
	X(preempt) X(irq) X(bh) X(rcu_sched)
/* mode and variant: LF_ENUM_MODE, LF_ENUM_VARIANT; "-" is none */
/* what a primitive turns off or on (the ctx column, comma separated) */
#define LFR_CTXS(X) X(preempt) X(irq) X(bh)

/* Who judges with a threshold.  The plugin's are compiled into it: they
 * shape the records and its warnings (docs/DESIGN.md section 9), and the
 * tool refuses another value of one that is not LFR_TOOL too (the tool
 * reads hot_call_depth as well, but the records' calls were pruned at
 * the plugin's: a deeper one would follow chains they do not have). */
#define LFR_PLUGIN	1
#define LFR_TOOL	2

/*
 * Every row of thresholds.tbl: name, readers, smallest and largest
 * value.  Each must be there, once.
 */
#define LFR_THRESHOLDS(X) \
	X(rwlock_short_cost,		LFR_PLUGIN | LFR_TOOL, 0, 1000000) \
	X(inline_depth,			LFR_PLUGIN, 0, 64) \
	X(wrapper_max_cost,		LFR_PLUGIN, 0, 1000000) \
	X(percpu_max_write_sites,	LFR_TOOL, 0, 1000000) \
	X(percpu_min_read_per_write,	LFR_TOOL, 0, 1000000) \
	X(percpu_min_read_cost,		LFR_TOOL, 0, 1000000) \
	X(percpu_hot_percent,		LFR_TOOL, 0, 100) \
	X(bitlock_hot_percent,		LFR_TOOL, 0, 100) \
	X(bitlock_hot_score,		LFR_TOOL, 0, 1000000) \
	X(bitlock_score_loop,		LFR_TOOL, 0, 1000000) \
	X(bitlock_score_reach,		LFR_TOOL, 0, 1000000) \
	X(bitlock_score_entry,		LFR_TOOL, 0, 1000000) \
	X(hot_call_depth,		LFR_PLUGIN, 0, 16) \
	X(runtime_percpu_min_read_per_write, LFR_TOOL, 0, 1000000) \
	X(runtime_short_read_hold_ns,	LFR_TOOL, 0, 1000000000) \
	X(rwlock_hot_percent,		LFR_TOOL, 0, 100) \
	X(rcu_max_write_sites,		LFR_TOOL, 0, 1000000) \
	X(runtime_rcu_min_read_per_write, LFR_TOOL, 0, 1000000) \
	X(runtime_spin_max_busy_percent, LFR_TOOL, 0, 100)

enum lfr_threshold {
#define X(name, who, min, max) LFR_T_##name,
	LFR_THRESHOLDS(X)
#undef X
	LFR_T_COUNT
};

struct lfr_threshold_info {
	const char *name;
	int who;
	long min, max;
};
extern const struct lfr_threshold_info lfr_threshold_info[LFR_T_COUNT];

/* One row of primitives.tbl, its columns as written. */
struct lfr_primitive {
	const char *name, *api, *cls, *action, *mode, *arg, *variant, *ctx, *pair;
	int line;
};

struct lfr_locktype {
	const char *type;	/* "rwlock_t", "struct mutex" */
	const char *cls;
};

struct lfr_bounded {
	const char *name;
	long cost;
};

/* A %kind line of rewrites.tbl: classes blank separated. */
struct lfr_kind {
	const char *name, *from, *to;
};

/*
 * A row of rewrites.tbl, canonical: one blank where the table has several,
 * call forms as "NAME(A, B)".  NAME and ARGS split FROM (a type row: NAME
 * is the type, ARGS empty); TO_NAME and TO_ARGS split a call-form TO.
 */
struct lfr_rewrite {
	const char *kind, *cat, *when, *from, *to;
	const char *name, *args, *is_static;	/* is_static: "" or "static " */
	const char *to_name, *to_args;		/* "" unless TO is a call form */
	int line;
};

/* sourceforms.tbl: a source-level lock form and what it does to the
 * lock.  what "guard": NAME is a cleanup.h lock guard class
 * (guard(NAME)(&l), scoped_guard(NAME, &l), scoped_cond_guard(NAME, fail,
 * &l)), which takes the lock: CLS, MODE and VARIANT as in primitives.tbl,
 * HEADER the kernel header that defines it (DEFINE_*GUARD*). */
struct lfr_sourceform {
	const char *name, *what;	/* what: "init", "assert" or "guard" */
	const char *cls, *mode, *variant, *header;	/* guard; else NULL */
};

/* entrypoints.tbl: where code is entered without a C caller, and the
 * context it runs in; columns as written (docs/DESIGN.md section 10) */
#define LFR_ENTRY_KINDS(X) X(slot) X(call) X(macro) X(section) X(function) X(role) X(user) X(config)
#define LFR_EXECS(X) X(process) X(softirq) X(hardirq)
struct lfr_entry {
	const char *kind;	/* slot, call, macro, section, function, role,
				 * user, config */
	const char *name;	/* "seq_operations.start", "request_irq", ...;
				 * a call's may end in '*': a prefix */
	const char *arg;	/* slot, function "-"; call 1-based argument;
				 * macro prefix; section name */
	const char *exec;	/* process, softirq, hardirq; "-": the caller's */
	const char *preempt, *sleep;	/* yes, no, - */
	const char *temp;	/* hot, cold */
	int line;
};

/* bitlocks.tbl (a struct that must not grow) and sleeping.tbl (a
 * function that may sleep): NAME | why */
struct lfr_nogrow {
	const char *name, *why;
};

/* sharedwrites.tbl: a call-name prefix that updates shared state
 * ("update"), or an exception to one ("not") */
struct lfr_sharedwrite {
	const char *match;	/* "update", "not" */
	const char *prefix, *why;
};

/* The check modules of schema/checks.def (LF_CHECKER), for classes.tbl's
 * judged column; LFR_MOD_none: no check's. */
enum lfr_module {
	LFR_MOD_none = -1,
#define LF_CHECKER(module, plugin, tool) LFR_MOD_##module,
#include "../schema/checks.def"
	LFR_MOD_COUNT
};

/* Module M's bit in a judged column (struct lfr_class): the modules that
 * judge a class, as many as its row names. */
#define LFR_MOD_BIT(m) (1u << (m))

/* The facts (enum lf_fact) check module M asks: its LF_FACTS row. */
static inline unsigned lfr_module_facts(enum lfr_module m)
{
	switch (m) {
#define LF_FACTS(module, facts) case LFR_MOD_##module: return (facts);
#include "../schema/checks.def"
	default:
		return 0;
	}
}

/* The facts served for the locks of a class the modules of JUDGED judge:
 * all that any of them asks. */
static inline unsigned lfr_judged_facts(unsigned judged)
{
	unsigned facts = 0;

	for (int m = 0; m < LFR_MOD_COUNT; m++)
		if (judged & LFR_MOD_BIT(m))
			facts |= lfr_module_facts((enum lfr_module)m);
	return facts;
}

/* classes.tbl: what a class of LFR_CLASSES is; one row per class */
#define LFR_WAITS(X) X(spin) X(sleep)
struct lfr_class {
	const char *cls;
	const char *waits;	/* LFR_WAITS; "-": a context, not a lock */
	unsigned judged;	/* the checks that judge its locks: an
				 * LFR_MOD_BIT() each; 0: none */
	const char *type;	/* its locktypes.tbl type without "struct ",
				 * as reports print it; NULL: none */
};

/* lockclasses.tbl: a lockdep class name (a trailing '*': a prefix) that
 * is not its lock's init expression, and the lock's identity */
struct lfr_lockclass {
	const char *cls, *lock;
};

/* lockcosts.tbl: what one acquisition of a lock type costs */
struct lfr_lockcost {
	const char *type;		/* "rwlock_t" */
	int read_atomics;		/* -1: no read side */
	int write_atomics;
	int bytes, percpu_bytes;
	const char *readers;		/* "shared", "one" */
	const char *writer;		/* "plain", "grace-period" */
};

/* rcu.tbl: KIND NAME | FORM | why (kinds: update, walk, rbwalk, rbtree,
 * ref, revive; FORM "-" where there is none) */
struct lfr_rcu {
	const char *kind, *name, *form, *why;
	int line;
};

#define LFR_VEC(type) struct { type *v; size_t n, cap; }

struct lfr_tables {
	const char *dir;
	const char *thresholds_path;			/* for messages */
	LFR_VEC(struct lfr_class) classes;		/* table order */
	long threshold[LFR_T_COUNT];
	int threshold_line[LFR_T_COUNT];
	LFR_VEC(struct lfr_primitive) primitives;	/* sorted by name */
	LFR_VEC(struct lfr_locktype) locktypes;		/* sorted by type */
	LFR_VEC(struct lfr_bounded) bounded;		/* sorted by name */
	LFR_VEC(struct lfr_kind) kinds;			/* sorted by name */
	LFR_VEC(struct lfr_rewrite) rewrites;		/* sorted */
	LFR_VEC(const char *) hot;			/* table order */
	LFR_VEC(struct lfr_nogrow) nogrow;		/* table order */
	LFR_VEC(struct lfr_nogrow) sleeping;		/* table order */
	LFR_VEC(struct lfr_sharedwrite) sharedwrites;	/* table order */
	LFR_VEC(struct lfr_sourceform) sourceforms;	/* table order */
	LFR_VEC(struct lfr_lockclass) lockclasses;	/* table order */
	LFR_VEC(struct lfr_entry) entries;		/* table order */
	LFR_VEC(struct lfr_lockcost) lockcosts;		/* table order */
	LFR_VEC(struct lfr_rcu) rcu;			/* table order */
};

/* Never returns; FMT's arguments are the path, line and table words. */
typedef void (*lfr_die_fn)(const char *fmt, ...)
	__attribute__((noreturn, format(printf, 1, 2)));

/* The path of table NAME ("thresholds.tbl") in DIR, for messages. */
char *lfr_path(const char *dir, const char *name);

/* Read and check every table of DIR; on the first error call DIE. */
void lfr_read(struct lfr_tables *t, const char *dir, lfr_die_fn die);

/* The classes.tbl row of class NAME, or NULL. */
const struct lfr_class *lfr_class(const struct lfr_tables *t, const char *name);

/* The rcu.tbl row of KIND and NAME, or NULL. */
const struct lfr_rcu *lfr_rcu_row(const struct lfr_tables *t, const char *kind,
				  const char *name);

/* Is TOKEN in the ","-separated or blank-separated LIST? */
int lfr_has(const char *list, const char *token);

#endif /* LOCKFIT_RULES_READER_H */
