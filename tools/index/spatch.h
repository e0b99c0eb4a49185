/* SPDX-License-Identifier: GPL-2.0 */
/*
 * spatch.h - the typed confirmation of member accesses (spatch.c), for
 * members.c.
 */
#ifndef LOCKFIT_INDEX_SPATCH_H
#define LOCKFIT_INDEX_SPATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "lib/strv.h"

struct lf_index;

/* One spatch run per member path ("lock", "b.lock") over its FILES,
 * cached; OUT is what it printed: "T FILE LINE COL TYPE" per access
 * whose type spatch resolved (COL 0-based), NULL if it failed (then ERR
 * says why). */
struct lf_tjob {
	const char *path;
	struct lf_strv files;
	char *out, *err;
	bool cached;
};
void lf_index_typed(struct lf_index *ix, struct lf_tjob *jobs, size_t n);

/* H folded with what spatch is run with: the script, the macro file. */
uint64_t lf_index_typed_hash(uint64_t h);

#endif
