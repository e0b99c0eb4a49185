// SPDX-License-Identifier: GPL-2.0
/*
 * state.c - the tree's state for the stored use index (state.h): one
 * walk of the tree, each directory's names in sorted order, symbolic
 * links not followed (grep -r does not follow them either).
 */
#include <errno.h>
#include <fts.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "lib/util.h"
#include "index/pass.h"
#include "index/state.h"

uint64_t lf_index_fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = p;

	for (size_t i = 0; i < n; i++)
		h = (h ^ s[i]) * 0x100000001b3ULL;
	return h;
}

/* H made a state no store was written for: this process and this
 * moment's (a part of the tree could not be read). */
static uint64_t unknown_state(uint64_t h)
{
	struct timespec ts;
	long long v[3] = { (long long)getpid(), 0, 0 };

	clock_gettime(CLOCK_REALTIME, &ts);
	v[1] = ts.tv_sec;
	v[2] = ts.tv_nsec;
	return lf_index_fnv(h ^ 0x5a5a5a5a5a5a5a5aULL, v, sizeof(v));
}

/* The top directories the textual pass skips (grep.c), and git's. */
static bool skipped(const FTSENT *e)
{
	char *rel;
	bool skip;

	if (!strcmp(e->fts_name, ".git"))
		return true;
	if (e->fts_level != 1)
		return false;
	rel = xasprintf("%s/", e->fts_name);
	skip = lf_index_skipped(rel);
	free(rel);
	return skip;
}

static int cmp_name(const FTSENT **a, const FTSENT **b)
{
	return strcmp((*a)->fts_name, (*b)->fts_name);
}

/*
 * fts walks any depth with no descriptor per level (it enters each
 * directory, and checks the way back up): a tree 2,000 directories deep
 * is walked whole, as grep -r (fts too) reads it.  A directory that
 * cannot be read is never passed over silently: the state is then one
 * no store holds (a changed tree), and grep says what it cannot read.
 */
uint64_t lf_index_tree_state(const char *tree, size_t *nfiles)
{
	char *const roots[] = { (char *)tree, NULL };
	FTS *fts = fts_open(roots, FTS_PHYSICAL, cmp_name);
	size_t top = strlen(tree), n = 0;
	uint64_t h = LF_FNV_INIT;
	FTSENT *e;

	if (!fts)
		lf_die("%s: %s", tree, strerror(errno));
	while ((errno = 0, e = fts_read(fts))) {
		const char *rel = e->fts_path + top + (e->fts_level ? 1 : 0);
		long long v[3];

		switch (e->fts_info) {
		case FTS_D:
			if (e->fts_level && skipped(e))
				fts_set(fts, e, FTS_SKIP);
			break;
		case FTS_F:
			if (!lf_index_source_name(e->fts_name))
				break;
			v[0] = e->fts_statp->st_size;
			v[1] = e->fts_statp->st_mtim.tv_sec;
			v[2] = e->fts_statp->st_mtim.tv_nsec;
			h = lf_index_fnv(h, rel, strlen(rel) + 1);
			h = lf_index_fnv(h, v, sizeof(v));
			n++;
			break;
		case FTS_DNR: case FTS_ERR: case FTS_NS: case FTS_DC:
			if (!e->fts_level)
				lf_die("%s: %s", tree, strerror(e->fts_errno));
			h = unknown_state(h);
			break;
		default:	/* links, other files, directories left */
			break;
		}
	}
	if (errno)
		h = unknown_state(h);
	fts_close(fts);
	*nfiles = n;
	return h;
}
