/* SPDX-License-Identifier: GPL-2.0 */
/*
 * records.h - the plugin's output: one JSON object per line, one file per
 * translation unit, written atomically at the end of the unit.
 * The format is documented in docs/RECORDS.md.
 */
#ifndef LOCKFIT_RECORDS_H
#define LOCKFIT_RECORDS_H

#include "compat.h"

#define LF_RECORD_VERSION 1

void lf_records_set_dir(const char *dir);
bool lf_records_wanted(void);

/* A new record of KIND at LOC in function FNDECL (either may be absent). */
json_t *lf_record_new(const char *kind, location_t loc, tree fndecl);
/* Queue REC (the reference is stolen). */
void lf_record_add(json_t *rec);

/* Location fields {"file","line","column"} for nested objects. */
void lf_record_set_location(json_t *obj, location_t loc);

/* Count of what the unit did, for the "tu" record. */
struct lf_tu_stats {
	int functions;		/* functions the pass saw */
	int locking;		/* of those, with lock events */
	int sections;
	int unknown;
};
extern struct lf_tu_stats lf_stats;

/* Write DIR/<tu>.lfr via a temp file and rename.  Returns false (after an
 * error diagnostic) if the file could not be written. */
bool lf_records_finish(void);

#endif /* LOCKFIT_RECORDS_H */
