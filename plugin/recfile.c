// SPDX-License-Identifier: GPL-2.0
/*
 * recfile.c - buffer record lines in memory, write them once per unit.
 *
 * A make -j build runs many compilers at once: each writes its own file,
 * under a temporary name in the same directory, and renames it into place
 * only when complete.  A killed compile leaves at most a ".tmp" file,
 * which readers ignore; two compiles never share a file.
 *
 * Without out=DIR the same bytes go into the object, section
 * LF_RECORDS_SECTION (schema/records.h), through the assembler file: a
 * ccache hit or a distcc compile then brings its records with it.
 */
#include <sys/stat.h>
#include <errno.h>
#include "compat.h"
#include "lockid.h"
#include "recfile.h"

static const char *out_dir;
static char *buf;
static size_t len, cap;

void lf_output_set_dir(const char *dir)
{
	out_dir = dir;
}

bool lf_output_wanted(void)
{
	return out_dir != NULL || lf_asm_file() != NULL;
}

void lf_output_line(const char *line)
{
	size_t n;

	if (!lf_output_wanted())
		return;
	n = strlen(line);
	if (len + n + 2 > cap) {
		cap = MAX(cap * 2, len + n + 4096);
		buf = XRESIZEVEC(char, buf, cap);
	}
	memcpy(buf + len, line, n);
	len += n;
	buf[len++] = '\n';
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

static void drop_buffer(void)
{
	XDELETEVEC(buf);
	buf = NULL;
	len = cap = 0;
}

/*
 * As .ascii strings, 64 bytes a line, each line escaped into LINE and
 * written at once (a call per byte was most of the writing's cost).
 * '-' is escaped too: kbuild reads the .ascii lines of asm-offsets.s
 * that start with "->" as definitions.
 */
static void write_section(FILE *as)
{
	char line[16 + 64 * 4];

	fputs(LF_ASM_PUSH_SECTION(LF_RECORDS_SECTION), as);
	for (size_t i = 0; i < len; i += 64) {
		char *p = line + sprintf(line, "\t.ascii \"");

		for (size_t j = i; j < len && j < i + 64; j++) {
			unsigned char c = buf[j];

			if (c == '"' || c == '\\') {
				*p++ = '\\';
				*p++ = c;
			} else if (c < 0x20 || c >= 0x7f || c == '-') {
				*p++ = '\\';
				*p++ = '0' + (c >> 6);
				*p++ = '0' + ((c >> 3) & 7);
				*p++ = '0' + (c & 7);
			} else {
				*p++ = c;
			}
		}
		*p++ = '"';
		*p++ = '\n';
		fwrite(line, 1, p - line, as);
	}
	fputs(LF_ASM_POP_SECTION, as);
}

bool lf_output_finish(void)
{
	char *path, *tmp;
	int fd;
	bool ok;

	if (!out_dir) {
		/* never fails the compile: the object is what counts */
		if (lf_asm_file() && len)
			write_section(lf_asm_file());
		drop_buffer();
		return true;
	}
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
	drop_buffer();
	return ok;
}
