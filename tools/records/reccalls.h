/* SPDX-License-Identifier: GPL-2.0 */
/*
 * reccalls.h - the field hooks of the calls record (reccalls.c), for
 * recfields.c's schema loop: DST is the record, P gets what is wrong.
 */
#ifndef LOCKFIT_RECCALLS_H
#define LOCKFIT_RECCALLS_H

#include <stdbool.h>
#include <jansson.h>

struct lf_parse;

/* "calls": [callee, line, context] tuples into the record's callees. */
bool lf_hook_call_tuples(json_t *arr, void *dst, struct lf_parse *p);
/* "function" (and "calls"), or "fns" (with "names"): one calls record
 * per function of the unit. */
bool lf_hook_calls_function(json_t *o, void *dst, struct lf_parse *p);

#endif
