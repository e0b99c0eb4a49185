// SPDX-License-Identifier: GPL-2.0
/*
 * patch_space.c - the indentation of the lines a rewrite touches, as
 * checkpatch wants it.  spatch keeps a line's leading whitespace, and a
 * tree has functions indented with spaces (Linux 6.12's lookup_mnt_ns()
 * in fs/namespace.c: seven): checkpatch then warns about the rewritten
 * line (LEADING_SPACE, CODE_INDENT), for whitespace the patch did not
 * write.  The added lines of the diff (only those: every other line is
 * the tree's) get tabs: each line keeps its column, in tabs of 8 with
 * the rest in spaces, and a line indented less than one tab gets one.
 * The message says which lines (lf_mail_build).
 */
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "patch/patch.h"

/* The indentation checkpatch refuses: a space first, or 8 in a row. */
static bool bad_indent(const char *ws, size_t n)
{
	size_t run = 0;

	if (n && ws[0] == ' ')
		return true;
	for (size_t i = 0; i < n; i++) {
		run = ws[i] == ' ' ? run + 1 : 0;
		if (run >= 8)
			return true;
	}
	return false;
}

/* WS (N blanks) as tabs of 8, the rest spaces; at least one tab. */
static void retab(struct strbuf *sb, const char *ws, size_t n)
{
	size_t col = 0, tabs, spaces;

	for (size_t i = 0; i < n; i++)
		col = ws[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
	tabs = col / 8;
	spaces = col % 8;
	if (!tabs) {
		tabs = 1;
		spaces = 0;
	}
	while (tabs--)
		sb_printf(sb, "\t");
	sb_printf(sb, "%*s", (int)spaces, "");
}

/* "@@ -a,b +c,d @@": c, the new file's first line of the hunk. */
static int hunk_start(const char *p)
{
	const char *plus = strstr(p, " +");

	return plus && plus < p + strcspn(p, "\n") ? atoi(plus + 2) : 0;
}

char *lf_diff_retab(const char *diff, struct lf_strv *where)
{
	struct strbuf sb = { 0 };
	const char *file = NULL;
	size_t flen = 0;
	int line = 0;

	for (const char *p = diff; *p; p += strcspn(p, "\n"), p += *p == '\n') {
		size_t n = strcspn(p, "\n"), ws;

		if (!strncmp(p, "+++ b/", 6)) {
			file = p + 6;
			flen = n - 6;
		} else if (!strncmp(p, "@@ ", 3)) {
			line = hunk_start(p);
		} else if (*p == '+' && file) {
			ws = strspn(p + 1, " \t");
			if (ws < n - 1 && bad_indent(p + 1, ws)) {
				char *at = xasprintf("%.*s:%d", (int)flen, file, line);

				lf_strv_add(where, at);
				free(at);
				sb_printf(&sb, "+");
				retab(&sb, p + 1, ws);
				sb_printf(&sb, "%.*s\n", (int)(n - 1 - ws), p + 1 + ws);
				line++;
				continue;
			}
			line++;
		} else if (*p == ' ') {
			line++;
		}
		sb_printf(&sb, "%.*s%s", (int)n, p, p[n] ? "\n" : "");
	}
	return sb.s ? sb.s : xstrdup("");
}
