// SPDX-License-Identifier: GPL-2.0
/*
 * present.c - the presenters, in schema/checks.def order: the order of
 * the report's sections and JSON keys.
 */
#include "lib/util.h"
#include "report/present.h"

const struct lf_presenter *const lf_presenters[] = {
#define LF_REPORT(module, present) &present,
#include "schema/checks.def"
};
const size_t lf_npresenters = ARRAY_SIZE(lf_presenters);
