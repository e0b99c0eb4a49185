// SPDX-License-Identifier: GPL-2.0
/*
 * util.c - allocation that cannot fail, messages, string buffers and a
 * small open-addressing string map (lock names, bindings, dedup keys:
 * a full kernel build has about a hundred thousand records, too many for
 * linear lookups).
 */
#define _GNU_SOURCE	/* vasprintf */
#include <errno.h>
#include <stdint.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lib/readfile.h"
#include "lib/util.h"

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		lf_die("out of memory");
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		lf_die("out of memory");
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		lf_die("out of memory");
	return p;
}

char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xmalloc(n), s, n);
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		lf_die("out of memory");
	va_end(ap);
	return s;
}

/* One write: a message is not interleaved with a child's output. */
static void vmsg(const char *fmt, va_list ap)
{
	struct strbuf sb = { 0 };

	sb_printf(&sb, "lockfit: ");
	lf_esc_vprintf(&sb, fmt, ap);
	sb_printf(&sb, "\n");
	fputs(sb.s, stderr);
	free(sb.s);
}

void lf_err(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
}

void lf_die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
	exit(LF_EXIT_ERROR);
}

void sb_vprintf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list copy;
	int n;

	for (;;) {
		size_t room = sb->cap - sb->len;

		va_copy(copy, ap);
		n = vsnprintf(sb->s ? sb->s + sb->len : NULL, room, fmt, copy);
		va_end(copy);
		if (n < 0)
			lf_die("formatting failed");
		if ((size_t)n < room)
			break;
		sb->cap = 2 * (sb->cap + n + 64);
		sb->s = xrealloc(sb->s, sb->cap);
	}
	sb->len += n;
}

void sb_printf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sb_vprintf(sb, fmt, ap);
	va_end(ap);
}

void sb_add(struct strbuf *sb, const void *p, size_t n)
{
	if (sb->len + n + 1 > sb->cap) {
		sb->cap = 2 * (sb->len + n + 64);
		sb->s = xrealloc(sb->s, sb->cap);
	}
	memcpy(sb->s + sb->len, p, n);
	sb->len += n;
	sb->s[sb->len] = 0;
}

const char *sb_str(struct strbuf *sb)
{
	return sb->s ? sb->s : "";
}

char *sb_take(struct strbuf *sb)
{
	char *s = sb->s ? sb->s : xstrdup("");

	sb->s = NULL;
	sb->len = sb->cap = 0;
	return s;
}

void plist_add(struct plist *p, const char *fmt, ...)
{
	va_list ap;

	if (p->n++ >= p->max)
		return;
	if (p->n > 1)
		sb_printf(&p->sb, ", ");
	va_start(ap, fmt);
	sb_vprintf(&p->sb, fmt, ap);
	va_end(ap);
}

struct plist *plist_new(size_t max)
{
	struct plist *p = xcalloc(1, sizeof(*p));

	p->max = max;
	return p;
}

const char *plist_text(struct plist *p)
{
	if (p->n > p->max) {
		sb_printf(&p->sb, " and %zu more", p->n - p->max);
		p->max = p->n;	/* once */
	}
	return sb_str(&p->sb);
}

const char *lf_plural(size_t n)
{
	return n == 1 ? "" : "s";
}

struct strmap_slot {
	uint64_t hash;		/* kept: grow() and misses compare it first */
	const char *key;	/* interned: one copy for every map */
	void *val;
};

struct strmap {
	struct strmap_slot *slots;
	size_t cap, used;
};

struct strmap *strmap_new(void)
{
	struct strmap *m = xcalloc(1, sizeof(*m));

	m->cap = 64;
	m->slots = xcalloc(m->cap, sizeof(*m->slots));
	return m;
}

static struct strmap_slot *find(const struct strmap *m, uint64_t h,
				const char *key)
{
	size_t i = h & (m->cap - 1);

	while (m->slots[i].key && m->slots[i].key != key &&
	       (m->slots[i].hash != h || strcmp(m->slots[i].key, key)))
		i = (i + 1) & (m->cap - 1);
	return &m->slots[i];
}

static void grow(struct strmap *m)
{
	struct strmap_slot *old = m->slots;
	size_t oldcap = m->cap;

	m->cap *= 2;
	m->slots = xcalloc(m->cap, sizeof(*m->slots));
	for (size_t i = 0; i < oldcap; i++)
		if (old[i].key)
			*find(m, old[i].hash, old[i].key) = old[i];
	free(old);
}

void *strmap_get(const struct strmap *m, const char *key)
{
	return find(m, lf_hash(key, NULL), key)->val;
}

void strmap_put(struct strmap *m, const char *key, void *val)
{
	uint64_t h = lf_hash(key, NULL);
	struct strmap_slot *s;

	if (2 * (m->used + 1) > m->cap)
		grow(m);
	s = find(m, h, key);
	if (!s->key) {
		s->hash = h;
		s->key = lf_intern(key);
		m->used++;
	}
	s->val = val;
}

const char *lf_fn_basename(const char *fn)
{
	const char *colon = strrchr(fn, ':');

	return colon ? colon + 1 : fn;
}

int lf_cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return x < y ? -1 : x > y;
}

void lf_sort(void *base, size_t n, size_t size,
	     int (*cmp)(const void *, const void *))
{
	if (n > 1)
		qsort(base, n, size, cmp);
}

char *lf_read_file(const char *path, size_t *len)
{
	char *text = lf_read_bounded(path, len);

	if (!text && (errno == LF_ENOTREG || errno == EFBIG))
		lf_die("%s: %s", path, lf_read_strerror(errno));
	return text;
}

static int write_all(int fd, const void *data, size_t len)
{
	const char *text = data;

	while (len) {
		ssize_t n = write(fd, text, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		text += n;
		len -= n;
	}
	return 0;
}

/* The mode fopen(PATH, "w") would give: the old file's, else 0666 less
 * the umask. */
static mode_t new_mode(const char *path)
{
	struct stat st;
	mode_t mask;

	if (!stat(path, &st) && S_ISREG(st.st_mode))
		return st.st_mode & 07777;
	mask = umask(0);
	umask(mask);
	return 0666 & ~mask;
}

int lf_write_file(const char *path, const char *text)
{
	return lf_write_bytes(path, text, strlen(text));
}

int lf_write_bytes(const char *path, const void *data, size_t len)
{
	char *tmp = xasprintf("%s.XXXXXX.tmp", path);
	int fd = mkstemps(tmp, 4), err = 0;

	if (fd < 0) {
		free(tmp);
		return -1;
	}
	/* fsync before the rename: a crash must leave the old file or the
	 * whole new one, never a renamed file cut short */
	if (fchmod(fd, new_mode(path)) || write_all(fd, data, len) || fsync(fd))
		err = errno;
	if (close(fd) && !err)
		err = errno;
	if (!err && rename(tmp, path))
		err = errno;
	if (err)
		unlink(tmp);
	free(tmp);
	errno = err;
	return err ? -1 : 0;
}

static void die_stdout(int err)
{
	if (err)
		lf_err("cannot write to standard output: %s", strerror(err));
	else
		lf_err("cannot write to standard output");
	_exit(LF_EXIT_ERROR);
}

void lf_check_stdout_at_exit(void)
{
	bool bad = ferror(stdout);
	int err = 0;

	if (fflush(stdout))
		err = errno, bad = true;
	if (fclose(stdout) && !err)
		err = errno, bad = true;
	if (bad)
		die_stdout(err);
}

void lf_die_write(FILE *out, const char *what)
{
	int err = errno;

	/* _exit in die_stdout: the exit-time check would say it twice */
	if (out == stdout)
		die_stdout(err);
	lf_die("cannot write %s: %s", what, strerror(err));
}

int lf_mkdir_all(const char *path, char **failed)
{
	char *p = xstrdup(path);
	int err = 0;

	for (char *s = p + 1; *s && !err; s++) {
		if (*s != '/')
			continue;
		*s = 0;
		if (mkdir(p, 0777) && errno != EEXIST)
			err = errno;
		else
			*s = '/';
	}
	if (!err && mkdir(p, 0777) && errno != EEXIST)
		err = errno;
	if (err && failed)
		*failed = p;
	else
		free(p);
	errno = err;
	return err ? -1 : 0;
}

void lf_mkdir_p(const char *path)
{
	char *failed;

	if (lf_mkdir_all(path, &failed))
		lf_die("cannot create %s: %s", failed, strerror(errno));
}
