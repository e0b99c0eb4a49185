/* SPDX-License-Identifier: GPL-2.0 */
/*
 * diag.h - per-check diagnostics, off unless asked for.
 *
 * A kernel build with CONFIG_WERROR=y fails on any warning, so a check
 * only speaks when -fplugin-arg-lockfit-warn=CHECK[,CHECK] (or =all) names
 * it.  Records are written either way.
 */
#ifndef LOCKFIT_DIAG_H
#define LOCKFIT_DIAG_H

#include "compat.h"
#include "schema/check_ids.h"

/* -Wlockfit-ID of check N of schema/checks.def (the report's name,
 * docs/REPORT.md), NULL for one only the tool has or N past the last:
 * for option parsing and --help. */
const char *lf_warning_name(int check);

/* 0 on success, else the unknown check name is reported as an error. */
int lf_enable_checks(const char *list);

/* file:line:col: warning: MESSAGE [-Wlockfit-ID] */
void lf_warn(location_t loc, enum lf_check_id check, const char *fmt, ...)
	ATTRIBUTE_PRINTF_3;
/* A note that follows the last warning (only if it was emitted). */
void lf_note(location_t loc, const char *fmt, ...) ATTRIBUTE_PRINTF_2;

#endif /* LOCKFIT_DIAG_H */
