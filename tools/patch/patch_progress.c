// SPDX-License-Identifier: GPL-2.0
/*
 * patch_progress.c - each step of each lock on stderr, as it runs
 * (spatch, the builds before and after, sparse, checkpatch, boot): a
 * kernel's builds take minutes to an hour, and stdout says nothing
 * until every patch is verified.
 *
 * On a terminal a step's line is written when it starts and completed
 * in place when it ends, with its outcome and elapsed time.  Otherwise
 * (a log, CI) one line per step, when it starts, without times, so that
 * a log says what was running when it stopped:
 *
 *   lockfit patch: [2/3] fs/x.c:x_lock: spatch on 4 files
 *   lockfit patch: [1,2/3] before build: 27 objects, make C=2 (sparse)
 *
 * Steps do not nest; one runs at a time.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "lib/util.h"
#include "patch/patch.h"

static size_t total;		/* jobs of the run */
static struct timespec start;
static bool open_line;		/* a terminal line waits for its end */

void lf_progress_total(size_t n)
{
	total = n;
}

static double since(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - start.tv_sec) +
	       (double)(now.tv_nsec - start.tv_nsec) / 1e9;
}

/* "[N/T] LOCK" for one job, "[N,M/T]" for several. */
static char *who(struct lf_pjob *const *jobs, size_t n)
{
	struct strbuf sb = { 0 };

	sb_printf(&sb, "[");
	for (size_t i = 0; i < n; i++)
		sb_printf(&sb, "%s%zu", i ? "," : "", jobs[i]->num);
	sb_printf(&sb, "/%zu]", total);
	if (n == 1)
		sb_printf(&sb, " %s", lf_mail_esc(jobs[0]->lock));
	return sb_take(&sb);
}

static void vbegin(struct lf_pjob *const *jobs, size_t n, const char *fmt,
		   va_list ap)
{
	char *w = who(jobs, n);
	struct strbuf sb = { 0 };

	sb_vprintf(&sb, fmt, ap);
	if (open_line)
		fprintf(stderr, "\n");
	open_line = isatty(STDERR_FILENO);
	fprintf(stderr, "lockfit patch: %s: %s%s", w, sb_str(&sb),
		open_line ? " ..." : "\n");
	fflush(stderr);
	clock_gettime(CLOCK_MONOTONIC, &start);
	free(w);
	free(sb.s);
}

void lf_step_begin(struct lf_pjob *j, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vbegin(&j, 1, fmt, ap);
	va_end(ap);
}

void lf_step_begin_jobs(struct lf_pjob *const *jobs, size_t n, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vbegin(jobs, n, fmt, ap);
	va_end(ap);
}

void lf_step_begin_set(struct lf_vjob **set, size_t n, const char *fmt, ...)
{
	struct lf_pjob **jobs = xcalloc(n + 1, sizeof(*jobs));
	va_list ap;

	for (size_t i = 0; i < n; i++)
		jobs[i] = set[i]->j;
	va_start(ap, fmt);
	vbegin(jobs, n, fmt, ap);
	va_end(ap);
	free(jobs);
}

void lf_step_end(const char *fmt, ...)
{
	struct strbuf sb = { 0 };
	va_list ap;

	if (!open_line)
		return;
	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	fprintf(stderr, " %s (%.1fs)\n", sb_str(&sb), since());
	fflush(stderr);
	open_line = false;
	free(sb.s);
}
