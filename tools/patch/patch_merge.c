// SPDX-License-Identifier: GPL-2.0
/*
 * patch_merge.c - the diffs of several locks applied to one file at
 * once, for their build together (patch_batch.c).  Each diff was made
 * against the same tree, so applying them one after the other fails
 * where their hunks' context lines overlap (two declarations on
 * adjacent lines), although the changes do not.  Here every hunk is
 * placed on the original's lines: each context and removed line must be
 * there, a line removed by two diffs or lines added at one place by two
 * diffs is a conflict; otherwise the result is the original with every
 * removal and addition.  A diff line this does not know ("\ No newline
 * at end of file") is a conflict too: the diffs are then built alone.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "patch/patch.h"

struct line {
	const char *s;
	size_t n;		/* without the newline */
};

struct lines {
	struct line *v;
	size_t n, cap;
};

static void split_lines(const char *text, struct lines *out)
{
	for (const char *p = text; *p; ) {
		size_t n = strcspn(p, "\n");
		struct line l = { p, n };

		VEC_PUSH(out, l);
		p += n + (p[n] == '\n');
	}
}

/* The edits on the original: who removes line i, who adds what before
 * line i (index n: at the end). */
struct edits {
	int *removed;		/* job number + 1, 0: kept */
	int *adder;		/* likewise for the lines added before it */
	struct lines *added;
};

/* The hunks of FILE in DIFF (job K) onto the original O; NULL, or the
 * conflict. */
static char *place(const char *diff, const char *file, int k,
		   const struct lines *o, struct edits *e)
{
	struct lines d = { 0 };
	bool in = false;
	size_t i = 0;
	char *err = NULL;

	split_lines(diff, &d);
	for (size_t x = 0; x < d.n && !err; x++) {
		const struct line *l = &d.v[x];

		if (l->n >= 11 && !strncmp(l->s, "diff --git ", 11)) {
			char *hdr = xasprintf("diff --git a/%s b/%s", file, file);

			in = l->n == strlen(hdr) && !strncmp(l->s, hdr, l->n);
			free(hdr);
			continue;
		}
		if (!in || (l->n >= 4 && (!strncmp(l->s, "--- ", 4) ||
					  !strncmp(l->s, "+++ ", 4))))
			continue;
		if (l->n >= 4 && !strncmp(l->s, "@@ -", 4)) {
			long start = strtol(l->s + 4, NULL, 10);

			i = start > 0 ? (size_t)start - 1 : 0;
			continue;
		}
		if (l->n && (l->s[0] == ' ' || l->s[0] == '-')) {
			if (i >= o->n || o->v[i].n != l->n - 1 ||
			    memcmp(o->v[i].s, l->s + 1, l->n - 1))
				err = xasprintf("%s: a hunk's line %zu is not the "
						"tree's", file, i + 1);
			else if (l->s[0] == '-' && e->removed[i])
				err = xasprintf("%s: line %zu changed by two patches",
						file, i + 1);
			else if (l->s[0] == '-')
				e->removed[i] = k + 1;
			i++;
		} else if (l->n && l->s[0] == '+') {
			struct line add = { l->s + 1, l->n - 1 };

			if (e->adder[i] && e->adder[i] != k + 1)
				err = xasprintf("%s: two patches add lines before "
						"line %zu", file, i + 1);
			e->adder[i] = k + 1;
			VEC_PUSH(&e->added[i], add);
		} else {
			err = xasprintf("%s: a diff line this merge does not "
					"know", file);
		}
	}
	free(d.v);
	return err;
}

char *lf_diff_merge(const char *orig, const char *file,
		    const char *const *diffs, size_t n, char **err)
{
	struct lines o = { 0 };
	struct edits e;
	struct strbuf sb = { 0 };
	size_t len = strlen(orig);

	*err = NULL;
	if (len && orig[len - 1] != '\n') {
		*err = xasprintf("%s: no newline at its end", file);
		return NULL;
	}
	split_lines(orig, &o);
	e.removed = xcalloc(o.n + 1, sizeof(*e.removed));
	e.adder = xcalloc(o.n + 1, sizeof(*e.adder));
	e.added = xcalloc(o.n + 1, sizeof(*e.added));
	for (size_t k = 0; k < n && !*err; k++)
		*err = place(diffs[k], file, (int)k, &o, &e);
	for (size_t i = 0; i <= o.n && !*err; i++) {
		for (size_t a = 0; a < e.added[i].n; a++)
			sb_printf(&sb, "%.*s\n", (int)e.added[i].v[a].n,
				  e.added[i].v[a].s);
		if (i < o.n && !e.removed[i])
			sb_printf(&sb, "%.*s\n", (int)o.v[i].n, o.v[i].s);
	}
	for (size_t i = 0; i <= o.n; i++)
		free(e.added[i].v);
	free(e.added);
	free(e.removed);
	free(e.adder);
	free(o.v);
	if (*err) {
		free(sb.s);
		return NULL;
	}
	return sb_take(&sb);
}
