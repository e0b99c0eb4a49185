// SPDX-License-Identifier: GPL-2.0
/*
 * intern.c - one copy of each string: the records of a big build repeat
 * the same file, function and lock names in every unit, and the records
 * are many (issue 13).  Copies live in large blocks until exit, as
 * everything in lockfit does (util.h).
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

/* FNV-1a, with the length: short keys, no adversary. */
static uint64_t hash(const char *s, size_t *len)
{
	uint64_t h = 1469598103934665603ull;
	const char *p = s;

	for (; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ull;
	*len = p - s;
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
	uint64_t h = hash(s, &len);
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
