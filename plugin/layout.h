/* SPDX-License-Identifier: GPL-2.0 */
/*
 * layout.h - what embedding a spinlock_t in a struct would cost.
 */
#ifndef LOCKFIT_LAYOUT_H
#define LOCKFIT_LAYOUT_H

#include "compat.h"

/* {"struct","size","align","field","spinlock_size","hole","size_with_spinlock"}
 * for the struct RECORD whose member FIELD holds a bit lock; NULL if the
 * layout is not known (incomplete or variable-sized type). */
json_t *lf_layout_json(tree record, tree field);
/* Plugin callbacks, registered by plugin_init: PLUGIN_START_UNIT (forget
 * the last unit's spinlock_t) and PLUGIN_FINISH_DECL (catch this unit's). */
void lf_layout_start_unit(void *gcc_data, void *user_data);
void lf_layout_finish_decl(void *gcc_data, void *user_data);

#endif /* LOCKFIT_LAYOUT_H */
