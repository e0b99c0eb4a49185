// SPDX-License-Identifier: GPL-2.0
/*
 * store.c - the use index on disk (index.h: lf_index_load), so a report
 * pays for the whole-tree coverage only when the tree changed.  One file
 * per tree under the cache directory, uses-HASH (of the tree's real
 * path), holding the index of every lock looked up in that tree so far;
 * read whole (at most STORE_MAX bytes; never mapped, so that a file cut
 * under a running report is no SIGBUS), and only the locks asked for
 * decoded.  docs/INDEX.md, "The stored index", gives the layout.
 *
 * The file is untrusted: its size, every count, offset and string are
 * checked before a byte of it is used, and a hash of its body finds an
 * entry edited or cut.  An entry of another tree is refused (exit 2), as
 * the spatch cache's are; one of another format version, other tables,
 * or an older state of the tree is made again, as is one cut short.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lib/util.h"
#include "index/classify.h"
#include "index/index.h"
#include "index/pass.h"
#include "index/spatch.h"
#include "index/state.h"
#include "lib/proc.h"
#include "lib/readfile.h"

#define MAGIC "LFUSES\0\0"
#define VERSION 1
#define HEAD 64		/* header bytes */
#define LOCK 32		/* bytes per lock */
#define USE 24		/* bytes per use */
#define NAME 4		/* bytes per unexamined file */
#define NONE 0xffffffffu	/* no string */
#define F_INDEXED 1u
/* The largest store read or written: a whole kernel's locks take tens
 * of MB; a larger one (sparse, or forged) would cost its size per run. */
#define STORE_MAX (256 << 20)

/* Little-endian words, whatever the host. */
static uint32_t get32(const unsigned char *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t get64(const unsigned char *p)
{
	return get32(p) | (uint64_t)get32(p + 4) << 32;
}

static void put32(unsigned char *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = v >> (8 * i);
}

static void put64(unsigned char *p, uint64_t v)
{
	put32(p, v);
	put32(p + 4, v >> 32);
}

/* A store read, checked. */
struct store {
	unsigned char *bytes;
	size_t size;
	uint32_t nlocks, nuses, nnames, nstrs;
	const unsigned char *locks, *uses, *names;
	const char *strs;
};

/* String OFF of S, NULL for NONE; false if OFF is outside. */
static bool str_at(const struct store *s, uint32_t off, const char **out)
{
	if (off == NONE) {
		*out = NULL;
		return true;
	}
	if (off >= s->nstrs)
		return false;
	*out = s->strs + off;
	return true;
}

/* Every field of S in range, the locks sorted: NULL, or what is wrong. */
static const char *check(struct store *s)
{
	const unsigned char *h = s->bytes;
	uint64_t need;
	const char *str, *prev = NULL;

	s->nlocks = get32(h + 40);
	s->nuses = get32(h + 44);
	s->nnames = get32(h + 48);
	s->nstrs = get32(h + 52);
	need = HEAD + (uint64_t)s->nlocks * LOCK + (uint64_t)s->nuses * USE +
	       (uint64_t)s->nnames * NAME + s->nstrs;
	if (need != s->size)
		return "its counts do not add up to its size";
	s->locks = h + HEAD;
	s->uses = s->locks + (size_t)s->nlocks * LOCK;
	s->names = s->uses + (size_t)s->nuses * USE;
	s->strs = (const char *)s->names + (size_t)s->nnames * NAME;
	if (!s->nstrs || s->strs[s->nstrs - 1])
		return "its strings do not end";
	if (!str_at(s, get32(h + 56), &str) || !str)
		return "no tree";
	for (uint32_t i = 0; i < s->nlocks; i++) {
		const unsigned char *l = s->locks + (size_t)i * LOCK;
		uint64_t u0 = get32(l + 12), nu = get32(l + 16);
		uint64_t n0 = get32(l + 20), nn = get32(l + 24);
		const char *why;

		if (!str_at(s, get32(l), &str) || !str || !str_at(s, get32(l + 4), &why))
			return "a lock's string is outside";
		if (get32(l + 8) & ~F_INDEXED)
			return "a lock's flags are unknown";
		if (prev && strcmp(prev, str) >= 0)
			return "its locks are not sorted";
		prev = str;
		if (u0 + nu > s->nuses || n0 + nn > s->nnames)
			return "a lock's uses are outside";
	}
	for (uint32_t i = 0; i < s->nuses; i++) {
		const unsigned char *u = s->uses + (size_t)i * USE;
		const char *a, *b, *c;

		if (!str_at(s, get32(u), &a) || !a || !str_at(s, get32(u + 16), &b) ||
		    !str_at(s, get32(u + 20), &c))
			return "a use's string is outside";
		if (get32(u + 4) < 1 || get32(u + 4) > INT_MAX ||
		    get32(u + 8) < 1 || get32(u + 8) > INT_MAX ||
		    (get32(u + 12) & 0xff) > LF_USE_OTHER || get32(u + 12) >> 9)
			return "a use is out of range";
	}
	for (uint32_t i = 0; i < s->nnames; i++)
		if (!str_at(s, get32(s->names + (size_t)i * NAME), &str) || !str)
			return "an unexamined file is outside";
	return NULL;
}

/* The tree, the tables and the format the index of TREE depends on. */
static uint64_t context(void)
{
	/* and embed.c's rules: uses found through embedding structs; and
	 * members.c's: no use in a lock call of another class */
	static const char format[] = "lockfit-uses embedded-1 class-1";
	uint64_t h = lf_index_fnv(LF_FNV_INIT, format, sizeof(format));
	uint64_t t = lf_use_tables_hash();
	uint32_t v = VERSION;

	h = lf_index_fnv(h, &v, sizeof(v));
	h = lf_index_fnv(h, &t, sizeof(t));
	return lf_index_typed_hash(h);
}

static char *store_path(const struct lf_index *ix)
{
	uint64_t h = lf_index_fnv(LF_FNV_INIT, ix->tree, strlen(ix->tree) + 1);

	return xasprintf("%s/uses-%016llx", ix->cache, (unsigned long long)h);
}

/* A store cut short, or zeroed, as a crash can leave a file renamed
 * into place before its bytes were on disk: made again, not refused. */
static bool cut_short(const unsigned char *b, size_t size)
{
	size_t i;

	if (size < HEAD && !memcmp(b, MAGIC, size < 8 ? size : 8))
		return true;
	for (i = 0; i < size && !b[i]; i++)
		;
	return i == size;
}

/* The bytes of PATH in S, read (a file cut under a mapping would be
 * SIGBUS), opened without blocking (a FIFO) and bounded; false if it
 * is missing or too large (made again), dies if it is not a file. */
static bool read_store(struct store *s, const char *path)
{
	struct stat st;
	char *b;

	memset(s, 0, sizeof(*s));
	if (!lstat(path, &st) && !S_ISREG(st.st_mode))
		errno = LF_ENOTREG;
	else if ((b = lf_read_at_most(path, STORE_MAX, &s->size))) {
		s->bytes = (unsigned char *)b;
		return true;
	}
	if (errno == ENOENT)
		return false;
	if (errno == EFBIG) {
		lf_err("%s: larger than %d MiB: made again", path, STORE_MAX >> 20);
		return false;
	}
	lf_die("%s: %s: remove it, or run with --no-index-cache", path,
	       lf_read_strerror(errno));
}

static void drop_store(struct store *s)
{
	free(s->bytes);
	memset(s, 0, sizeof(*s));
}

/* Read PATH into S if it is the store of this tree, context and state;
 * false (S empty) if it is missing or must be made again. */
static bool open_store(struct store *s, const char *path, const char *tree,
		       uint64_t ctx, uint64_t state)
{
	const char *bad, *t;

	if (!read_store(s, path))
		return false;
	if (cut_short(s->bytes, s->size)) {
		bad = "cut short (a crash?)";
		goto bad;
	}
	if (s->size < HEAD || memcmp(s->bytes, MAGIC, 8))
		lf_die("%s: not a lockfit use index: remove it, or run with "
		       "--no-index-cache", path);
	if (get32(s->bytes + 8) != VERSION || get32(s->bytes + 12) != HEAD ||
	    get64(s->bytes + 16) != ctx)
		goto again;	/* another lockfit, other tables: silently */
	if ((bad = check(s)))
		goto bad;
	str_at(s, get32(s->bytes + 56), &t);
	if (strcmp(t, tree))
		lf_die("%s: the use index of %s, not of %s (copied?): remove it, "
		       "or run with --no-index-cache", path, t, tree);
	if (lf_index_fnv(LF_FNV_INIT, s->bytes + HEAD, s->size - HEAD) !=
	    get64(s->bytes + 32)) {
		bad = "it does not match its hash (edited?)";
		goto bad;
	}
	if (get64(s->bytes + 24) != state)
		goto again;	/* the tree changed */
	return true;
bad:
	lf_err("%s: %s: made again", path, bad);
again:
	drop_store(s);
	return false;
}

static const char *str(const struct store *s, uint32_t off)
{
	return off == NONE ? NULL : s->strs + off;
}

/* The stored lock ID, or NULL. */
static const unsigned char *find(const struct store *s, const char *id)
{
	size_t lo = 0, hi = s->nlocks;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const unsigned char *l = s->locks + mid * LOCK;
		int c = strcmp(id, str(s, get32(l)));

		if (!c)
			return l;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

/* Lock L from its stored entry E. */
static void decode(const struct store *s, const unsigned char *e,
		   struct lf_ilock *l)
{
	uint32_t u0 = get32(e + 12), nu = get32(e + 16);
	uint32_t n0 = get32(e + 20), nn = get32(e + 24);
	const char *why = str(s, get32(e + 4));

	l->indexed = get32(e + 8) & F_INDEXED;
	l->why = why ? xstrdup(why) : NULL;
	for (uint32_t i = 0; i < nu; i++) {
		const unsigned char *u = s->uses + (size_t)(u0 + i) * USE;
		const char *call = str(s, get32(u + 16)), *mode = str(s, get32(u + 20));
		struct lf_use x = { xstrdup(str(s, get32(u))), get32(u + 4),
				    get32(u + 8), get32(u + 12) & 0xff,
				    get32(u + 12) >> 8, call ? lf_intern(call) : NULL,
				    mode ? lf_intern(mode) : NULL };

		VEC_PUSH(&l->uses, x);
	}
	for (uint32_t i = 0; i < nn; i++)
		VEC_PUSH(&l->unexamined,
			 xstrdup(str(s, get32(s->names + (size_t)(n0 + i) * NAME))));
}

/* ---- writing ------------------------------------------------------- */

struct out {
	struct { unsigned char *v; size_t n, cap; } locks, uses, names;
	struct strbuf strs;
	struct strmap *offs;	/* string -> offset + 1 */
};

static uint32_t out_str(struct out *o, const char *s)
{
	uintptr_t off;

	if (!s)
		return NONE;
	if ((off = (uintptr_t)strmap_get(o->offs, s)))
		return off - 1;
	off = o->strs.len;
	sb_printf(&o->strs, "%s", s);
	sb_printf(&o->strs, "%c", 0);
	strmap_put(o->offs, s, (void *)(off + 1));
	return off;
}

static unsigned char *grow(void *vec, size_t n)
{
	struct { unsigned char *v; size_t n, cap; } *b = vec;

	if (b->n + n > b->cap) {
		b->cap = 2 * (b->n + n);
		b->v = xrealloc(b->v, b->cap);
	}
	memset(b->v + b->n, 0, n);
	b->n += n;
	return b->v + b->n - n;
}

/* One lock: from the index just built (L), or the old store (S, E). */
struct entry {
	const char *id;
	const struct lf_ilock *l;
	const unsigned char *e;
};

static void out_lock(struct out *o, const struct store *s, const struct entry *x)
{
	unsigned char *e = grow(&o->locks, LOCK);
	uint32_t nu = x->l ? x->l->uses.n : get32(x->e + 16);
	uint32_t nn = x->l ? x->l->unexamined.n : get32(x->e + 24);

	put32(e, out_str(o, x->id));
	put32(e + 4, out_str(o, x->l ? x->l->why : str(s, get32(x->e + 4))));
	put32(e + 8, x->l ? (x->l->indexed ? F_INDEXED : 0) : get32(x->e + 8));
	put32(e + 12, o->uses.n / USE);
	put32(e + 16, nu);
	put32(e + 20, o->names.n / NAME);
	put32(e + 24, nn);
	for (uint32_t i = 0; i < nu; i++) {
		unsigned char *u = grow(&o->uses, USE);

		if (x->l) {
			const struct lf_use *v = &x->l->uses.v[i];

			put32(u, out_str(o, v->file));
			put32(u + 4, v->line);
			put32(u + 8, v->col);
			put32(u + 12, v->what | (uint32_t)v->unresolved << 8);
			put32(u + 16, out_str(o, v->call));
			put32(u + 20, out_str(o, v->mode));
		} else {
			const unsigned char *v = s->uses + (size_t)(get32(x->e + 12) + i) * USE;

			put32(u, out_str(o, str(s, get32(v))));
			memcpy(u + 4, v + 4, 12);
			put32(u + 16, out_str(o, str(s, get32(v + 16))));
			put32(u + 20, out_str(o, str(s, get32(v + 20))));
		}
	}
	for (uint32_t i = 0; i < nn; i++)
		put32(grow(&o->names, NAME), out_str(o, x->l ? x->l->unexamined.v[i] :
			str(s, get32(s->names + (size_t)(get32(x->e + 20) + i) * NAME))));
}

/* HEAD and O's parts to PATH, whole or not at all.  A store that cannot
 * be written, or past STORE_MAX, is no store: the report goes on. */
static void write_bytes(const char *path, const unsigned char *head,
			const struct out *o)
{
	size_t n = HEAD + o->locks.n + o->uses.n + o->names.n + o->strs.len;
	unsigned char *b, *p;
	const void *part[] = { head, o->locks.v, o->uses.v, o->names.v, o->strs.s };
	size_t len[] = { HEAD, o->locks.n, o->uses.n, o->names.n, o->strs.len };

	if (n > STORE_MAX)
		return;
	p = b = xmalloc(n);
	for (size_t i = 0; i < ARRAY_SIZE(part); i++)
		if (len[i]) {	/* an empty part may be NULL */
			memcpy(p, part[i], len[i]);
			p += len[i];
		}
	lf_write_bytes(path, b, n);
	free(b);
}

static int cmp_entry(const void *a, const void *b)
{
	return strcmp(((const struct entry *)a)->id, ((const struct entry *)b)->id);
}

/* Write the old store S's locks and NEW's built ones (not those a failed
 * spatch left unresolved: they are tried again) to PATH, atomically. */
static void write_store(const char *path, const struct store *s,
			const struct lf_index *nw, uint64_t ctx, uint64_t state)
{
	struct out o = { .offs = strmap_new() };
	struct { struct entry *v; size_t n, cap; } all = { 0 };
	unsigned char head[HEAD] = { 0 };

	for (uint32_t i = 0; i < s->nlocks; i++) {
		struct entry x = { str(s, get32(s->locks + (size_t)i * LOCK)), NULL,
				   s->locks + (size_t)i * LOCK };

		VEC_PUSH(&all, x);
	}
	for (size_t k = 0; k < nw->nlocks; k++) {
		const struct lf_ilock *l = &nw->locks[k];
		struct entry x = { l->id, l, NULL };

		if (l->why && !strncmp(l->why, "spatch failed", 13))
			continue;
		VEC_PUSH(&all, x);
	}
	lf_sort(all.v, all.n, sizeof(*all.v), cmp_entry);
	out_str(&o, nw->tree);
	for (size_t i = 0; i < all.n; i++)
		if (!i || strcmp(all.v[i - 1].id, all.v[i].id))
			out_lock(&o, s, &all.v[i]);
	memcpy(head, MAGIC, 8);
	put32(head + 8, VERSION);
	put32(head + 12, HEAD);
	put64(head + 16, ctx);
	put64(head + 24, state);
	put32(head + 40, o.locks.n / LOCK);
	put32(head + 44, o.uses.n / USE);
	put32(head + 48, o.names.n / NAME);
	put32(head + 52, o.strs.len);
	put32(head + 56, 0);	/* the tree: the first string */
	{
		uint64_t h = LF_FNV_INIT;

		h = lf_index_fnv(h, o.locks.v, o.locks.n);
		h = lf_index_fnv(h, o.uses.v, o.uses.n);
		h = lf_index_fnv(h, o.names.v, o.names.n);
		h = lf_index_fnv(h, o.strs.s, o.strs.len);
		put64(head + 32, h);
	}
	write_bytes(path, head, &o);
	free(o.locks.v);
	free(o.uses.v);
	free(o.names.v);
	free(o.strs.s);
	free(all.v);
}

void lf_index_load(struct lf_index *ix)
{
	struct lf_index miss;
	struct store s;
	size_t *which, nfiles;
	uint64_t ctx, state;
	double t0 = lf_now();
	char *path, *real;

	if (ix->cache) {
		if (!(real = realpath(ix->tree, NULL)))
			lf_die("%s: %s", ix->tree, strerror(errno));
		ix->tree = real;
		lf_index_cache_prepare(ix);
	}
	if (!ix->cache) {
		lf_index_build(ix);
		return;
	}
	path = store_path(ix);
	ctx = context();
	state = lf_index_tree_state(ix->tree, &nfiles);
	open_store(&s, path, ix->tree, ctx, state);
	miss = *ix;
	miss.locks = xcalloc(ix->nlocks + 1, sizeof(*miss.locks));
	miss.nlocks = 0;
	which = xcalloc(ix->nlocks + 1, sizeof(*which));
	for (size_t k = 0; k < ix->nlocks; k++) {
		struct lf_ilock *l = &ix->locks[k];
		const unsigned char *e = l->indexed ? find(&s, l->id) : NULL;

		if (e) {
			decode(&s, e, l);
			ix->stored++;
		} else if (l->indexed) {
			which[miss.nlocks] = k;
			miss.locks[miss.nlocks++] = *l;
		}
	}
	if (miss.nlocks) {
		lf_index_build(&miss);
		for (size_t i = 0; i < miss.nlocks; i++)
			ix->locks[which[i]] = miss.locks[i];
		ix->grep = miss.grep;
		ix->spatch_runs = miss.spatch_runs;
		ix->cache_hits = miss.cache_hits;
		ix->files_typed = miss.files_typed;
		write_store(path, &s, &miss, ctx, state);
	}
	drop_store(&s);
	free(which);
	free(miss.locks);
	free(path);
	ix->secs = lf_now() - t0;
}
