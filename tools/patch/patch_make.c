// SPDX-License-Identifier: GPL-2.0
/*
 * patch_make.c - kbuild as the verification runs it (patch_batch.c):
 * the -j of every make, the objects deleted before a build, and make's
 * output split by object.
 *
 * make -Otarget keeps each target's output together; a line naming one
 * of the objects or its .c (kbuild's "  CC [M]  net/x.o" and "  CHECK
 * /usr/src/linux/net/x.c", or the stand-in's echoed command) starts that object's
 * part, and a kbuild command line of another file ends it.  So each
 * diagnostic is compared with the "before" of its own object.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lib/util.h"
#include "patch/patch.h"

static int make_jobs;	/* --jobs; 0: MAKEFLAGS, else the CPUs */

void lf_verify_set_jobs(int n)
{
	make_jobs = n;
}

/* -jN of MAKEFLAGS ("ks -j2 --jobserver-auth=3,4"): N, 0 for a bare -j
 * (no limit: the CPUs), -1 when not given. */
static int makeflags_jobs(const char *mf)
{
	int n = -1;

	for (const char *p = mf; p && *p; p += strcspn(p, " "), p += strspn(p, " ")) {
		size_t len = strcspn(p, " ");

		if (len >= 2 && !strncmp(p, "-j", 2))
			n = len == 2 ? 0 : atoi(p + 2);
		else if (len > 7 && !strncmp(p, "--jobs=", 7))
			n = atoi(p + 7);
	}
	return n;
}

const char *lf_make_jobs(void)
{
	static char buf[32];
	const char *mf = getenv("MAKEFLAGS");
	long n = make_jobs;

	if (!n) {
		n = mf ? makeflags_jobs(mf) : 0;
		if (mf && n < 0)	/* under make without -j: one job */
			n = 1;
		if (n <= 0)
			n = sysconf(_SC_NPROCESSORS_ONLN);
	}
	snprintf(buf, sizeof(buf), "-j%ld", n > 0 ? n : 1);
	return buf;
}

char *lf_unlink_objs(const char *root, const struct lf_strv *objs)
{
	for (size_t i = 0; i < objs->n; i++) {
		const char *o = objs->v[i], *slash = strrchr(o, '/');
		char *rel = xasprintf("%.*s.%s.cmd", slash ? (int)(slash - o + 1) : 0,
				      o, slash ? slash + 1 : o);
		char *obj = lf_path_in(root, o), *cmd = lf_path_in(root, rel);
		char *err = NULL;

		free(rel);
		if (!obj || !cmd)
			err = xasprintf("%s is not inside the scratch copy",
					lf_mail_esc(o));
		else if ((unlink(obj) && errno != ENOENT) ||
			 (unlink(cmd) && errno != ENOENT))
			err = xasprintf("cannot delete %s: %s", obj, strerror(errno));
		free(obj);
		free(cmd);
		if (err)
			return err;
	}
	return NULL;
}

/* Which of OBJS (MAP: an object and its .c, each to the object) a line
 * of make's output starts: a word that is one of them or ends in
 * "/" and one ("  CC [M]  net/x.o", "  CHECK   /usr/src/linux/net/x.c", or the
 * command itself). */
static const char *line_obj(const char *p, size_t n, const struct strmap *map)
{
	for (size_t i = 0; i < n; ) {
		size_t w = strcspn(p + i, " \t\n");
		char *word;

		if (w > n - i)
			w = n - i;
		word = xasprintf("%.*s", (int)w, p + i);
		for (char *s = word; s; s = strchr(s + 1, '/')) {
			const char *o = strmap_get(map, *s == '/' ? s + 1 : s);

			if (o) {
				free(word);
				return o;
			}
		}
		free(word);
		i += w;
		i += strspn(p + i, " \t");
	}
	return NULL;
}

static struct strmap *obj_map(const struct lf_strv *objs)
{
	struct strmap *m = strmap_new();

	for (size_t i = 0; i < objs->n; i++) {
		const char *o = objs->v[i];
		char *c = xasprintf("%.*s.c", (int)(strlen(o) - 2), o);

		strmap_put(m, o, (void *)o);
		strmap_put(m, c, (void *)o);
	}
	return m;
}

/* The diagnostics of OUT, each with the object of OBJS it came with
 * ("" after a kbuild command line of another file). */
void lf_diags_split(const char *out, const struct lf_strv *objs,
		    struct lf_diags *d)
{
	struct strmap *map = obj_map(objs);
	const char *cur = "";

	for (const char *p = out; *p; p += strcspn(p, "\n") + (p[strcspn(p, "\n")] != 0)) {
		size_t n = strcspn(p, "\n");
		char *k = n ? lf_diag_key(p, n) : NULL;
		const char *o;

		if (k) {
			struct lf_diag x = { xstrdup(cur), k };

			VEC_PUSH(d, x);
		} else if ((o = line_obj(p, n, map))) {
			cur = o;
		} else if (n > 4 && !strncmp(p, "  ", 2) && isupper((unsigned char)p[2]) &&
			   isupper((unsigned char)p[3])) {
			cur = "";	/* kbuild's "  CHECK   x.c" of another file */
		}
	}
}

/* The keys of D for OBJS, and those of no object. */
void lf_diags_keys(const struct lf_diags *d, const struct lf_strv *objs,
		   struct lf_strv *out)
{
	for (size_t i = 0; i < d->n; i++)
		if (!*d->v[i].obj || lf_strv_has(objs, d->v[i].obj))
			lf_strv_add(out, d->v[i].key);
}

/* The first error line of OUT about O (else any), for a reason. */
char *lf_make_error_of(const char *out, const struct lf_strv *objs,
		       const char *o)
{
	struct lf_diags d = { 0 };
	char *h = NULL;

	lf_diags_split(out, objs, &d);
	for (size_t i = 0; i < d.n && !h; i++)
		if (!strcmp(d.v[i].obj, o) && !strncmp(d.v[i].key, "error: ", 7))
			h = xasprintf("%s: %s", o, d.v[i].key);
	return h ? h : lf_make_error(out);
}
