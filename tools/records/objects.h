/* SPDX-License-Identifier: GPL-2.0 */
/*
 * objects.h - records carried in object files (section LF_RECORDS_SECTION,
 * schema/records.h): which objects to read, and their section.
 */
#ifndef LOCKFIT_OBJECTS_H
#define LOCKFIT_OBJECTS_H

#include <stdbool.h>
#include <stddef.h>

struct lf_objlist {
	char **v;	/* paths, sorted, each once */
	size_t n, cap;
};

/*
 * What PATH names: false for a record directory (it has *.lfr files).
 * Otherwise true, with OUT the objects to read: PATH itself if a file;
 * for a kbuild output directory (.config beside vmlinux.a, built-in.a
 * or modules.order) the objects of its current build, from those lists
 * only; for any other directory every *.o below it.
 */
bool lf_objects_list(const char *path, struct lf_objlist *out);

/*
 * Section NAME of the ELF64 little-endian object DATA (LEN bytes):
 * 0 with *SEC, *SECLEN set; 1 if the object has no such section.  Not
 * ELF, another architecture, a corrupt header or a section running past
 * the end: an error naming PATH (exit 2).
 */
int lf_elf_section(const char *path, const char *data, size_t len,
		   const char *name, const char **sec, size_t *seclen);

#endif
