/* SPDX-License-Identifier: GPL-2.0 */
/*
 * files.h - where lockfit's own files are, found from the running binary
 * (files.c): nothing is compiled in as an absolute path.
 */
#ifndef LOCKFIT_FILES_H
#define LOCKFIT_FILES_H

#include <stdbool.h>

/* The directory holding rules/, cocci/ and scripts/: PREFIX/share/lockfit
 * of an installed lockfit, else the checkout the binary is in, skipping
 * (with a line) one another user can write.  Dies saying where it looked
 * when there is none. */
const char *lf_files_dir(void);
/* REL under it (allocated); dies if another user can write a part of it. */
char *lf_files_path(const char *rel);
/* Whether no user but this one (and root) can write PATH (not followed),
 * or $LOCKFIT_SAFE_DIRECTORY names it; else false, *WHY saying why. */
bool lf_trusted_path(const char *path, char **why);
/* Whether this lockfit is an installed one (bin/../share/lockfit). */
bool lf_installed(void);
/* FILE in the Coccinelle directory: $LOCKFIT_COCCI, else cocci/ of the files
 * directory; allocated. */
char *lf_cocci_file(const char *file);

/*
 * The plugin lockfit build loads when given none: installed, lockfit.so
 * in the plugin directory of the compiler CC (NULL: gcc), where
 * -fplugin=lockfit finds it; from a checkout, its plugin/lockfit.so.
 * NULL, with *WHY saying why, when CC has no plugin directory.
 */
char *lf_default_plugin(const char *cc, char **why);

#endif
