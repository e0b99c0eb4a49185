/* SPDX-License-Identifier: GPL-2.0 */
#ifndef LOCKFIT_ALIASES_H
#define LOCKFIT_ALIASES_H

#include "compat.h"

/*
 * Pointers that name a lock ("alias" records, docs/RECORDS.md): a lock's
 * address stored in a struct member or a non-local pointer, so that the
 * report joins the sites taken through the pointer to the lock.
 */
/* In the pass: stores (p->lockp = &obj->lock, p->lockp = param). */
void lf_aliases_scan(struct function *fun);
/* PLUGIN_FINISH_DECL: a static initialiser (.lockp = &some_lock). */
void lf_aliases_finish_decl(void *gcc_data, void *user_data);

#endif
