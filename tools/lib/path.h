/* SPDX-License-Identifier: GPL-2.0 */
/*
 * path.h - file name helpers every stage uses (path.c).
 */
#ifndef LOCKFIT_PATH_H
#define LOCKFIT_PATH_H

#include <stdbool.h>

/* NAME ends in SUFFIX (".o", ".o.cmd") after at least one character. */
bool lf_has_suffix(const char *name, const char *suffix);

/* PATH made absolute by name from the current directory: nothing is
 * resolved, PATH need not exist yet.  Allocated. */
char *lf_abspath(const char *path);

/* realpath(PATH), allocated; dies "WHAT PATH: why" (or "PATH: why"
 * when WHAT is NULL) if it cannot be resolved. */
char *lf_realpath(const char *path, const char *what);

/* PATH is a directory (through a symbolic link too). */
bool lf_is_dir(const char *path);

/* DIR holds a kernel source tree (Makefile, Kconfig, include/linux): the
 * tree the coverage and runtime evidence stages look their locks up in,
 * when --tree does not name one. */
bool lf_kernel_tree(const char *dir);

#endif
