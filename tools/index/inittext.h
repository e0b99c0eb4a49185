/* SPDX-License-Identifier: GPL-2.0 */
/*
 * inittext.h - the init sites of a source tree written with a given
 * text (inittext.c): lockdep names a lock class after the argument of
 * the init call that made it (rwlock_init(&pn->hash_lock):
 * "&pn->hash_lock"), so these sites tell which lock a class name is.
 */
#ifndef LOCKFIT_INDEX_INITTEXT_H
#define LOCKFIT_INDEX_INITTEXT_H

#include <stddef.h>
#include "index/uses.h"
#include "lib/strv.h"

struct lf_initsite {
	const char *text;	/* the argument, as # spells it */
	char *file;		/* relative to the tree */
	int line;
	const char *call;	/* "rwlock_init" */
	/* the lock it initialises, as the records name it (the innermost
	 * named struct: "struct fown_struct::lock"); NULL: spatch could
	 * not type it */
	const char *lock;
};

struct lf_initsites {
	struct lf_initsite *v;
	size_t n, cap;
	char *failed;	/* a spatch run failed (its sites untyped): why */
};

/*
 * The sites of IX->tree (spatch: IX->jobs, its cache IX->cache) where a
 * call of one argument whose name says it initialises (rwlock_init,
 * init_rwsem, raw_spin_lock_init, __RW_LOCK_UNLOCKED) has an argument that, spelt as the preprocessor's # spells it, is one of
 * TEXTS: a member access whose member path is names and '.'
 * ("&pn->hash_lock", "&f->f_owner.lock", "(x).lock"); other texts are
 * not searched.  Dies (exit 2) if grep fails.
 */
void lf_index_init_sites(struct lf_index *ix, const struct lf_strv *texts,
			 struct lf_initsites *out);

#endif
