// SPDX-License-Identifier: GPL-2.0
/*
 * state.c - the tree's state for the stored use index (state.h): one
 * walk of the tree, each directory's names in sorted order, symbolic
 * links not followed (grep -r and git grep do not follow them either).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lib/util.h"
#include "index/state.h"

uint64_t lf_index_fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = p;

	for (size_t i = 0; i < n; i++)
		h = (h ^ s[i]) * 0x100000001b3ULL;
	return h;
}

/* The top directories the textual pass skips (grep.c), and git's own. */
static bool skipped(const char *rel, const char *name)
{
	static const char *const top[] = { "tools", "Documentation", "scripts" };

	if (!strcmp(name, ".git"))
		return true;
	if (*rel)
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(top); i++)
		if (!strcmp(name, top[i]))
			return true;
	return false;
}

static bool source_name(const char *name)
{
	size_t n = strlen(name);

	return n > 2 && name[n - 2] == '.' && (name[n - 1] == 'c' || name[n - 1] == 'h');
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

struct walk {
	const char *tree;
	uint64_t h;
	size_t nfiles;
};

/* Directory FD (REL from the top, "" for the top); closes FD. */
static void walk_dir(struct walk *w, int fd, const char *rel)
{
	DIR *d = fdopendir(fd);
	struct { char **v; size_t n, cap; } names = { 0 };
	struct dirent *e;

	if (!d)
		lf_die("%s/%s: %s", w->tree, rel, strerror(errno));
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (e->d_type != DT_DIR && e->d_type != DT_UNKNOWN &&
		    !(e->d_type == DT_REG && source_name(e->d_name)))
			continue;
		VEC_PUSH(&names, xstrdup(e->d_name));
	}
	lf_sort(names.v, names.n, sizeof(*names.v), cmp_name);
	for (size_t i = 0; i < names.n; i++) {
		const char *name = names.v[i];
		char *sub = *rel ? xasprintf("%s/%s", rel, name) : xstrdup(name);
		struct stat st;

		if (fstatat(dirfd(d), name, &st, AT_SYMLINK_NOFOLLOW)) {
			/* gone since readdir: a changed tree, hashed as such */
			w->h = lf_index_fnv(w->h, sub, strlen(sub) + 1);
		} else if (S_ISDIR(st.st_mode) && !skipped(rel, name)) {
			int sfd = openat(dirfd(d), name,
					 O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

			if (sfd >= 0)
				walk_dir(w, sfd, sub);
		} else if (S_ISREG(st.st_mode) && source_name(name)) {
			long long v[3] = { st.st_size, st.st_mtim.tv_sec,
					   st.st_mtim.tv_nsec };

			w->h = lf_index_fnv(w->h, sub, strlen(sub) + 1);
			w->h = lf_index_fnv(w->h, v, sizeof(v));
			w->nfiles++;
		}
		free(sub);
		free(names.v[i]);
	}
	free(names.v);
	closedir(d);
}

uint64_t lf_index_tree_state(const char *tree, size_t *nfiles)
{
	struct walk w = { tree, LF_FNV_INIT, 0 };
	int fd = open(tree, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		lf_die("%s: %s", tree, strerror(errno));
	walk_dir(&w, fd, "");
	*nfiles = w.nfiles;
	return w.h;
}
