// SPDX-License-Identifier: GPL-2.0
/*
 * patch_view.c - the view of the tree that spatch reads when a file to
 * rewrite holds __attribute__.
 *
 * spatch 1.1.1 cannot parse __attribute__((...)) after the declarator of
 * a local variable ("struct s v __attribute__((aligned(N)));", as in
 * mm/z3fold.c) and silently skips the whole function, leaving a half
 * conversion.  The same attribute written through a macro (__aligned(N))
 * parses, because standard.h defines the macro to nothing.  So when a
 * file to rewrite holds the keyword, spatch runs on a view: a hard-linked
 * copy of the tree (in a directory of lockfit's own, patch_safe.c) (so that --local-includes finds the same headers) in
 * which those files are copies with the keyword spelled as a macro that
 * our macro file defines to nothing; the diff it prints is spelled back.
 * One view serves every lock of a run (each respells its own files in
 * it; a file respelled for another is read the same way): the copy of
 * a whole tree is made once, not once per lock.
 * The spelling is an identifier no kernel file uses (a file that does is
 * refused), so the way back is exact; no line is added or removed, so
 * hunk headers stay right.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lib/util.h"
#include "patch/patch.h"

#define KEYWORD		"__attribute__"
#define SPELLING	"__lockfit_attribute__"

/* TEXT with every FROM replaced by TO. */
static char *respell(const char *text, const char *from, const char *to)
{
	struct strbuf sb = { 0 };
	const char *p;

	while ((p = strstr(text, from))) {
		sb_printf(&sb, "%.*s%s", (int)(p - text), text, to);
		text = p + strlen(from);
	}
	sb_printf(&sb, "%s", text);
	return sb_take(&sb);
}

bool lf_view_needed(const char *tree, const struct lf_strv *files)
{
	bool needed = false;

	for (size_t i = 0; i < files->n && !needed; i++) {
		char *path = lf_path_in(tree, files->v[i]);
		char *text = path ? lf_read_file(path, NULL) : NULL;

		needed = text && strstr(text, KEYWORD);
		free(text);
		free(path);
	}
	return needed;
}

char *lf_view_make(const char *tree, const struct lf_strv *files,
		   const char *view, const char *macros, bool fresh)
{
	char *err = lf_safe_write(macros, "#define " SPELLING "(x)\n") ?
		xasprintf("cannot write %s: %s", macros, strerror(errno)) :
		fresh ? lf_link_copy(tree, view) : NULL;
	for (size_t i = 0; i < files->n && !err; i++) {
		char *src = lf_path_in(tree, files->v[i]);
		char *dst = lf_path_in(view, files->v[i]);
		char *text = src && dst ? lf_read_file(src, NULL) : NULL, *viewed;

		if (!src || !dst) {
			err = xasprintf("%s is not a path inside %s", files->v[i],
					tree);
		} else if (!text) {
			err = xasprintf("cannot read %s: %s", src, strerror(errno));
		} else if (strstr(text, SPELLING)) {
			err = xasprintf("%s uses the identifier %s, which lockfit "
					"needs for spatch", files->v[i], SPELLING);
		} else if (strstr(text, KEYWORD)) {
			/* dst is the tree's file: a new one, not written through */
			viewed = respell(text, KEYWORD, SPELLING);
			if (unlink(dst) || lf_safe_write(dst, viewed))
				err = xasprintf("cannot replace %s: %s", dst,
						strerror(errno));
			free(viewed);
		}
		free(text);
		free(src);
		free(dst);
	}
	return err;
}

char *lf_view_unspell(char *text)
{
	char *back = respell(text, SPELLING, KEYWORD);

	free(text);
	return back;
}
