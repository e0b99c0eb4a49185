/* SPDX-License-Identifier: GPL-2.0 */
/*
 * recparse.h - checked field access for the record parsers (records.c,
 * records_checks.c).  Each getter returns false and, the first time,
 * sets p->err to a message naming the record kind and the field.
 */
#ifndef LOCKFIT_RECPARSE_H
#define LOCKFIT_RECPARSE_H

#include <stdbool.h>
#include <jansson.h>
#include "records.h"

/* What parsing one line found wrong, NULL if nothing. */
struct parse {
	const char *what;	/* record kind, for messages */
	char *err;
};

extern const char *const lf_lock_kinds[];	/* "global", ... NULL */
extern const char *const lf_modes[];		/* "read", "write", "excl", NULL */

/* Bounds of the numbers (docs/RECORDS.md): far above anything real, far
 * below what a sum or product of a few of them could overflow. */
#define LF_REC_COUNT_MAX	1000000000L	/* counts, costs */
#define LF_REC_LOOP_DEPTH_MAX	1000L

bool fail(struct parse *p, const char *key, const char *type);
/* S is printable text (no control characters) and not empty. */
bool check_text(const char *s, const char *key, struct parse *p);
/* S is a relative, normalised file name inside the tree. */
bool check_path(const char *s, const char *key, struct parse *p);
/* S is a function name: NAME, TU:NAME (a CALLEE may be "<indirect>"). */
bool check_function(const char *s, const char *key, bool callee,
		    struct parse *p);
/* ID has the identity grammar of lock_kind KIND. */
bool lf_lock_id_ok(const char *id, const char *kind);

/* Text as check_text() */
bool get_str(json_t *o, const char *key, const char **out, struct parse *p);
bool get_path(json_t *o, const char *key, const char **out, struct parse *p);
bool get_function(json_t *o, const char *key, bool callee, const char **out,
		  struct parse *p);
/* A lock identity of KIND, of any kind if KIND is NULL */
bool get_lock(json_t *o, const char *key, const char *kind, const char **out,
	      struct parse *p);
bool get_ident(json_t *o, const char *key, const char **out, struct parse *p);
/* "struct tag", "union tag" or a typedef name */
bool get_type(json_t *o, const char *key, const char **out, struct parse *p);
/* An integer in [LO, HI] */
bool get_range(json_t *o, const char *key, long lo, long hi, long *out,
	       struct parse *p);
/* A count: 0 to LF_REC_COUNT_MAX */
bool get_int(json_t *o, const char *key, long *out, struct parse *p);
bool get_line(json_t *o, const char *key, int *out, struct parse *p);
bool get_bool(json_t *o, const char *key, bool *out, struct parse *p);
bool get_array(json_t *o, const char *key, json_t **out, struct parse *p);
/* An enumerated field: a value outside SET means a format we do not know. */
bool get_enum(json_t *o, const char *key, const char *const *set,
	      const char **out, struct parse *p);
/* file, line, column, function */
bool get_place(json_t *o, struct lf_rec *r, struct parse *p);

/* records_checks.c: the records of the arch_spin and bit lock checks */
bool lf_parse_layout(json_t *o, struct lf_rec *r, struct parse *p);
bool lf_parse_lock_wrapper(json_t *o, struct lf_rec *r, struct parse *p);
bool lf_parse_arch_spin(json_t *o, struct lf_rec *r, struct parse *p);
bool lf_parse_needs_atomic(json_t *o, struct lf_rec *r, struct parse *p);
bool lf_parse_calls(json_t *o, struct lf_rec *r, struct parse *p);

#endif
