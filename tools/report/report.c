// SPDX-License-Identifier: GPL-2.0
/*
 * report.c - lockfit report: arguments, then one of the three formats.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "lib/cli.h"
#include "lib/phase.h"
#include "analysis/analysis.h"
#include "pipeline/pipeline.h"
#include "checks/checker.h"
#include "report/report.h"

static const char usage[] =
"Usage: lockfit report DIR [--format text|json|sarif] [--check NAME]\n"
"                      [--lenient] [EVIDENCE]\n"
"       lockfit report --list-checks\n"
"\n"
"Read the lockfit GCC plugin's records of a build: DIR is a kbuild output\n"
"directory (in-tree or O=; its current objects only), a directory of\n"
"objects or one object, or a directory of *.lfr record files (the\n"
"plugin's out=DIR).  Give each rwlock_t and rw_semaphore a verdict:\n"
"spinlock, percpu_rwsem, rcu (advice), unsafe, keep or unknown, with the\n"
"reasons, its sites and where they run, and findings for the verdicts that\n"
"ask for a rewrite; decide every arch_spin_lock() site across files (is\n"
"preemption off?); rank the bit spinlocks by hotness and propose a\n"
"replacement for each.  docs/REPORT.md describes the output.\n"
"\n"
"Options:\n"
"  --format FMT     text (default), json or sarif\n"
"  --check NAME     only the findings of check NAME, one of\n"
"                  "
#define LF_CHECK(module, name, id, warn, summary, help) " " id
#include "schema/checks.def"
"\n"
"  --list-checks    print the check names, one a line, and exit\n"
"  --lenient        skip bad lines and cut record files, counting them in the\n"
"                   header, instead of failing\n"
"  -h, --help       show this help\n"
"\n"
LF_HELP_EVIDENCE
"\n"
"A rewrite verdict (spinlock, percpu_rwsem), and rcu's advice, need every\n"
"use of the lock in the source tree seen: without a tree they are unknown.\n"
"Thresholds come from $LOCKFIT_RULES/thresholds.tbl, else from lockfit's\n"
"own rules/thresholds.tbl (lockfit --version says where; hot entry points\n"
"and structs that must not grow: hotpaths.tbl and bitlocks.tbl beside it).\n"
"Exit status: 0 report written, 2 error (bad records, profile or lock_stat,\nusage).\n";

static int run(int argc, char **argv);

const struct lf_cmd lf_cmd_report = {
	"report", "verdicts, sites and findings for a record directory", usage, run,
	LF_CMD_JUDGES,
};

int lf_report_run(const struct lf_report_opts *o)
{
	struct lf_analysis a;

	lf_analyze_with(&a, o->dir, &o->ev, o->load);
	lf_findings_filter(&a.findings, o->check);
	if (!strcmp(o->format, "json"))
		lf_report_json(stdout, &a);
	else if (!strcmp(o->format, "sarif"))
		lf_report_sarif(stdout, &a);
	else
		lf_report_text(stdout, &a, o->check);
	lf_phase_end("findings, output");
	lf_phase_print(stderr);
	/* a write error is caught at exit: lf_check_stdout_at_exit() */
	return LF_EXIT_OK;
}

static int run(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "check", required_argument, NULL, 'c' },
		{ "list-checks", no_argument, NULL, 'L' },
		{ "lenient", no_argument, NULL, 'l' },
		LF_LONGOPTS_EVIDENCE,
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	struct lf_report_opts o = { .format = "text" };
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (c) {
		case 'f':
			o.format = optarg;
			break;
		case 'c':
			o.check = optarg;
			break;
		case 'l':
			o.load |= LF_LOAD_LENIENT;
			break;
		case 'L':	/* for scripts: the shell completion */
			for (size_t i = 0; i < LF_NCHECKS; i++)
				lf_printf("%s\n", lf_checks[i].name);
			return LF_EXIT_OK;
		case 'h':
			lf_help(&lf_cmd_report);
		default:
			if (lf_evidence_option(&o.ev, &lf_cmd_report, c, optarg))
				break;
			lf_bad_option(&lf_cmd_report, c, argv);
		}
	}
	if (strcmp(o.format, "text") && strcmp(o.format, "json") &&
	    strcmp(o.format, "sarif"))
		lf_usage_error(&lf_cmd_report, "unknown format '%s'", o.format);
	if (o.check && !lf_check_find(o.check, NULL))
		lf_usage_error(&lf_cmd_report, "unknown check '%s'", o.check);
	if (optind != argc - 1)
		lf_usage_error(&lf_cmd_report, optind == argc ?
			       "no record directory given" :
			       "one record directory expected");
	o.dir = argv[optind];
	return lf_report_run(&o);
}
