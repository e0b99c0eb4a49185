/* SPDX-License-Identifier: GPL-2.0 */
/*
 * emit.h - turn one function's tracked sections into records.
 */
#ifndef LOCKFIT_EMIT_H
#define LOCKFIT_EMIT_H

#include "tracker.h"

void lf_emit_function(const struct lf_fn *fn);

/* The callee's name as records show it, or "<indirect>". */
const char *lf_callee_name(tree callee, char *buf, size_t len);

#endif /* LOCKFIT_EMIT_H */
