// SPDX-License-Identifier: GPL-2.0
/*
 * patch_archspin.c - the arch-spin-preempt check's patch jobs: one per
 * arch lock with flagged sites.  What it decides is
 * checks/check_archspin.c's.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "patch/pjob.h"
#include "checks/checker.h"
#include "checks/archspin_callers.h"

/* Its jobs' kind (pjob.h): the files the records name, numbered last;
 * the lock keeps its type. */
static const struct lf_pkind preempt = { .name = "arch_spin->preempt", .order = 2 };

static const struct lf_pkind *const pkinds[] = { &preempt, NULL };

/* Every flagged arch_spin_lock() site of the job's lock. */
static struct lf_pjob *arch_job(const struct lf_analysis *a,
				struct strmap *decls, const char *lock)
{
	struct lf_arch *arch = lf_arch_of(a);
	struct lf_pjob *j = lf_pjob_new(&preempt, lock, "arch_spin_preempt");
	const struct lf_rec **recs = xcalloc(arch->sites.n + 1, sizeof(*recs));
	struct strbuf sb = { 0 };
	size_t n = 0;

	j->refused = lf_pjob_ident(j, lock, strlen(lock), "lock=%.*s");
	sb_printf(&sb, "arch_spin_lock() of %s is reached with preemption "
		  "enabled, from the records lockfit's GCC plugin wrote while "
		  "the units using it compiled.\n\n%s\n\nFlagged sites:\n", lf_mail_esc(lock),
		  lf_checks[LF_CHECK_arch_spin_preempt].help);
	for (size_t i = 0; i < arch->sites.n; i++) {
		const struct lf_arch_site *s = &arch->sites.v[i];

		if (s->status != LF_ARCH_FLAGGED || strcmp(s->rec->lock, lock))
			continue;
		recs[n++] = s->rec;
		lf_pjob_file(j, s->rec);
		sb_printf(&sb, "- %s:%d %s(): %s\n", lf_mail_esc(s->rec->file),
			  s->rec->line, lf_mail_esc(lf_fn_basename(s->rec->function)),
			  lf_mail_esc(s->why));
	}
	sb_printf(&sb, "\nEvery arch_spin_lock()/arch_spin_unlock() of the lock "
		  "in these files gets preempt_disable()/preempt_enable(); where "
		  "preemption is off already the pair nests harmlessly.\n");
	j->body = sb_take(&sb);
	lf_pjob_finish(j, a, decls);
	lf_pjob_prefix(j, recs, n);
	j->subject = xasprintf("disable preemption around arch_spin_lock() "
			       "of %s", lf_mail_esc(j->name ? j->name : lock));
	free(recs);
	return j;
}

static bool arch_jobs(const struct lf_analysis *a, struct strmap *decls,
		      const char *only, struct lf_pjobs *out)
{
	struct strmap *done = strmap_new();
	bool seen = false;
	struct lf_arch *arch = lf_arch_of(a);

	for (size_t i = 0; i < arch->sites.n; i++) {
		const struct lf_arch_site *s = &arch->sites.v[i];

		if (!lf_pjob_wanted(only, s->rec->lock))
			continue;
		seen = true;
		if (s->status != LF_ARCH_FLAGGED || strmap_get(done, s->rec->lock))
			continue;
		strmap_put(done, s->rec->lock, (void *)s);
		VEC_PUSH(out, arch_job(a, decls, s->rec->lock));
	}
	if (only && seen && !strmap_get(done, only))
		for (size_t i = 0; i < arch->sites.n; i++)
			if (lf_pjob_wanted(only, arch->sites.v[i].rec->lock) &&
			    !strmap_get(done, arch->sites.v[i].rec->lock)) {
				lf_printf("%s (arch_spinlock_t): no flagged "
					  "arch_spin_lock() site: no rewrite\n",
					  arch->sites.v[i].rec->lock);
				break;
			}
	return seen;
}

const struct lf_patcher lf_patch_archspin = {
	.name = "archspin",
	.jobs = arch_jobs,
	.pkinds = pkinds,
};
