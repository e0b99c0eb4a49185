// SPDX-License-Identifier: GPL-2.0
/*
 * patch_jobs.c - which locks lockfit patch rewrites, with which script
 * and -D options, on which files, and the evidence its message gives.
 *
 * A rewrite is asked for by a verdict (spinlock, percpu_rwsem), by a hot
 * bit spinlock whose proposal is to embed a spinlock_t (a hashed array
 * is not what bitlock_to_spinlock does), or by flagged arch_spin_lock()
 * sites.  The options come from the identity: NAME or FILE:NAME is
 * "-D lock=NAME", "struct TAG::FIELD" is "-D lock=FIELD -D struct=TAG",
 * "struct TAG::WORD bit B" is "-D struct=TAG -D field=WORD -D bit=B";
 * anything else (nested members, pointers, function statics, members of
 * named objects) is refused with the reason: the scripts name one
 * variable or one member of one struct.
 *
 * Record strings are data: each that goes into a subject, a message or
 * a reason is escaped (lf_mail_esc), and a file or unit that is not a plain
 * path inside the tree (lf_path_ok: "../x.c", "/x.c") refuses the lock
 * before anything runs.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "util.h"
#include "analysis.h"
#include "verdict.h"
#include "patch.h"

const char *lf_pkind_name(enum lf_pkind k)
{
	static const char *const names[] = {
		"rwlock->spinlock", "rwlock->percpu_rwsem", "bitlock->spinlock",
		"arch_spin->preempt",
	};

	return k < LF_PK_NKINDS ? names[k] : "?";
}

static bool is_ident(const char *s, size_t n)
{
	if (!n || isdigit((unsigned char)s[0]))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '_')
			return false;
	return true;
}

static void dopt(struct lf_pjob *j, const char *fmt, const char *a, size_t n)
{
	char *s = xasprintf(fmt, (int)n, a);

	lf_strv_add(&j->dopts, "-D");
	lf_strv_add(&j->dopts, s);
	free(s);
}

/* "struct TAG::FIELD" (LEN chars of ID): -D lock|field=FIELD -D struct=TAG. */
static char *member(struct lf_pjob *j, const char *id, size_t len,
		    const char *fieldopt)
{
	const char *tag = id + 7, *sep = strstr(id, "::");
	const char *field = sep ? sep + 2 : NULL;
	size_t flen = field ? (size_t)(id + len - field) : 0;

	if (!sep || sep > id + len || !is_ident(tag, sep - tag))
		return xasprintf("'%.*s' is not struct TAG::FIELD", (int)len, id);
	if (!is_ident(field, flen))
		return xasprintf("'%.*s' is a nested member or an array: the "
				 "scripts rewrite one member FIELD of one struct",
				 (int)len, id);
	dopt(j, fieldopt, field, flen);
	dopt(j, "struct=%.*s", tag, sep - tag);
	j->name = xasprintf("%.*s", (int)(id + len - tag), tag);
	return NULL;
}

/* -D options naming LEN chars of lock identity ID; NULL, or why not. */
static char *ident(struct lf_pjob *j, const char *id, size_t len,
		   const char *fieldopt)
{
	const char *colon = memchr(id, ':', len), *name = id;

	if (len > 7 && !strncmp(id, "struct ", 7))
		return member(j, id, len, fieldopt);
	if (id[0] == '*')
		return xasprintf("'%.*s' is reached through a pointer field: the "
				 "scripts cannot follow it", (int)len, id);
	if (colon) {
		name = colon + 1;
		if (memchr(name, ':', id + len - name))
			return xasprintf("'%.*s' is a function-static lock: the "
					 "scripts name file-scope locks only",
					 (int)len, id);
	}
	if (!is_ident(name, id + len - name))
		return xasprintf("'%.*s' is a member of a named object or not an "
				 "identifier: the scripts name a variable or a "
				 "member of a struct", (int)len, id);
	dopt(j, "lock=%.*s", name, id + len - name);
	j->name = xasprintf("%.*s", (int)(id + len - name), name);
	return NULL;
}

static struct lf_pjob *job(enum lf_pkind k, const char *lock, const char *script)
{
	struct lf_pjob *j = xcalloc(1, sizeof(*j));

	j->kind = k;
	j->lock = lock;
	j->script = script;
	return j;
}

static void add_file(struct lf_pjob *j, const struct lf_rec *r)
{
	lf_strv_add_unique(&j->files, r->file);
	if (r->tu)
		lf_strv_add_unique(&j->tus, r->tu);
}

/* R's file, and R's call when KIND's rewrite replaces it (not a call of
 * a wrapper, which stays: its body is rewritten). */
static void add_site(struct lf_pjob *j, const struct lf_analysis *a,
		     const char *kind, const struct lf_rec *r)
{
	add_file(j, r);
	if (r->api && lf_rules_rewrites_call(&a->rules, kind, r->api)) {
		struct lf_psite s = { r->file, r->function, r->api, r->line };

		VEC_PUSH(&j->must, s);
	}
}

/* The decl files, the units of every record of the lock, and a check
 * that every path is inside the tree. */
static void finish_files(struct lf_pjob *j, const struct lf_analysis *a,
			 struct strmap *decls)
{
	const struct lf_strv *d = strmap_get(decls, j->lock);

	for (size_t i = 0; d && i < d->n; i++)
		lf_strv_add_unique(&j->files, d->v[i]);
	for (size_t i = 0; i < a->recs.recs.n; i++) {
		const struct lf_rec *r = &a->recs.recs.v[i];

		if (r->lock && r->tu && !strcmp(r->lock, j->lock))
			lf_strv_add_unique(&j->tus, r->tu);
	}
	lf_strv_sort(&j->files);
	lf_strv_sort(&j->tus);
	for (size_t i = 0; i < j->files.n && !j->refused; i++)
		if (!lf_path_ok(j->files.v[i]))
			j->refused = xasprintf("the file '%s' of the records is not "
					       "a plain path inside the source tree",
					       lf_mail_esc(j->files.v[i]));
	for (size_t i = 0; i < j->tus.n && !j->refused; i++)
		if (!lf_path_ok(j->tus.v[i]))
			j->refused = xasprintf("the unit (tu) '%s' of the records is "
					       "not a plain path inside the source "
					       "tree: nothing is built or deleted "
					       "for it", lf_mail_esc(j->tus.v[i]));
	/* a member lock: spatch must read the local headers to type the
	 * uses (p->field, where p's type is there), and then patches them
	 * too (cocci/README.md); likewise a struct in a local header */
	if (!strncmp(j->lock, "struct ", 7))
		lf_strv_add_unique(&j->dopts, "--local-includes");
	for (size_t i = 0; i < j->files.n; i++) {
		const char *f = j->files.v[i];
		size_t n = strlen(f);

		if (n > 2 && !strcmp(f + n - 2, ".h") && strncmp(f, "include/", 8) &&
		    !(strncmp(f, "arch/", 5) == 0 && strstr(f, "/include/"))) {
			lf_strv_add_unique(&j->dopts, "--local-includes");
			break;
		}
	}
}

/* The .c file with the most of RECS (N of them), for the subject. */
static char *main_prefix(const struct lf_rec *const *recs, size_t n)
{
	const char *best = NULL;
	size_t bestn = 0;

	for (size_t i = 0; i < n; i++) {
		size_t c = 0, len = strlen(recs[i]->file);

		if (len < 2 || strcmp(recs[i]->file + len - 2, ".c"))
			continue;
		for (size_t k = 0; k < n; k++)
			c += !strcmp(recs[k]->file, recs[i]->file);
		if (c > bestn || (c == bestn && strcmp(recs[i]->file, best) < 0)) {
			best = recs[i]->file;
			bestn = c;
		}
	}
	return lf_subsystem(best ? best : n ? recs[0]->file : "");
}

static const char *help(const char *check)
{
	int i = lf_check_index(check);

	return i < 0 ? "" : lf_checks[i].help;
}

static void site_line(struct strbuf *sb, const struct lf_rec *r,
		      const char *needs, bool promoted)
{
	sb_printf(sb, "- %s %s:%d %s(): %s -> %s%s\n", lf_mail_esc(r->mode),
		  lf_mail_esc(r->file), r->line, lf_mail_esc(lf_fn_basename(r->function)),
		  lf_mail_esc(r->api), needs ? lf_mail_esc(needs) : "?",
		  promoted ? " (promoted)" : "");
}

static void promotions(struct strbuf *sb, const struct lf_lock *l)
{
	const struct lf_verdict *v = l->verdict;
	size_t n = 0;

	for (size_t i = 0; i < l->sites.n; i++)
		n += v->promoted[i];
	if (!n) {
		sb_printf(sb, "No site is promoted: every reader keeps the irq/bh "
			  "variant it has.\n");
		return;
	}
	sb_printf(sb, "Promoted, because writers use %s (a reader that left "
		  "irqs or bh on could deadlock against a writer on its own "
		  "CPU):\n", v->writer_api ? lf_mail_esc(v->writer_api) : "a stronger variant");
	for (size_t i = 0; i < l->sites.n; i++) {
		const struct lf_rec *r = l->sites.v[i].rec;

		if (v->promoted[i])
			sb_printf(sb, "- %s:%d %s(): %s -> %s\n", lf_mail_esc(r->file),
				  r->line, lf_mail_esc(lf_fn_basename(r->function)),
				  lf_mail_esc(r->api), lf_mail_esc(v->needs[i]));
	}
}

/* The message of a lock verdict's rewrite. */
static void verdict_body(struct lf_pjob *j, const struct lf_lock *l)
{
	const struct lf_verdict *v = l->verdict;
	struct strbuf sb = { 0 };

	sb_printf(&sb, "lockfit's verdict for %s (%s, %s) is %s, from the "
		  "records its GCC plugin wrote while the units using it "
		  "compiled:\n", lf_mail_esc(l->name), lf_mail_esc(lf_lock_type(l)),
		  lf_mail_esc(l->kind), lf_verdict_name(v->kind));
	sb_printf(&sb, "- read sites %zu, write sites %zu", l->nread, l->nwrite);
	if (v->has_read)
		sb_printf(&sb, "; read cost max %ld, median %ld (GCC's estimated "
			  "instructions)", v->max_read_cost, v->median_read_cost);
	sb_printf(&sb, "\n");
	for (size_t i = 0; i < v->reasons.n; i++)
		sb_printf(&sb, "- %s\n", lf_mail_esc(v->reasons.v[i]));
	sb_printf(&sb, "\n%s\n\nSites:\n", help(j->kind == LF_PK_SPINLOCK ?
						"rwlock-spinlock" : "percpu-rwsem"));
	for (size_t i = 0; i < l->sites.n; i++)
		site_line(&sb, l->sites.v[i].rec, v->needs[i], v->promoted[i]);
	if (j->kind == LF_PK_SPINLOCK) {
		sb_printf(&sb, "\n");
		promotions(&sb, l);
	}
	j->body = sb_take(&sb);
}

static char *promote_opt(const struct lf_lock *l)
{
	const struct lf_verdict *v = l->verdict;
	bool bh = false;

	for (size_t i = 0; i < l->sites.n; i++) {
		if (!v->promoted[i] || !v->needs[i])
			continue;
		if (strstr(v->needs[i], "irqsave"))
			return "promote=irqsave";
		if (strstr(v->needs[i], "_bh"))
			bh = true;
	}
	return bh ? "promote=bh" : NULL;
}

static struct lf_pjob *verdict_job(const struct lf_analysis *a,
				   struct strmap *decls, const struct lf_lock *l)
{
	bool spin = l->verdict->kind == LF_V_SPINLOCK;
	const char *kind = spin ? "spinlock" : "percpu_rwsem";	/* rewrites.tbl */
	struct lf_pjob *j = job(spin ? LF_PK_SPINLOCK : LF_PK_PERCPU, l->name,
				spin ? "rwlock_to_spinlock" : "rwlock_to_percpu_rwsem");
	const struct lf_rec **recs = xcalloc(l->sites.n + 1, sizeof(*recs));
	const char *promote = spin ? promote_opt(l) : NULL;
	char *prefix;

	j->refused = ident(j, l->name, strlen(l->name), "lock=%.*s");
	if (promote) {
		lf_strv_add(&j->dopts, "-D");
		lf_strv_add(&j->dopts, promote);
	}
	for (size_t i = 0; i < l->sites.n; i++) {
		recs[i] = l->sites.v[i].rec;
		add_site(j, a, kind, recs[i]);
	}
	for (size_t i = 0; i < l->rels.n; i++)
		add_site(j, a, kind, l->rels.v[i].rec);
	finish_files(j, a, decls);
	prefix = main_prefix(recs, l->sites.n);
	j->subject = xasprintf("%s: convert %s from %s to %s", lf_mail_esc(prefix),
			       lf_mail_esc(j->name ? j->name : l->name),
			       lf_mail_esc(lf_lock_type(l)),
			       spin ? "spinlock_t" : "percpu_rw_semaphore");
	verdict_body(j, l);
	free(prefix);
	free(recs);
	return j;
}

static void bit_body(struct lf_pjob *j, const struct lf_bitlock *l)
{
	struct strbuf sb = { 0 };

	sb_printf(&sb, "lockfit finds the bit spinlock %s hot, from the records "
		  "its GCC plugin wrote while the units using it compiled:\n",
		  lf_mail_esc(l->name));
	sb_printf(&sb, "- %s\n- %s: %s\n", lf_mail_esc(l->hot_why), lf_mail_esc(l->proposal),
		  lf_mail_esc(l->fix_why));
	sb_printf(&sb, "- hold cost max %ld, median %ld (GCC's estimated "
		  "instructions)%s\n", l->max_cost, l->median_cost,
		  l->unknown_len ? ", some sections call functions of unknown "
		  "length" : "");
	sb_printf(&sb, "\n%s\n\nSites, hottest first:\n", help("bit-spinlock-hot"));
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

static struct lf_pjob *bit_job(const struct lf_analysis *a,
			       struct strmap *decls, const struct lf_bitlock *l)
{
	struct lf_pjob *j = job(LF_PK_BITLOCK, l->name, "bitlock_to_spinlock");
	const char *bit = strstr(l->name, " bit ");
	const struct lf_rec **recs = xcalloc(l->sites.n + 1, sizeof(*recs));
	char *prefix;

	if (!bit || strncmp(l->name, "struct ", 7))
		j->refused = xasprintf("'%s' is not a bit of a struct member: "
				       "bitlock_to_spinlock embeds a spinlock_t "
				       "in struct TAG", l->name);
	else if (l->fix == LF_FIX_HASH)
		j->refused = xasprintf("the proposal is a hashed array of "
				       "spinlocks (%s): bitlock_to_spinlock only "
				       "embeds one", l->fix_why);
	else if (!(j->refused = ident(j, l->name, bit - l->name, "field=%.*s"))) {
		if (!is_ident(bit + 5, strlen(bit + 5)) &&
		    strspn(bit + 5, "0123456789") != strlen(bit + 5))
			j->refused = xasprintf("bit '%s' is an expression: the "
					       "script names it as written", bit + 5);
		dopt(j, "bit=%.*s", bit + 5, strlen(bit + 5));
		free(j->name);
		j->name = xasprintf("%.*s", (int)(bit - l->name - 7), l->name + 7);
	}
	for (size_t i = 0; i < l->sites.n; i++) {
		recs[i] = l->sites.v[i].rec;
		add_site(j, a, "bitlock", recs[i]);
	}
	for (size_t i = 0; i < l->wrapped.n; i++)
		add_site(j, a, "bitlock", l->wrapped.v[i]);
	finish_files(j, a, decls);
	prefix = main_prefix(recs, l->sites.n);
	j->subject = xasprintf("%s: replace bit spinlock %s with a spinlock_t",
			       lf_mail_esc(prefix), lf_mail_esc(l->name + (bit ? 7 : 0)));
	bit_body(j, l);
	free(prefix);
	free(recs);
	return j;
}

/* Every flagged arch_spin_lock() site of the job's lock. */
static struct lf_pjob *arch_job(const struct lf_analysis *a,
				struct strmap *decls, const char *lock)
{
	struct lf_pjob *j = job(LF_PK_ARCH, lock, "arch_spin_preempt");
	const struct lf_rec **recs = xcalloc(a->arch.sites.n + 1, sizeof(*recs));
	struct strbuf sb = { 0 };
	size_t n = 0;
	char *prefix;

	j->refused = ident(j, lock, strlen(lock), "lock=%.*s");
	sb_printf(&sb, "arch_spin_lock() of %s is reached with preemption "
		  "enabled, from the records lockfit's GCC plugin wrote while "
		  "the units using it compiled.\n\n%s\n\nFlagged sites:\n", lf_mail_esc(lock),
		  help("arch-spin-preempt"));
	for (size_t i = 0; i < a->arch.sites.n; i++) {
		const struct lf_arch_site *s = &a->arch.sites.v[i];

		if (s->status != LF_ARCH_FLAGGED || strcmp(s->rec->lock, lock))
			continue;
		recs[n++] = s->rec;
		add_file(j, s->rec);
		sb_printf(&sb, "- %s:%d %s(): %s\n", lf_mail_esc(s->rec->file),
			  s->rec->line, lf_mail_esc(lf_fn_basename(s->rec->function)),
			  lf_mail_esc(s->why));
	}
	sb_printf(&sb, "\nEvery arch_spin_lock()/arch_spin_unlock() of the lock "
		  "in these files gets preempt_disable()/preempt_enable(); where "
		  "preemption is off already the pair nests harmlessly.\n");
	j->body = sb_take(&sb);
	finish_files(j, a, decls);
	prefix = main_prefix(recs, n);
	j->subject = xasprintf("%s: disable preemption around arch_spin_lock() "
			       "of %s", lf_mail_esc(prefix), lf_mail_esc(j->name ? j->name : lock));
	free(prefix);
	free(recs);
	return j;
}

/* ONLY: the identity, or the plain name (after the last ':' of a
 * file-static, the whole of anything else). */
static bool wanted(const char *only, const char *lock)
{
	const char *colon = strrchr(lock, ':');

	if (!only || !strcmp(only, lock))
		return true;
	return colon && strncmp(lock, "struct ", 7) && lock[0] != '*' &&
	       !strcmp(colon + 1, only);
}

static void say_no(const struct lf_lock *l)
{
	const struct lf_verdict *v = l->verdict;

	printf("%s (%s): verdict %s: no rewrite\n", lf_mail_esc(l->name),
	       lf_mail_esc(lf_lock_type(l)), lf_verdict_name(v->kind));
	for (size_t i = 0; i < v->reasons.n; i++)
		printf("  - %s\n", lf_mail_esc(v->reasons.v[i]));
}

static bool verdict_jobs(const struct lf_analysis *a, struct strmap *decls,
			 const char *only, struct lf_pjobs *out)
{
	bool seen = false;

	for (size_t i = 0; i < a->ranked.n; i++) {
		const struct lf_lock *l = a->ranked.v[i];
		enum lf_verdict_kind k = l->verdict->kind;

		if (!wanted(only, l->name))
			continue;
		seen = true;
		if (k == LF_V_SPINLOCK || k == LF_V_PERCPU)
			VEC_PUSH(out, verdict_job(a, decls, l));
		else if (only)
			say_no(l);
	}
	return seen;
}

static bool bit_jobs(const struct lf_analysis *a, struct strmap *decls,
		     const char *only, struct lf_pjobs *out)
{
	bool seen = false;

	for (size_t i = 0; i < a->bitlocks.locks.n; i++) {
		const struct lf_bitlock *l = a->bitlocks.locks.v[i];

		if (!wanted(only, l->name))
			continue;
		seen = true;
		if (l->hot)
			VEC_PUSH(out, bit_job(a, decls, l));
		else if (only)
			printf("%s (bit spinlock): not hot (%s): no rewrite\n",
			       lf_mail_esc(l->name),
			       l->hot_why ? lf_mail_esc(l->hot_why) : "no hot site");
	}
	return seen;
}

static bool arch_jobs(const struct lf_analysis *a, struct strmap *decls,
		      const char *only, struct lf_pjobs *out)
{
	struct strmap *done = strmap_new();
	bool seen = false;

	for (size_t i = 0; i < a->arch.sites.n; i++) {
		const struct lf_arch_site *s = &a->arch.sites.v[i];

		if (!wanted(only, s->rec->lock))
			continue;
		seen = true;
		if (s->status != LF_ARCH_FLAGGED || strmap_get(done, s->rec->lock))
			continue;
		strmap_put(done, s->rec->lock, (void *)s);
		VEC_PUSH(out, arch_job(a, decls, s->rec->lock));
	}
	if (only && seen && !strmap_get(done, only))
		for (size_t i = 0; i < a->arch.sites.n; i++)
			if (wanted(only, a->arch.sites.v[i].rec->lock) &&
			    !strmap_get(done, a->arch.sites.v[i].rec->lock)) {
				printf("%s (arch_spinlock_t): no flagged "
				       "arch_spin_lock() site: no rewrite\n",
				       lf_mail_esc(a->arch.sites.v[i].rec->lock));
				break;
			}
	return seen;
}

bool lf_pjobs_build(const struct lf_analysis *a, struct strmap *decls,
		    const char *only, struct lf_pjobs *out)
{
	bool seen = verdict_jobs(a, decls, only, out);

	seen |= bit_jobs(a, decls, only, out);
	seen |= arch_jobs(a, decls, only, out);
	return seen;
}
