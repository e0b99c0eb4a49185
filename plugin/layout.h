/* SPDX-License-Identifier: GPL-2.0 */
/*
 * layout.h - what embedding a spinlock_t in a struct would cost.
 */
#ifndef LOCKFIT_LAYOUT_H
#define LOCKFIT_LAYOUT_H

#include "compat.h"

/* A section's "layout" (docs/RECORDS.md), emit.c writes it. */
struct lf_layout_facts {
	char st[256];			/* "struct page", or "<anonymous>" */
	unsigned HOST_WIDE_INT size, align;
	const char *field;		/* NULL: unnamed member */
	bool spin_known;		/* no spinlock_t in the unit: no more */
	unsigned HOST_WIDE_INT spin_size;
	bool hole;			/* a spinlock_t fits in a gap: */
	unsigned HOST_WIDE_INT hole_offset, hole_size;
	unsigned HOST_WIDE_INT size_with_spinlock;
};

/* The layout of the struct RECORD whose member FIELD holds a bit lock;
 * false if it is not known (incomplete or variable-sized type). */
bool lf_layout_of(tree record, tree field, struct lf_layout_facts *out);
/* Plugin callbacks, registered by plugin_init: PLUGIN_START_UNIT (forget
 * the last unit's spinlock_t) and PLUGIN_FINISH_DECL (catch this unit's). */
void lf_layout_start_unit(void *gcc_data, void *user_data);
void lf_layout_finish_decl(void *gcc_data, void *user_data);

#endif /* LOCKFIT_LAYOUT_H */
