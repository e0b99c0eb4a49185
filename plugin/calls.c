// SPDX-License-Identifier: GPL-2.0
/*
 * calls.c - the unit's call graph, pruned to the calls some check can
 * follow (docs/RECORDS.md "calls"): the largest record kind by far, so
 * only what a check reads is kept.  Two facts a check may ask
 * (schema/check_ids.h), for the sites emit.c hands over:
 *
 * - LF_FACT_CALLERS (the arch-spin-preempt check's callers,
 *   tools/checks/archspin_callers.c) keeps only the calls OF a function
 *   that may reach a caller site through calls made as the caller left it
 *   ("entry"): one with a site, or an entry call of such a function,
 *   where a global callee counts as one (its body may be in another
 *   unit, or in more than one);
 * - LF_FACT_HOT_SECTIONS, LF_FACT_HOT_RELEASES (hotness,
 *   tools/analysis/callgraph.c, where.c) follow calls from an entry
 *   point within rules/thresholds.tbl's hot_call_depth calls to a
 *   function with a hot site: a call on such a path leads to one within
 *   hot_call_depth - 1 more calls, where a global callee again counts as
 *   one.
 *
 * A static function is named after this unit and called only from it,
 * so this unit knows all of it.  Any other call is left out: no check
 * reads it, and the report does not change.
 */
#include "compat.h"
#include "rules.h"
#include "lockid.h"
#include "srcroot.h"
#include "recfile.h"
#include "ctx.h"
#include "calls.h"

bool lf_calls_wanted = true;

struct body {
	struct lf_calls_fn fn;
	vec<struct lf_call> calls;	/* every call, once per callee and context */
	bool seen;		/* the pass saw its body */
	bool queued;		/* in pending */
	bool caller_site;	/* may reach an arch lock site from entry */
	int to_hot_site;		/* calls to a bit lock site; hot_call_depth: more */
};

static vec<struct body *> pending;	/* those with calls, in pass order */
static hash_map<nofree_string_hash, struct body *> *bodies;

/* The function named NAME of this unit, known or not yet. */
static struct body *body_of(const char *name)
{
	struct body **slot, *p;

	if (!bodies)
		bodies = new hash_map<nofree_string_hash, struct body *>;
	slot = bodies->get(name);
	if (slot)
		return *slot;
	p = XCNEW(struct body);
	p->fn.name = xstrdup(name);
	p->to_hot_site = lf_hot_call_depth;
	bodies->put(p->fn.name, p);
	return p;
}

static struct body *body_of_decl(tree fndecl)
{
	char buf[512];

	return body_of(lf_function_id(fndecl, buf, sizeof(buf)));
}

void lf_calls_hot_site(tree fndecl)
{
	body_of_decl(fndecl)->to_hot_site = 0;
}

void lf_calls_caller_site(tree fndecl)
{
	body_of_decl(fndecl)->caller_site = true;
}

/* A global callee (its bodies are not all known here), or a static one
 * the pass did not see; else *BODY is the callee. */
static bool callee_unknown(const char *callee, struct body **body)
{
	struct body **slot;

	*body = NULL;
	if (!strchr(callee, ':'))
		return true;
	slot = bodies ? bodies->get(callee) : NULL;
	if (!slot || !(*slot)->seen)
		return true;
	*body = *slot;
	return false;
}

/* "atomic": preemption or irqs off on every path; "enabled": turned back
 * on in this function; "entry": as the caller left it. */
static enum lf_call_context call_context(const struct lf_ctx_state *st)
{
	if (lf_ctx_atomic(st))
		return LF_CALL_atomic;
	return st->enabled_at[LF_CTXI_ATOMIC] != UNKNOWN_LOCATION ?
	       LF_CALL_enabled : LF_CALL_entry;
}

void lf_calls_note(struct function *fun, struct lf_ctx_result *ctx)
{
	struct body *p;
	basic_block bb;

	if (!lf_output_wanted() || !lf_calls_wanted)
		return;
	hash_set<tree> seen[LF_CALL_N];
	char buf[512];

	p = body_of_decl(fun->decl);
	p->seen = true;
	FOR_EACH_BB_FN(bb, fun) {
		struct lf_ctx_state st = {};

		if (ctx)
			lf_ctx_block_start(ctx, bb, &st);
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb);
		     !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);
			tree callee = is_gimple_call(stmt) ?
				      gimple_call_fndecl(stmt) : NULL_TREE;
			struct lf_call c;

			if (ctx)
				lf_ctx_at(ctx, stmt, &st);
			c.context = call_context(&st);
			if (ctx)
				lf_ctx_past(ctx, stmt, &st);
			if (!callee || fndecl_built_in_p(callee) ||
			    lf_call_primitive(stmt))
				continue;
			/* one entry per callee and context is all the
			 * report needs */
			if (seen[c.context].add(callee))
				continue;
			c.callee = xstrdup(lf_callee_name(callee, buf, sizeof(buf)));
			c.line = LOCATION_LINE(lf_user_location(gimple_location(stmt)));
			p->calls.safe_push(c);
		}
	}
	if (p->calls.is_empty() || p->queued)
		return;
	p->queued = true;
	p->fn.file = xstrdup(lf_path(expand_location(
		DECL_SOURCE_LOCATION(fun->decl)).file));
	pending.safe_push(p);
}

/* Whether some check can follow call C of a function of this unit. */
static bool call_wanted(const struct lf_call *c)
{
	struct body *g;

	if (callee_unknown(c->callee, &g))
		return true;
	return g->caller_site || g->to_hot_site < lf_hot_call_depth;
}

/* What each function may reach, to a fixed point. */
static void calls_reach(void)
{
	bool changed = true;

	while (changed) {
		unsigned i, j;
		struct body *p;
		struct lf_call *c;

		changed = false;
		FOR_EACH_VEC_ELT(pending, i, p) {
			FOR_EACH_VEC_ELT(p->calls, j, c) {
				struct body *g;
				bool unknown = callee_unknown(c->callee, &g);
				int far = unknown ? 0 : g->to_hot_site;

				if (far + 1 < p->to_hot_site) {
					p->to_hot_site = far + 1;
					changed = true;
				}
				if (c->context == LF_CALL_entry &&
				    !p->caller_site && (unknown || g->caller_site)) {
					p->caller_site = true;
					changed = true;
				}
			}
		}
	}
}

const vec<struct lf_calls_fn *> &lf_calls_pruned(void)
{
	static vec<struct lf_calls_fn *> pruned;
	unsigned i, j;
	struct body *p;
	struct lf_call *c;

	calls_reach();
	pruned.truncate(0);
	FOR_EACH_VEC_ELT(pending, i, p) {
		p->fn.kept.truncate(0);
		FOR_EACH_VEC_ELT(p->calls, j, c)
			if (call_wanted(c))
				p->fn.kept.safe_push(*c);
		pruned.safe_push(&p->fn);
	}
	return pruned;
}
