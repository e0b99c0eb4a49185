// SPDX-License-Identifier: GPL-2.0
/*
 * patch_init.c - a lock the rewrite embeds in a struct (a bit lock's
 * spinlock_t) is a new member every object of the struct must
 * initialise: the objects are set up where they are allocated, which is
 * often another file than the one taking the lock (a table kcalloc'ed
 * at probe time).  So the script runs on every file of the tree naming
 * the struct, and the patch is complete only when it adds a
 * spin_lock_init() of the new member and leaves no object without one.
 */
#define _GNU_SOURCE	/* memmem */
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "lib/path.h"
#include "index/index.h"
#include "patch/patch.h"

void lf_pjob_setup_files(struct lf_pjob *j, const struct lf_pbuild *b)
{
	struct lf_strv files = { 0 };

	if (!j->setup_struct || j->refused)
		return;
	lf_index_struct_files(j->module ? b->mod : b->src, j->setup_struct,
			      &files);
	lf_strv_sort(&files);
	for (size_t i = 0; i < files.n; i++) {
		if (lf_path_ok(files.v[i]))
			lf_strv_add_unique(&j->files, files.v[i]);
		free(files.v[i]);
	}
	free(files.v);
}

/* Does the diff add a spin_lock_init() of LOCK? */
static bool adds_init(const char *diff, const char *lock)
{
	for (const char *l = diff; *l;) {
		const char *nl = strchr(l, '\n');
		size_t n = nl ? (size_t)(nl - l) : strlen(l);
		const char *init = memmem(l, n, "spin_lock_init(", 15);

		if (l[0] == '+' && init &&
		    memmem(init, n - (init - l), lock, strlen(lock)))
			return true;
		l += n + (nl != NULL);
	}
	return false;
}

/* NOTES without the lines holding TEXT. */
static char *drop_notes(const char *notes, const char *text)
{
	struct strbuf sb = { 0 };

	for (const char *l = notes; l && *l;) {
		const char *nl = strchr(l, '\n');
		size_t n = nl ? (size_t)(nl - l + 1) : strlen(l);

		if (!memmem(l, n, text, strlen(text)))
			sb_printf(&sb, "%.*s", (int)n, l);
		l += n;
	}
	return sb.s ? sb.s : xstrdup("");
}

void lf_pjob_check_init(struct lf_pjob *j)
{
	char *head, *left;

	if (!j->setup_struct || j->failed || !j->diff || !*j->diff)
		return;
	if (j->notes && strstr(j->notes, "not added")) {
		left = drop_notes(j->notes, "no checked allocation");
		head = lf_head(left, 3);
		j->failed = xasprintf("struct %s objects the patch leaves without "
				      "an initialised %s: %s", j->setup_struct,
				      j->setup_lock, head);
		free(head);
		free(left);
	} else if (!adds_init(j->diff, j->setup_lock)) {
		j->failed = xasprintf("no allocation of a struct %s checked for "
				      "NULL in the %zu files naming it: the new "
				      "%s is initialised nowhere; add "
				      "spin_lock_init() where the objects are "
				      "set up", j->setup_struct, j->files.n,
				      j->setup_lock);
	} else if (j->notes) {
		/* the file defining the struct allocates none: another does */
		left = drop_notes(j->notes, "no checked allocation of a struct");
		free(j->notes);
		j->notes = left;
	}
}
