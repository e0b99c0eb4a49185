// SPDX-License-Identifier: GPL-2.0
/*
 * where.c - where a function runs (where.h).
 *
 * For now only the hot paths of rules/hotpaths.tbl are known entries;
 * rules/entrypoints.tbl and the plugin's function-pointer bindings add
 * the rest (issue 11).
 */
#include <string.h>
#include "analysis/analysis.h"
#include "analysis/where.h"

const char *lf_temp_name(enum lf_temp t)
{
	static const char *const names[] = {
		[LF_TEMP_UNKNOWN] = "unknown", [LF_TEMP_COLD] = "cold",
		[LF_TEMP_HOT] = "hot",
	};
	return names[t];
}

const char *lf_exec_name(enum lf_exec e)
{
	static const char *const names[] = {
		[LF_EXEC_UNKNOWN] = "unknown", [LF_EXEC_PROCESS] = "process",
		[LF_EXEC_SOFTIRQ] = "softirq", [LF_EXEC_HARDIRQ] = "hardirq",
	};
	return names[e];
}

bool lf_where_of(const struct lf_analysis *a, const char *function,
		   struct lf_where *out)
{
	struct lf_hot hot;

	memset(out, 0, sizeof(*out));
	out->preempt = out->sleep = -1;
	if (!lf_hot_reach(&a->calls, function, &hot))
		return false;
	out->entry = hot.entry;
	out->via = hot.entry;
	out->depth = hot.depth;
	out->temp = LF_TEMP_HOT;
	return true;
}
