/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rwlock_verdict.h - what to do with one rwlock_t or rw_semaphore, and why.
 *
 * Each rule is evaluated and kept (lockfit explain prints them all); the
 * verdict follows from them in a fixed order: unknown identity, then the
 * conflicts that make a conversion deadlock (unsafe), then spinlock_t
 * (short readers, or readers only cold entries reach), then rcu (advice:
 * long readers in bh, irq or hot context), then percpu_rw_semaphore,
 * else keep.
 */
#ifndef LOCKFIT_RWLOCK_VERDICT_H
#define LOCKFIT_RWLOCK_VERDICT_H

#include <stdbool.h>
#include <stddef.h>
#include "checks/checker.h"

struct lf_lock;
struct lf_analysis;
struct lf_cov;

enum lf_verdict_kind {
	LF_V_SPINLOCK,
	LF_V_PERCPU,
	LF_V_RCU,		/* advice, no rewrite: RCU readers, spinlock_t writers */
	LF_V_UNSAFE,
	LF_V_KEEP,
	LF_V_UNKNOWN,
};

enum lf_rule_state {
	LF_RULE_PASS,
	LF_RULE_FAIL,
	LF_RULE_NA,		/* does not apply to this lock */
};

/* The stronger irq/bh variant a read site must take in a spinlock_t
 * rewrite: what the writers disable (docs/DESIGN.md section 1). */
enum lf_promote {
	LF_PROMOTE_NONE,	/* keeps the variant it has */
	LF_PROMOTE_BH,
	LF_PROMOTE_IRQSAVE,
};

/* "bh", "irqsave": rules/rewrites.tbl's "promote=" and the cocci
 * scripts' -D promote=; NULL for LF_PROMOTE_NONE. */
const char *lf_promote_name(enum lf_promote p);

/* The rules of an rwlock verdict: code names a rule by its id
 * (LF_R_SHORT_READS), people by its name ("short reads": explain, the
 * JSON "rules"), so rewording a name changes no verdict.  PERCPU: one of
 * the percpu_rw_semaphore rules, whose failures say why a lock is not
 * one. */
#define LF_RULES(X) \
	X(IDENTITY, 0, "identity") \
	X(READ_SITES, 0, "read sites") \
	X(RECURSION, 0, "recursion") \
	X(LOCK_ORDER, 0, "lock order") \
	X(SHORT_READS, 0, "short reads") \
	X(RT_SHORT_READS, 0, "runtime: short reads") \
	X(RT_OVERLAP, 0, "runtime: readers rarely overlap") \
	X(CLOSED_READS, 0, "closed reads") \
	X(READERS_READ, 0, "readers only read") \
	X(SERIALIZED, 0, "serialized readers") \
	X(COLD, 0, "cold readers") \
	X(RCU, 0, "rcu") \
	X(PC_WRITERS, 1, "percpu: few writers") \
	X(PC_READ_MOSTLY, 1, "percpu: repeated readers") \
	X(PC_RT_READ_MOSTLY, 1, "percpu: runtime read-mostly") \
	X(PC_SLEEPABLE, 1, "percpu: sleepable") \
	X(PC_API, 1, "percpu: api") \
	X(PC_LONG_OR_HOT, 1, "percpu: long or hot")

enum lf_rule_id {
#define LF_RULE_ID(id, percpu, name) LF_R_##id,
	LF_RULES(LF_RULE_ID)
#undef LF_RULE_ID
};

/* Its name, and whether it is a percpu rule. */
const char *lf_rule_name(enum lf_rule_id id);
bool lf_rule_percpu(enum lf_rule_id id);

struct lf_rule {
	enum lf_rule_id id;
	const char *name;		/* lf_rule_name(id) */
	enum lf_rule_state state;
	char *detail;		/* with the numbers that decided it */
};

/* The rwlock check's result for one lock (check_rwlock.c owns them; no
 * other module's struct points to one). */
struct lf_verdict {
	const struct lf_lock *lock;
	double samples;		/* profile weight of its read-site functions */
	double benefit;		/* the ranking key */
	enum lf_verdict_kind kind;
	struct { char **v; size_t n, cap; } reasons;
	struct { struct lf_rule *v; size_t n, cap; } rules;
	/* per section site (lock->sites index): the api after the rewrite
	 * (NULL when the verdict rewrites nothing; rules/rewrites.tbl's
	 * name), and the stronger variant it must take */
	char **needs;
	enum lf_promote *promote;
	/* the strongest promotion rewrites.tbl gives a site: the script's
	 * -D promote= */
	enum lf_promote promote_to;
	const char *writer_api;	/* the writer variant that forced it */
	/* read sections */
	bool has_read;
	long max_read_cost, median_read_cost;
	size_t read_unknown_len;	/* cost is only a lower bound */
	double share;		/* percent of profile samples, -1 if none */
	/* per section site: where it runs (rwlock_context.h) */
	struct lf_site_ctx *ctx;
	bool cold;		/* spinlock because only cold entries read */
	/* spinlock for readers that rarely or never overlap (cold or
	 * serialized): a cleanup, not a speedup, ranked after the rest */
	bool cleanup;
	/* rcu: NULL for long readers in bh, irq or hot context; "user" for a
	 * lookup user space queries; "two steps" for hot readers first */
	const char *rcu_how;
	char *writes;		/* readers that write: what they do; NULL */
	/* its uses in the whole tree as the coverage stage handed them
	 * (rwlock_coverage.c keeps them), NULL if none was kept */
	struct lf_cov *cov;
	/* the rewrite these records alone call for ("spinlock"), made
	 * unknown for want of whole-tree coverage; NULL: none */
	const char *incomplete;
};

const char *lf_verdict_name(enum lf_verdict_kind k);

/* Decide V->lock; V->samples must be set (check_rwlock.c) for the "hot"
 * rule. */
void lf_verdict_compute(struct lf_verdict *v, const struct lf_analysis *a);

/* V's lock, an rwlock_t with write sections only, has no read take
 * anywhere in the tree (USES uses, all seen: rwlock_coverage.c): a
 * spinlock_t. */
void lf_verdict_write_only(struct lf_verdict *v, const struct lf_analysis *a,
			   size_t uses);

/* The rwlock checker's coverage hooks (checker.h: cov_ask, cov_apply,
 * notices; rwlock_coverage.c). */
enum lf_cov_ask lf_rwlock_cov_ask(const struct lf_analysis *a,
				   const struct lf_lock *l);
bool lf_rwlock_cov_apply(struct lf_analysis *a, const struct lf_lock *l,
			  struct lf_cov *cov);
void lf_rwlock_cov_notices(const struct lf_analysis *a,
			    void (*fn)(const char *lock, const char *text, void *arg),
			    void *arg);

/* The verdict of L, one of A's locks the rwlock check judges
 * (check_rwlock.c's results). */
struct lf_verdict *lf_rwlock_verdict(const struct lf_analysis *a,
				     const struct lf_lock *l);
/* Is L, one of A's locks, of a class the rwlock check judges?  a->locks
 * holds the classes of every checker that asks LF_FACT_LOCKS. */
bool lf_rwlock_judges(const struct lf_analysis *a, const struct lf_lock *l);

#endif
