// SPDX-License-Identifier: GPL-2.0
/*
 * patch_mail.c - a job's patch as git format-patch writes one: the mbox
 * header with a null commit id, From: lockfit, "[PATCH] subsystem: ...",
 * the evidence wrapped to 72 columns (checkpatch wants at most 75), no
 * Signed-off-by (the author adds it), "---", a diffstat, the diff.
 *
 * Record strings are data: in the subject and the message each byte
 * outside printable ASCII is written \xNN (lf_esc), and a message line
 * that a mail or patch tool could take for a header or a diff ("diff",
 * "---", "+++", "@@", "Index:", "From ", "-- " ...) gets a space in
 * front.  git apply never reads this file anyway: it is given the diff
 * alone (patch_verify.c).
 */
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "records/recdir.h"
#include "patch/patch.h"

const char *lf_mail_esc(const char *s)
{
	static struct lf_strv kept;
	struct strbuf sb = { 0 };
	const char *p;

	for (p = s; *p && *p >= 0x20 && *p < 0x7f; p++)
		;
	if (!*p)
		return s;
	for (p = s; *p; p++)
		if (*p >= 0x20 && *p < 0x7f)
			sb_printf(&sb, "%c", *p);
		else
			sb_printf(&sb, "\\x%02x", (unsigned char)*p);
	VEC_PUSH(&kept, sb_take(&sb));
	return kept.v[kept.n - 1];
}

/* Could a mail or patch tool read LINE as a header or part of a diff? */
static bool diff_like(const char *line)
{
	static const char *const starts[] = {
		"diff", "Index:", "---", "+++", "@@", "***", "-- ", "From ",
		"From:", "Subject:", "Date:", "GIT binary patch",
	};

	for (size_t i = 0; i < ARRAY_SIZE(starts); i++)
		if (!strncmp(line, starts[i], strlen(starts[i])))
			return true;
	return false;
}

/* One logical line: its leading blanks kept, words wrapped; "- " items
 * continue indented by two. */
static void wrap_line(struct strbuf *sb, const char *p, size_t n, size_t width)
{
	const char *end = p + n;
	size_t lead = strspn(p, " "), col;

	if (lead > n)
		lead = n;
	if (n >= lead + 2 && !strncmp(p + lead, "- ", 2))
		lead += 2;
	sb_printf(sb, "%.*s", (int)lead, p);
	col = lead;
	p += lead;
	while (p < end) {
		const char *w;
		size_t wl;
		bool first = col == lead;

		while (p < end && *p == ' ')
			p++;
		w = p;
		while (p < end && *p != ' ')
			p++;
		wl = p - w;
		if (!wl)
			break;
		if (!first && col + 1 + wl > width) {
			sb_printf(sb, "\n%*s", (int)lead, "");
			col = lead;
		} else if (!first) {
			sb_printf(sb, " ");
			col++;
		}
		sb_printf(sb, "%.*s", (int)wl, w);
		col += wl;
	}
	sb_printf(sb, "\n");
}

char *lf_wrap(const char *text, size_t width)
{
	struct strbuf sb = { 0 };

	while (*text) {
		size_t n = strcspn(text, "\n");

		wrap_line(&sb, text, n, width);
		text += n + (text[n] == '\n');
	}
	return sb.s ? sb.s : xstrdup("");
}

struct stat_row {
	const char *name;
	size_t nlen, add, del;
};

/* Per file of the git-style DIFF: + and - lines. */
static size_t stat_rows(const char *diff, struct stat_row *rows, size_t max)
{
	size_t n = 0;

	for (const char *p = diff; *p; p += strcspn(p, "\n") + (p[strcspn(p, "\n")] != 0)) {
		if (!strncmp(p, "diff --git a/", 13) && n < max) {
			rows[n].name = p + 13;
			rows[n].nlen = strcspn(p + 13, " \n");
			rows[n].add = rows[n].del = 0;
			n++;
		} else if (!strncmp(p, "--- a/", 6) || !strncmp(p, "+++ b/", 6)) {
			continue;
		} else if (n && *p == '+') {
			rows[n - 1].add++;
		} else if (n && *p == '-') {
			rows[n - 1].del++;
		}
	}
	return n;
}

static size_t digits(size_t n)
{
	size_t d = 1;

	while (n >= 10) {
		n /= 10;
		d++;
	}
	return d;
}

/* As format-patch: " NAME | N +++---", then the totals line. */
static void diffstat(struct strbuf *sb, const char *diff)
{
	size_t nfiles = 0, max = 1, nw = 0, cw, gw, adds = 0, dels = 0;
	struct stat_row *rows;

	for (const char *p = diff; (p = strstr(p, "diff --git a/")); p++)
		nfiles++;
	rows = xcalloc(nfiles + 1, sizeof(*rows));
	nfiles = stat_rows(diff, rows, nfiles);
	for (size_t i = 0; i < nfiles; i++) {
		if (rows[i].nlen > nw)
			nw = rows[i].nlen;
		if (rows[i].add + rows[i].del > max)
			max = rows[i].add + rows[i].del;
		adds += rows[i].add;
		dels += rows[i].del;
	}
	cw = digits(max);
	gw = 72 > nw + cw + 6 + 10 ? 72 - nw - cw - 6 : 10;
	for (size_t i = 0; i < nfiles; i++) {
		size_t a = rows[i].add, d = rows[i].del;

		if (max > gw) {	/* scale, keeping a mark for any change */
			a = a ? (a * gw + max - 1) / max : 0;
			d = d ? (d * gw) / max : 0;
			if (rows[i].del && !d)
				d = 1;
		}
		sb_printf(sb, " %.*s%*s | %*zu %.*s%.*s\n", (int)rows[i].nlen,
			  rows[i].name, (int)(nw - rows[i].nlen), "", (int)cw,
			  rows[i].add + rows[i].del, (int)a,
			  "++++++++++++++++++++++++++++++++++++++++++++++++++"
			  "++++++++++++++++++++++++", (int)d,
			  "--------------------------------------------------"
			  "------------------------");
	}
	sb_printf(sb, " %zu file%s changed", nfiles, lf_plural(nfiles));
	if (adds)
		sb_printf(sb, ", %zu insertion%s(+)", adds, lf_plural(adds));
	if (dels)
		sb_printf(sb, ", %zu deletion%s(-)", dels, lf_plural(dels));
	sb_printf(sb, "\n");
	free(rows);
}

/* HEAD and FILES, if any. */
static void files_said(struct strbuf *text, const char *head,
		       const struct lf_strv *files)
{
	if (!files->n)
		return;
	sb_printf(text, "%s", head);
	for (size_t i = 0; i < files->n; i++)
		sb_printf(text, "%s%s", i ? ", " : "", lf_mail_esc(files->v[i]));
	sb_printf(text, ".\n");
}

/* Which checks the patch passed (patch_verify.c, patch_batch.c,
 * patch_boot.c), or why it is not offered. */
static void verification(struct strbuf *text, const struct lf_pjob *j)
{
	if (j->failed) {
		sb_printf(text, "\nNot verified: %s\n", lf_mail_esc(j->failed));
		return;
	}
	if (!j->checked) {
		sb_printf(text, "\nNot verified yet.\n");
		return;
	}
	sb_printf(text, "\nVerified by lockfit patch:\n- git apply --check: the "
		  "patch applies to the tree\n");
	if (j->module)
		sb_printf(text, "- build: the module rebuilt in a copy of its "
			  "directory before and after the patch, against the "
			  "kernel build as it is (make M=)\n");
	else
		sb_printf(text, "- build: the %zu object%s using the lock "
			  "compiled before and after the patch, with the build's "
			  "configuration\n", j->objs.n, lf_plural(j->objs.n));
	sb_printf(text, "- sparse: make C=%s before and C=1 after: no new "
		  "sparse or compiler diagnostic (%zu before, %zu after)\n",
		  j->module ? "1" : "2", j->diags_before, j->diags_after);
	if (j->kind->check)
		sb_printf(text, "- cocci/%s.cocci: nothing found that the patch "
			  "adds\n", j->kind->check);
	sb_printf(text, "- checkpatch.pl --strict: no ERROR or WARNING\n");
	if (!j->booted)
		sb_printf(text, "- boot: not run (lockfit patch --boot)\n");
	else if (j->module)
		sb_printf(text, "- boot: the module built against lockfit's VM "
			  "kernel (lockdep, the tree's version) with the run's "
			  "other verified patches, loaded and unloaded in it "
			  "while its workload ran: no lockdep report, no splat\n");
	else
		sb_printf(text, "- boot: built into lockfit's VM kernel with "
			  "the run's other verified patches and booted under "
			  "lockdep with its workload: no lockdep report, no "
			  "splat\n");
}

/* A module's paths are relative to its directory: "$M/" dropped. */
static char *module_relative(const struct lf_pjob *j, char *text)
{
	struct strbuf sb = { 0 };
	const char *tag = LF_MODROOT_TAG "/";
	const char *p = text, *q;

	if (!j->module || !strstr(text, tag))
		return text;
	while ((q = strstr(p, tag))) {
		sb_printf(&sb, "%.*s", (int)(q - p), p);
		p = q + strlen(tag);
	}
	sb_printf(&sb, "%s", p);
	free(text);
	return sb_take(&sb);
}

void lf_mail_build(struct lf_pjob *j)
{
	struct strbuf text = { 0 }, sb = { 0 };
	char *wrapped, *subject = module_relative(j, xstrdup(lf_mail_esc(j->subject)));

	sb_printf(&text, "%s", j->body);
	if (j->notes && *j->notes) {
		sb_printf(&text, "\nLeft for the author by cocci/%s.cocci:\n",
			  j->script);
		for (const char *p = j->notes; *p; p += strcspn(p, "\n") + (p[strcspn(p, "\n")] != 0))
			if (p[0] != '\n') {
				char *note = xasprintf("%.*s", (int)strcspn(p, "\n"), p);

				sb_printf(&text, "- %s\n", lf_mail_esc(note));
				free(note);
			}
	}
	sb_printf(&text, "\nMade by lockfit patch: cocci/%s.cocci", j->script);
	for (size_t i = 0; i < j->dopts.n; i++)
		sb_printf(&text, " %s", j->dopts.v[i]);
	if (j->indexed)
		sb_printf(&text, " on %zu file%s: every use of the lock the use "
			  "index found in the source tree, built in this "
			  "configuration or not.\n", j->files.n,
			  lf_plural(j->files.n));
	else {	/* the files themselves: "named by the records" said nothing */
		char *head = xasprintf(", run on the %zu file%s where this "
				       "build's records show the lock used or "
				       "set up: ", j->files.n,
				       lf_plural(j->files.n));

		files_said(&text, head, &j->files);
		free(head);
	}
	{
		char *head = xasprintf("\nBuild-verified (compiled before and "
				       "after, with the build's configuration, "
				       "in %zu object%s using the lock): ",
				       j->objs.n, lf_plural(j->objs.n));

		files_said(&text, head, &j->verified);
		free(head);
	}
	if (j->rebuilt_why)
		sb_printf(&text, "%s", j->rebuilt_why);
	files_said(&text, "\nCompiled in an allmodconfig scratch build only "
		   "(--verify-unbuilt): ", &j->allmodok);
	files_said(&text, "\nNot build-verified (no object of this "
		   "configuration builds them): ", &j->unbuilt);
	files_said(&text, "\nLeft as they were: uses the use index could not "
		   "type (another lock's, or this one's where spatch could not "
		   "parse the code; the rebuild checks those it compiles): ",
		   &j->untyped);
	files_said(&text, "\nIndented with tabs, as checkpatch wants: the "
		   "rewritten lines the tree indents with spaces (the lines "
		   "around them are left as they are): ", &j->retabbed);
	/* for a field named "lock", thousands: their number only */
	if (j->unexamined.n)
		sb_printf(&text, "\nNot examined by the use index: %zu file%s "
			  "that access the field without naming its struct "
			  "(lockfit index lists them).\n", j->unexamined.n,
			  lf_plural(j->unexamined.n));
	verification(&text, j);
	wrapped = module_relative(j, lf_wrap(sb_str(&text), 72));
	sb_printf(&sb, "From 0000000000000000000000000000000000000000 Mon Sep 17 "
		  "00:00:00 2001\nFrom: lockfit <lockfit@localhost>\n"
		  "Subject: [PATCH] %s\n\n", subject);
	for (const char *p = wrapped; *p; p += strcspn(p, "\n"), p += *p == '\n') {
		char *line = xasprintf("%.*s", (int)strcspn(p, "\n"), p);

		sb_printf(&sb, "%s%s\n", diff_like(line) ? " " : "", lf_mail_esc(line));
		free(line);
	}
	sb_printf(&sb, "---\n");
	diffstat(&sb, j->diff);
	sb_printf(&sb, "\n%s-- \nlockfit\n", j->diff);
	free(wrapped);
	free(subject);
	free(text.s);
	free(j->mail);
	j->mail = sb_take(&sb);
}

char *lf_mail_filename(const struct lf_pjob *j, size_t number)
{
	struct strbuf sb = { 0 };
	size_t len = 0;
	bool dash = false;

	sb_printf(&sb, "%04zu-", number);
	for (const char *p = j->subject; *p && len < 64; p++) {
		bool ok = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			  (*p >= '0' && *p <= '9') || *p == '_' || *p == '.';

		if (!ok) {
			dash = len > 0;
			continue;
		}
		if (dash)
			sb_printf(&sb, "-");
		sb_printf(&sb, "%c", *p);
		dash = false;
		len++;
	}
	sb_printf(&sb, ".patch");
	return sb_take(&sb);
}
