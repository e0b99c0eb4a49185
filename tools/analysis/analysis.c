// SPDX-License-Identifier: GPL-2.0
/*
 * analysis.c - what the checkers ask of one run's analysis beside its
 * fields (analysis.h); the pipeline that fills it is
 * pipeline/pipeline.c.
 */
#include "lib/util.h"
#include "analysis/analysis.h"
#include "analysis/where.h"

bool lf_where_of(const struct lf_analysis *a, const char *function,
		 struct lf_where *out)
{
	return lf_where_in(&a->calls, function, out);
}
