// SPDX-License-Identifier: GPL-2.0
/*
 * path.c - file name helpers (path.h).
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lib/util.h"
#include "lib/path.h"

bool lf_has_suffix(const char *name, const char *suffix)
{
	size_t n = strlen(name), m = strlen(suffix);

	return n > m && !strcmp(name + n - m, suffix);
}

char *lf_abspath(const char *path)
{
	char cwd[PATH_MAX];

	if (path[0] == '/')
		return xstrdup(path);
	if (!getcwd(cwd, sizeof(cwd)))
		lf_die("getcwd: %s", strerror(errno));
	return xasprintf("%s/%s", strcmp(cwd, "/") ? cwd : "", path);
}

char *lf_realpath(const char *path, const char *what)
{
	char *abs = realpath(path, NULL);

	if (!abs) {
		if (what)
			lf_die("%s %s: %s", what, path, strerror(errno));
		lf_die("%s: %s", path, strerror(errno));
	}
	return abs;
}
