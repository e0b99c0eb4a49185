// SPDX-License-Identifier: GPL-2.0
/*
 * objects.c - which objects hold the records of a build.
 *
 * A kbuild output directory keeps the objects of every configuration it
 * ever built; only kbuild's own lists say which belong to the current
 * one: the members of vmlinux.a (or of the top built-in.a before the
 * vmlinux link) and of the lib.a archives, and for each module of
 * modules.order its .mod file.
 * These archives are thin (GNU ar's format, as binutils reads it): the
 * members are names of files, read here without running ar.  The lists
 * are input like any other: each is a regular file of bounded size, read
 * once; the members are bounded in number, regular files inside the
 * build directory.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lib/util.h"
#include "lib/path.h"
#include "lib/readfile.h"
#include "records/objects.h"

#define LIST_MAX	(64u << 20)	/* bytes in one list: 60 per member */
#define MEMBERS_MAX	1000000		/* members of all the lists together */
#define NEST_MAX	8		/* ar T flattens: deeper is a loop */

static bool is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static bool is_file_in(const char *dir, const char *name)
{
	char *path = xasprintf("%s/%s", dir, name);
	bool ok = is_file(path);

	free(path);
	return ok;
}

/* Every *.o below DIR; symbolic links to directories are not followed. */
static void walk(const char *dir, struct lf_objlist *out)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	if (!d)
		lf_die("cannot open %s: %s", dir, strerror(errno));
	while ((de = readdir(d))) {
		char *path;
		struct stat st;

		if (de->d_name[0] == '.' && (!de->d_name[1] ||
		    (de->d_name[1] == '.' && !de->d_name[2])))
			continue;
		path = xasprintf("%s/%s", dir, de->d_name);
		if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
			walk(path, out);
			free(path);
		} else if (lf_has_suffix(de->d_name, ".o") && is_file(path)) {
			VEC_PUSH(out, path);
		} else {
			free(path);
		}
	}
	closedir(d);
}

static const char *file_type(mode_t mode)
{
	return S_ISDIR(mode) ? "a directory" : S_ISFIFO(mode) ? "a FIFO" :
	       S_ISCHR(mode) ? "a character device" :
	       S_ISBLK(mode) ? "a block device" :
	       S_ISSOCK(mode) ? "a socket" : "not a regular file";
}

/*
 * List PATH opened for reading by the one reader (lib/readfile.h), its
 * identity in *ST; -1 with errno set if it cannot be opened.  Opened
 * without blocking and checked before anything is read: a FIFO or a
 * device is refused, never read, and so is a file larger than LIST_MAX.
 */
static int open_list(const char *path, struct stat *st)
{
	int fd = lf_read_open(path, LIST_MAX, st);

	if (fd < 0 && errno == LF_ENOTREG && st->st_mode)
		lf_die("%s: %s, not a list kbuild writes: refused", path,
		       file_type(st->st_mode));
	if (fd < 0 && errno == EFBIG)
		lf_die("%s: %lld bytes, more than a kbuild list holds (%u MiB): "
		       "refused", path, (long long)st->st_size, LIST_MAX >> 20);
	if (fd < 0 && st->st_mode)
		lf_die("cannot read %s: %s", path, strerror(errno));
	return fd;
}

/* The whole of list FD (PATH, ST from open_list()), NUL-terminated;
 * closes FD. */
static char *read_list_fd(const char *path, int fd, const struct stat *st,
			  size_t *len)
{
	char *buf = lf_read_opened(fd, st, LIST_MAX, len);

	if (!buf && errno == EFBIG)
		lf_die("%s: grew past %u MiB while read: refused", path,
		       LIST_MAX >> 20);
	if (!buf)
		lf_die("cannot read %s: %s", path, strerror(errno));
	return buf;
}

/* The whole of list PATH; NULL with errno set if it cannot be opened. */
static char *read_list(const char *path, size_t *len)
{
	struct stat st;
	int fd = open_list(path, &st);

	return fd < 0 ? NULL : read_list_fd(path, fd, &st, len);
}

/* The kbuild output directory being read, and what was read of it. */
struct kbuild {
	const char *top;	/* as given, without a trailing '/' */
	char *real;		/* its realpath() */
	char *abs;		/* absolute, lexically */
	struct strmap *archives;	/* "dev:ino" of each archive seen */
	struct strmap *objects;		/* each object once */
	size_t members;		/* entries of every list, for MEMBERS_MAX */
	size_t again;		/* objects an earlier list already named */
	struct lf_objlist *out;
};

/* A member's place, for messages: its list and the byte of its header
 * (of its line, in modules.order or a .mod file). */
struct where {
	const char *list;
	size_t at;
};

static void count_members(struct kbuild *kb, const struct where *w, size_t n)
{
	if (n > MEMBERS_MAX - kb->members)
		lf_die("%s: more than %u members in kbuild's lists (at byte %zu): "
		       "refused", w->list, MEMBERS_MAX, w->at);
	kb->members += n;
}

/* Object PATH, listed in one of KB's lists, if not listed before: the
 * counts are of objects, as kbuild links each once. */
static void add_object(struct kbuild *kb, const char *path)
{
	if (strmap_get(kb->objects, path)) {
		kb->again++;
		return;
	}
	strmap_put(kb->objects, path, (void *)path);
	VEC_PUSH(kb->out, xstrdup(path));
}

/* PATH with "." and ".." resolved by name ("/a/../b" is "/b", "/" is
 * ""); NULL if a relative PATH climbs above its start. */
static char *normalize(const char *path)
{
	char *out = xmalloc(strlen(path) + 2), *r = out;
	const char *p = path;
	bool abs = path[0] == '/';

	*out = 0;
	while (*p) {
		size_t c = strcspn(p, "/");

		if (c == 2 && !strncmp(p, "..", 2)) {
			if (r == out && !abs) {
				free(out);
				return NULL;
			}
			while (r > out && *--r != '/')
				;
			*r = 0;
		} else if (c && !(c == 1 && *p == '.')) {
			r += sprintf(r, "%s%.*s", abs || r > out ? "/" : "",
				     (int)c, p);
		}
		p += c + !!p[c];
	}
	return out;
}

/* The part of absolute path PATH below DIR (absolute, normalized), or
 * NULL. */
static const char *below(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return !strncmp(path, dir, n) && path[n] == '/' ? path + n + 1 : NULL;
}

/*
 * NAME (LEN bytes) as written in a list in directory DIR (relative to
 * the top: "" or ending in '/'), made relative to the top by name; NULL
 * with *WHY if it leaves the top.  An absolute NAME must be below it.
 */
static char *member_rel(const struct kbuild *kb, const char *dir,
			const char *name, size_t len, const char **why)
{
	char *full = name[0] == '/' ? xasprintf("%.*s", (int)len, name) :
		     xasprintf("%s%.*s", dir, (int)len, name);
	char *norm = normalize(full), *rel = NULL;
	const char *r = NULL;

	if (!norm)
		*why = "leaves the build directory";
	else if (full[0] != '/')
		r = norm;
	else if (!(r = below(norm, kb->abs)) && !(r = below(norm, kb->real)))
		*why = "an absolute path outside the build directory";
	if (r && !*r)
		*why = "names the build directory";
	else if (r)
		rel = xstrdup(r);
	free(norm);
	free(full);
	return rel;
}

/*
 * Member NAME (LEN bytes) of list W (a thin archive in directory DIR, or
 * a .mod file or modules.order, DIR ""): its path below the top, a
 * regular file that is still below the top once symbolic links are
 * followed.  OPTIONAL: NULL with errno set if it does not exist.
 */
static char *member_path(const struct kbuild *kb, const struct where *w,
			 const char *dir, const char *name, size_t len,
			 bool optional)
{
	const char *why = NULL;
	char *rel = member_rel(kb, dir, name, len, &why), *path, *real;
	struct stat st;

	if (!rel)
		lf_die("%s: member at byte %zu, %.*s: %s %s: refused", w->list,
		       w->at, (int)len, name, why, kb->top);
	path = xasprintf("%s/%s", kb->top, rel);
	free(rel);
	if (stat(path, &st)) {
		if (optional && errno == ENOENT) {
			free(path);
			errno = ENOENT;
			return NULL;
		}
		lf_die("%s: member at byte %zu, %s: %s", w->list, w->at, path,
		       strerror(errno));
	}
	if (!S_ISREG(st.st_mode))
		lf_die("%s: member at byte %zu, %s: %s, not a regular file: refused",
		       w->list, w->at, path, file_type(st.st_mode));
	real = realpath(path, NULL);
	if (!real || !below(real, kb->real))
		lf_die("%s: member at byte %zu, %s: is %s, outside the build "
		       "directory %s (a symbolic link): refused", w->list, w->at,
		       path, real ? real : strerror(errno), kb->top);
	free(real);
	return path;
}

/* A decimal field of an archive member header, spaces after it. */
static bool ar_number(const char *f, size_t n, size_t *val)
{
	size_t v = 0, i = 0;

	for (; i < n && f[i] >= '0' && f[i] <= '9'; i++) {
		if (v > ((size_t)-1 - 9) / 10)
			return false;
		v = v * 10 + (f[i] - '0');
	}
	if (!i)
		return false;
	for (; i < n; i++)
		if (f[i] != ' ')
			return false;
	*val = v;
	return true;
}

#define AR_HDR	60

/* strmap values for the archives of struct kbuild: being read, read */
static char archive_reading, archive_read;

struct member {
	const char *name;
	size_t len, at;
};

struct members {
	struct member *v;
	size_t n, cap;
};

/*
 * The offset of a long name "/NNN" in the name table, from a header's
 * name field F.  GNU ar writes "/NNN" padded with spaces, and, when the
 * name had exactly 15 characters, keeps that short name's terminating '/'
 * at the end ("/6808          /": ar mPiT on vmlinux.a does).  "/NNN:OFF"
 * is a member of a regular archive nested in the thin one: its bytes are
 * inside that archive, not a file of the build.
 */
static const char *long_name(const char *f, size_t *at)
{
	size_t end = 16;

	while (end > 1 && f[end - 1] == ' ')
		end--;
	if (end > 1 && f[end - 1] == '/')
		end--;
	while (end > 1 && f[end - 1] == ' ')
		end--;
	if (memchr(f + 1, ':', end - 1))
		return "a member of an archive nested in this one "
		       "(not a file: kbuild's archives hold none)";
	if (!ar_number(f + 1, end - 1, at))
		return "not /NNN";
	return NULL;
}

/*
 * The members of thin archive DATA (LEN bytes, read from PATH): each
 * name as GNU ar writes it (a short name ending in '/', or "/NNN" into
 * the "//" table, whose names end in "/\n"), after the symbol table ("/"
 * or "/SYM64/") and the name table, each padded to an even size.
 */
static void ar_members(const char *path, const char *data, size_t len,
		       struct members *out)
{
	size_t off = 8, strtab_off = 0, strtab_len = 0;
	bool strtab = false;

	while (off < len) {
		const char *h = data + off, *name;
		size_t size, nlen, at;
		const char *why;

		if (len - off < AR_HDR || memcmp(h + 58, "`\n", 2) ||
		    !ar_number(h + 48, 10, &size))
			lf_die("%s: corrupt archive member header at byte %zu", path, off);
		/* only the symbol tables and the name table are in the file */
		if (!memcmp(h, "/ ", 2) || !memcmp(h, "/SYM64/ ", 8) ||
		    !memcmp(h, "// ", 3)) {
			if (size > len - off - AR_HDR)
				lf_die("%s: archive cut at byte %zu: the %s table at "
				       "byte %zu has %zu bytes", path, len,
				       h[1] == '/' ? "name" : "symbol", off, size);
			if (h[1] == '/') {
				if (strtab)
					lf_die("%s: a second name table at byte %zu",
					       path, off);
				strtab = true;
				strtab_off = off + AR_HDR;
				strtab_len = size;
			}
			off += AR_HDR + size + (size & 1);
			continue;
		}
		if (h[0] == '/') {
			if ((why = long_name(h, &at)))
				lf_die("%s: corrupt archive member name at byte %zu: "
				       "%.16s: %s", path, off, h, why);
			if (at >= strtab_len)
				lf_die("%s: corrupt archive member name at byte %zu: "
				       "%.16s: offset %zu past the name table (%zu bytes)",
				       path, off, h, at, strtab_len);
			name = data + strtab_off + at;
			for (nlen = 0; at + nlen < strtab_len && name[nlen] != '\n'; nlen++)
				;
			if (at + nlen == strtab_len)
				lf_die("%s: corrupt archive member name at byte %zu: "
				       "%.16s: its name in the table has no end",
				       path, off, h);
			if (nlen && name[nlen - 1] == '/')
				nlen--;
		} else {
			/* as binutils: up to a NUL, else a '/', else a space */
			const char *e = memchr(h, 0, 16);

			if (!e)
				e = memchr(h, '/', 16);
			if (!e)
				e = memchr(h, ' ', 16);
			name = h;
			nlen = e ? (size_t)(e - h) : 16;
		}
		if (!nlen || memchr(name, 0, nlen) || memchr(name, '\n', nlen))
			lf_die("%s: corrupt archive member name at byte %zu", path,
			       off);
		VEC_PUSH(out, ((struct member){ name, nlen, off }));
		off += AR_HDR;
	}
}

/*
 * The members of thin archive PATH (REL below the top), added to KB's
 * objects.  Members that are archives themselves are read in turn (ar T
 * flattens them), each archive once: one listed again adds nothing, one
 * that lists itself, or nesting deeper than NEST_MAX, is an error.
 */
static void read_thin_archive(struct kbuild *kb, const char *path,
			      const char *rel, int depth)
{
	struct members mem = { 0 };
	struct stat st;
	size_t len;
	int fd = open_list(path, &st);
	char *data, *dir, *slash, *key;
	const void *state;

	if (fd < 0)
		lf_die("cannot read %s: %s", path, strerror(errno));
	key = xasprintf("%llu:%llu", (unsigned long long)st.st_dev,
			(unsigned long long)st.st_ino);
	state = strmap_get(kb->archives, key);
	if (state == &archive_reading)
		lf_die("%s: thin archive that lists itself (through its members): "
		       "refused", path);
	if (state) {
		close(fd);
		free(key);
		return;
	}
	if (depth > NEST_MAX)
		lf_die("%s: thin archives nested more than %d deep: refused",
		       path, NEST_MAX);
	strmap_put(kb->archives, key, &archive_reading);
	data = read_list_fd(path, fd, &st, &len);
	if (len < 8 || memcmp(data, "!<thin>\n", 8))
		lf_die("%s: not a thin archive (kbuild makes them with ar T)", path);
	dir = xstrdup(rel);
	slash = strrchr(dir, '/');
	if (slash)
		slash[1] = 0;
	else
		dir[0] = 0;
	ar_members(path, data, len, &mem);
	if (mem.n)
		count_members(kb, &(struct where){ path, mem.v[0].at }, mem.n);
	for (size_t i = 0; i < mem.n; i++) {
		struct where w = { path, mem.v[i].at };
		char *member = member_path(kb, &w, dir, mem.v[i].name,
					   mem.v[i].len, false);

		if (lf_has_suffix(member, ".a"))
			read_thin_archive(kb, member, member + strlen(kb->top) + 1,
					  depth + 1);
		else
			add_object(kb, member);
		free(member);
	}
	strmap_put(kb->archives, key, &archive_read);
	free(key);
	free(mem.v);
	free(data);
	free(dir);
}

/* "N objects from LIST" for the summary, LIST below the top. */
static void summary(struct strbuf *sb, size_t n, size_t again,
		    const char *list)
{
	sb_printf(sb, "%s%zu object%s from %s", sb->len ? ", " : "", n,
		  lf_plural(n), list);
	if (again)	/* 6.1 lists lib-y objects in vmlinux.a and lib.a */
		sb_printf(sb, " (and %zu already read)", again);
}

/* Thin archive REL below the top, if it is there. */
static void read_list_archive(struct kbuild *kb, const char *rel,
			      struct strbuf *sb)
{
	char *path = xasprintf("%s/%s", kb->top, rel);
	size_t before = kb->out->n, again = kb->again;

	if (is_file(path)) {
		read_thin_archive(kb, path, rel, 0);
		summary(sb, kb->out->n - before, kb->again - again, rel);
	}
	free(path);
}

/* A module's objects, from NAME.mod (NAME: byte AT of modules.order). */
static void read_mod(struct kbuild *kb, const char *order, size_t at,
		     const char *entry)
{
	size_t n = strlen(entry), len;
	char *base, *mod, *data = NULL, *tok, *save, *path;

	if (lf_has_suffix(entry, ".ko"))
		n -= 3;
	else if (lf_has_suffix(entry, ".o"))
		n -= 2;
	base = xasprintf("%.*s.mod", (int)n, entry);
	mod = member_path(kb, &(struct where){ order, at }, "", base,
			  strlen(base), true);
	if (mod)
		data = read_list(mod, &len);
	if (!data)
		lf_die("%s lists %s, but %s/%s cannot be read: %s (is the build "
		       "finished?)", order, entry, kb->top, base, strerror(errno));
	for (tok = strtok_r(data, " \t\n", &save); tok;
	     tok = strtok_r(NULL, " \t\n", &save)) {
		struct where w = { mod, tok - data };

		if (!lf_has_suffix(tok, ".o"))
			continue;
		count_members(kb, &w, 1);
		path = member_path(kb, &w, "", tok, strlen(tok), false);
		add_object(kb, path);
		free(path);
	}
	free(data);
	free(mod);
	free(base);
}

static void read_modules(struct kbuild *kb, struct strbuf *sb)
{
	char *path = xasprintf("%s/modules.order", kb->top), *data, *line, *save;
	size_t len, before = kb->out->n, modules = 0;

	data = is_file(path) ? read_list(path, &len) : NULL;
	if (data) {
		for (line = strtok_r(data, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save)) {
			count_members(kb, &(struct where){ path, line - data }, 1);
			read_mod(kb, path, line - data, line);
			modules++;
		}
		sb_printf(sb, "%s%zu object%s of %zu module%s from modules.order",
			  sb->len ? ", " : "", kb->out->n - before,
			  lf_plural(kb->out->n - before), modules,
			  lf_plural(modules));
	}
	free(data);
	free(path);
}

/* vmlinux also links lib/lib.a and arch/ARCH/lib/lib.a (kbuild's
 * KBUILD_VMLINUX_LIBS, lib-y), outside vmlinux.a. */
static char *read_kbuild(const char *top, struct lf_objlist *out)
{
	struct kbuild kb = {
		.out = out, .archives = strmap_new(), .objects = strmap_new(),
	};
	struct strbuf sb = { 0 };
	char *t = xstrdup(top), *arch, *rel, *path;
	size_t n = strlen(t);
	struct dirent *de;
	DIR *d;

	while (n > 1 && t[n - 1] == '/')
		t[--n] = 0;
	kb.top = t;
	kb.real = realpath(t, NULL);
	if (!kb.real)
		lf_die("cannot open %s: %s", t, strerror(errno));
	if (!strcmp(kb.real, "/"))
		kb.real[0] = 0;
	path = lf_abspath(t);
	kb.abs = normalize(path);
	free(path);
	path = xasprintf("%s/vmlinux.a", t);
	read_list_archive(&kb, is_file(path) ? "vmlinux.a" : "built-in.a", &sb);
	free(path);
	read_list_archive(&kb, "lib/lib.a", &sb);
	arch = xasprintf("%s/arch", t);
	d = opendir(arch);
	while (d && (de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		rel = xasprintf("arch/%s/lib/lib.a", de->d_name);
		read_list_archive(&kb, rel, &sb);
		free(rel);
	}
	if (d)
		closedir(d);
	free(arch);
	read_modules(&kb, &sb);
	free(kb.real);
	free(kb.abs);
	return sb.s;
}

static bool is_kbuild(const char *dir)
{
	return (is_file_in(dir, ".config") &&
		(is_file_in(dir, "vmlinux.a") || is_file_in(dir, "built-in.a") ||
		 is_file_in(dir, "modules.order"))) ||
	       (is_file_in(dir, "modules.order") &&
		(is_file_in(dir, "Kbuild") || is_file_in(dir, "Makefile")));
}

/*
 * An object kbuild compiled for the host (hostprogs: arch/x86/tools/
 * relocs_32.o, scripts/kconfig/conf.o, objtool): its .cmd file has no
 * -D__KERNEL__, which every kernel unit's command has.  Without a .cmd
 * file (objects not built by kbuild) nothing says so: a kernel object.
 */
static bool is_host_object(const char *obj)
{
	const char *base = strrchr(obj, '/');
	char *cmd, *text;
	size_t len;
	bool host;

	base = base ? base + 1 : obj;
	cmd = xasprintf("%.*s.%s.cmd", (int)(base - obj), obj, base);
	text = is_file(cmd) ? read_list(cmd, &len) : NULL;
	host = text && !strstr(text, "-D__KERNEL__");
	free(text);
	free(cmd);
	return host;
}

static void leave_out_host(struct lf_objlist *out)
{
	size_t n = 0;

	for (size_t i = 0; i < out->n; i++) {
		if (is_host_object(out->v[i])) {
			free(out->v[i]);
			out->host++;
			continue;
		}
		out->v[n++] = out->v[i];
	}
	out->n = n;
}

static int cmp_paths(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

bool lf_objects_list(const char *path, struct lf_objlist *out)
{
	struct stat st;
	size_t n = 0;

	memset(out, 0, sizeof(*out));
	if (stat(path, &st))
		lf_die("cannot open record directory %s: %s", path, strerror(errno));
	if (!S_ISDIR(st.st_mode)) {
		if (!S_ISREG(st.st_mode))
			lf_die("%s: %s, not an object: refused", path,
			       file_type(st.st_mode));
		VEC_PUSH(out, xstrdup(path));
		return false;
	}
	if (is_kbuild(path))
		out->lists = read_kbuild(path, out);
	else
		walk(path, out);
	/* kbuild's lists name no host object; a walk finds them all */
	leave_out_host(out);
	lf_sort(out->v, out->n, sizeof(*out->v), cmp_paths);
	for (size_t i = 0; i < out->n; i++) {
		if (n && !strcmp(out->v[n - 1], out->v[i])) {
			free(out->v[i]);
			continue;
		}
		out->v[n++] = out->v[i];
	}
	out->n = n;
	return true;
}
