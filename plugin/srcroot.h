/* SPDX-License-Identifier: GPL-2.0 */
/*
 * srcroot.h - the roots file names in records are relative to, and the
 * build identity (docs/RECORDS.md "File names", "tu").
 */
#ifndef LOCKFIT_SRCROOT_H
#define LOCKFIT_SRCROOT_H

#include <stdbool.h>
#include <stddef.h>

/* srcroot=DIR: the kernel tree, instead of the one the compile shows. */
void lf_set_srcroot(const char *root);
/* A distributed compile's client view (NULL: not given): its objtree
 * (absolute), its working directory when that is not the objtree
 * (absolute), its configuration hash ("none": no kernel configuration),
 * its module directory (absolute). */
void lf_set_client(const char *objtree, const char *cwd,
		   const char *config, const char *modroot);
/* The absolute kernel source root: srcroot=DIR, else the tree of the
 * kernel's own -include .../include/linux/kconfig.h (or -I .../include),
 * else the working directory. */
const char *lf_srcroot(void);
/* The absolute external module directory (kbuild's M=, KBUILD_EXTMOD)
 * when it is outside the source root; else NULL. */
const char *lf_modroot(void);
/* The absolute kernel build directory (kbuild's objtree): the working
 * directory, except in a 6.13+ M= compile (kbuild's exported objtree)
 * and a distributed one (objtree=). */
const char *lf_objtree(void);
/* A hash of the objtree's kernel configuration (config= of a distributed
 * compile), NULL if none (tu "build"). */
const char *lf_config_hash(char *buf, size_t len);

/* A source path as the records show it: relative to the source root,
 * "$M/..." relative to the module directory, else absolute. */
const char *lf_path(const char *path);
/* Line LINE of FILE as this compile read it (of the preprocessed input
 * when it compiles one, whose file the records name is not here), into
 * *START and *N; false if there is none. */
bool lf_source_line(const char *file, int line, const char **start, size_t *n);
/* The translation unit's source path, likewise. */
const char *lf_tu_file(void);

#endif /* LOCKFIT_SRCROOT_H */
