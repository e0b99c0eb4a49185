// SPDX-License-Identifier: GPL-2.0
/*
 * clex.c - just enough C lexing for the use index (clex.h): names,
 * comments and strings as a line shows them, and the postfix expression
 * a name ends.
 */
#include <ctype.h>
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

/* Is offset O of T inside a comment or a string, as far as its line
 * and the line's start tell? */
bool lf_c_in_comment(const char *t, size_t bol, size_t o)
{
	size_t i = bol;
	bool str = false;

	while (i < o && (t[i] == ' ' || t[i] == '\t'))
		i++;
	if (t[i] == '*' || !strncmp(t + i, "/*", 2) || !strncmp(t + i, "//", 2))
		return true;
	for (; i < o; i++) {
		if (str && t[i] == '\\' && i + 1 < o)
			i++;
		else if (t[i] == '"')
			str = !str;
		else if (!str && (!strncmp(t + i, "//", 2) ||
				  (!strncmp(t + i, "/*", 2) && !strstr(t + i, "*/"))))
			return true;
		else if (!str && !strncmp(t + i, "/*", 2)) {
			const char *e = strstr(t + i, "*/");

			if ((size_t)(e - t) >= o)
				return true;
		}
	}
	return str;
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
