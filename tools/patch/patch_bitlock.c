// SPDX-License-Identifier: GPL-2.0
/*
 * patch_bitlock.c - the bit-spinlock-hot check's patch jobs: one per hot
 * lock that can embed a spinlock_t.  What it decides is
 * checks/check_bitlock.c's.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "patch/pjob.h"
#include "checks/checker.h"
#include "checks/bitlock_rank.h"

/* Where the patch puts the new member: right after the lock word (the
 * script's place), which is not the layout's hole unless the word ends
 * there: the hole is said as the author's to move it to. */
static void placement(struct strbuf *sb, const struct lf_pjob *j,
		      const struct lf_bitlock *l)
{
	const struct lf_layout *lo = l->layout;

	if (!j->setup_lock || !lo || !lo->field || l->fix == LF_FIX_HASH) {
		sb_printf(sb, "- %s: %s\n", lf_mail_esc(l->proposal),
			  lf_mail_esc(l->fix_why));
		return;
	}
	sb_printf(sb, "- this patch adds spinlock_t %s to %s right after %s",
		  lf_mail_esc(j->setup_lock), lf_mail_esc(lo->st),
		  lf_mail_esc(lo->field));
	if (l->fix == LF_FIX_HOLE)
		sb_printf(sb, "; the struct (%ld bytes) has a hole of %ld bytes at "
			  "offset %ld that would hold it without growing: "
			  "moving it there is left to the author\n", lo->size,
			  lo->hole_size, lo->hole_offset);
	else
		sb_printf(sb, ": %s grows from %ld to %ld bytes\n",
			  lf_mail_esc(lo->st), lo->size, lo->size_with_spinlock);
}

static void bit_body(struct lf_pjob *j, const struct lf_bitlock *l)
{
	struct strbuf sb = { 0 };

	sb_printf(&sb, "lockfit finds the bit spinlock %s hot, from the records "
		  "its GCC plugin wrote while the units using it compiled:\n",
		  lf_mail_esc(l->name));
	sb_printf(&sb, "- %s\n", lf_mail_esc(l->hot_why));
	placement(&sb, j, l);
	sb_printf(&sb, "- hold cost max %ld, median %ld (GCC's estimated "
		  "instructions)%s\n", l->max_cost, l->median_cost,
		  l->unknown_len ? ", some sections call functions of unknown "
		  "length" : "");
	sb_printf(&sb, "\n%s\n\nSites, hottest first:\n",
		  lf_checks[LF_CHECK_bit_spinlock_hot].help);
	for (size_t i = 0; i < l->sites.n; i++) {
		const struct lf_rec *r = l->sites.v[i].rec;

		sb_printf(&sb, "- %s:%d %s(): %s, %s\n", lf_mail_esc(r->file), r->line,
			  lf_mail_esc(lf_fn_basename(r->function)), lf_mail_esc(r->api),
			  lf_mail_esc(l->sites.v[i].why));
	}
	for (size_t i = 0; i < l->wrapped.n; i++) {
		const struct lf_rec *r = l->wrapped.v[i];

		sb_printf(&sb, "- %s:%d %s(): %s, inside a lock wrapper\n",
			  lf_mail_esc(r->file), r->line, lf_mail_esc(lf_fn_basename(r->function)),
			  lf_mail_esc(r->api));
	}
	j->body = sb_take(&sb);
}

/* Its jobs' kind (pjob.h): the files the records name, numbered after
 * the rwlock checker's. */
static const struct lf_pkind to_spinlock = {
	.name = "bitlock->spinlock", .order = 1,
	.rewrite = "bitlock", .to_type = "spinlock_t",
};

static const struct lf_pkind *const pkinds[] = { &to_spinlock, NULL };

/* "struct TAG::WORD bit B": the new member WORD_lock of struct TAG,
 * which every TAG the tree sets up must initialise (patch_init.c). */
static void setup_of(struct lf_pjob *j, const char *name, const char *bit)
{
	const char *sep = strstr(name, "::");

	if (!sep || sep > bit)
		return;
	j->setup_struct = xasprintf("%.*s", (int)(sep - name - 7), name + 7);
	j->setup_lock = xasprintf("%.*s_lock", (int)(bit - sep - 2), sep + 2);
}

static struct lf_pjob *bit_job(const struct lf_analysis *a,
			       struct strmap *decls, const struct lf_bitlock *l)
{
	struct lf_pjob *j = lf_pjob_new(&to_spinlock, l->name,
					"bitlock_to_spinlock");
	const char *bit = strstr(l->name, " bit ");
	const struct lf_rec **recs = xcalloc(l->sites.n + 1, sizeof(*recs));

	if (!bit || strncmp(l->name, "struct ", 7))
		j->refused = xasprintf("'%s' is not a bit of a struct member: "
				       "bitlock_to_spinlock embeds a spinlock_t "
				       "in struct TAG", l->name);
	else if (l->fix == LF_FIX_HASH)
		j->refused = xasprintf("the proposal is a hashed array of "
				       "spinlocks (%s): bitlock_to_spinlock only "
				       "embeds one", l->fix_why);
	else if (!(j->refused = lf_pjob_ident(j, l->name, bit - l->name,
					       "field=%.*s"))) {
		if (!lf_is_ident(bit + 5, strlen(bit + 5)) &&
		    strspn(bit + 5, "0123456789") != strlen(bit + 5))
			j->refused = xasprintf("bit '%s' is an expression: the "
					       "script names it as written", bit + 5);
		lf_pjob_dopt(j, "bit=%.*s", bit + 5, strlen(bit + 5));
		free(j->name);
		j->name = xasprintf("%.*s", (int)(bit - l->name - 7), l->name + 7);
		setup_of(j, l->name, bit);
	}
	for (size_t i = 0; i < l->sites.n; i++) {
		recs[i] = l->sites.v[i].rec;
		lf_pjob_site(j, a, recs[i]);
	}
	for (size_t i = 0; i < l->wrapped.n; i++)
		lf_pjob_site(j, a, l->wrapped.v[i]);
	lf_pjob_finish(j, a, decls);
	lf_pjob_prefix(j, recs, l->sites.n);
	j->subject = xasprintf("replace bit spinlock %s with a spinlock_t",
			       lf_mail_esc(l->name + (bit ? 7 : 0)));
	bit_body(j, l);
	free(recs);
	return j;
}

static bool bit_jobs(const struct lf_analysis *a, struct strmap *decls,
		     const char *only, struct lf_pjobs *out)
{
	bool seen = false;
	struct lf_bitlocks *bits = lf_bits_of(a);

	for (size_t i = 0; i < bits->locks.n; i++) {
		const struct lf_bitlock *l = bits->locks.v[i];

		if (!lf_pjob_wanted(only, l->name))
			continue;
		seen = true;
		if (l->hot)
			VEC_PUSH(out, bit_job(a, decls, l));
		else if (only)
			lf_printf("%s (bit spinlock): not hot (%s): no rewrite\n",
				  l->name, l->hot_why ? l->hot_why : "no hot site");
	}
	return seen;
}

const struct lf_patcher lf_patch_bitlock = {
	.name = "bitlock",
	.jobs = bit_jobs,
	.pkinds = pkinds,
};
