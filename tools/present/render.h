/* SPDX-License-Identifier: GPL-2.0 */
/*
 * render.h - output pieces shared by every check's part of lockfit report
 * (text, JSON) and lockfit explain.
 */
#ifndef LOCKFIT_RENDER_H
#define LOCKFIT_RENDER_H

#include <stdbool.h>
#include <stdio.h>

struct lf_analysis;
struct lf_rec;
struct lf_call;
struct lf_edge;
struct json_t;

/* Lines of calls or nesting shown per lock; explain shows them all. */
#define TEXT_MAX 10

/* Lines of a lock block: a call in a section, a lock-order edge, and
 * all of LOCK's edges (at most TEXT_MAX each way). */
void lf_text_call(FILE *out, const struct lf_rec *r, const struct lf_call *c);
void lf_text_edge(FILE *out, const struct lf_edge *e, bool outgoing);
void lf_text_nesting(FILE *out, const struct lf_analysis *a, const char *lock);

/* Samples W as the profile counts them (real for percentages), null
 * without a profile. */
struct json_t *lf_json_samples(const struct lf_analysis *a, double w);
/* Set "file", "line", "column", "function" of O from R. */
void lf_json_place(struct json_t *o, const struct lf_rec *r);

/* lockfit explain: a section's releases, trylock, context, calls and
 * nesting, indented; LOCK's lock-order edges, both ways. */
void lf_explain_site(const struct lf_rec *r);
void lf_explain_order(const struct lf_analysis *a, const char *lock);

#endif
