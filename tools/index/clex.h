/* SPDX-License-Identifier: GPL-2.0 */
/*
 * clex.h - just enough C lexing for the use index (clex.c), on a
 * file's text T: a line at a time, never a parse.
 */
#ifndef LOCKFIT_INDEX_CLEX_H
#define LOCKFIT_INDEX_CLEX_H

#include <stdbool.h>
#include <stddef.h>

/* A character of a name ('$' too: GCC takes it). */
bool lf_c_ident_char(int c);
/* S[0..N) is a name. */
bool lf_c_ident_ok(const char *s, size_t n);
/* Is offset O of T, a whole file (kept as it is while lockfit runs),
 * inside a comment, a string or a character constant?  BOL: the start
 * of its line.  T is lexed once from its start, calls for increasing
 * offsets going on from the last. */
bool lf_c_in_comment(const char *t, size_t bol, size_t o);
/* Back over blanks ending before I. */
size_t lf_c_back_space(const char *t, size_t i);
/* Back over a balanced (...) or [...] ending before I. */
size_t lf_c_back_group(const char *t, size_t i);
/* The start of the postfix expression whose last name starts at O. */
size_t lf_c_expr_start(const char *t, size_t o);

#endif
