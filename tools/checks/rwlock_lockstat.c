// SPDX-License-Identifier: GPL-2.0
/*
 * rwlock_lockstat.c - the rules an rwlock verdict takes from lock_stat
 * evidence (lockfit report --lock-stat; analysis/runtime.c maps the
 * classes to locks): short average read holds, read acquisitions per
 * write, how often hot readers would find the lock held.
 */
#include <stdlib.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "analysis/runtime.h"
#include "checks/rwlock_verdict.h"
#include "checks/rwlock_eval.h"

enum lf_rule_state lf_rule_rt_short(const struct lf_analysis *a,
				    const struct lf_lock *l, char **detail)
{
	const struct lf_rt_lock *e = lf_runtime_of(a, l->name);
	long max = a->rules.runtime_short_read_hold_ns;
	char *avg;

	if (!e || !e->read_acq) {
		*detail = xstrdup(!e ? "no class in the lock_stat file" :
				  "no read acquisition in the lock_stat file");
		return LF_RULE_NA;
	}
	avg = lf_lockstat_us(e->read_hold_avg);
	*detail = xasprintf("measured read hold %s us on average over %llu "
			    "acquisitions %s runtime_short_read_hold_ns %ld",
			    avg, e->read_acq, e->read_hold_avg <= max ? "<=" : ">",
			    max);
	free(avg);
	return e->read_hold_avg <= max ? LF_RULE_PASS : LF_RULE_FAIL;
}

enum lf_rule_state lf_rule_rt_ratio(const struct lf_analysis *a,
				    const struct lf_lock *l, char **detail)
{
	const struct lf_rt_lock *e = lf_runtime_of(a, l->name);
	long min = a->rules.runtime_percpu_min_read_per_write;
	bool ok;

	if (!e) {
		*detail = xstrdup("no class in the lock_stat file");
		return LF_RULE_NA;
	}
	/* no write at all is read-mostly whatever the threshold */
	ok = e->read_acq > 0 &&
	     (min <= 0 || e->write_acq <= e->read_acq / (unsigned long long)min);
	*detail = xasprintf("measured %llu read and %llu write acquisitions: "
			    "%s runtime_percpu_min_read_per_write %ld per write",
			    e->read_acq, e->write_acq, ok ? "at least" : "fewer than",
			    min);
	return ok ? LF_RULE_PASS : LF_RULE_FAIL;
}

/* The write side's contentions: each says a writer found the lock held,
 * readers included. */
static unsigned long long write_contentions(const struct lf_rt_lock *e)
{
	unsigned long long n = 0;

	for (size_t i = 0; i < e->classes.n; i++)
		if (e->classes.v[i]->write.present)
			n += e->classes.v[i]->write.contentions;
	return n;
}

/*
 * Hot short readers on a lock every CPU may take: a spinlock_t makes a
 * reader wait whenever another holds it, so it needs evidence that the
 * lock is rarely held.  Writers arrive when the workload makes them, not
 * when the lock is free: the share of write acquisitions that found it
 * held (contended) estimates how often a reader would.
 */
enum lf_rule_state lf_rule_rt_overlap(const struct lf_analysis *a,
				      const struct lf_lock *l, char **detail)
{
	const struct lf_rt_lock *e = lf_runtime_of(a, l->name);
	long max = a->rules.runtime_spin_max_busy_percent;
	unsigned long long wc;
	double busy;

	if (!e || !e->read_acq) {
		*detail = xasprintf("%s: no measurement shows they rarely overlap; "
				    "run a workload that takes it for read and for "
				    "write on a CONFIG_LOCK_STAT kernel and give "
				    "--lock-stat: the write side's contentions per "
				    "write acquisition (how often the lock is found "
				    "held) decide, at most runtime_spin_max_busy_percent "
				    "%ld%%", !a->runtime ? "no --lock-stat file" :
				    !e ? "no class of it in the lock_stat file" :
				    "no read acquisition in the lock_stat file", max);
		return LF_RULE_FAIL;
	}
	if (!e->write_acq) {
		*detail = xasprintf("measured %llu read and no write acquisition: "
				    "nothing shows how often the lock is held (the "
				    "write side's contentions per write acquisition "
				    "sample it); run a workload that also takes it for "
				    "write, at most runtime_spin_max_busy_percent %ld%% "
				    "then decides", e->read_acq, max);
		return LF_RULE_FAIL;
	}
	wc = write_contentions(e);
	busy = 100.0 * wc / e->write_acq;
	*detail = xasprintf("measured %llu of %llu write acquisitions contended "
			    "(%.2f%%, read hold %s us avg over %llu reads): the "
			    "lock is held %s, %s runtime_spin_max_busy_percent "
			    "%ld%%", wc, e->write_acq, busy,
			    lf_lockstat_us(e->read_hold_avg), e->read_acq,
			    busy <= max ? "rarely" : "often", busy <= max ? "<=" : ">",
			    max);
	return busy <= max ? LF_RULE_PASS : LF_RULE_FAIL;
}

char *lf_rt_never_read(const struct lf_analysis *a, const struct lf_lock *l)
{
	const struct lf_rt_lock *e = lf_runtime_of(a, l->name);

	if (!e || !e->rw || e->read_acq)
		return NULL;
	return xasprintf("never read-acquired at runtime: %llu write "
			 "acquisitions and no read in %s", e->write_acq,
			 a->runtime->ls.path);
}
