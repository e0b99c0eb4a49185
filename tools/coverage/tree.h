/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tree.h - the source tree coverage is checked against (tree.c): found
 * from --tree or the records' srcroot, and its configuration.
 */
#ifndef LOCKFIT_COVERAGE_TREE_H
#define LOCKFIT_COVERAGE_TREE_H

#include <stdbool.h>
#include <stddef.h>

struct lf_ilock;
struct lf_lock;
struct lf_rec;

/* DIR is a kbuild module directory (what make M=DIR builds): not /, and
 * holding a regular Kbuild or Makefile file.  The use index walks and
 * greps it whole. */
bool lf_cov_module_dir(const char *dir);
/* The architecture directory a .config was made for ("# Linux/x86 6.1.0
 * Kernel Configuration": "x86"), NULL if it does not say. */
char *lf_cov_config_arch(const char *config);
/* How many of L's recorded sites (sections' takes, release_only
 * releases) name the lock in the call on their line of TREE, yet have
 * no use of IL (its index) on that line: the index missed them, and
 * what it found of the lock is no evidence (docs/REPORT.md, "Coverage").
 * *FIRST: the first of them (by file and line). */
size_t lf_cov_missed(const char *tree, const struct lf_lock *l,
		     const struct lf_ilock *il, const struct lf_rec **first);

#endif
