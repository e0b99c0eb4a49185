/* SPDX-License-Identifier: GPL-2.0 */
#ifndef LOCKFIT_BINDINGS_H
#define LOCKFIT_BINDINGS_H

#include "compat.h"

/*
 * Function-pointer bindings to the entry points of rules/entrypoints.tbl
 * ("binding" records, docs/RECORDS.md): how the report knows that t_start
 * is a seq_operations.start although no C call reaches it.
 */
/* PLUGIN_FINISH_DECL: a static initialiser (.start = t_start). */
void lf_bindings_finish_decl(void *gcc_data, void *user_data);
/* In the pass: stores (ops->start = f), registration calls
 * (request_irq(irq, h, ...)) and FUN's own section (__init). */
void lf_bindings_scan(struct function *fun);
/* -fplugin-arg-lockfit-verbose=yes: a note for each function bound to a
 * struct field the table does not list. */
extern bool lf_bindings_verbose;

#endif
