/* SPDX-License-Identifier: GPL-2.0 */
/*
 * recfile.h - the plugin's record file: one JSON line per record (emit.c
 * writes them), one file per translation unit, written atomically at the
 * end of the unit.  The format is docs/RECORDS.md.
 */
#ifndef LOCKFIT_RECFILE_H
#define LOCKFIT_RECFILE_H

#include "compat.h"

void lf_output_set_dir(const char *dir);
/* Is there somewhere to write: out=DIR, or else the object file (through
 * the assembler file; none under -fsyntax-only or -E). */
bool lf_output_wanted(void);

/* Queue LINE (a JSON object, without newline) for this unit's file. */
void lf_output_line(const char *line);

/* Write DIR/<tu>.lfr via a temp file and rename.  Returns false (after an
 * error diagnostic) if the file could not be written.  Without out=DIR,
 * put the same bytes in section LF_RECORDS_SECTION of the object. */
bool lf_output_finish(void);

#endif /* LOCKFIT_RECFILE_H */
