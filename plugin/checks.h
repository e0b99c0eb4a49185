/* SPDX-License-Identifier: GPL-2.0 */
/*
 * checks.h - the plugin's checks, as schema/checks.def lists them: each
 * plugin/check_MODULE.c defines its struct lf_plugin_check, and the pass
 * calls them in the registry's order.  A check reads what the trackers
 * found (tracker.h, ctx.h); it writes its records through emit.h and its
 * warnings through diag.h.
 */
#ifndef LOCKFIT_CHECKS_H
#define LOCKFIT_CHECKS_H

#include "fn.h"

struct lf_ctx_result;

struct lf_plugin_check {
	/* Every function the pass sees.  FN: its sections, NULL when it
	 * has no lock event; CTX: its contexts, NULL when nothing in it
	 * changes them. */
	void (*function)(struct function *fun, const struct lf_fn *fn,
			 struct lf_ctx_result *ctx);
	/* The end of the unit, before its records are written; may be NULL. */
	void (*finish)(void);
};

#define PLUGIN(hooks) extern const struct lf_plugin_check hooks;
#define NO_PLUGIN
#define LF_CHECKER(module, plugin, tool) plugin
#include "schema/checks.def"
#undef PLUGIN
#undef NO_PLUGIN

/* Run every check's hook, in the registry's order. */
void lf_checks_function(struct function *fun, const struct lf_fn *fn,
			struct lf_ctx_result *ctx);
void lf_checks_finish(void);

#endif /* LOCKFIT_CHECKS_H */
