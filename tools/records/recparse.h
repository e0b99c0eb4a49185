/* SPDX-License-Identifier: GPL-2.0 */
/*
 * recparse.h - checking one record: the field getters and the identity
 * grammar (recparse.c), and the record parser the schema drives
 * (recfields.c, from schema/records.def).  Each check returns false
 * and, the first time, sets p->err to a message naming the record kind
 * and the field.
 */
#ifndef LOCKFIT_RECPARSE_H
#define LOCKFIT_RECPARSE_H

#include <stdbool.h>
#include <jansson.h>

/* What parsing one line found wrong, NULL if nothing. */
struct lf_parse {
	const char *what;	/* record kind, for messages */
	char *err;
};

struct lf_rec;
/* recfields.c: O, one line's JSON, into R (which keeps pointers
 * into O); false, with p->err set, if it is no valid record. */
bool lf_record_parse(json_t *o, struct lf_rec *r, struct lf_parse *p);
/* recfields.c: V, the function name of KEY, into *OUT; ":f" stands for
 * "TU:f" (a static of the record's unit); TEXT: checked as text first;
 * CALLEE: "<indirect>" too. */
bool lf_rec_function(json_t *v, const char *key, bool callee, bool text,
		     const char **out, struct lf_parse *p);

bool lf_fail(struct lf_parse *p, const char *key, const char *type);
/* VALUE of KEY is not one of its enumeration's */
bool lf_bad_enum(struct lf_parse *p, const char *key, const char *value);
/* S is printable text (no control characters) and not empty. */
bool lf_check_text(const char *s, const char *key, struct lf_parse *p);
/* S is a file name inside the tree (and text) */
bool lf_check_path(const char *s, const char *key, struct lf_parse *p);
/* Did a file name of the module directory ("$M/x.c") pass the checks
 * since the last call?  (Only a unit whose build has a modroot may.) */
bool lf_modroot_named(void);
/* S is a function name: NAME, TU:NAME (a CALLEE may be "<indirect>"). */
bool lf_check_function(const char *s, const char *key, bool callee,
		       struct lf_parse *p);
/* ID has the identity grammar of lock_kind KIND. */
bool lf_lock_id_ok(const char *id, const char *kind);

/* Text as lf_check_text() */
bool lf_get_str(json_t *o, const char *key, const char **out,
		struct lf_parse *p);
/* A file name inside the tree: relative, normalised */
bool lf_get_path(json_t *o, const char *key, const char **out,
		 struct lf_parse *p);
bool lf_get_function(json_t *o, const char *key, bool callee,
		     const char **out, struct lf_parse *p);
/* A function name, or guard(CLASS) (a cleanup.h guard). */
bool lf_get_api(json_t *o, const char *key, const char **out,
		struct lf_parse *p);
/* A lock identity of KIND, of any kind if KIND is NULL */
bool lf_get_lock(json_t *o, const char *key, const char *kind,
		 const char **out, struct lf_parse *p);
bool lf_get_ident(json_t *o, const char *key, const char **out,
		  struct lf_parse *p);
/* "struct tag", "union tag" or a typedef name */
bool lf_get_type(json_t *o, const char *key, const char **out,
		 struct lf_parse *p);
/* An integer in [LO, HI] (an LF_RANGE_* of schema/records.h) */
bool lf_get_range(json_t *o, const char *key, long lo, long hi, long *out,
		  struct lf_parse *p);
bool lf_get_bool(json_t *o, const char *key, bool *out, struct lf_parse *p);
bool lf_get_array(json_t *o, const char *key, json_t **out,
		  struct lf_parse *p);
/* An enumerated field: a value outside SET (NULL-terminated) means a
 * format we do not know. */
bool lf_get_enum(json_t *o, const char *key, const char *const *set,
		 const char **out, struct lf_parse *p);

extern const char *const lf_lock_kinds[];	/* "global", ... NULL */

#endif
