// SPDX-License-Identifier: GPL-2.0
/*
 * path.c - file name helpers (path.h).
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

bool lf_is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

static bool exists_in(const char *dir, const char *name)
{
	char *p = xasprintf("%s/%s", dir, name);
	bool ok = !access(p, F_OK);

	free(p);
	return ok;
}

bool lf_kernel_tree(const char *dir)
{
	return lf_is_dir(dir) && exists_in(dir, "Makefile") &&
	       exists_in(dir, "Kconfig") && exists_in(dir, "include/linux");
}
