// SPDX-License-Identifier: GPL-2.0
/*
 * explain.c - lockfit explain LOCK DIR: every site of one lock in full,
 * and every rule of its verdict with the numbers that decided it.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include "util.h"
#include "cli.h"
#include "analysis.h"
#include "verdict.h"
#include "render.h"
#include "report.h"
#include "explain.h"

static const char usage[] =
"Usage: lockfit explain LOCK DIR [--profile FILE] [--lenient] [--mixed-builds]\n"
"\n"
"Show how the verdict for LOCK (an rwlock_t or rw_semaphore identity as\n"
"lockfit report prints it, e.g. tasklist_lock or\n"
"fs/filesystems.c:file_systems_lock) follows from the records in DIR:\n"
"each site with its cost, loop, calls and nesting, the bindings of\n"
"parameter identities, the lock order, and every rule, passed or failed.\n"
"For a bit spinlock: its hotness per site, hold cost, layout and the\n"
"proposed replacement; for an arch_spinlock_t: each arch_spin_lock()\n"
"site and the calls of its function that decide it.\n"
"\n"
"Options:\n"
"  --profile FILE   as for lockfit report\n"
"  --lenient        as for lockfit report\n"
LF_HELP_MIXED_BUILDS
"  -h, --help       show this help\n"
"\n"
"Exit status: 0 explained, 2 error (no such lock, bad records, usage).\n";

static int run(int argc, char **argv);

const struct lf_cmd lf_cmd_explain = {
	"explain", "how the verdict for one lock follows from its sites",
	usage, run,
};

static void sites(const struct lf_lock *l)
{
	struct strbuf sb = { 0 };

	lf_printf("\nsites: %zu read, %zu write, %zu release only\n", l->nread,
	       l->nwrite, l->rels.n);
	for (size_t i = 0; i < l->sites.n; i++) {
		sb.len = 0;
		lf_text_site(&sb, l, i);
		lf_printf("  %s\n", sb_str(&sb));
		lf_explain_site(l->sites.v[i].rec);
	}
	for (size_t i = 0; i < l->rels.n; i++) {
		const struct lf_rec *r = l->rels.v[i].rec;

		lf_printf("  %-5s %s:%d:%d %s %s %s: release only, opened elsewhere\n",
		       r->mode, r->file, r->line, r->column, r->function, r->api,
		       r->variant);
	}
	free(sb.s);
}

/* Which lock_arg records made each param identity a site of this lock. */
static void bindings(const struct lf_analysis *a, const struct lf_lock *l)
{
	const char *last = NULL;
	bool any = false;

	for (size_t i = 0; i < l->sites.n + l->rels.n; i++) {
		const char *via = i < l->sites.n ? l->sites.v[i].via :
				  l->rels.v[i - l->sites.n].via;
		const struct lf_bindlist *b;

		if (!via || (last && !strcmp(last, via)))
			continue;
		last = via;
		if (!any)
			lf_printf("\nbindings (lock_arg records):\n");
		any = true;
		b = strmap_get(a->locks.binds, via);
		for (size_t j = 0; b && j < b->n; j++)
			lf_printf("  %s <- %s:%d %s passes %s (%s)\n", via,
			       b->v[j]->file, b->v[j]->line, b->v[j]->function,
			       b->v[j]->lock, b->v[j]->lock_kind);
	}
}

static void rules(const struct lf_analysis *a, const struct lf_lock *l)
{
	static const char *const states[] = {
		[LF_RULE_PASS] = "pass", [LF_RULE_FAIL] = "FAIL",
		[LF_RULE_NA] = "n/a",
	};
	const struct lf_verdict *v = l->verdict;

	lf_printf("\nrules (thresholds from %s/thresholds.tbl):\n", a->rules.dir);
	for (size_t i = 0; i < v->rules.n; i++)
		lf_printf("  [%-4s] %s: %s\n", states[v->rules.v[i].state],
		       v->rules.v[i].name, v->rules.v[i].detail);
	lf_printf("\nverdict: %s\n", lf_verdict_name(v->kind));
	for (size_t i = 0; i < v->reasons.n; i++)
		lf_printf("  - %s\n", v->reasons.v[i]);
}

/* No such lock: name the near misses, the identity forms are easy to
 * get wrong (file prefix, struct member). */
static void suggest(const char *name, const char *lock, size_t *shown)
{
	if (*shown >= 5 || (!strstr(lock, name) &&
			    !strstr(name, lf_fn_basename(lock))))
		return;
	lf_fprintf(stderr, "%s %s", (*shown)++ ? "," : "  did you mean:", lock);
}

static void not_found(const struct lf_analysis *a, const char *name,
		      const char *dir)
{
	size_t shown = 0;
	const char *last = NULL;

	lf_err("no rwlock_t, rw_semaphore, bit spinlock or arch spinlock '%s' "
	       "in the records of %s", name, dir);
	for (size_t i = 0; i < a->ranked.n; i++)
		suggest(name, a->ranked.v[i]->name, &shown);
	for (size_t i = 0; i < a->bitlocks.locks.n; i++)
		suggest(name, a->bitlocks.locks.v[i]->name, &shown);
	for (size_t i = 0; i < a->arch.sites.n; i++) {
		const char *lock = a->arch.sites.v[i].rec->lock;

		if (!last || strcmp(last, lock))
			suggest(name, lock, &shown);
		last = lock;
	}
	if (shown)
		fputc('\n', stderr);
	exit(LF_EXIT_ERROR);
}

static int run(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "profile", required_argument, NULL, 'p' },
		{ "lenient", no_argument, NULL, 'l' },
		LF_LONGOPT_MIXED_BUILDS,
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	const char *profile = NULL;
	unsigned load = 0;
	struct lf_analysis a;
	const struct lf_lock *l;
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (c) {
		case 'p':
			profile = optarg;
			break;
		case 'l':
			load |= LF_LOAD_LENIENT;
			break;
		case LF_OPT_MIXED_BUILDS:
			load |= LF_LOAD_MIXED_BUILDS;
			break;
		case 'h':
			lf_help(&lf_cmd_explain);
		default:
			lf_bad_option(&lf_cmd_explain, c, argv);
		}
	}
	if (optind != argc - 2)
		lf_usage_error(&lf_cmd_explain, "expected LOCK and DIR");
	lf_analyze(&a, argv[optind + 1], profile, load);
	l = lf_lock_find(&a.locks, argv[optind]);
	if (!l && (lf_explain_bitlock(&a, argv[optind]) ||
		   lf_explain_arch(&a, argv[optind])))
		return LF_EXIT_OK;
	if (!l)
		not_found(&a, argv[optind], argv[optind + 1]);
	lf_printf("lock %s (%s, %s identity)\n", l->name, lf_lock_type(l), l->kind);
	sites(l);
	bindings(&a, l);
	lf_explain_order(&a, l->name);
	rules(&a, l);
	return LF_EXIT_OK;
}
