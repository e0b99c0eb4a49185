/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lockstat.h - /proc/lock_stat as Linux (CONFIG_LOCK_STAT, format 0.4:
 * kernel/locking/lockdep_proc.c) writes it: per lock class, its
 * contentions, wait and hold times, acquisitions and cache-line bounces,
 * for the write (or only) side and, for rw classes, the read side.
 */
#ifndef LOCKFIT_LOCKSTAT_H
#define LOCKFIT_LOCKSTAT_H

#include <stdbool.h>
#include <stddef.h>

/* One side of a class: one "name:", "name-W:" or "name-R:" line.  Times
 * in nanoseconds; the file prints microseconds with two decimals. */
struct lf_lsside {
	bool present;
	unsigned long long con_bounces, contentions, acq_bounces, acquisitions;
	long long wait_min, wait_max, wait_total, wait_avg;
	long long hold_min, hold_max, hold_total, hold_avg;
};

struct lf_lsclass {
	const char *name;	/* as printed: "&sk->sk_callback_lock#2/1" */
	int line;		/* of its first line */
	/* rw: it had a -W or -R line (a write-only rw class prints a plain
	 * line, as a spinlock does) */
	bool rw;
	struct lf_lsside write, read;	/* write: also a non-rw class's */
	size_t points;		/* contention point lines */
};

struct lf_lockstat {
	const char *path;
	const char *version;		/* "0.4" */
	bool debug_off;		/* "*WARNING* lock debugging disabled" */
	struct { struct lf_lsclass *v; size_t n, cap; } classes;
};

/* The longest line read; a longer one is refused. */
#define LF_LS_MAX_LINE 1024
/* The largest count read (2^53 - 1, exact in JSON's doubles); a larger
 * one is refused, as is a sum over several classes past it. */
#define LF_LS_MAX_COUNT ((1ULL << 53) - 1)

/* Load PATH; anything but lock_stat 0.4 exits 2 naming PATH:LINE and
 * what was expected there.  Input text is never printed unescaped. */
void lf_lockstat_load(const char *path, struct lf_lockstat *ls);

/* NS in the file's unit: "12.34" (microseconds). */
char *lf_lockstat_us(long long ns);

#endif
