// SPDX-License-Identifier: GPL-2.0
/*
 * records.c - buffer records in memory, write them once per unit.
 *
 * A make -j build runs many compilers at once: each writes its own file,
 * under a temporary name in the same directory, and renames it into place
 * only when complete.  A killed compile leaves at most a ".tmp" file,
 * which readers ignore; two compiles never share a file.
 */
#include <sys/stat.h>
#include <errno.h>
#include "compat.h"
#include "lockid.h"
#include "records.h"

#define LF_VERSION "0.1.0"

struct lf_tu_stats lf_stats;

static const char *out_dir;
static char *buf;
static size_t len, cap;

void lf_records_set_dir(const char *dir)
{
	out_dir = dir;
}

bool lf_records_wanted(void)
{
	return out_dir != NULL;
}

void lf_record_set_location(json_t *obj, location_t loc)
{
	expanded_location xloc = expand_location(loc);

	json_object_set_new(obj, "file", json_string(lf_path(xloc.file)));
	json_object_set_new(obj, "line", json_integer(xloc.line));
	json_object_set_new(obj, "column", json_integer(xloc.column));
}

json_t *lf_record_new(const char *kind, location_t loc, tree fndecl)
{
	json_t *rec = json_object();
	char fnbuf[512];

	json_object_set_new(rec, "v", json_integer(LF_RECORD_VERSION));
	json_object_set_new(rec, "record", json_string(kind));
	json_object_set_new(rec, "tu", json_string(lf_tu_file()));
	if (loc != UNKNOWN_LOCATION)
		lf_record_set_location(rec, loc);
	if (fndecl)
		json_object_set_new(rec, "function", json_string(
			lf_function_id(fndecl, fnbuf, sizeof(fnbuf))));
	return rec;
}

void lf_record_add(json_t *rec)
{
	char *line;
	size_t n;

	if (!out_dir) {
		json_decref(rec);
		return;
	}
	line = json_dumps(rec, JSON_COMPACT | JSON_PRESERVE_ORDER);
	json_decref(rec);
	if (!line)
		return;
	n = strlen(line);
	if (len + n + 2 > cap) {
		cap = MAX(cap * 2, len + n + 4096);
		buf = XRESIZEVEC(char, buf, cap);
	}
	memcpy(buf + len, line, n);
	len += n;
	buf[len++] = '\n';
	free(line);
}

/*
 * DIR/fs__file_-table.c.lfr for fs/file_table.c: "/" is written "__" and
 * "_" is written "_-", so that every unit has its own file name (a/b.c
 * and a__b.c would otherwise share one) and the name can be read back.
 */
static char *record_path(void)
{
	const char *tu = lf_tu_file();
	size_t n = strlen(out_dir) + 2 * strlen(tu) + 8;
	char *path = XNEWVEC(char, n), *p;

	p = path + sprintf(path, "%s/", out_dir);
	for (; *tu; tu++) {
		if (*tu == '/' || *tu == '_') {
			*p++ = '_';
			*p++ = *tu == '/' ? '_' : '-';
		} else {
			*p++ = *tu;
		}
	}
	strcpy(p, ".lfr");
	return path;
}

static bool write_all(int fd, const char *data, size_t n)
{
	while (n) {
		ssize_t done = write(fd, data, n);

		if (done < 0 && errno == EINTR)
			continue;
		if (done <= 0)
			return false;
		data += done;
		n -= done;
	}
	return true;
}

/*
 * FNV-1a of the configuration kbuild generated in the objtree, or NULL
 * when there is none (not a kernel build) or it cannot be read: the
 * identity is a help to the reader, never a reason to fail a compile.
 */
static const char *config_hash(char *buf, size_t len)
{
	FILE *f = fopen("include/generated/autoconf.h", "rb");
	unsigned long long h = 0xcbf29ce484222325ULL;
	int c;

	if (!f)
		return NULL;
	while ((c = getc(f)) != EOF)
		h = (h ^ (unsigned char)c) * 0x100000001b3ULL;
	if (ferror(f)) {
		fclose(f);
		return NULL;
	}
	fclose(f);
	snprintf(buf, len, "%016llx", h);
	return buf;
}

/* Which tree and build the records come from: readers refuse to mix. */
static json_t *build_identity(void)
{
	json_t *b = json_object();
	char buf[32];
	const char *config = config_hash(buf, sizeof(buf));

	json_object_set_new(b, "srcroot", json_string(lf_srcroot()));
	json_object_set_new(b, "objtree", json_string(lf_objtree()));
	if (config)
		json_object_set_new(b, "config", json_string(config));
	return b;
}

bool lf_records_finish(void)
{
	json_t *tu;
	char *path, *tmp;
	int fd;
	bool ok;

	if (!out_dir)
		return true;
	tu = lf_record_new("tu", UNKNOWN_LOCATION, NULL_TREE);
	json_object_set_new(tu, "lockfit", json_string(LF_VERSION));
	json_object_set_new(tu, "gcc", json_string(LF_GCC_VERSION));
	json_object_set_new(tu, "functions", json_integer(lf_stats.functions));
	json_object_set_new(tu, "locking_functions", json_integer(lf_stats.locking));
	json_object_set_new(tu, "sections", json_integer(lf_stats.sections));
	json_object_set_new(tu, "unknown", json_integer(lf_stats.unknown));
	json_object_set_new(tu, "complete", json_boolean(!seen_error()));
	json_object_set_new(tu, "build", build_identity());
	lf_record_add(tu);

	if (mkdir(out_dir, 0777) && errno != EEXIST) {
		error("lockfit: cannot create record directory %qs: %m", out_dir);
		return false;
	}
	path = record_path();
	tmp = concat(path, ".XXXXXX.tmp", NULL);
	fd = mkstemps(tmp, 4);
	if (fd < 0) {
		error("lockfit: cannot write records to %qs: %m", out_dir);
		free(path);
		free(tmp);
		return false;
	}
	ok = write_all(fd, buf, len) && fchmod(fd, 0644) == 0;
	ok &= close(fd) == 0;
	ok = ok && rename(tmp, path) == 0;
	if (!ok) {
		error("lockfit: cannot write records to %qs: %m", path);
		unlink(tmp);
	}
	free(path);
	free(tmp);
	XDELETEVEC(buf);
	buf = NULL;
	len = cap = 0;
	return ok;
}
