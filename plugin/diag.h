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

/* Every check the plugin knows, for option parsing and --help; the names
 * are the report's (docs/REPORT.md), -Wlockfit-NAME. */
extern const char *const lf_plugin_checks[];

/* 0 on success, else the unknown check name is reported as an error. */
int lf_enable_checks(const char *list);
bool lf_check_enabled(const char *check);

/* file:line:col: warning: MESSAGE [-Wlockfit-CHECK] */
void lf_warn(location_t loc, const char *check, const char *fmt, ...)
	ATTRIBUTE_PRINTF_3;
/* A note that follows the last warning (only if it was emitted). */
void lf_note(location_t loc, const char *fmt, ...) ATTRIBUTE_PRINTF_2;

#endif /* LOCKFIT_DIAG_H */
