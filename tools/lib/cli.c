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
	const char *end;
	va_list ap;

	fprintf(stderr, "lockfit %s: ", cmd->name);
	va_start(ap, fmt);
	lf_vfprintf(stderr, fmt, ap);
	va_end(ap);
	/* the synopsis (up to the first blank line), not the whole help */
	end = strstr(cmd->usage, "\n\n");
	fprintf(stderr, "\n%.*s\ntry 'lockfit %s --help' for more\n",
		end ? (int)(end - cmd->usage) : (int)strlen(cmd->usage),
		cmd->usage, cmd->name);
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

bool lf_evidence_option(struct lf_evidence *e, const struct lf_cmd *cmd,
			int c, const char *arg)
{
	switch (c) {
	case LF_OPT_PROFILE:
		e->profile = arg;
		return true;
	case LF_OPT_LOCK_STAT:
		e->lock_stat = arg;
		return true;
	case LF_OPT_MIXED_BUILDS:
		e->mixed_builds = true;
		return true;
	case LF_OPT_NO_INDEX_CACHE:
		e->cov.no_cache = true;
		return true;
	case LF_OPT_TREE:
		e->cov.tree = arg;
		break;
	case LF_OPT_ASSUME_COMPLETE:
		e->cov.assume_complete = true;
		break;
	default:
		return false;
	}
	if (e->cov.tree && e->cov.assume_complete &&
	    !(cmd->flags & LF_CMD_TREE_TARGET))
		lf_usage_error(cmd, "--tree and --assume-complete exclude each other");
	return true;
}
