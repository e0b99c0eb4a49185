/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tree.h - the source tree coverage is checked against (tree.c): found
 * from --tree or the records' srcroot, and its configuration.
 */
#ifndef LOCKFIT_COVERAGE_TREE_H
#define LOCKFIT_COVERAGE_TREE_H

#include <stdbool.h>

bool lf_cov_is_dir(const char *path);
/* DIR holds a kernel source tree (Makefile, Kconfig, include/linux). */
bool lf_cov_kernel_tree(const char *dir);
/* The architecture directory a .config was made for ("# Linux/x86 6.1.0
 * Kernel Configuration": "x86"), NULL if it does not say. */
char *lf_cov_config_arch(const char *config);

#endif
