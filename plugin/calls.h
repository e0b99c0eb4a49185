/* SPDX-License-Identifier: GPL-2.0 */
/*
 * calls.h - the unit's call graph, pruned at the end of the unit to the
 * calls some check can follow (calls.c); emit.c writes what is left as
 * the "calls" record.
 */
#ifndef LOCKFIT_CALLS_H
#define LOCKFIT_CALLS_H

#include "compat.h"
#include "schema/records.h"

struct lf_ctx_result;

/* The context of a call: LF_CALL_atomic, LF_CALL_enabled, LF_CALL_entry */
#define LF_CALL_(context) LF_CALL_##context,
enum lf_call_context { LF_ENUM_CALL_CONTEXT(LF_CALL_) LF_CALL_N };
#undef LF_CALL_

struct lf_call {
	const char *callee;		/* as lf_callee_name() writes it */
	int line;
	enum lf_call_context context;
};

/* A function of the unit that makes calls. */
struct lf_calls_fn {
	const char *name;		/* lf_function_id() */
	const char *file;		/* where it is defined */
	vec<struct lf_call> kept;	/* lf_calls_pruned(): those wanted */
};

extern bool lf_calls_wanted;		/* -fplugin-arg-lockfit-calls=no */

/* What FUN calls and in which context.  CTX may be NULL: nothing in FUN
 * changes the context. */
void lf_calls_note(struct function *fun, struct lf_ctx_result *ctx);

/* FNDECL has a site of a class served LF_FACT_HOT_SECTIONS or
 * LF_FACT_HOT_RELEASES (the hot paths lead there: a bit lock's, an
 * rwlock's or rw_semaphore's); one of a class served LF_FACT_CALLERS (an
 * arch lock's, reached from callers as they left the context). */
void lf_calls_hot_site(tree fndecl);
void lf_calls_caller_site(tree fndecl);

/* After the unit's last function: each function with calls, in the order
 * the pass saw them, its kept calls those some check can follow. */
const vec<struct lf_calls_fn *> &lf_calls_pruned(void);

#endif /* LOCKFIT_CALLS_H */
