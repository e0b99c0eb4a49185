/* SPDX-License-Identifier: GPL-2.0 */
/*
 * reader_table.h - inside the one reader (reader.c, reader_rewrites.c,
 * reader_rcu.c):
 * a table being read, and the checks every table's rows share.  Not for
 * its users: reader.h is.
 */
#ifndef LOCKFIT_RULES_READER_TABLE_H
#define LOCKFIT_RULES_READER_TABLE_H

#include <stddef.h>

/* reader.h's: this header is below it (reader.c includes it) */
struct lfr_tables;
struct lfr_sourceform;

/* One table being read. */
struct table {
	struct lfr_tables *t;
	/* lfr_die_fn: never returns */
	void (*die)(const char *fmt, ...)
		__attribute__((noreturn, format(printf, 1, 2)));
	char *path;
	char *text;		/* the whole table (lf_read_bounded) */
	size_t len, pos;	/* its length; where the next line starts */
	int lineno;
	const char *last;	/* the previous row's key, for order */
	char **keys;		/* every key so far, for duplicates */
	size_t nkeys, capkeys;
};

#define PUSH(vec, val) do {						\
	if ((vec)->n == (vec)->cap) {					\
		(vec)->cap = (vec)->cap ? 2 * (vec)->cap : 16;		\
		(vec)->v = lfr_xrealloc((vec)->v, (vec)->cap * sizeof(*(vec)->v)); \
	}								\
	(vec)->v[(vec)->n++] = (val);					\
} while (0)

/* Allocation; out of memory: a message and exit 2. */
void *lfr_xrealloc(void *p, size_t n);
char *lfr_xstrndup(const char *s, size_t n);
char *lfr_xstrdup(const char *s);

/* Split LINE into blank-separated words (copies), at most MAX; returns
 * how many there are. */
int lfr_split(const char *line, char **words, int max);
/* FILE:LINE: MSG 'A'B through the table's die() */
void lfr_fail(struct table *tb, const char *msg, const char *a, const char *b)
	__attribute__((noreturn));
/* Rows are unique by KEY; with SORTED, in byte order too. */
void lfr_once(struct table *tb, const char *key, int sorted, const char *what);
/* Is S (N bytes) a C identifier? */
int lfr_identifier(const char *s, size_t n);
/* S (N bytes) without blanks at either end, a copy. */
char *lfr_trim(const char *s, size_t n);

/* The guard row of sourceforms.tbl named NAME, or NULL. */
const struct lfr_sourceform *lfr_guard_form(const struct lfr_tables *t,
					    const char *name);

/* The tables rewrites.tbl is checked against (indexes in reader.c's
 * tables[]), and their file names. */
enum { CLASSES, PRIMITIVES, LOCKTYPES, SOURCEFORMS };
const char *lfr_table_file(int which);

/* rewrites.tbl (reader_rewrites.c): a row, and the checks of the whole table. */
void lfr_row_rewrite(struct table *tb, const char *line);
void lfr_end_rewrites(struct table *tb);
/* rcu.tbl (reader_rcu.c): a row. */
void lfr_row_rcu(struct table *tb, const char *line);

#endif /* LOCKFIT_RULES_READER_TABLE_H */
