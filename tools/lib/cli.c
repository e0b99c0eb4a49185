// SPDX-License-Identifier: GPL-2.0
/*
 * cli.c - how the subcommands complain about their arguments, apart from
 * main.c so that no subcommand depends on the dispatcher.
 */
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "lib/cli.h"

void lf_usage_error(const struct lf_cmd *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "lockfit %s: ", cmd->name);
	va_start(ap, fmt);
	lf_vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n%s", cmd->usage);
	exit(LF_EXIT_ERROR);
}

void lf_help(const struct lf_cmd *cmd)
{
	fputs(cmd->usage, stdout);
	exit(LF_EXIT_OK);
}

void lf_bad_option(const struct lf_cmd *cmd, int c, char **argv)
{
	const char *opt = argv[optind - 1];
	char shortopt[3] = { '-', (char)optopt, 0 };

	/* A short option inside a cluster is not argv[optind - 1]; for a
	 * long one getopt sets optopt to its value, so look at argv first. */
	if (strncmp(opt, "--", 2) && optopt)
		opt = shortopt;
	if (c == ':')
		lf_usage_error(cmd, "option '%s' needs an argument", opt);
	lf_usage_error(cmd, "unknown option '%s'", opt);
}
