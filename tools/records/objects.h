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
	/* a kbuild output directory: what each list gave, "2703 objects
	 * from vmlinux.a, ..., 97 objects of 40 modules from modules.order";
	 * NULL otherwise */
	char *lists;
	size_t host;	/* objects compiled for the host, left out */
};

/*
 * The objects PATH names, in OUT: PATH itself if a regular file (then
 * false); for a kbuild output directory (.config beside vmlinux.a,
 * built-in.a or modules.order) the objects of its current build, from
 * those lists only, read as binutils reads them; for any other directory
 * every *.o below it but those kbuild compiled for the host (counted in
 * OUT->host).  True for a directory, whose record files (*.lfr) are read
 * beside its objects.  A list that cannot be read, is not a regular file
 * or is too large, a corrupt archive, too many members, or a member that
 * is no regular file below the directory: an error naming the list and
 * the member's byte (exit 2).
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
