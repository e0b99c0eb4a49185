// SPDX-License-Identifier: GPL-2.0
/*
 * checks.c - the plugin's checks, from the registry (schema/checks.def).
 */
#include "compat.h"
#include "checks.h"

static const struct lf_plugin_check *const checks[] = {
#define PLUGIN(hooks) &hooks,
#define NO_PLUGIN
#define LF_CHECKER(module, plugin, tool) plugin
#include "schema/checks.def"
#undef PLUGIN
#undef NO_PLUGIN
};

void lf_checks_function(struct function *fun, const struct lf_fn *fn,
			struct lf_ctx_result *ctx)
{
	for (size_t i = 0; i < ARRAY_SIZE(checks); i++)
		checks[i]->function(fun, fn, ctx);
}

void lf_checks_finish(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(checks); i++)
		if (checks[i]->finish)
			checks[i]->finish();
}
