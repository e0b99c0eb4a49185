/* SPDX-License-Identifier: GPL-2.0 */
/*
 * phase.h - how long each phase of a report took and how much memory the
 * run had used by its end, for lockfit build (and LOCKFIT_PHASES=1 for any
 * report): where a slow or large first report spends (issue 35).
 */
#ifndef LOCKFIT_PHASE_H
#define LOCKFIT_PHASE_H

#include <stdio.h>

/* Time the next report (lockfit build). */
void lf_phase_want(void);

/* A report starts: timed if wanted or LOCKFIT_PHASES=1, else every
 * lf_phase_end() and lf_phase_print() does nothing. */
void lf_phase_start(void);

/* The phase NAME (a literal) ends now: its wall and CPU time since the
 * last end (or the start), and the peak memory so far. */
void lf_phase_end(const char *name);

/* One line per phase on F, if timed. */
void lf_phase_print(FILE *f);

#endif
