/* SPDX-License-Identifier: GPL-2.0 */
/*
 * proc.h - running a command with its output captured (proc.c): the use
 * index runs grep and spatch with it, lockfit patch spatch, make, git
 * and checkpatch; the head of a text for a reason, a clock.
 */
#ifndef LOCKFIT_PROC_H
#define LOCKFIT_PROC_H

#include <stddef.h>
#include <sys/types.h>

struct lf_exec {
	int status;		/* exit status; 128+N for signal N; -1 no exec */
	char *out;		/* stdout and stderr, interleaved */
	size_t len;		/* of OUT, which may hold NULs */
	double secs;
};

/* Run ARGV in DIR (NULL: here) with stdin from /dev/null; ENV entries
 * ("NAME=VALUE") are added to the environment, a bare "NAME" removed. */
void lf_exec_run(struct lf_exec *r, const char *dir, const char *const *argv,
		 const char *const *env);

/* The same, stdout and stderr apart (ERR may be NULL: discarded). */
void lf_exec_split(struct lf_exec *r, char **err, const char *dir,
		   const char *const *argv, const char *const *env);

/* FN is told of each child: its process group when it starts, 0 once it
 * is reaped (lockfit patch passes a signal on to it, and ends the run
 * after it: patch_safe.c).  NULL: nobody. */
void lf_exec_watch(void (*fn)(pid_t pid));

/* The first N lines of TEXT, for a reason. */
char *lf_head(const char *text, size_t n);

/* A monotonic clock, in seconds. */
double lf_now(void);

#endif
