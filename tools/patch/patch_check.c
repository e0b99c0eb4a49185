// SPDX-License-Identifier: GPL-2.0
/*
 * patch_check.c - a kind's check script (lf_pkind.check: the RCU
 * conversion's cocci/rcu_check.cocci) on each file a patch changes, as
 * the tree has it and as the patch makes it: what the compiler and
 * sparse do not see (a list walk without _rcu in an RCU reader, a
 * kfree() with no grace period after list_del_rcu()) fails the patch
 * when the patch adds it.  Findings the file had before are not the
 * patch's; they are compared by their text, not their line.
 *
 * Both versions are written to a directory of lockfit's own (mkdtemp,
 * patch_safe.c) under the file's own name, so the findings name it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "lib/util.h"
#include "patch/patch.h"

/* FILE:LINE: TEXT -> TEXT, the finding without its place */
static const char *finding_text(const char *line)
{
	const char *colon = strchr(line, ':');

	colon = colon ? strchr(colon + 1, ':') : NULL;
	return colon && colon[1] == ' ' ? colon + 2 : line;
}

/* The lines of OUT, each a finding. */
static void findings(const char *out, struct lf_strv *lines)
{
	for (const char *p = out; p && *p; ) {
		size_t n = strcspn(p, "\n");
		char *line = xasprintf("%.*s", (int)n, p);

		if (*line)
			lf_strv_add(lines, line);
		free(line);
		p += n + (p[n] == '\n');
	}
}

/* TEXT as DIR/NAME/BASE; false, logged, if it cannot be written. */
static bool put_version(struct lf_vjob *v, const char *dir, const char *name,
			const char *base, const char *text)
{
	char *sub = xasprintf("%s/%s", dir, name), *path;
	bool ok;

	mkdir(sub, 0700);
	path = xasprintf("%s/%s", sub, base);
	ok = !lf_safe_write(path, text);
	if (!ok)
		lf_vfail(v, v->j->kind->check, "cannot write %s: %s", path, strerror(errno));
	free(path);
	free(sub);
	return ok;
}

/* The findings of V's check script on DIR/NAME/BASE into LINES; false,
 * V failed, if spatch did not run. */
static bool run_check(struct lf_vjob *v, const char *dir, const char *name,
		      const char *base, struct lf_strv *lines)
{
	char *sub = xasprintf("%s/%s", dir, name), *err = NULL;
	char *out = lf_spatch_check(v->j->kind->check, sub, base, &err);

	sb_printf(&v->log, "$ spatch -D report --cocci-file %s.cocci %s  (%s the patch)\n%s",
		  v->j->kind->check, base, name, out ? out : "");
	if (!out)
		lf_vfail(v, v->j->kind->check, "%s", err);
	findings(out, lines);
	free(out);
	free(err);
	free(sub);
	return out != NULL;
}

/* The findings of AFTER that BEFORE does not have, as often (by text),
 * appended to FRESH with FILE for the name. */
static void fresh_findings(const struct lf_strv *before, const struct lf_strv *after,
			   const char *file, struct strbuf *fresh, size_t *n)
{
	bool *used = xcalloc(before->n + 1, sizeof(*used));

	for (size_t i = 0; i < after->n; i++) {
		const char *t = finding_text(after->v[i]);
		size_t k;

		for (k = 0; k < before->n; k++)
			if (!used[k] && !strcmp(t, finding_text(before->v[k])))
				break;
		if (k < before->n) {
			used[k] = true;
			continue;
		}
		sb_printf(fresh, "%s%s: %s", (*n)++ ? "; " : "", file, t);
	}
	free(used);
}

static void check_file(struct lf_vjob *v, const char *dir, const char *file,
		       struct strbuf *fresh, size_t *n)
{
	char *orig_path = lf_path_in(v->tree, file), *orig, *text = NULL, *err = NULL;
	const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
	const char *diff = v->j->diff;
	struct lf_strv before = { 0 }, after = { 0 };

	orig = orig_path ? lf_read_file(orig_path, NULL) : NULL;
	if (!orig) {
		lf_vfail(v, v->j->kind->check, "cannot read %s in the tree", file);
		goto out;
	}
	text = lf_diff_merge(orig, file, &diff, 1, &err);
	if (!text) {
		lf_vfail(v, v->j->kind->check, "%s: %s", file, err);
		goto out;
	}
	if (put_version(v, dir, "before", base, orig) &&
	    put_version(v, dir, "after", base, text) &&
	    run_check(v, dir, "before", base, &before) &&
	    run_check(v, dir, "after", base, &after))
		fresh_findings(&before, &after, file, fresh, n);
out:
	for (size_t i = 0; i < before.n; i++)
		free(before.v[i]);
	for (size_t i = 0; i < after.n; i++)
		free(after.v[i]);
	free(before.v);
	free(after.v);
	free(orig_path);
	free(orig);
	free(text);
	free(err);
}

void lf_vjob_check(struct lf_vjob *v)
{
	struct strbuf fresh = { 0 };
	size_t n = 0;
	char *dir;

	if (!v->j->kind->check || v->j->failed)
		return;
	dir = lf_private_dir(v->tree, "spatch");
	for (size_t i = 0; i < v->touched.n && !v->j->failed; i++) {
		const char *f = v->touched.v[i];
		size_t len = strlen(f);

		if (len > 2 && (!strcmp(f + len - 2, ".c") || !strcmp(f + len - 2, ".h")))
			check_file(v, dir, f, &fresh, &n);
	}
	lf_private_remove(dir, false);
	free(dir);
	if (v->j->failed) {
		free(fresh.s);
		return;
	}
	sb_printf(&v->log, "%s: %zu new finding%s\n", v->j->kind->check, n,
		  n == 1 ? "" : "s");
	if (n)
		lf_vfail(v, v->j->kind->check, "%zu new finding%s: %s", n, n == 1 ? "" : "s",
			 sb_str(&fresh));
	free(fresh.s);
}
