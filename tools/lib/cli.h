/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cli.h - the subcommands, and how they complain about their arguments.
 */
#ifndef LOCKFIT_CLI_H
#define LOCKFIT_CLI_H

#include <stdio.h>

struct lf_cmd {
	const char *name;
	const char *summary;
	const char *usage;	/* full --help text */
	int (*run)(int argc, char **argv);
};

extern const struct lf_cmd lf_cmd_report, lf_cmd_gate, lf_cmd_explain,
	lf_cmd_build;

/* Print "lockfit CMD: MSG" and CMD's usage on stderr, exit 2. */
void lf_usage_error(const struct lf_cmd *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3), noreturn));

/* --help: usage on stdout, exit 0. */
void lf_help(const struct lf_cmd *cmd) __attribute__((noreturn));

/*
 * The getopt_long error for ARGV at the current optind, given the value
 * getopt returned ('?' unknown option, ':' missing argument).
 */
void lf_bad_option(const struct lf_cmd *cmd, int c, char **argv)
	__attribute__((noreturn));

#endif
