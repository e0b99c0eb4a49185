/* SPDX-License-Identifier: GPL-2.0 */
/*
 * util.h - allocation, messages, growable arrays and a string map.
 *
 * lockfit is a short-lived command: what it allocates lives until exit,
 * so nothing here frees piecemeal.
 */
#ifndef LOCKFIT_UTIL_H
#define LOCKFIT_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Exit statuses shared by every subcommand. */
#define LF_EXIT_OK	0
#define LF_EXIT_FOUND	1	/* gate: new findings */
#define LF_EXIT_ERROR	2	/* bad input, bad usage, I/O error */

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* "lockfit: ..." on stderr, string arguments escaped as by lf_fprintf();
 * lf_die() then exits with LF_EXIT_ERROR. */
void lf_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void lf_die(const char *fmt, ...)
	__attribute__((format(printf, 1, 2), noreturn));

/*
 * Growable array: a struct with members v, n and cap.
 * VEC_PUSH(&arr, value) appends.
 */
#define VEC_PUSH(a, x)							\
	do {								\
		if ((a)->n == (a)->cap) {				\
			(a)->cap = (a)->cap ? 2 * (a)->cap : 8;		\
			(a)->v = xrealloc((a)->v,			\
					  (a)->cap * sizeof(*(a)->v));	\
		}							\
		(a)->v[(a)->n++] = (x);					\
	} while (0)

struct strbuf {
	char *s;
	size_t len, cap;
};

void sb_printf(struct strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void sb_vprintf(struct strbuf *sb, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
/* N bytes of P appended (NULs too), the text kept NUL-terminated. */
void sb_add(struct strbuf *sb, const void *p, size_t n);
/* The text so far, "" if none. */
const char *sb_str(struct strbuf *sb);
char *sb_take(struct strbuf *sb);

/* A list of places: "a.c:1, b.c:2, c.c:3 and 4 more". */
struct plist {
	struct strbuf sb;
	size_t n, max;		/* items added; items shown */
};

struct plist *plist_new(size_t max);
void plist_add(struct plist *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* The list, with " and N more" once past MAX. */
const char *plist_text(struct plist *p);

/* "" for 1, "s" otherwise. */
const char *lf_plural(size_t n);

/*
 * The text sink (terminal, CI log, stderr), escape.c: control characters
 * (C0, DEL, C1, Unicode line separators and bidi controls), bytes that
 * are not UTF-8 as \xNN, a backslash doubled.  lf_fprintf() is fprintf()
 * with every %s argument escaped (the format is ours and not escaped):
 * what it prints for untrusted strings never holds a newline or an ESC.
 */
struct strbuf;
struct json_t;
void lf_esc_text(struct strbuf *sb, const char *s);
char *lf_esc(const char *s);
/* A JSON string, or null for NULL; bytes that are not UTF-8 escaped as
 * for text (lf_esc). */
struct json_t *lf_json_str(const char *s);
void lf_esc_vprintf(struct strbuf *sb, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
void lf_vfprintf(FILE *out, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
void lf_fprintf(FILE *out, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
#define lf_printf(...) lf_fprintf(stdout, __VA_ARGS__)

/* The whole of input file PATH, NUL-terminated (its length in *LEN if
 * LEN), read by lf_read_bounded() (readfile.h): NULL with errno set if
 * it cannot be read; a path that is not a regular file, or one larger
 * than LF_READ_MAX, dies naming it. */
char *lf_read_file(const char *path, size_t *len);
/* PATH made to hold TEXT, whole or not at all: written to a temporary
 * file beside it, renamed over it on success and removed on failure.
 * 0, or -1 with errno set. */
int lf_write_file(const char *path, const char *text);
/* The same for LEN bytes of DATA; both are synced before the rename. */
int lf_write_bytes(const char *path, const void *data, size_t len);

/* Check standard output at exit: a write error (full disk, closed pipe
 * with SIGPIPE ignored) exits LF_EXIT_ERROR with a message, never 0. */
void lf_check_stdout_at_exit(void);
/* A write to OUT failed (errno says why): die with the one message
 * lf_check_stdout_at_exit() gives for standard output, WHAT otherwise. */
void lf_die_write(FILE *out, const char *what);

/* mkdir -p; dies with the reason if it cannot. */
void lf_mkdir_p(const char *path);
/* mkdir -p: 0, or -1 with errno and (if FAILED) the directory that could
 * not be made in *FAILED. */
int lf_mkdir_all(const char *path, char **failed);

/* String-keyed hash map; keys are interned (lf_intern()), values are the
 * caller's. */
struct strmap;
struct strmap *strmap_new(void);
void *strmap_get(const struct strmap *m, const char *key);
void strmap_put(struct strmap *m, const char *key, void *val);

/* A hash of S for the maps; its length in *LEN if LEN. */
uint64_t lf_hash(const char *s, size_t *len);

/* The one copy of S (intern.c): equal strings, the same pointer.  Kept
 * until exit. */
const char *lf_intern(const char *s);

/* Hash map keyed by a pair of interned strings, compared by address (a
 * record's strings are interned: records/recdir.c); values are the caller's. */
struct pairmap;
struct pairmap *pairmap_new(void);
/* M and its slots (not the values): a map used for one pass. */
void pairmap_free(struct pairmap *m);
void *pairmap_get(const struct pairmap *m, const char *a, const char *b);
void pairmap_put(struct pairmap *m, const char *a, const char *b, void *val);
/* Put VAL (not NULL) under (A, B) unless there is one: true if put. */
bool pairmap_add(struct pairmap *m, const char *a, const char *b, void *val);

/* The part of a record's function name after "FILE:" (statics). */
const char *lf_fn_basename(const char *fn);

/* For lf_sort() of longs, ascending. */
int lf_cmp_long(const void *a, const void *b);

/* qsort() that accepts an empty (NULL) array. */
void lf_sort(void *base, size_t n, size_t size,
	     int (*cmp)(const void *, const void *));

#endif
