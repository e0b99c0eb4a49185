// SPDX-License-Identifier: GPL-2.0
/*
 * unseen.c - why a use's file was not seen (a header, a module file, a
 * Kconfig symbol off, in the configuration but not built), and the
 * command whose build would see it, quoted for a shell.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "analysis/analysis.h"
#include "coverage/coverage.h"
#include "coverage/kbuild.h"
#include "coverage/unseen.h"
#include "lib/strv.h"
#include "records/recdir.h"

const char *lf_cov_why_unseen(struct lf_cov_ctx *c, const char *file)
{
	const char *w = strmap_get(c->whys, file);
	size_t n = strlen(file);
	char *why;

	if (w)
		return w;
	if (n < 2 || strcmp(file + n - 2, ".c")) {
		why = xstrdup("a header: no unit of these records has a "
			      "recorded function in it");
	} else if (lf_modroot_file(file)) {
		/* the module build compiles what its Kbuild says: all of it */
		why = xstrdup("in the module directory but not in this build");
		strmap_put(c->objs, file, xstrdup(""));
	} else {
		switch (lf_kbuild_state(c->kb, file, &why)) {
		case LF_KB_ON:
			why = xstrdup("in this configuration but not in this build");
			strmap_put(c->objs, file, xasprintf("%.*s.o", (int)(n - 2), file));
			break;
		case LF_KB_OFF:
			break;
		case LF_KB_UNKNOWN: {
			char *u = xasprintf("not known whether this configuration "
					    "builds it: %s", why);

			free(why);
			why = u;
			break;
		}
		}
	}
	strmap_put(c->whys, file, why);
	return why;
}

/* A word a shell takes as it is, else single-quoted. */
static void shell_word(struct strbuf *sb, const char *w)
{
	if (*w && strspn(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			 "0123456789_./+-=,:@") == strlen(w)) {
		sb_printf(sb, " %s", w);
		return;
	}
	sb_printf(sb, " '");
	for (; *w; w++)
		sb_printf(sb, *w == '\'' ? "'\\''" : "%c", *w);
	sb_printf(sb, "'");
}

char *lf_cov_command(struct lf_cov_ctx *c, const struct lf_cov *cov)
{
	struct strbuf sb = { 0 };
	struct lf_strv done = { 0 };

	for (size_t i = 0; i < cov->unseen.n; i++) {
		const char *o = strmap_get(c->objs, cov->unseen.v[i].file);

		if (o)	/* "": a file of the module, built with all of it */
			lf_strv_add_unique(&done, *o ? o : "modules");
	}
	/* a kernel lock seen from a module build: its evidence is the
	 * kernel's build, not these records' directory */
	if (!done.n || (c->modroot && !lf_strv_has(&done, "modules")))
		return NULL;
	/* records read from objects: the build puts its records into the
	 * objects too, where the next report reads them beside the rest; a
	 * directory of record files gets record files */
	sb_printf(&sb, "lockfit build");
	if (!c->a->recs.objects) {
		sb_printf(&sb, " --out");
		shell_word(&sb, c->dir);
	}
	sb_printf(&sb, " -- make");
	if (c->src && c->obj && strcmp(c->src, c->obj)) {
		char *o = xasprintf("O=%s", c->obj);

		sb_printf(&sb, " -C");
		shell_word(&sb, c->src);
		shell_word(&sb, o);
		free(o);
	} else if (c->src) {
		sb_printf(&sb, " -C");
		shell_word(&sb, c->src);
	}
	if (lf_strv_has(&done, "modules") && c->modroot) {
		char *m = xasprintf("M=%s", c->modroot);

		shell_word(&sb, m);
		free(m);
	}
	lf_strv_sort(&done);
	for (size_t i = 0; i < done.n; i++)
		shell_word(&sb, done.v[i]);
	return sb_take(&sb);
}

