/* SPDX-License-Identifier: GPL-2.0 */
/*
 * readfile.h - the one reader of lockfit's input files (readfile.c).
 *
 * Records, objects, archives, profiles, lock_stat files, baselines, rule
 * tables, cache entries and tree sources are all untrusted: a device
 * (/dev/zero) or a FIFO would be read forever or block.  So an input is
 * a regular file (procfs' /proc/lock_stat is one), of at most
 * LF_READ_MAX bytes.  Plain C with no other dependency: build/gen-rules
 * links it for rules/reader.c.
 */
#ifndef LOCKFIT_READFILE_H
#define LOCKFIT_READFILE_H

#include <stddef.h>

/* The largest input read (1 GiB): a kernel object with debug
 * information is tens of MB, a lock_stat file a few. */
#define LF_READ_MAX ((size_t)1 << 30)

/* The whole of PATH, NUL-terminated (its length in *LEN if LEN); NULL
 * with errno set if it cannot be read: LF_ENOTREG (not a regular file:
 * refused before it is read, a FIFO without blocking), EFBIG (larger
 * than LF_READ_MAX), or open()'s and read()'s.  The tool's callers use
 * lf_read_file() (util.h), which dies on the first two. */
char *lf_read_bounded(const char *path, size_t *len);
/* The same with MAX bytes the limit (EFBIG past it). */
char *lf_read_at_most(const char *path, size_t max, size_t *len);

struct stat;

/* lf_read_at_most() in two steps, for a reader that must know the file
 * before it reads it (records/objects.c: an archive's identity, so that
 * each is read once): PATH opened, its fstat() in *ST; -1 with errno set
 * as lf_read_at_most() sets it, *ST then saying what the file is (zeroed
 * if it could not be opened). */
int lf_read_open(const char *path, size_t max, struct stat *st);
/* Then the whole of FD (ST from lf_read_open()), NUL-terminated, at most
 * MAX bytes (EFBIG: it grew past them while read); closes FD. */
char *lf_read_opened(int fd, const struct stat *st, size_t max, size_t *len);

/* the errno lf_read_bounded() sets for a file that is not regular */
#define LF_ENOTREG	EINVAL

/* strerror() for what lf_read_bounded() failed with. */
const char *lf_read_strerror(int err);

#endif
