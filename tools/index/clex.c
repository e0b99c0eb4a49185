// SPDX-License-Identifier: GPL-2.0
/*
 * clex.c - just enough C lexing for the use index (clex.h): names,
 * comments and strings as a line shows them, and the postfix expression
 * a name ends.
 */
#include <ctype.h>
#include <stdint.h>
#include <string.h>
#include "index/clex.h"

bool lf_c_ident_char(int c)
{
	return isalnum(c) || c == '_' || c == '$';
}

bool lf_c_ident_ok(const char *s, size_t n)
{
	if (!n || isdigit((unsigned char)s[0]))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!lf_c_ident_char((unsigned char)s[i]))
			return false;
	return true;
}

/*
 * lf_c_in_comment() lexes T from its start, once: strings, character
 * constants and comments, block comments across lines.  Its calls come
 * for increasing offsets of a file (every name grep found in it, in
 * line order), so each goes on from where the last stopped, and one for
 * an earlier offset of the same line from that line's start: a file is
 * scanned about once, however many names a line holds.
 */
enum lex { CODE, STRING, CHAR, LINE, BLOCK };

struct lexer {
	size_t i;		/* scanned up to here */
	enum lex in;
	size_t end;		/* BLOCK: the offset past its end */
};

static struct {
	const char *t;
	struct lexer at, line;	/* where it stopped; at its line's start */
	size_t bol;
	/* the first "*\/" at or after close_from is at close_at (SIZE_MAX:
	 * none): many lines opening a comment far from its end scan the
	 * file once */
	size_t close_from, close_at;
} scan;

/* The offset just past the first "*\/" at or after I, 0 if none. */
static size_t block_end(const char *t, size_t i)
{
	if (!scan.close_from || i < scan.close_from ||
	    (scan.close_at != SIZE_MAX && i > scan.close_at)) {
		const char *e = strstr(t + i, "*/");

		scan.close_from = i;
		scan.close_at = e ? (size_t)(e - t) : SIZE_MAX;
	}
	return scan.close_at == SIZE_MAX ? SIZE_MAX : scan.close_at + 2;
}

/* One step of L at T[L->i]: to the next offset worth looking at. */
static void lex_step(struct lexer *l, const char *t, size_t o)
{
	size_t i = l->i;
	char c = t[i];

	switch (l->in) {
	case STRING: case CHAR: case LINE:
		if (c == '\\' && t[i + 1])
			i++;		/* an escape, or a line continued */
		else if (c == '\n' || (l->in == STRING && c == '"') ||
			 (l->in == CHAR && c == '\''))
			l->in = CODE;
		break;
	case BLOCK:		/* to its end, or to O inside it */
		if (l->end <= o)
			l->in = CODE;
		i = (l->end <= o ? l->end : o) - 1;
		break;
	default:
		if (c == '"' || c == '\'') {
			l->in = c == '"' ? STRING : CHAR;
		} else if (c == '/' && t[i + 1] == '/') {
			l->in = LINE;
			i++;
		} else if (c == '/' && t[i + 1] == '*') {
			l->end = block_end(t, i + 2);
			l->in = BLOCK;
			i++;
		}
		break;
	}
	l->i = i + 1;
}

/* Is offset O of T (a whole file) inside a comment, a string or a
 * character constant?  BOL: the start of its line. */
bool lf_c_in_comment(const char *t, size_t bol, size_t o)
{
	if (scan.t != t || o < scan.at.i) {
		if (scan.t == t && scan.bol == bol && o >= bol) {
			scan.at = scan.line;
		} else {
			if (scan.t != t)
				scan.close_from = 0;
			scan.t = t;
			memset(&scan.at, 0, sizeof(scan.at));
			scan.bol = SIZE_MAX;
		}
	}
	if (scan.bol != bol && bol >= scan.at.i) {
		while (scan.at.i < bol)
			lex_step(&scan.at, t, bol);
		scan.bol = bol;
		scan.line = scan.at;
	}
	while (scan.at.i < o)	/* past O: it was an escaped or second character */
		lex_step(&scan.at, t, o);
	return scan.at.in != CODE;
}

size_t lf_c_back_space(const char *t, size_t i)
{
	while (i && isspace((unsigned char)t[i - 1]))
		i--;
	return i;
}

/* Back over a balanced (...) or [...] ending before I. */
size_t lf_c_back_group(const char *t, size_t i)
{
	int depth = 0;

	while (i) {
		char c = t[--i];

		if (c == ')' || c == ']')
			depth++;
		else if ((c == '(' || c == '[') && !--depth)
			return i;
	}
	return 0;
}

/* The start of the postfix expression whose last name starts at O. */
size_t lf_c_expr_start(const char *t, size_t o)
{
	size_t i = o, j;

	for (;;) {
		j = lf_c_back_space(t, i);
		if (j >= 2 && t[j - 2] == '-' && t[j - 1] == '>')
			j -= 2;
		else if (j >= 1 && t[j - 1] == '.')
			j -= 1;
		else
			return i;
		j = lf_c_back_space(t, j);
		while (j && (t[j - 1] == ')' || t[j - 1] == ']')) {
			j = lf_c_back_group(t, j);
			j = lf_c_back_space(t, j);
		}
		while (j && lf_c_ident_char((unsigned char)t[j - 1]))
			j--;
		i = j;
	}
}
