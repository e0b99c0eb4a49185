/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rwlock_context.h - where an rwlock's read sites run and what they do
 * there (issue 11): each site's entry and temperature (where.h, or the
 * profile), and the rules that use them: readers that write, cold
 * readers, RCU.  rwlock_verdict.c evaluates the rules and orders the verdict.
 */
#ifndef LOCKFIT_RWLOCK_CONTEXT_H
#define LOCKFIT_RWLOCK_CONTEXT_H

#include <stdbool.h>
#include <stddef.h>

struct lf_lock;
struct lf_analysis;
struct lf_rec;
/* One site's context (where.h's lf_where, its temperature raised by the
 * profile); rwlock_context.c alone looks inside. */
struct lf_site_ctx;

/* The context of each of L's sites, in site order. */
struct lf_site_ctx *lf_site_contexts(const struct lf_lock *l,
				     const struct lf_analysis *a);

/* Site I of CTX */
const struct lf_site_ctx *lf_site_ctx_at(const struct lf_site_ctx *ctx,
					 size_t i);

/* "hot: packet_type.func ip_rcv, 2 calls down", "cold: ...",
 * "hot: profile 3.20%", "unknown" */
char *lf_site_ctx_text(const struct lf_site_ctx *c);

/* Is anything known of where it runs (worth a word in the text)? */
bool lf_site_ctx_known(const struct lf_site_ctx *c);

/* Does a hot entry (or the profile) reach it? */
bool lf_site_ctx_hot(const struct lf_site_ctx *c);
/* Its share of the profile's samples when the profile shows it hot
 * (>= rwlock_hot_percent), else -1. */
double lf_site_ctx_profile_hot(const struct lf_site_ctx *c,
			       const struct lf_analysis *a);
/* Reached from a hot entry user space triggers at will (a hot slot with
 * a user row of rules/entrypoints.tbl: a file's read, a socket's
 * sendmsg)? */
bool lf_site_ctx_user_hot(const struct lf_site_ctx *c, const struct lf_analysis *a);

/*
 * Each rule sets *DETAIL (for lockfit explain) and returns whether it
 * passes.  Readers that write: pass when no read section updates shared
 * state; else *WRITES lists the updates ("llist_add at fs/a.c:12").
 */
/* Does site R run in bh, irq or softirq context (its variant, its entry,
 * its recorded context)? */
bool lf_site_atomic(const struct lf_rec *r, const struct lf_site_ctx *c);

bool lf_rule_readers_only_read(const struct lf_lock *l, char **detail,
			       char **writes);

/* Read site R with context C, for a message: "bh", "softirq, hot:
 * packet_type.func ip_rcv, 2 calls down", "hot: profile 3.20%" */
char *lf_site_where_text(const struct lf_rec *r, const struct lf_site_ctx *c);

/* Cold readers: every read site's hottest entry is cold. */
bool lf_rule_cold_readers(const struct lf_lock *l, const struct lf_site_ctx *ctx,
			  char **detail);

/*
 * How much the writers weigh (issue 22): with a lock_stat class that
 * measured it, read acquisitions per write acquisition against RT_MIN
 * (threshold RT_NAME); else at most MAX write sites (MAX_NAME), or every
 * write site reached only from cold entries (ioctl, netlink, init:
 * rare, however many), the exclusive lock held around all of them
 * named.
 */
struct lf_writers {
	bool pass;
	char *detail;
	bool measured;		/* the lock_stat file decided */
	bool rare;		/* passed by cold writers, not their count */
};
void lf_writers_judge(const struct lf_lock *l, const struct lf_analysis *a,
		      const struct lf_site_ctx *ctx, long max, const char *max_name,
		      long rt_min, const char *rt_name, struct lf_writers *w);

/*
 * RCU: some long read section (a loop, a call of unknown length, or
 * percpu_min_read_cost) runs in bh, irq or hot context, writers few or
 * rare (lf_writers_judge: rcu_max_write_sites,
 * runtime_rcu_min_read_per_write), readers that only read.  *SITES: the
 * long read sites in such a context, *WRITERS the writers' judgement,
 * for the reason.  Or (*USER_ONLY) every such site is a walk (a loop)
 * user space triggers at will (rules/entrypoints.tbl user: system calls,
 * file and socket operations) and every write site is reached only from
 * cold entries (registration, teardown, configuration): upstream's
 * read-mostly lookup, whatever the number of writers.
 */
bool lf_rule_rcu(const struct lf_lock *l, const struct lf_analysis *a,
		 const struct lf_site_ctx *ctx, bool readers_read,
		 char **detail, char **sites, char **writers, bool *user_only);

/* The "context" object of a site in the report's JSON. */
struct json_t;
struct json_t *lf_site_ctx_json(const struct lf_site_ctx *c);

#endif
