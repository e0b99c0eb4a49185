// SPDX-License-Identifier: GPL-2.0
/*
 * stage.c - the evidence stages, in the order the text report's header
 * names them.
 */
#include "lib/util.h"
#include "analysis/stage.h"

const struct lf_stage *const lf_stages[] = {
	&lf_stage_runtime,
	&lf_stage_coverage,
};
const size_t lf_nstages = ARRAY_SIZE(lf_stages);
