// SPDX-License-Identifier: GPL-2.0
/*
 * recdedup.c - the records a directory's units share (a header's
 * section seen from every unit including it) kept once, merged
 * (recdir.h), and every record kept in storage of its kind's size.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "records/recdir.h"

/*
 * The deduplication sets compare a record's interned strings by address
 * (recparse.c interns every one): no key is formatted or kept, and the
 * sets go with the loader.  (Their formatted keys, interned, were a
 * tenth of a big report's memory.)
 */
struct seen_slot {
	uint32_t at1;		/* the kept record's index + 1; 0: empty */
	bool nests_indexed;	/* its nested locks are in the nest set */
};

struct nest_slot {
	uint32_t at1, line;	/* the record's index + 1; 0: empty */
	const char *lock, *mode;
};

struct lf_dedup {
	struct { struct seen_slot *v; size_t cap, used; } seen;
	struct { struct nest_slot *v; size_t cap, used; } nests;
	char *block;		/* the free end of the current block */
	size_t left;
};

#define REC_BLOCK_SIZE	(1024 * 1024)

static uint64_t mix(uint64_t h, uint64_t w)
{
	h = (h ^ w) * 0x9e3779b97f4a7c15ull;
	return h ^ (h >> 32);
}

/* Which records are one: kind, place, lock, and one more field of the
 * kind (the others are never merged: false). */
static bool dedup_kind(enum lf_rec_kind k)
{
	return k == LF_REC_SECTION || k == LF_REC_RELEASE_ONLY ||
	       k == LF_REC_LOCK_ARG || k == LF_REC_ALIAS || k == LF_REC_UNKNOWN;
}

static uint64_t dedup_hash(const struct lf_rec *r)
{
	uint64_t h = mix(0x243f6a8885a308d3ull, r->kind);

	h = mix(h, (uintptr_t)r->file);
	h = mix(h, ((uint64_t)(uint32_t)r->line << 32) | (uint32_t)r->column);
	switch (r->kind) {
	case LF_REC_SECTION:
	case LF_REC_RELEASE_ONLY:
		h = mix(h, (uintptr_t)r->lock);
		return mix(h, (uintptr_t)r->mode);
	case LF_REC_LOCK_ARG:
		h = mix(h, (uintptr_t)r->lock);
		h = mix(h, (uintptr_t)r->callee);
		return mix(h, (uint32_t)r->arg);
	case LF_REC_ALIAS:
		h = mix(h, (uintptr_t)r->lock);
		return mix(h, (uintptr_t)r->alias);
	default:
		return mix(h, (uintptr_t)r->primitive);
	}
}

static bool dedup_same(const struct lf_rec *a, const struct lf_rec *b)
{
	if (a->kind != b->kind || a->file != b->file || a->line != b->line ||
	    a->column != b->column)
		return false;
	switch (a->kind) {
	case LF_REC_SECTION:
	case LF_REC_RELEASE_ONLY:
		return a->lock == b->lock && a->mode == b->mode;
	case LF_REC_LOCK_ARG:
		return a->lock == b->lock && a->callee == b->callee &&
		       a->arg == b->arg;
	case LF_REC_ALIAS:
		return a->lock == b->lock && a->alias == b->alias;
	default:
		return a->primitive == b->primitive;
	}
}

/* The slot of R in the seen set: its copy kept in OUT, or the empty
 * slot where it goes. */
static struct seen_slot *seen_find(struct lf_dedup *d,
				   const struct lf_records *out,
				   const struct lf_rec *r)
{
	size_t i = dedup_hash(r) & (d->seen.cap - 1);

	while (d->seen.v[i].at1 &&
	       !dedup_same(out->recs.v[d->seen.v[i].at1 - 1], r))
		i = (i + 1) & (d->seen.cap - 1);
	return &d->seen.v[i];
}

static void seen_grow(struct lf_dedup *d, const struct lf_records *out)
{
	struct seen_slot *old = d->seen.v;
	size_t oldcap = d->seen.cap;

	d->seen.cap = oldcap ? 2 * oldcap : 1024;
	d->seen.v = xcalloc(d->seen.cap, sizeof(*d->seen.v));
	for (size_t i = 0; i < oldcap; i++)
		if (old[i].at1)
			*seen_find(d, out, out->recs.v[old[i].at1 - 1]) = old[i];
	free(old);
}

static struct nest_slot *nest_find(struct nest_slot *v, size_t cap,
				   const struct nest_slot *k)
{
	uint64_t h = mix(mix(mix(k->at1, k->line), (uintptr_t)k->lock),
			 (uintptr_t)k->mode);
	size_t i = h & (cap - 1);

	while (v[i].at1 && (v[i].at1 != k->at1 || v[i].line != k->line ||
			    v[i].lock != k->lock || v[i].mode != k->mode))
		i = (i + 1) & (cap - 1);
	return &v[i];
}

/* Put N of the record kept at AT in the nest set: false if it was. */
static bool nest_add(struct lf_dedup *d, size_t at, const struct lf_nest *n)
{
	struct nest_slot k = { at + 1, n->line, n->lock, n->mode }, *s;

	if (2 * (d->nests.used + 1) > d->nests.cap) {
		struct nest_slot *old = d->nests.v;
		size_t oldcap = d->nests.cap;

		d->nests.cap = oldcap ? 2 * oldcap : 256;
		d->nests.v = xcalloc(d->nests.cap, sizeof(*d->nests.v));
		for (size_t i = 0; i < oldcap; i++)
			if (old[i].at1)
				*nest_find(d->nests.v, d->nests.cap, &old[i]) = old[i];
		free(old);
	}
	s = nest_find(d->nests.v, d->nests.cap, &k);
	if (s->at1)
		return false;
	*s = k;
	d->nests.used++;
	return true;
}

/* Add N to KEEP's nested locks unless it has it: a set, not a scan (a
 * header section seen from hundreds of units, each copy with a thousand
 * nested locks, made the scan quadratic). */
static void add_nest(struct lf_dedup *d, struct lf_rec *keep, size_t at,
		     const struct lf_nest *n)
{
	if (nest_add(d, at, n))
		VEC_PUSH(&keep->nested, *n);
}

/*
 * The same header inline seen from two units: the copies should agree,
 * but if inlining made them differ, keep the worse of each fact so that
 * no verdict gets more optimistic by deduplication.
 */
static void merge_into(struct lf_dedup *d, struct lf_rec *keep,
		       const struct lf_rec *dup, struct seen_slot *k)
{
	size_t at = k->at1 - 1;

	if (keep->kind != LF_REC_SECTION)
		return;
	if (dup->cost > keep->cost)
		keep->cost = dup->cost;
	keep->cost_known &= dup->cost_known;
	keep->loop |= dup->loop;
	keep->recursive |= dup->recursive;
	keep->open_at_exit |= dup->open_at_exit;
	keep->ctx.present &= dup->ctx.present;
	keep->ctx.preempt_disabled |= dup->ctx.preempt_disabled;
	keep->ctx.irqs_disabled |= dup->ctx.irqs_disabled;
	keep->ctx.bh_disabled |= dup->ctx.bh_disabled;
	if (!k->nests_indexed) {
		/* its own list as it is: duplicates within it stay */
		for (size_t i = 0; i < keep->nested.n; i++)
			nest_add(d, at, &keep->nested.v[i]);
		k->nests_indexed = true;
	}
	for (size_t i = 0; i < dup->nested.n; i++)
		add_nest(d, keep, at, &dup->nested.v[i]);
}

struct lf_dedup *lf_dedup_new(void)
{
	return xcalloc(1, sizeof(struct lf_dedup));
}

/* The sets, once every record is read (the kept records stay). */
void lf_dedup_free(struct lf_dedup *d)
{
	free(d->seen.v);
	free(d->nests.v);
	free(d);
}

/* N bytes of P for good, in large blocks: no malloc() header each;
 * 8-byte aligned, the most any member of what is kept needs. */
static void *keep_bytes(struct lf_dedup *d, const void *p, size_t n)
{
	size_t size = (n + 7) & ~(size_t)7;

	if (size > REC_BLOCK_SIZE / 4)
		return memcpy(xmalloc(n), p, n);
	if (size > d->left) {
		d->block = xmalloc(REC_BLOCK_SIZE);
		d->left = REC_BLOCK_SIZE;
	}
	p = memcpy(d->block, p, n);
	d->block += size;
	d->left -= size;
	return (void *)p;
}

/* *VEC's items kept exactly, for good; its malloc'ed array freed. */
#define KEEP_VEC(d, vec)						\
	do {								\
		void *old_ = (vec)->v;					\
		(vec)->v = (vec)->n ? keep_bytes(d, old_, (vec)->n *	\
						 sizeof(*(vec)->v)) : NULL; \
		(vec)->cap = (vec)->n;					\
		free(old_);						\
	} while (0)

/*
 * R in storage of its kind's size, for good: records are many, and most
 * are calls and binding records, which need only their first members
 * (recdir.h).  Their lists never grow again, and are kept exactly; only
 * a section's nested locks do (merge_into()): malloc'ed, trimmed.
 */
static struct lf_rec *store(struct lf_dedup *d, const struct lf_rec *r)
{
	size_t size = r->kind == LF_REC_CALLS ? LF_REC_CALLS_SIZE :
		      r->kind == LF_REC_BINDING ? LF_REC_BINDING_SIZE : sizeof(*r);
	struct lf_rec *k = keep_bytes(d, r, size);

	KEEP_VEC(d, &k->callees);
	if (r->kind == LF_REC_CALLS || r->kind == LF_REC_BINDING)
		return k;
	KEEP_VEC(d, &k->releases);
	KEEP_VEC(d, &k->calls);
	KEEP_VEC(d, &k->writes);
	KEEP_VEC(d, &k->retry);
	if (k->nested.n < k->nested.cap) {
		k->nested.v = xrealloc(k->nested.v,
				       k->nested.n * sizeof(*k->nested.v));
		k->nested.cap = k->nested.n;
	}
	return k;
}

/* A merged copy's arrays: nothing points into them (merge_into() copies
 * the nested locks it adds). */
static void drop(struct lf_rec *r)
{
	free(r->releases.v);
	free(r->calls.v);
	free(r->nested.v);
	free(r->writes.v);
	free(r->retry.v);
	free(r->callees.v);
}

/*
 * Keep R, a record of a unit read whole, in OUT (its recs and the
 * duplicates and unresolved counts): merged into the copy of it kept
 * earlier, its own arrays then freed, or stored for good.  The records
 * stay in the order they came, the first copy of each: a header's record
 * seen from many units is kept once, so memory follows the distinct
 * records, not the lines read.
 */
void lf_dedup_add(struct lf_dedup *d, struct lf_records *out, struct lf_rec *r)
{
	struct seen_slot *first = NULL;

	if (dedup_kind(r->kind)) {
		if (2 * (d->seen.used + 1) > d->seen.cap)
			seen_grow(d, out);
		first = seen_find(d, out, r);
	}
	if (first && first->at1) {
		merge_into(d, out->recs.v[first->at1 - 1], r, first);
		out->duplicates++;
		drop(r);
		return;
	}
	if (first) {
		if (out->recs.n >= UINT32_MAX)
			lf_die("more than %u records", UINT32_MAX - 1);
		first->at1 = out->recs.n + 1;
		d->seen.used++;
	}
	out->unresolved += r->kind == LF_REC_UNKNOWN;
	VEC_PUSH(&out->recs, store(d, r));
}
