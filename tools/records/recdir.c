// SPDX-License-Identifier: GPL-2.0
/*
 * recdir.c - load a record directory: every *.lfr file, each line one
 * JSON record (docs/RECORDS.md), checked field by field (recfields.c).
 *
 * The plugin renames a file into place only when complete, and its last
 * line is always the tu record: a file ending any other way was cut or
 * edited, and a verdict built on half a unit would be wrong in silence.
 * So the default is to refuse it; --lenient skips and counts instead.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <jansson.h>
#include "lib/util.h"
#include "lib/path.h"
#include "records/recdir.h"
#include "records/recparse.h"
#include "records/objects.h"

/*
 * One line's JSON tree lives in an arena, dropped whole once the line is
 * parsed: nothing of it is kept (the record's strings are interned), and
 * malloc() and free() of every node cost more than the parse.
 */
static struct {
	char *base;
	size_t size, used;
	struct { void **v; size_t n, cap; } big;	/* what did not fit */
} arena;

static void *arena_alloc(size_t n)
{
	void *p;

	n = (n + 15) & ~(size_t)15;
	if (n > arena.size - arena.used) {
		p = xmalloc(n);
		VEC_PUSH(&arena.big, p);
		return p;
	}
	p = arena.base + arena.used;
	arena.used += n;
	return p;
}

static void arena_free(void *p)
{
}

static void arena_reset(void)
{
	for (size_t i = 0; i < arena.big.n; i++)
		free(arena.big.v[i]);
	/* a line that did not fit: make room for the next such line */
	if (arena.big.n || !arena.base) {
		free(arena.base);
		arena.size = arena.base ? 2 * arena.size : 256 * 1024;
		arena.base = xmalloc(arena.size);
	}
	arena.big.n = 0;
	arena.used = 0;
}

/* Parse one line into R; false, with *err set, if it is no valid record. */
static bool parse_line(const char *text, size_t len, struct lf_rec *r, char **err)
{
	struct lf_parse p = { 0 };
	json_error_t jerr;
	json_t *o;
	bool ok;

	memset(r, 0, sizeof(*r));
	if (len == 0) {
		*err = xstrdup("empty line");
		return false;
	}
	/* jansson 2.14 reads a NUL byte between tokens as a blank: no
	 * record has one, so a line that does is not what the plugin wrote */
	if (memchr(text, 0, len)) {
		*err = xasprintf("a NUL byte (column %zu)",
				 (size_t)((const char *)memchr(text, 0, len) - text) + 1);
		return false;
	}
	arena_reset();
	json_set_alloc_funcs(arena_alloc, arena_free);
	o = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
	json_set_alloc_funcs(malloc, free);
	if (!o) {
		*err = xasprintf("not valid JSON: %s (column %d)", jerr.text,
				 jerr.column);
		return false;
	}
	/* O goes with the arena: the record's strings are interned
	 * (lf_intern()), so memory follows the distinct names, not the
	 * lines read. */
	lf_modroot_named();
	ok = lf_record_parse(o, r, &p);
	r->names_modroot = lf_modroot_named();
	if (!ok)
		*err = p.err;
	return ok;
}

struct file_lines {
	char *data;
	struct { struct { const char *s; size_t len; } *v; size_t n, cap; } lines;
};

/* FL->data, LEN bytes, cut into lines; FL owns the data. */
static void split_lines(struct file_lines *fl, size_t len)
{
	char *p;

	/* A final newline ends the last line; it does not start another. */
	for (p = fl->data; p < fl->data + len;) {
		char *nl = memchr(p, '\n', fl->data + len - p);
		size_t l = nl ? (size_t)(nl - p) : (size_t)(fl->data + len - p);

		VEC_PUSH(&fl->lines, ((typeof(*fl->lines.v)){ p, l }));
		p += l + 1;
	}
}

struct loader {
	struct lf_records *out;
	bool lenient, mixed_builds;
	const char *path;
	size_t file_skipped;	/* lines skipped in this file */
	struct lf_rec first;	/* tu record of the first file read */
	struct lf_rec mod;	/* ... and of the first with a modroot */
	/* unit -> the object (section) or record file its records came
	 * from: a directory can hold both */
	struct strmap *in_objects, *in_files;
	bool from_object;	/* ld->path is an object's section */
	/* the unit being read: kept (lf_dedup_add()) once it is whole */
	struct { struct lf_rec *v; size_t n, cap; } unit;
	struct lf_dedup *dedup;
};

/* A bad line: fatal unless lenient. */
static void bad_line(struct loader *ld, int lineno, char *err)
{
	if (!ld->lenient)
		lf_die("%s:%d: %s", ld->path, lineno, err);
	ld->file_skipped++;
	free(err);
}

/*
 * The file-level checks come first: a file cut in half mostly ends in
 * half a JSON line, and "cut or edited" says more than "invalid JSON".
 */
static bool check_last_line(struct loader *ld, struct file_lines *fl,
			    struct lf_rec *tu)
{
	size_t n = fl->lines.n;
	char *err = NULL;
	bool ok = n > 0 && parse_line(fl->lines.v[n - 1].s,
				      fl->lines.v[n - 1].len, tu, &err);

	if (ok && tu->kind == LF_REC_TU)
		return true;
	/* a whole tu record with a bad field: say which */
	if (!ok && tu->kind == LF_REC_TU && !ld->lenient)
		lf_die("%s:%zu: %s", ld->path, n, err);
	free(err);
	if (!ld->lenient)
		lf_die("%s:%zu: last line is not a tu record: the file was cut or edited",
		       ld->path, n);
	ld->file_skipped = n ? n : 1;
	return false;
}

/* The tu record counts what the plugin wrote: another count means lines
 * went missing in the middle. */
static void check_counts(struct loader *ld, const struct lf_rec *tu,
			 size_t sections, size_t unknown, size_t nlines)
{
	if (ld->file_skipped || (tu->tu_sections == (long)sections &&
				 tu->tu_unknown == (long)unknown))
		return;
	if (!ld->lenient)
		lf_die("%s:%zu: tu record counts %ld section and %ld unknown records, "
		       "the file has %zu and %zu: lines are missing or added",
		       ld->path, nlines, tu->tu_sections, tu->tu_unknown,
		       sections, unknown);
	ld->unit.n = 0;
	ld->file_skipped = nlines;
}

static bool same_build(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* A "$M/" name in a unit whose build names no module directory: it is
 * relative to nothing. */
static char *unrooted(void)
{
	return xasprintf("a file of the module directory (\"" LF_MODROOT_TAG
			 "/...\") is named, but the unit's tu record carries no "
			 "build modroot it is relative to");
}

/*
 * Two trees, two configurations or a stale unit from an earlier build:
 * names and lines would be compared across sources that differ.  Records
 * without an identity (written by hand) go only with their kind.
 */
static void check_build(struct loader *ld, const struct lf_rec *tu)
{
	const struct lf_rec *first = &ld->first, *mod = &ld->mod;

	/* "$M/x.c" of two module directories would be one name */
	if (tu->modroot && mod->src && strcmp(mod->modroot, tu->modroot))
		lf_die("%s:%d and %s:%d come from different module directories "
		       "(%s; %s): their \"" LF_MODROOT_TAG "/\" file names cannot "
		       "be read together", mod->src, mod->srcline, tu->src,
		       tu->srcline, mod->modroot, tu->modroot);
	if (tu->modroot && !mod->src)
		ld->mod = *tu;
	if (!first->src) {
		ld->first = *tu;
		return;
	}
	/* a module's units have the identity of the kernel build they
	 * were built against: they go with its units */
	if (ld->mixed_builds || same_build(first->build, tu->build))
		return;
	lf_die("%s:%d and %s:%d come from different builds (%s; %s): "
	       "give --mixed-builds to read them together",
	       first->src, first->srcline, tu->src, tu->srcline,
	       first->build ?: "no build identity",
	       tu->build ?: "no build identity");
}

/*
 * A unit with records both in its object and in a record file beside it
 * (one build into the objects, another with --out): two copies, of two
 * builds of its source perhaps; which is current nothing says.
 */
static void check_unit_once(struct loader *ld, const struct lf_rec *tu)
{
	struct strmap *mine = ld->from_object ? ld->in_objects : ld->in_files;
	const char *other = strmap_get(ld->from_object ? ld->in_files :
				       ld->in_objects, tu->tu);

	if (other)
		lf_die("%s: unit %s has records in %s too: a build with "
		       "--out wrote record files beside the objects; remove the "
		       "record files (*.lfr) and run lockfit build without --out, "
		       "or give a directory of record files alone", ld->path,
		       tu->tu, other);
	strmap_put(mine, tu->tu, (void *)ld->path);
}

/* The records of one unit, DATA (LEN bytes, malloc'ed: freed here), from
 * a record file or an object's section: ld->path names it in messages. */
static void load_text(struct loader *ld, char *data, size_t len)
{
	struct file_lines fl = { .data = data };
	struct lf_rec tu, r;
	size_t sections = 0, unknown = 0, good = 0;
	char *err;

	ld->file_skipped = 0;
	ld->unit.n = 0;
	split_lines(&fl, len);
	if (!check_last_line(ld, &fl, &tu))
		goto done;
	if (tu.names_modroot && !tu.modroot) {
		bad_line(ld, fl.lines.n, unrooted());
		ld->file_skipped = fl.lines.n;
		goto done;
	}
	for (size_t i = 0; i + 1 < fl.lines.n; i++) {
		if (!parse_line(fl.lines.v[i].s, fl.lines.v[i].len, &r, &err)) {
			bad_line(ld, i + 1, err);
			continue;
		}
		if (r.names_modroot && !tu.modroot) {
			bad_line(ld, i + 1, unrooted());
			continue;
		}
		if (r.kind == LF_REC_TU) {
			bad_line(ld, i + 1, xstrdup("tu record before the end of the file"));
			continue;
		}
		sections += r.kind == LF_REC_SECTION;
		unknown += r.kind == LF_REC_UNKNOWN;
		r.src = ld->path;
		r.srcline = i + 1;
		/* a unit's calls in one line: a record per function, as
		 * earlier plugins wrote them (and counted) */
		good += r.fns.v ? r.fns.n : 1;
		for (size_t j = 0; j < r.fns.n; j++) {
			r.fns.v[j].src = ld->path;
			r.fns.v[j].srcline = i + 1;
			VEC_PUSH(&ld->unit, r.fns.v[j]);
		}
		if (r.fns.v) {
			free(r.fns.v);
			continue;
		}
		VEC_PUSH(&ld->unit, r);
	}
	check_counts(ld, &tu, sections, unknown, fl.lines.n);
	if (ld->file_skipped == fl.lines.n)
		goto done;
	tu.src = ld->path;
	tu.srcline = fl.lines.n;
	check_build(ld, &tu);
	check_unit_once(ld, &tu);
	VEC_PUSH(&ld->unit, tu);
	for (size_t i = 0; i < ld->unit.n; i++)
		lf_dedup_add(ld->dedup, ld->out, &ld->unit.v[i]);
	ld->out->records += good + 1;
	ld->out->files++;
	if (!tu.complete)
		VEC_PUSH(&ld->out->incomplete, tu.tu);
done:
	/* nothing points into the text any more: parse_line() */
	free(fl.data);
	free(fl.lines.v);
	if (ld->file_skipped) {
		ld->out->skipped_lines += ld->file_skipped;
		ld->out->skipped_files++;
	}
}

static void load_file(struct loader *ld)
{
	size_t len;
	char *data = lf_read_file(ld->path, &len);

	if (!data)
		lf_die("cannot read %s: %s", ld->path, strerror(errno));
	load_text(ld, data, len);
}

/* An object's records: its section, and the name its unit's record file
 * would have, for the same order as a record directory. */
struct unit {
	char *obj, *key, *text;
	size_t len;
};

/* DIR/NAME.lfr of the plugin's recfile.c: "/" is "__", "_" is "_-". */
static char *record_file_name(const char *tu)
{
	struct strbuf sb = { 0 };

	for (; *tu; tu++)
		sb_printf(&sb, "%s", *tu == '/' ? "__" : *tu == '_' ? "_-" :
			  (char[]){ *tu, 0 });
	sb_printf(&sb, ".lfr");
	return sb.s;
}

/* The unit of TEXT from its last line, the tu record; "" if that is no
 * tu record (load_text() then says why). */
static char *unit_key(const char *text, size_t len)
{
	const char *end = text + len, *p;
	struct lf_rec r;
	char *err = NULL;

	if (len && end[-1] == '\n')
		end--;
	for (p = end; p > text && p[-1] != '\n'; p--)
		;
	if (!parse_line(p, end - p, &r, &err) || r.kind != LF_REC_TU || !r.tu) {
		free(err);
		return xstrdup("");
	}
	return record_file_name(r.tu);
}

static int cmp_units(const void *a, const void *b)
{
	const struct unit *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	return c ? c : strcmp(x->obj, y->obj);
}

/* Read each object's section; objects without one are named, not fatal. */
static void load_objects(struct loader *ld, const char *path,
			 struct lf_objlist *objs)
{
	struct { struct unit *v; size_t n, cap; } units = { 0 };

	ld->from_object = true;
	for (size_t i = 0; i < objs->n; i++) {
		size_t len, seclen;
		const char *sec;
		char *data = lf_read_file(objs->v[i], &len);
		struct unit u = { .obj = objs->v[i] };

		if (!data)
			lf_die("cannot read %s: %s", objs->v[i], strerror(errno));
		ld->out->objects++;
		if (lf_elf_section(objs->v[i], data, len, LF_RECORDS_SECTION,
				   &sec, &seclen)) {
			VEC_PUSH(&ld->out->unplugged, objs->v[i]);
			free(data);
			continue;
		}
		u.text = xmalloc(seclen + 1);
		memcpy(u.text, sec, seclen);
		u.len = seclen;
		free(data);
		u.key = unit_key(u.text, u.len);
		VEC_PUSH(&units, u);
	}
	lf_sort(units.v, units.n, sizeof(*units.v), cmp_units);
	for (size_t i = 0; i < units.n; i++) {
		ld->path = xasprintf("%s(%s)", units.v[i].obj, LF_RECORDS_SECTION);
		load_text(ld, units.v[i].text, units.v[i].len);
		free(units.v[i].key);
	}
	free(units.v);
	ld->from_object = false;
}

struct names {
	char **v;
	size_t n, cap;
};

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool is_record_file(const char *dir, const char *name)
{
	size_t n = strlen(name);
	struct stat st;
	char *path;
	bool ok;

	/* The plugin's temporary names end in ".tmp": never complete.  One
	 * that is not a regular file is listed, for lf_read_file() to
	 * refuse: skipped, its units would go unseen. */
	if (n <= 4 || strcmp(name + n - 4, ".lfr"))
		return false;
	path = xasprintf("%s/%s", dir, name);
	ok = stat(path, &st) == 0;
	free(path);
	return ok;
}

/* Sorted, so that every output is the same for the same directory. */
static void list_dir(const char *dir, struct names *names)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	if (!d)
		lf_die("cannot open record directory %s: %s", dir, strerror(errno));
	while ((de = readdir(d)))
		if (is_record_file(dir, de->d_name))
			VEC_PUSH(names, xstrdup(de->d_name));
	closedir(d);
	lf_sort(names->v, names->n, sizeof(*names->v), cmp_names);
}

/* OBJ below DIR without ".o": "fs/x" of "DIR/fs/x.o"; NULL if elsewhere. */
static char *object_stem(const char *dir, const char *obj)
{
	size_t n = strlen(dir), len = strlen(obj);

	while (n > 1 && dir[n - 1] == '/')
		n--;
	if (strncmp(obj, dir, n) || obj[n] != '/' || !lf_has_suffix(obj, ".o"))
		return NULL;
	return xasprintf("%.*s", (int)(len - n - 3), obj + n + 1);
}

/* An object without records whose unit a record file of DIR holds was
 * built with --out: its records are read, it is not unplugged. */
static void drop_recorded(struct loader *ld, const char *dir)
{
	struct lf_records *out = ld->out;
	size_t n = 0;

	for (size_t i = 0; i < out->unplugged.n; i++) {
		char *stem = object_stem(dir, out->unplugged.v[i]);
		char *tu = stem ? xasprintf("%s.c", stem) : NULL;
		char *mtu = stem ? xasprintf(LF_MODROOT_TAG "/%s.c", stem) : NULL;
		bool recorded = tu && (strmap_get(ld->in_files, tu) ||
				       strmap_get(ld->in_files, mtu));

		free(stem);
		free(tu);
		free(mtu);
		if (recorded) {
			out->recorded_apart++;
			continue;
		}
		out->unplugged.v[n++] = out->unplugged.v[i];
	}
	out->unplugged.n = n;
}

/* Every record DIR holds: its objects' sections, then its record files. */
static void load_dir(struct loader *ld, const char *dir,
		     struct lf_objlist *objs)
{
	struct names names = { 0 };

	list_dir(dir, &names);
	if (!names.n && !objs->n)
		lf_die("%s: no record files (*.lfr) and no objects (*.o): was the "
		       "build run with the plugin?", dir);
	load_objects(ld, dir, objs);
	for (size_t i = 0; i < names.n; i++) {
		ld->path = xasprintf("%s/%s", dir, names.v[i]);
		load_file(ld);
	}
	drop_recorded(ld, dir);
	if (objs->n && !names.n && !ld->out->files && !ld->out->skipped_files)
		lf_die("%s: none of %zu object%s has records (section %s): was it "
		       "built with the plugin?", dir, objs->n,
		       lf_plural(objs->n), LF_RECORDS_SECTION);
}

void lf_records_load(const char *dir, unsigned load, struct lf_records *out)
{
	struct loader ld = {
		.out = out,
		.lenient = load & LF_LOAD_LENIENT,
		.mixed_builds = load & LF_LOAD_MIXED_BUILDS,
		.in_objects = strmap_new(),
		.in_files = strmap_new(),
		.dedup = lf_dedup_new(),
	};
	struct lf_objlist objs;
	bool is_dir;

	memset(out, 0, sizeof(*out));
	is_dir = lf_objects_list(dir, &objs);
	if (objs.lists)
		lf_err("%s: read %s", dir, objs.lists);
	out->host_objects = objs.host;
	if (is_dir)
		load_dir(&ld, dir, &objs);
	else
		load_objects(&ld, dir, &objs);
	lf_dedup_free(ld.dedup);
	free(ld.unit.v);
	if (!out->files)
		lf_die("%s: no usable record files (%zu skipped)", dir,
		       out->skipped_files);
}

const char *lf_records_modroot(const struct lf_records *recs)
{
	for (size_t i = 0; i < recs->recs.n; i++)
		if (recs->recs.v[i]->kind == LF_REC_TU &&
		    recs->recs.v[i]->modroot)
			return recs->recs.v[i]->modroot;
	return NULL;
}

const char *lf_modroot_file(const char *file)
{
	size_t n = strlen(LF_MODROOT_TAG);

	if (!file || strncmp(file, LF_MODROOT_TAG, n) || file[n] != '/')
		return NULL;
	return file + n + 1;
}

char *lf_records_path(const char *tree, const char *modroot, const char *file)
{
	const char *m = lf_modroot_file(file);

	if (m)
		return modroot ? xasprintf("%s/%s", modroot, m) : NULL;
	return xasprintf("%s/%s", tree, file);
}

bool lf_records_build_dirs(const struct lf_records *recs, const char **src,
			   const char **obj)
{
	for (size_t i = 0; i < recs->recs.n; i++)
		if (recs->recs.v[i]->kind == LF_REC_TU &&
		    recs->recs.v[i]->srcroot) {
			*src = recs->recs.v[i]->srcroot;
			*obj = recs->recs.v[i]->objtree;
			return true;
		}
	return false;
}
