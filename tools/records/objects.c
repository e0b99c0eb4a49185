// SPDX-License-Identifier: GPL-2.0
/*
 * objects.c - which objects hold the records of a build.
 *
 * A kbuild output directory keeps the objects of every configuration it
 * ever built; only kbuild's own lists say which belong to the current
 * one: the members of vmlinux.a (or of the top built-in.a before the
 * vmlinux link) and of the lib.a archives, and for each module of
 * modules.order its .mod file.  An external module's directory (make
 * M=DIR: modules.order, no .config) has only the modules; kbuild writes
 * their names there absolute, inside DIR.
 * These archives are thin: the members are names of files, read here
 * without running ar.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "lib/util.h"
#include "records/objects.h"

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

static bool has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n > m && !strcmp(s + n - m, suffix);
}

static bool has_records(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	bool found = false;

	if (!d)
		lf_die("cannot open %s: %s", dir, strerror(errno));
	while (!found && (de = readdir(d)))
		found = has_suffix(de->d_name, ".lfr") && is_file_in(dir, de->d_name);
	closedir(d);
	return found;
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
		} else if (has_suffix(de->d_name, ".o") && is_file(path)) {
			VEC_PUSH(out, path);
		} else {
			free(path);
		}
	}
	closedir(d);
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

/*
 * The members of thin archive PATH, made relative to the build's top
 * (they are stored relative to the archive's directory).  Members that
 * are archives themselves are read in turn (ar T flattens them: deeper
 * than a few levels is a loop).
 */
static void read_thin_archive(const char *path, struct lf_objlist *out,
			      int depth)
{
	size_t len, off = 8, strtab_off = 0, strtab_len = 0;
	char *data = lf_read_file(path, &len);
	char *dir = xstrdup(path), *slash = strrchr(dir, '/');

	if (!data)
		lf_die("cannot read %s: %s", path, strerror(errno));
	if (slash)
		slash[1] = 0;
	else
		dir[0] = 0;
	if (depth > 8)
		lf_die("%s: thin archives nested too deep (a loop?)", path);
	if (len < 8 || memcmp(data, "!<thin>\n", 8))
		lf_die("%s: not a thin archive (kbuild makes them with ar T)", path);
	while (off < len) {
		const char *h = data + off, *name;
		size_t size, nlen;
		char *member;

		if (len - off < AR_HDR || memcmp(h + 58, "`\n", 2) ||
		    !ar_number(h + 48, 10, &size))
			lf_die("%s: corrupt archive member header at byte %zu", path, off);
		off += AR_HDR;
		/* only the symbol table and the name table are in the file */
		if (h[0] == '/' && (h[1] == ' ' || h[1] == '/')) {
			if (size > len - off)
				lf_die("%s: archive cut at byte %zu", path, len);
			if (h[1] == '/') {
				strtab_off = off;
				strtab_len = size;
			}
			off += size + (size & 1);
			continue;
		}
		if (h[0] == '/') {
			size_t at;

			if (!ar_number(h + 1, 15, &at) || at >= strtab_len)
				lf_die("%s: corrupt archive member name at byte %zu",
				       path, off - AR_HDR);
			name = data + strtab_off + at;
			for (nlen = 0; at + nlen < strtab_len && name[nlen] != '\n'; nlen++)
				;
		} else {
			name = h;
			for (nlen = 0; nlen < 16 && name[nlen] != '/'; nlen++)
				;
		}
		if (nlen && name[nlen - 1] == '/')
			nlen--;
		if (!nlen || memchr(name, 0, nlen))
			lf_die("%s: corrupt archive member name at byte %zu", path,
			       off - AR_HDR);
		member = name[0] == '/' ? xasprintf("%.*s", (int)nlen, name) :
			 xasprintf("%s%.*s", dir, (int)nlen, name);
		if (has_suffix(member, ".a")) {
			read_thin_archive(member, out, depth + 1);
			free(member);
		} else {
			VEC_PUSH(out, member);
		}
	}
	free(data);
	free(dir);
}

/* TOP/NAME, or NAME if absolute: it must then be inside TOP (LIST, the
 * file naming it, says so). */
static char *member(const char *top, const char *list, const char *name)
{
	char *real;
	size_t n;

	if (name[0] != '/')
		return xasprintf("%s/%s", top, name);
	real = realpath(top, NULL);
	n = real ? strlen(real) : 0;
	if (!real || strncmp(name, real, n) || name[n] != '/' ||
	    strstr(name, "/../"))
		lf_die("%s names %s, which is not inside %s", list, name,
		       real ? real : top);
	free(real);
	return xstrdup(name);
}

/* A module's objects, from DIR/NAME.mod (NAME from modules.order). */
static void read_mod(const char *top, const char *entry, struct lf_objlist *out)
{
	char *order = xasprintf("%s/modules.order", top);
	char *base, *mod, *data, *tok, *save, *ko = member(top, order, entry);
	size_t n = strlen(ko), len;

	if (has_suffix(entry, ".ko"))
		n -= 3;
	else if (has_suffix(entry, ".o"))
		n -= 2;
	base = xasprintf("%.*s", (int)n, ko);
	mod = xasprintf("%s.mod", base);
	free(ko);
	data = lf_read_file(mod, &len);
	if (!data)
		lf_die("%s lists %s, but %s cannot be read: %s (is the build "
		       "finished?)", "modules.order", entry, mod, strerror(errno));
	for (tok = strtok_r(data, " \t\n", &save); tok;
	     tok = strtok_r(NULL, " \t\n", &save))
		if (has_suffix(tok, ".o"))
			VEC_PUSH(out, member(top, mod, tok));
	free(data);
	free(mod);
	free(base);
	free(order);
}

/* vmlinux also links lib/lib.a and arch/ARCH/lib/lib.a (kbuild's
 * KBUILD_VMLINUX_LIBS, lib-y), outside vmlinux.a. */
static void libs(const char *top, struct lf_objlist *out)
{
	char *path = xasprintf("%s/lib/lib.a", top), *arch;
	DIR *d;
	struct dirent *de;

	if (is_file(path))
		read_thin_archive(path, out, 0);
	free(path);
	arch = xasprintf("%s/arch", top);
	d = opendir(arch);
	while (d && (de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		path = xasprintf("%s/%s/lib/lib.a", arch, de->d_name);
		if (is_file(path))
			read_thin_archive(path, out, 0);
		free(path);
	}
	if (d)
		closedir(d);
	free(arch);
}

static void read_kbuild(const char *top, struct lf_objlist *out)
{
	char *path, *data, *line, *save;
	size_t len;

	path = xasprintf("%s/vmlinux.a", top);
	if (!is_file(path)) {
		free(path);
		path = xasprintf("%s/built-in.a", top);
	}
	if (is_file(path))
		read_thin_archive(path, out, 0);
	free(path);
	libs(top, out);
	path = xasprintf("%s/modules.order", top);
	data = is_file(path) ? lf_read_file(path, &len) : NULL;
	if (data)
		for (line = strtok_r(data, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save))
			read_mod(top, line, out);
	free(data);
	free(path);
}

static bool is_kbuild(const char *dir)
{
	return (is_file_in(dir, ".config") &&
		(is_file_in(dir, "vmlinux.a") || is_file_in(dir, "built-in.a") ||
		 is_file_in(dir, "modules.order"))) ||
	       (is_file_in(dir, "modules.order") &&
		(is_file_in(dir, "Kbuild") || is_file_in(dir, "Makefile")));
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
		VEC_PUSH(out, xstrdup(path));
		return true;
	}
	if (has_records(path))
		return false;
	if (is_kbuild(path))
		read_kbuild(path, out);
	else
		walk(path, out);
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
