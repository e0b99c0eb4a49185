/* SPDX-License-Identifier: GPL-2.0 */
#ifndef LOCKFIT_CTOR_H
#define LOCKFIT_CTOR_H

#include "compat.h"

/*
 * One walk over a static initialiser, for the passes that read facts out
 * of them (bindings.c: function addresses; aliases.c: lock addresses).
 * VISIT gets every leaf value whose field is a member of a struct, with
 * MEMBER the reference REF.field (NULL_TREE when REF is NULL_TREE or a
 * level above was an array element) and LOC the value's own location
 * where it has one.
 */
typedef void (*lf_ctor_visit)(tree member, tree field, tree value,
			      location_t loc, void *data);

void lf_walk_ctor(tree ref, tree ctor, location_t loc, lf_ctor_visit visit,
		  void *data);

#endif
