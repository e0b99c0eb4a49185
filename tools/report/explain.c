// SPDX-License-Identifier: GPL-2.0
/*
 * explain.c - lockfit explain LOCK DIR: the presenter of the check that
 * owns LOCK (present/present_*.c, through pipeline.h's lf_show_explain)
 * shows every site in full and how its verdict follows, with the
 * numbers that decided it.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "lib/cli.h"
#include "analysis/analysis.h"
#include "pipeline/pipeline.h"
#include "analysis/lockname.h"

static const char usage[] =
"Usage: lockfit explain LOCK DIR [--lenient] [EVIDENCE]\n"
"\n"
"Show how the verdict for LOCK (an rwlock_t or rw_semaphore identity as\n"
"lockfit report prints it, e.g. tasklist_lock or\n"
"fs/filesystems.c:file_systems_lock, or a plain name only one lock has:\n"
"file_systems_lock, a module's x.c:NAME without \"$M/\", TAG::FIELD) follows\n"
"from the records in DIR:\n"
"each site with its cost, loop, calls and nesting, the bindings of\n"
"parameter identities, the lock order, and every rule, passed or failed.\n"
"For a bit spinlock: its hotness per site, hold cost, layout and the\n"
"proposed replacement; for an arch_spinlock_t: each arch_spin_lock()\n"
"site and the calls of its function that decide it.\n"
"\n"
"Options:\n"
"  --lenient        as for lockfit report\n"
"  -h, --help       show this help\n"
"\n"
LF_HELP_EVIDENCE
"\n"
"With --lock-stat, LOCK's measured numbers follow.\n"
"\n"
"Exit status: 0 explained, 2 error (no such lock, bad records, usage).\n";

static int run(int argc, char **argv);

const struct lf_cmd lf_cmd_explain = {
	"explain", "how the verdict for one lock follows from its sites",
	usage, run, LF_CMD_JUDGES,
};

static int run(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "lenient", no_argument, NULL, 'l' },
		LF_LONGOPTS_EVIDENCE,
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	unsigned load = 0;
	struct lf_evidence ev = { 0 };
	struct lf_analysis a;
	const char *lock;
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (c) {
		case 'l':
			load |= LF_LOAD_LENIENT;
			break;
		case 'h':
			lf_help(&lf_cmd_explain);
		default:
			if (lf_evidence_option(&ev, &lf_cmd_explain, c, optarg))
				break;
			lf_bad_option(&lf_cmd_explain, c, argv);
		}
	}
	if (optind != argc - 2)
		lf_usage_error(&lf_cmd_explain, "expected LOCK and DIR");
	lf_analyze_with(&a, argv[optind + 1], &ev, load);
	lock = lf_lock_lookup(&a, argv[optind], argv[optind + 1]);
	if (lf_show_explain(&a, lock))
		return LF_EXIT_OK;
	lf_die("internal error: no checker explains '%s'", lock);
}
