/* SPDX-License-Identifier: GPL-2.0 */
/*
 * unseen.h - the uses the records did not see (unseen.c): why each
 * file was not built (coverage/kbuild.h), and the lockfit build command
 * that completes the evidence.
 */
#ifndef LOCKFIT_COVERAGE_UNSEEN_H
#define LOCKFIT_COVERAGE_UNSEEN_H

#include <stdbool.h>

struct lf_analysis;
struct lf_cov;
struct lf_kbuild;
struct strmap;

/* One coverage run (apply.c). */
struct lf_cov_ctx {
	struct lf_analysis *a;
	const char *tree, *dir, *src, *obj;
	const char *modroot;		/* the records' module directory, or NULL */
	struct lf_kbuild *kb;
	struct strmap *tus, *files;	/* what the records saw */
	struct strmap *whys;		/* file -> why (memo) */
	struct strmap *objs;		/* file -> "dir/x.o" when buildable */
};

/* Why FILE (relative to the tree, not seen) was not built; remembers
 * the object that builds it, for lf_cov_command(). */
const char *lf_cov_why_unseen(struct lf_cov_ctx *c, const char *file);

/* "lockfit build --out DIR -- make ... OBJS" for COV's unseen files
 * (records read from objects: without --out, into the objects), NULL if
 * no build of these records can see them. */
char *lf_cov_command(struct lf_cov_ctx *c, const struct lf_cov *cov);

#endif
