/* SPDX-License-Identifier: GPL-2.0 */
/*
 * classify.h - what a use of a lock is, from the call around it
 * (classify.c; docs/INDEX.md, "How", point 4).
 */
#ifndef LOCKFIT_INDEX_CLASSIFY_H
#define LOCKFIT_INDEX_CLASSIFY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "index/uses.h"

/* Read the calls and guards of rules/primitives.tbl and
 * rules/sourceforms.tbl; before lf_use_classify(). */
void lf_use_tables_load(void);
/* A hash of what they hold, loaded if they are not. */
uint64_t lf_use_tables_hash(void);

/* What the use at offset O of T (line starting at BOL, name ending at
 * END; MEMBER: an access of a field) is; the call it is an argument of
 * into *CALL, a guard's mode into *MODE. */
enum lf_use_what lf_use_classify(const char *t, size_t bol, size_t o,
				 size_t end, bool member, const char **call,
				 const char **mode);

/* The lock class a call of lf_use_classify() takes, NULL if none is
 * known; the class of a lock type of rules/locktypes.tbl, NULL if none. */
const char *lf_use_call_class(const char *call);
const char *lf_use_type_class(const char *type);

#endif
