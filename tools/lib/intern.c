// SPDX-License-Identifier: GPL-2.0
/*
 * intern.c - one copy of each string: the records of a big build repeat
 * the same file, function and lock names in every unit, and the records
 * are many (issue 13).  Copies live in large blocks until exit, as
 * everything in lockfit does (util.h).  Interned names can be compared
 * by address: pairmap below.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"

#define BLOCK_SIZE	(256 * 1024)

struct slot {
	uint64_t hash;
	const char *s;
};

static struct {
	struct slot *slots;
	size_t cap, used;
	char *block;		/* the free end of the current block */
	size_t left;
} tab;

/*
 * Eight bytes at a time: every name of every record is hashed at least
 * once.  Short keys, no adversary.
 */
uint64_t lf_hash(const char *s, size_t *len)
{
	size_t n = strlen(s), i;
	uint64_t h = 0x243f6a8885a308d3ull ^ n, w;

	for (i = 0; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		h = (h ^ w) * 0x9e3779b97f4a7c15ull;
		h ^= h >> 32;
	}
	if (i < n) {
		w = 0;
		memcpy(&w, s + i, n - i);
		h = (h ^ w) * 0x9e3779b97f4a7c15ull;
	}
	h ^= h >> 29;
	h *= 0xbf58476d1ce4e5b9ull;
	h ^= h >> 32;
	if (len)
		*len = n;
	return h;
}

static const char *copy(const char *s, size_t len)
{
	char *c;

	if (len + 1 > BLOCK_SIZE / 16)
		return memcpy(xmalloc(len + 1), s, len + 1);
	if (len + 1 > tab.left) {
		tab.block = xmalloc(BLOCK_SIZE);
		tab.left = BLOCK_SIZE;
	}
	c = memcpy(tab.block, s, len + 1);
	tab.block += len + 1;
	tab.left -= len + 1;
	return c;
}

static struct slot *find(struct slot *slots, size_t cap, uint64_t h,
			 const char *s)
{
	size_t i = h & (cap - 1);

	while (slots[i].s && (slots[i].hash != h || strcmp(slots[i].s, s)))
		i = (i + 1) & (cap - 1);
	return &slots[i];
}

static void grow(void)
{
	struct slot *old = tab.slots;
	size_t oldcap = tab.cap;

	tab.cap = oldcap ? 2 * oldcap : 4096;
	tab.slots = xcalloc(tab.cap, sizeof(*tab.slots));
	for (size_t i = 0; i < oldcap; i++)
		if (old[i].s)
			*find(tab.slots, tab.cap, old[i].hash, old[i].s) = old[i];
	free(old);
}

const char *lf_intern(const char *s)
{
	size_t len;
	uint64_t h = lf_hash(s, &len);
	struct slot *slot;

	if (2 * (tab.used + 1) > tab.cap)
		grow();
	slot = find(tab.slots, tab.cap, h, s);
	if (!slot->s) {
		slot->hash = h;
		slot->s = copy(s, len);
		tab.used++;
	}
	return slot->s;
}

struct pair_slot {
	const char *a, *b;
	void *val;
};

struct pairmap {
	struct pair_slot *slots;
	size_t cap, used;
};

struct pairmap *pairmap_new(void)
{
	struct pairmap *m = xcalloc(1, sizeof(*m));

	m->cap = 64;
	m->slots = xcalloc(m->cap, sizeof(*m->slots));
	return m;
}

static struct pair_slot *pair_find(struct pair_slot *slots, size_t cap,
				   const char *a, const char *b)
{
	uint64_t h = ((uintptr_t)a * 0x9e3779b97f4a7c15ull) ^
		     ((uintptr_t)b * 0xc2b2ae3d27d4eb4full);
	size_t i = (h ^ h >> 29) & (cap - 1);

	while (slots[i].a && (slots[i].a != a || slots[i].b != b))
		i = (i + 1) & (cap - 1);
	return &slots[i];
}

void pairmap_free(struct pairmap *m)
{
	if (m)
		free(m->slots);
	free(m);
}

void *pairmap_get(const struct pairmap *m, const char *a, const char *b)
{
	return pair_find(m->slots, m->cap, a, b)->val;
}

/* The slot of (A, B), made if there is none. */
static struct pair_slot *pair_slot(struct pairmap *m, const char *a,
				   const char *b)
{
	struct pair_slot *s;

	/* up to three quarters full: the maps are big, and addresses hash well */
	if (4 * (m->used + 1) > 3 * m->cap) {
		struct pair_slot *old = m->slots;
		size_t oldcap = m->cap;

		m->cap *= 2;
		m->slots = xcalloc(m->cap, sizeof(*m->slots));
		for (size_t i = 0; i < oldcap; i++)
			if (old[i].a)
				*pair_find(m->slots, m->cap, old[i].a,
					   old[i].b) = old[i];
		free(old);
	}
	s = pair_find(m->slots, m->cap, a, b);
	if (!s->a) {
		s->a = a;
		s->b = b;
		m->used++;
	}
	return s;
}

void pairmap_put(struct pairmap *m, const char *a, const char *b, void *val)
{
	pair_slot(m, a, b)->val = val;
}

bool pairmap_add(struct pairmap *m, const char *a, const char *b, void *val)
{
	struct pair_slot *s = pair_slot(m, a, b);

	if (s->val)
		return false;
	s->val = val;
	return true;
}
