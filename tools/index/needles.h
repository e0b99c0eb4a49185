/* SPDX-License-Identifier: GPL-2.0 */
/*
 * needles.h - which of many fixed strings a line holds (needles.c), in
 * one pass over the line whatever their number: the init-site look-up
 * greps for 30,000 class texts at once, and must tell which of them
 * each of the lines grep found holds (Aho-Corasick).
 */
#ifndef LOCKFIT_INDEX_NEEDLES_H
#define LOCKFIT_INDEX_NEEDLES_H

#include <stddef.h>
#include "lib/strv.h"

struct lf_needles;

/* A matcher for the strings of V (kept by the caller, no two equal). */
struct lf_needles *lf_needles_new(const struct lf_strv *v);

/* The strings of the matcher TEXT[0..N) holds, each once, as indexes
 * into its V in increasing order: *FOUND (the matcher's, until its next
 * call); how many. */
size_t lf_needles_find(struct lf_needles *m, const char *text, size_t n,
		       const size_t **found);

void lf_needles_free(struct lf_needles *m);

#endif
