/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rwlock_eval.h - one verdict being decided, shared by the files that
 * decide it: rwlock_verdict.c (the rules in order, the verdict), rwlock_percpu.c
 * (the percpu_rw_semaphore rules), rwlock_lockstat.c (the rules from
 * lock_stat evidence).  Private to them; include it after
 * checks/rwlock_verdict.h.
 */
#ifndef LOCKFIT_RWLOCK_EVAL_H
#define LOCKFIT_RWLOCK_EVAL_H

#include <stdbool.h>
#include "lib/util.h"
#include "checks/rwlock_context.h"

struct lf_analysis;
struct lf_lock;

/* Places quoted in one message; lockfit explain lists them all. */
#define LIST_MAX 3

struct eval {
	const struct lf_lock *l;
	const struct lf_analysis *a;
	struct lf_verdict *v;
	bool rwlock;		/* its class spins (rwlock_t), else it
				 * sleeps (rw_semaphore) */
	struct plist *long_reads, *unknown_reads;
	struct { char **v; size_t n, cap; } cycles;
	bool readers_read, cold, rcu;	/* rwlock_context.c's rules */
	bool serialized;		/* serialized.c's */
	char *rcu_sites, *rcu_writers;
	bool rcu_user;		/* rcu for walks user space triggers */
	struct lf_writers pc_writers;	/* "percpu: few writers" */
};

/* Keep rule ID, passed or failed, with its DETAIL; PASS back. */
static inline bool rule(struct eval *e, enum lf_rule_id id, bool pass,
			char *detail)
{
	struct lf_rule r = { id, lf_rule_name(id),
			     pass ? LF_RULE_PASS : LF_RULE_FAIL, detail };

	VEC_PUSH(&e->v->rules, r);
	return pass;
}

/* Keep rule ID as not applying, with why. */
static inline void rule_na(struct eval *e, enum lf_rule_id id, const char *why)
{
	struct lf_rule r = { id, lf_rule_name(id), LF_RULE_NA, xstrdup(why) };

	VEC_PUSH(&e->v->rules, r);
}

static inline void reason(struct eval *e, char *text)
{
	VEC_PUSH(&e->v->reasons, text);
}

/* rwlock_verdict.c: a lock_stat rule (only with --lock-stat), false if it
 * failed; the read sites some hot entry reaches ("file:line ctx", NULL:
 * none); the read sections' loops, added to P. */
bool lf_ev_rule_runtime(struct eval *e, enum lf_rule_id id,
			enum lf_rule_state (*judge)(const struct lf_analysis *,
						    const struct lf_lock *, char **));
char *lf_ev_hot_reads(const struct eval *e);
/* The detail of rule ID, evaluated already. */
const char *lf_ev_rule_detail(struct eval *e, enum lf_rule_id id);
/* rwlock_twostep.c: rcu in two steps (hot readers to RCU, then a
 * spinlock_t for the rare readers left): true if it decided. */
bool lf_ev_two_step(struct eval *e);
void lf_ev_read_loops(struct eval *e, struct plist *p);

/* rwlock_percpu.c: the percpu rules (true if all pass); the reasons
 * of a percpu verdict; each site's api in its rewrite. */
bool lf_ev_rules_percpu(struct eval *e);
void lf_ev_percpu_reasons(struct eval *e);
/* An rcu verdict's patch: what lockfit patch tries, or "no automatic
 * patch: " and what in L's records blocks it (rwlock_rcu.c). */
char *lf_rcu_patch_reason(const struct lf_analysis *a, const struct lf_lock *l);
void lf_ev_percpu_needs(struct eval *e);

/*
 * rwlock_lockstat.c: the rules from lock_stat evidence, NA when L has
 * no class in the file; *DETAIL gets the numbers.  short: the average
 * read hold time is at most runtime_short_read_hold_ns (rwlock_t only);
 * ratio: read acquisitions per write acquisition at least
 * runtime_percpu_min_read_per_write; overlap: hot short readers FAIL
 * unless the file shows the lock is rarely held (write-side contentions
 * per write acquisition at most runtime_spin_max_busy_percent), *DETAIL
 * says what was measured or which measurement would decide.
 */
enum lf_rule_state lf_rule_rt_short(const struct lf_analysis *a,
				    const struct lf_lock *l, char **detail);
enum lf_rule_state lf_rule_rt_ratio(const struct lf_analysis *a,
				    const struct lf_lock *l, char **detail);
enum lf_rule_state lf_rule_rt_overlap(const struct lf_analysis *a,
				      const struct lf_lock *l, char **detail);
/* "never read-acquired at runtime ..." or NULL. */
char *lf_rt_never_read(const struct lf_analysis *a, const struct lf_lock *l);

#endif
