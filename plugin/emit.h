/* SPDX-License-Identifier: GPL-2.0 */
/*
 * emit.h - turn one function's tracked sections into records.
 */
#ifndef LOCKFIT_EMIT_H
#define LOCKFIT_EMIT_H

#include "tracker.h"

struct lf_ctx_result;
/* CTX gives each section the context it is entered in. */
void lf_emit_function(const struct lf_fn *fn, struct lf_ctx_result *ctx);

/* One "calls" record per function: what it calls and in which context,
 * for the report's call graph (hot paths, callers of arch lock users).
 * CTX may be NULL: nothing in FUN changes the context. */
void lf_emit_calls(struct function *fun, struct lf_ctx_result *ctx);
extern bool lf_emit_callgraph;	/* -fplugin-arg-lockfit-calls=no */

/* The callee's name as records show it, or "<indirect>". */
const char *lf_callee_name(tree callee, char *buf, size_t len);

#endif /* LOCKFIT_EMIT_H */
