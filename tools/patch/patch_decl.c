// SPDX-License-Identifier: GPL-2.0
/*
 * patch_decl.c - where each lock is declared: the "decl" of its section
 * and release_only records (docs/RECORDS.md).  A rewrite changes the
 * declaration as well as the call sites: a global's definition in its .c
 * file and its extern in a header, a member in the header defining its
 * struct.
 */
#include <stdlib.h>
#include "lib/util.h"
#include "records/recdir.h"
#include "patch/patch.h"

struct strmap *lf_decl_map(const struct lf_records *recs)
{
	struct strmap *m = strmap_new();

	for (size_t i = 0; i < recs->recs.n; i++) {
		const struct lf_rec *r = recs->recs.v[i];
		struct lf_strv *v;

		/* a calls record has no lock members (recdir.h) */
		if (r->kind == LF_REC_CALLS || !r->decl_file || !r->lock)
			continue;
		v = strmap_get(m, r->lock);
		if (!v) {
			v = xcalloc(1, sizeof(*v));
			strmap_put(m, r->lock, v);
		}
		if (!lf_strv_has(v, r->decl_file)) {
			lf_strv_add(v, r->decl_file);
			lf_strv_sort(v);
		}
	}
	return m;
}
