/* SPDX-License-Identifier: GPL-2.0 */
/*
 * state.h - what the stored use index is valid for (state.c): the
 * tree's files as stat() sees them, and the hash both caches key on.
 */
#ifndef LOCKFIT_INDEX_STATE_H
#define LOCKFIT_INDEX_STATE_H

#include <stddef.h>
#include <stdint.h>

#define LF_FNV_INIT 0xcbf29ce484222325ULL

/* FNV-1a over P[0..N), from H. */
uint64_t lf_index_fnv(uint64_t h, const void *p, size_t n);

/* A hash of every .c and .h file of TREE (its path, size and mtime),
 * the ones the textual pass reads: a file added, removed, touched or
 * edited changes it.  *NFILES: how many.  Dies if TREE cannot be read. */
uint64_t lf_index_tree_state(const char *tree, size_t *nfiles);

#endif
