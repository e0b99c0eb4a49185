// SPDX-License-Identifier: GPL-2.0
/*
 * check_archspin.c - the arch-spin-preempt check: every arch_spin_lock()
 * site decided in its unit, then across files (archspin.c), a finding per site reached
 * with preemption enabled, the report's text section (counts by status
 * and how, then the flagged and the unresolved sites) and "arch_spin"
 * array, lockfit explain of an arch lock, a patch job per arch lock with
 * flagged sites.
 */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "report/render.h"
#include "patch/patch.h"
#include "checks/checker.h"
#include "report/present.h"
#include "checks/archspin.h"

struct lf_arch *lf_arch_of(const struct lf_analysis *a)
{
	return lf_results(a, &lf_checker_archspin);
}

/* Sites listed per status; the JSON report has them all. */
#define LIST_MAX 50

/* The "how" values of each status, in the order they are counted. */
static const char *const hows[][5] = {
	[LF_ARCH_SAFE] = { "local", "assert", "callers", NULL },
	[LF_ARCH_NEEDS_CALLER] = { "entry", NULL },
	[LF_ARCH_FLAGGED] = { "enabled", "unbalanced", "caller", "entered", NULL },
};

/* "safe 17 (local 13, assert 2, callers 2)" */
static void count_line(FILE *out, const struct lf_arch *ar,
		       enum lf_arch_status st)
{
	size_t shown = 0;

	lf_fprintf(out, "%s %zu", lf_arch_status_name(st), ar->count[st]);
	for (size_t h = 0; hows[st][h]; h++) {
		size_t n = 0;

		for (size_t i = 0; i < ar->sites.n; i++)
			n += ar->sites.v[i].status == st &&
			     !strcmp(ar->sites.v[i].how, hows[st][h]);
		if (n)
			lf_fprintf(out, "%s%s %zu", shown++ ? ", " : " (",
				hows[st][h], n);
	}
	lf_fprintf(out, "%s", shown ? ")" : "");
}

static void site_lines(FILE *out, const struct lf_arch *ar,
		       enum lf_arch_status st)
{
	size_t n = 0;

	lf_fprintf(out, "  %s:%s\n", lf_arch_status_name(st),
		ar->count[st] ? "" : " none");
	for (size_t i = 0; i < ar->sites.n; i++) {
		const struct lf_arch_site *s = &ar->sites.v[i];

		if (s->status != st)
			continue;
		if (n++ == LIST_MAX) {
			lf_fprintf(out, "    ... (--format json lists all)\n");
			break;
		}
		lf_fprintf(out, "    %s:%d:%d %s %s(%s) [%s]: %s\n", s->rec->file,
			s->rec->line, s->rec->column, s->rec->function,
			s->rec->api, s->rec->lock, s->how, s->why);
	}
}

static void text(FILE *out, const struct lf_analysis *a)
{
	const struct lf_arch *ar = lf_arch_of(a);
	size_t resolved = 0;

	if (!ar->sites.n) {
		lf_fprintf(out, "\narch_spin_lock sites: none\n");
		return;
	}
	lf_fprintf(out, "\narch_spin_lock sites: %zu; ", ar->sites.n);
	count_line(out, ar, LF_ARCH_SAFE);
	lf_fprintf(out, "; ");
	count_line(out, ar, LF_ARCH_FLAGGED);
	lf_fprintf(out, "; ");
	count_line(out, ar, LF_ARCH_NEEDS_CALLER);
	lf_fprintf(out, "\n");
	for (int st = 0; st <= LF_ARCH_FLAGGED; st++)
		resolved += ar->resolved[st];
	if (resolved)
		lf_fprintf(out, "  left to callers by the plugin: %zu; with the calls "
			"of every unit: safe %zu, flagged %zu, still needs_caller "
			"%zu\n", resolved, ar->resolved[LF_ARCH_SAFE],
			ar->resolved[LF_ARCH_FLAGGED],
			ar->resolved[LF_ARCH_NEEDS_CALLER]);
	site_lines(out, ar, LF_ARCH_FLAGGED);
	site_lines(out, ar, LF_ARCH_NEEDS_CALLER);
}

static json_t *caller(const struct lf_arch_site *s)
{
	const struct lf_callsite *c = s->culprit;

	if (!c)
		return json_null();
	return json_pack("{s:o, s:o, s:i}", "function",
			 lf_json_str(c->rec->function), "file",
			 lf_json_str(c->rec->file), "line", c->call->line);
}

static json_t *site(const struct lf_arch_site *s)
{
	const struct lf_rec *r = s->rec;
	json_t *o = json_object();
	bool enabled = !strcmp(r->how, "enabled") || !strcmp(r->how, "unbalanced");

	lf_json_place(o, r);
	json_object_set_new(o, "lock", lf_json_str(r->lock));
	json_object_set_new(o, "api", lf_json_str(r->api));
	json_object_set_new(o, "primitive", lf_json_str(r->primitive));
	json_object_set_new(o, "status", lf_json_str(lf_arch_status_name(s->status)));
	json_object_set_new(o, "how", lf_json_str(s->how));
	json_object_set_new(o, "record_status", lf_json_str(s->unit_status));
	json_object_set_new(o, "record_how", lf_json_str(s->unit_how));
	json_object_set_new(o, "resolved", json_boolean(s->resolved));
	json_object_set_new(o, "enabled_line", enabled ?
			    json_integer(r->enabled_line) : json_null());
	json_object_set_new(o, "caller", caller(s));
	json_object_set_new(o, "through", lf_json_str(s->through));
	json_object_set_new(o, "why", lf_json_str(s->why));
	return o;
}

static json_t *json(const struct lf_analysis *a)
{
	json_t *arr = json_array();
	struct lf_arch *arch = lf_arch_of(a);

	for (size_t i = 0; i < arch->sites.n; i++)
		json_array_append_new(arr, site(&arch->sites.v[i]));
	return arr;
}

static void analyse(struct lf_analysis *a)
{
	lf_arch_resolve(&a->recs, &a->calls, lf_arch_of(a));
}

static void findings(const struct lf_analysis *a, struct lf_findings *out)
{
	struct lf_arch *arch = lf_arch_of(a);

	for (size_t i = 0; i < arch->sites.n; i++) {
		const struct lf_arch_site *s = &arch->sites.v[i];
		struct lf_finding f = {
			.check = lf_checks[LF_CHECK_arch_spin_preempt].name, .file = s->rec->file,
			.function = s->rec->function, .lock = s->rec->lock,
			.line = s->rec->line, .column = s->rec->column,
		};

		if (s->status != LF_ARCH_FLAGGED)
			continue;
		f.message = lf_arch_message(s);
		VEC_PUSH(out, f);
	}
}

/* The calls of R's function in every unit, then in its own. */
static void callers(const struct lf_analysis *a, const struct lf_rec *r)
{
	const struct lf_callsites *c = lf_callers(&a->calls, r->function);

	lf_printf("      calls of %s in the records:%s\n", r->function,
		  c->n ? "" : " none");
	for (size_t i = 0; i < c->n; i++)
		lf_printf("        %s at %s:%d: %s\n", c->v[i].rec->function,
		       c->v[i].rec->file, c->v[i].call->line,
		       c->v[i].call->context);
	for (size_t i = 0; i < c->n; i++)
		if (!strcmp(c->v[i].rec->tu, r->tu))
			lf_printf("      in its unit: %s at line %d%s\n",
				  c->v[i].rec->function, c->v[i].call->line,
				  strcmp(c->v[i].call->context, "atomic") ?
				  "" : ", atomic");
}

/* The entry (rules/entrypoints.tbl, hotpaths.tbl) that reaches the
 * site's function, and the chain of calls from it. */
static void entered(const struct lf_analysis *a, const struct lf_arch_site *s)
{
	char *line = lf_arch_entered(&a->calls, s);

	if (line)
		lf_printf("      %s\n", line);
	free(line);
}

static bool explain(const struct lf_analysis *a, const char *name)
{
	size_t n = 0;
	struct lf_arch *arch = lf_arch_of(a);

	for (size_t i = 0; i < arch->sites.n; i++)
		n += !strcmp(arch->sites.v[i].rec->lock, name);
	if (!n)
		return false;
	lf_printf("arch spinlock %s: %zu arch_spin_lock() site%s\n", name, n,
	       lf_plural(n));
	for (size_t i = 0; i < arch->sites.n; i++) {
		const struct lf_arch_site *s = &arch->sites.v[i];
		const struct lf_rec *r = s->rec;

		if (strcmp(r->lock, name))
			continue;
		lf_printf("\n  %s:%d:%d %s %s: %s (%s); the plugin said %s (%s)\n",
		       r->file, r->line, r->column, r->function, r->api,
		       lf_arch_status_name(s->status), s->how, s->unit_status,
		       s->unit_how);
		lf_printf("      %s\n", s->why);
		if (strcmp(s->unit_how, "entry") && strcmp(s->unit_how, "caller") &&
		    strcmp(s->unit_how, "unbalanced"))
			continue;
		entered(a, s);
		callers(a, r);
	}
	return true;
}

/* Each arch lock once: its sites are adjacent only per file. */
static void names(const struct lf_analysis *a,
		  void (*fn)(const char *name, void *arg), void *arg)
{
	const char *last = NULL;
	struct lf_arch *arch = lf_arch_of(a);

	for (size_t i = 0; i < arch->sites.n; i++) {
		const char *lock = arch->sites.v[i].rec->lock;

		if (!last || strcmp(last, lock))
			fn(lock, arg);
		last = lock;
	}
}

/* Its jobs' kind (patch.h): the files the records name, numbered last;
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

const struct lf_checker lf_checker_archspin = {
	.name = "archspin",
	.results_size = sizeof(struct lf_arch),
	.analyse = analyse,
	.findings = findings,
	.names = names,
};

const struct lf_presenter lf_present_archspin = {
	.name = "archspin",
	.text = text,
	.json_key = "arch_spin",
	.json = json,
	.explain = explain,
};

const struct lf_patcher lf_patch_archspin = {
	.name = "archspin",
	.jobs = arch_jobs,
	.pkinds = pkinds,
};
