/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lockname.h - a lock by the name a user gives (lockname.c).
 */
#ifndef LOCKFIT_LOCKNAME_H
#define LOCKFIT_LOCKNAME_H

struct lf_analysis;

/*
 * The identity of the lock of A that NAME names: the identity itself, or
 * a plain name only one lock answers to (a static's name without its
 * file, "$M/" left out, a member without "struct ").  None: an error
 * with the nearest names; several: an error listing them (exit 2; DIR
 * names the records in both).
 */
const char *lf_lock_lookup(const struct lf_analysis *a, const char *name,
			   const char *dir);

#endif
