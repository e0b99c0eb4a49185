/* SPDX-License-Identifier: GPL-2.0 */
/*
 * schema/check_ids.h - the checks of schema/checks.def by number, for the
 * plugin (C++) and the tool (C11) alike: LF_CHECK_rwlock_spinlock ... in
 * the order of the registry.
 */
#ifndef LOCKFIT_SCHEMA_CHECK_IDS_H
#define LOCKFIT_SCHEMA_CHECK_IDS_H

enum lf_check_id {
#define LF_CHECK(module, name, id, warn, summary, help) LF_CHECK_##name,
#include "checks.def"
	LF_NCHECKS
};

#endif /* LOCKFIT_SCHEMA_CHECK_IDS_H */
