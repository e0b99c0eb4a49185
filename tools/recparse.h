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

bool fail(struct parse *p, const char *key, const char *type);
bool get_str(json_t *o, const char *key, const char **out, struct parse *p);
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
