// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - lockfit: verdicts per lock, arch_spin_lock() sites and bit
 * spinlocks from the records the lockfit GCC plugin writes during a
 * kernel build.  Dispatches to the subcommands.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "lib/cli.h"
#include "patch/patch.h"
#include "index/index.h"

static const struct lf_cmd *const cmds[] = {
	&lf_cmd_report, &lf_cmd_gate, &lf_cmd_explain, &lf_cmd_build,
	&lf_cmd_patch, &lf_cmd_index,
};

static void usage(FILE *out)
{
	fprintf(out, "Usage: lockfit COMMAND [ARGS...]\n\n"
		"Verdicts per rwlock_t and rw_semaphore, arch_spin_lock() sites "
		"and bit spinlocks\nfrom the records of the lockfit GCC plugin."
		"\n\nCommands:\n");
	for (size_t i = 0; i < ARRAY_SIZE(cmds); i++)
		fprintf(out, "  %-8s %s\n", cmds[i]->name, cmds[i]->summary);
	fprintf(out, "\n'lockfit COMMAND --help' describes each; 'lockfit --version' "
		"names the version,\nthe plugin lockfit build loads, the record "
		"format and a hash of the rules\ntables.  Exit status: 0 ok, 1 gate "
		"found new findings, 2 error (bad input\nor usage).\n");
}

int main(int argc, char **argv)
{
	/* Output nobody can read must not pass for a result; a file size
	 * limit is a write error (EFBIG) like a full disk, not a kill that
	 * would leave a temporary file behind. */
	atexit(lf_check_stdout_at_exit);
	signal(SIGXFSZ, SIG_IGN);
	if (argc < 2) {
		usage(stderr);
		return LF_EXIT_ERROR;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") ||
	    !strcmp(argv[1], "help")) {
		usage(stdout);
		return LF_EXIT_OK;
	}
	if (!strcmp(argv[1], "--version")) {
		lf_version(stdout);
		return LF_EXIT_OK;
	}
	for (size_t i = 0; i < ARRAY_SIZE(cmds); i++)
		if (!strcmp(argv[1], cmds[i]->name))
			return cmds[i]->run(argc - 1, argv + 1);
	lf_err("unknown command '%s': try 'lockfit --help'", argv[1]);
	return LF_EXIT_ERROR;
}
