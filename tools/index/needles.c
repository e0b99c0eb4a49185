// SPDX-License-Identifier: GPL-2.0
/*
 * needles.c - which of many fixed strings a line holds (needles.h): an
 * Aho-Corasick automaton, its edges in one hash table, so a line costs
 * its length plus what it holds, not its length times the strings.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "index/needles.h"

struct node {
	int fail;	/* the longest proper suffix that is a node */
	int out;	/* the string ending here, -1 if none */
	int dict;	/* the nearest node on the fail chain with one, 0: none */
	int child, sibling;	/* the edges out, for the breadth-first pass */
	unsigned char byte;	/* the edge into it */
	size_t stamp;	/* the lf_needles_find() call that reported it */
};

struct lf_needles {
	struct { struct node *v; size_t n, cap; } nodes;
	uint64_t *keys;		/* (node << 8 | byte) + 1, 0: empty */
	int *to;
	size_t mask;
	size_t calls;
	struct { size_t *v; size_t n, cap; } found;
};

static size_t slot(const struct lf_needles *m, uint64_t key)
{
	size_t i = (size_t)((key * 0x9e3779b97f4a7c15ULL) >> 17) & m->mask;

	while (m->keys[i] && m->keys[i] != key)
		i = (i + 1) & m->mask;
	return i;
}

/* The node the edge BYTE leads to from node FROM, -1 if none. */
static int edge(const struct lf_needles *m, int from, unsigned char byte)
{
	uint64_t key = ((uint64_t)from << 8 | byte) + 1;
	size_t i = slot(m, key);

	return m->keys[i] ? m->to[i] : -1;
}

static int add_edge(struct lf_needles *m, int from, unsigned char byte)
{
	uint64_t key = ((uint64_t)from << 8 | byte) + 1;
	size_t i = slot(m, key);
	struct node n = { 0, -1, 0, -1, m->nodes.v[from].child, byte, 0 };

	if (m->keys[i])
		return m->to[i];
	m->keys[i] = key;
	m->to[i] = (int)m->nodes.n;
	VEC_PUSH(&m->nodes, n);
	m->nodes.v[from].child = m->to[i];
	return m->to[i];
}

/* Each node's fail and dict links, parents before children. */
static void link_nodes(struct lf_needles *m)
{
	int *queue = xcalloc(m->nodes.n, sizeof(*queue));
	size_t head = 0, tail = 0;

	for (int c = m->nodes.v[0].child; c >= 0; c = m->nodes.v[c].sibling)
		queue[tail++] = c;
	while (head < tail) {
		int u = queue[head++];

		for (int v = m->nodes.v[u].child; v >= 0; v = m->nodes.v[v].sibling) {
			struct node *nv = &m->nodes.v[v];
			int f = m->nodes.v[u].fail, g;

			while ((g = edge(m, f, nv->byte)) < 0 && f)
				f = m->nodes.v[f].fail;
			nv->fail = g >= 0 ? g : 0;
			nv->dict = m->nodes.v[nv->fail].out >= 0 ? nv->fail :
				   m->nodes.v[nv->fail].dict;
			queue[tail++] = v;
		}
	}
	free(queue);
}

struct lf_needles *lf_needles_new(const struct lf_strv *v)
{
	struct lf_needles *m = xcalloc(1, sizeof(*m));
	struct node root = { 0, -1, 0, -1, -1, 0, 0 };
	size_t total = 1;

	for (size_t i = 0; i < v->n; i++)
		total += strlen(v->v[i]);
	for (m->mask = 15; m->mask < 2 * total; m->mask = 2 * m->mask + 1)
		;
	m->keys = xcalloc(m->mask + 1, sizeof(*m->keys));
	m->to = xcalloc(m->mask + 1, sizeof(*m->to));
	VEC_PUSH(&m->nodes, root);
	for (size_t i = 0; i < v->n; i++) {
		int at = 0;

		for (const char *p = v->v[i]; *p; p++)
			at = add_edge(m, at, (unsigned char)*p);
		if (at)
			m->nodes.v[at].out = (int)i;
	}
	link_nodes(m);
	return m;
}

static int cmp_index(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

size_t lf_needles_find(struct lf_needles *m, const char *text, size_t n,
		       const size_t **found)
{
	int at = 0;

	m->calls++;
	m->found.n = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)text[i];
		int g;

		while ((g = edge(m, at, c)) < 0 && at)
			at = m->nodes.v[at].fail;
		at = g >= 0 ? g : 0;
		/* a node reported in this call: so was its dict chain */
		for (int x = m->nodes.v[at].out >= 0 ? at : m->nodes.v[at].dict;
		     x && m->nodes.v[x].stamp != m->calls; x = m->nodes.v[x].dict) {
			m->nodes.v[x].stamp = m->calls;
			VEC_PUSH(&m->found, (size_t)m->nodes.v[x].out);
		}
	}
	lf_sort(m->found.v, m->found.n, sizeof(*m->found.v), cmp_index);
	*found = m->found.v;
	return m->found.n;
}

void lf_needles_free(struct lf_needles *m)
{
	if (!m)
		return;
	free(m->nodes.v);
	free(m->keys);
	free(m->to);
	free(m->found.v);
	free(m);
}
