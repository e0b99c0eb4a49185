/* SPDX-License-Identifier: GPL-2.0 */
/*
 * profile.h - samples per function from the profiles people have at hand
 * (docs/DESIGN.md section 4): readprofile rows, perf report --stdio rows,
 * folded stacks.
 */
#ifndef LOCKFIT_PROFILE_H
#define LOCKFIT_PROFILE_H

#include <stdbool.h>
#include <stddef.h>

struct lf_profile {
	const char *path;
	const char *format;	/* "readprofile", "perf", "folded"; NULL: empty */
	size_t rows;
	size_t functions;
	double total;		/* all samples (percent points for perf) */
	bool percent;		/* weights are percentages (perf) */
	struct strmap *weight;	/* function -> double * */
};

/* The most samples a row, or all rows together, may count (2^53: exact
 * in a double); perf's percentages are at most 100 a row. */
#define LF_PROFILE_MAX 9007199254740992.0

/* Load PATH; a malformed or truncated file, or a count out of range,
 * exits 2 naming PATH:LINE. */
void lf_profile_load(const char *path, struct lf_profile *p);

/*
 * Samples in FUNCTION, a record's function name ("file.c:name" for a
 * static matches on "name").  0 when absent or when P is NULL.
 */
double lf_profile_weight(const struct lf_profile *p, const char *function);

/* "19059" or, for perf, "12.34%". */
char *lf_profile_fmt(const struct lf_profile *p, double w);

#endif
