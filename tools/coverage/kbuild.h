/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kbuild.h - what kbuild Makefiles and a .config say about one source
 * file: is its object part of this configuration, and if not, which
 * Kconfig symbol keeps it out (obj-$(CONFIG_X) += x.o, composite objects
 * foo-y/foo-objs, the directory chain up to the top).  For the coverage
 * of lockfit report (coverage/unseen.c).
 */
#ifndef LOCKFIT_KBUILD_H
#define LOCKFIT_KBUILD_H

#include <stdbool.h>

struct lf_kbuild;

/* TREE: the source tree; CONFIG: its build's .config, NULL if none (then
 * every symbol is "not known"); ARCHDIR: "x86", NULL if not known. */
struct lf_kbuild *lf_kbuild_open(const char *tree, const char *config,
				 const char *archdir);

enum lf_kb_state {
	LF_KB_ON,	/* every condition on: built in this configuration */
	LF_KB_OFF,	/* a condition off: WHY names it */
	LF_KB_UNKNOWN,	/* no Makefile names it, or no .config to tell */
};

/* FILE (a .c, relative to the tree): its state, and a malloc'd WHY
 * ("CONFIG_FOO is off (drivers/foo/Makefile:3: obj-$(CONFIG_FOO) +=
 * foo.o)") for LF_KB_OFF and LF_KB_UNKNOWN. */
enum lf_kb_state lf_kbuild_state(struct lf_kbuild *kb, const char *file,
				 char **why);

/* Is SYM ("CONFIG_FOO") y or m in the .config; false without one. */
bool lf_kbuild_config_on(struct lf_kbuild *kb, const char *sym);

#endif
