/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cli.h - the subcommands, and how they complain about their arguments.
 */
#ifndef LOCKFIT_CLI_H
#define LOCKFIT_CLI_H

#include <stdbool.h>
#include <stdio.h>

struct lf_cmd {
	const char *name;
	const char *summary;
	const char *usage;	/* full --help text */
	int (*run)(int argc, char **argv);
	unsigned flags;		/* LF_CMD_* */
};

/* The command judges: it takes the evidence options below. */
#define LF_CMD_JUDGES		1u
/* Its --tree is also the tree it writes for (patch), so --tree and
 * --assume-complete go together. */
#define LF_CMD_TREE_TARGET	2u

extern const struct lf_cmd lf_cmd_report, lf_cmd_gate, lf_cmd_explain,
	lf_cmd_build;

/*
 * The evidence every command that judges reads (report, gate, explain,
 * build, patch), parsed here alone: a gate and the report it gates
 * reach the same verdicts from the same evidence.  Each command puts
 * LF_LONGOPTS_EVIDENCE in its getopt_long table, "[EVIDENCE]" in its
 * synopsis and LF_HELP_EVIDENCE in its help, and hands every option it
 * does not know itself to lf_evidence_option().
 */
/* What the whole-tree coverage check is given (coverage/apply.c). */
struct lf_cov_opts {
	const char *tree;	/* --tree; NULL: the records' srcroot */
	bool assume_complete;	/* --assume-complete */
	bool no_cache;		/* --no-index-cache */
	/* without any tree, keep the verdicts (lf_analyze()'s callers
	 * that give no options: lockfit patch until it passes its tree) */
	bool trust_without_tree;
};

struct lf_evidence {
	const char *profile;	/* --profile FILE; NULL: none */
	const char *lock_stat;	/* --lock-stat FILE; NULL: none */
	bool mixed_builds;	/* --mixed-builds: LF_LOAD_MIXED_BUILDS */
	struct lf_cov_opts cov;	/* --tree, --assume-complete, --no-index-cache */
};

#define LF_OPT_PROFILE		0x5046
#define LF_OPT_LOCK_STAT	0x4c53
#define LF_OPT_MIXED_BUILDS	0x4d42
#define LF_OPT_TREE		0x5452
#define LF_OPT_ASSUME_COMPLETE	0x4143
#define LF_OPT_NO_INDEX_CACHE	0x4e49
#define LF_LONGOPTS_EVIDENCE \
	{ "profile", required_argument, NULL, LF_OPT_PROFILE }, \
	{ "lock-stat", required_argument, NULL, LF_OPT_LOCK_STAT }, \
	{ "mixed-builds", no_argument, NULL, LF_OPT_MIXED_BUILDS }, \
	{ "tree", required_argument, NULL, LF_OPT_TREE }, \
	{ "assume-complete", no_argument, NULL, LF_OPT_ASSUME_COMPLETE }, \
	{ "no-index-cache", no_argument, NULL, LF_OPT_NO_INDEX_CACHE }
#define LF_HELP_EVIDENCE \
"Evidence (the same options for report, gate, explain, build and patch):\n" \
"  --profile FILE   rank by samples and judge \"hot\" from a profile: readprofile\n" \
"                   rows, perf report --stdio rows or folded stacks\n" \
"  --lock-stat FILE runtime evidence: a /proc/lock_stat (CONFIG_LOCK_STAT)\n" \
"                   of the same code; its classes are mapped to the locks,\n" \
"                   and percpu_rwsem and \"short\" verdicts must agree with it\n" \
"  --mixed-builds   read records of different trees or builds together\n" \
"                   (refused by default: docs/RECORDS.md, \"tu\")\n" \
"  --tree DIR       the source tree, to check that every use of a lock to\n" \
"                   rewrite was seen (default: the records' source root,\n" \
"                   when it is a kernel tree here)\n" \
"  --assume-complete  no tree: trust that the records saw every use\n" \
"  --no-index-cache neither read nor write the use index cache\n"

/* Option C (getopt's value, ARG its argument) into E: true if it is an
 * evidence option.  Contradictions are usage errors of CMD. */
bool lf_evidence_option(struct lf_evidence *e, const struct lf_cmd *cmd,
			int c, const char *arg);

/* Print "lockfit CMD: MSG", CMD's synopsis and "try 'lockfit CMD --help'" on
 * stderr (git's way: not the whole help), exit 2. */
void lf_usage_error(const struct lf_cmd *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3), noreturn));

/* lockfit --version (version.c). */
void lf_version(FILE *out);

/* --help: usage on stdout, exit 0. */
void lf_help(const struct lf_cmd *cmd) __attribute__((noreturn));

/*
 * The getopt_long error for ARGV at the current optind, given the value
 * getopt returned ('?' unknown option, ':' missing argument).
 */
void lf_bad_option(const struct lf_cmd *cmd, int c, char **argv)
	__attribute__((noreturn));

#endif
