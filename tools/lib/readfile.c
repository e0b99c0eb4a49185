// SPDX-License-Identifier: GPL-2.0
/*
 * readfile.c - read an input file whole, bounded (readfile.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "readfile.h"

/* FD to its end into a buffer of CAP bytes, grown as needed; NULL with
 * errno on a read error or past MAX bytes. */
static char *read_fd(int fd, size_t cap, size_t max, size_t *len)
{
	char *buf = malloc(cap + 1), *nb;
	size_t n = 0;

	if (!buf)
		return NULL;
	for (;;) {
		ssize_t got;

		if (n == cap) {
			/* the size fstat gave may be wrong (procfs says 0) */
			cap = cap < 65536 ? 65536 : 2 * cap;
			if (cap > max + 1)
				cap = max + 1;
			if (!(nb = realloc(buf, cap + 1)))
				break;
			buf = nb;
		}
		got = read(fd, buf + n, cap - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			break;
		if (!got) {
			buf[n] = 0;
			*len = n;
			return buf;
		}
		n += got;
		if (n > max) {
			errno = EFBIG;
			break;
		}
	}
	free(buf);
	return NULL;
}

char *lf_read_bounded(const char *path, size_t *len)
{
	return lf_read_at_most(path, LF_READ_MAX, len);
}

char *lf_read_at_most(const char *path, size_t max, size_t *len)
{
	struct stat st;
	int fd = lf_read_open(path, max, &st);

	return fd < 0 ? NULL : lf_read_opened(fd, &st, max, len);
}

int lf_read_open(const char *path, size_t max, struct stat *st)
{
	/* O_NONBLOCK: opening a FIFO must not wait for a writer */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	int err;

	memset(st, 0, sizeof(*st));
	if (fd < 0)
		return -1;
	if (fstat(fd, st))
		err = errno;
	else if (!S_ISREG(st->st_mode))
		err = LF_ENOTREG;
	else if ((unsigned long long)st->st_size > max)
		err = EFBIG;
	else if (fcntl(fd, F_SETFL, 0) < 0)
		err = errno;
	else
		return fd;
	close(fd);
	errno = err;
	return -1;
}

char *lf_read_opened(int fd, const struct stat *st, size_t max, size_t *len)
{
	size_t n = 0;
	char *buf = read_fd(fd, st->st_size, max, &n);
	int err = errno;

	close(fd);
	if (!buf) {
		errno = err;
		return NULL;
	}
	if (len)
		*len = n;
	return buf;
}

const char *lf_read_strerror(int err)
{
	if (err == LF_ENOTREG)
		return "not a regular file (a device, FIFO, socket or "
		       "directory is not read)";
	if (err == EFBIG)
		return "larger than 1 GiB, lockfit's limit for an input file";
	return strerror(err);
}
