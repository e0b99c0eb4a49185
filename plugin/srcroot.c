// SPDX-License-Identifier: GPL-2.0
/*
 * srcroot.c - the roots file names in records are relative to, and the
 * build a unit belongs to (docs/RECORDS.md "File names", "tu").
 *
 * The kernel tree is srcroot=DIR if given, else the compile shows it:
 * kbuild forces "-include $(srctree)/include/linux/kconfig.h" on every C
 * unit (srctree is "." in the tree, ".." or an absolute path for O=), so
 * a plain KCFLAGS=-fplugin=... build names its files as lockfit build
 * does.  The second root is kbuild's external module directory (M=DIR,
 * exported as KBUILD_EXTMOD), whose files are written "$M/NAME".
 *
 * Linux 6.13 and later compile an external module in the module's own
 * directory and export the kernel's build directory as objtree and the
 * module's directory as srcroot: the objtree (the build identity, the
 * configuration) is then not the working directory (relative names).
 *
 * A distributed compile (lockfit-cc under distcc) runs in a directory of
 * the server on a preprocessed copy whose file names are the client's:
 * objtree=, cwd=, config= and modroot= give the client's view of the
 * compile, which the plugin takes instead of its own.
 */
#include "compat.h"
#include "schema/records.h"
#include "srcroot.h"

static char *srcroot, *modroot, *tu_file;
static bool found;	/* srcroot and modroot decided */
/* the client's view of a distributed compile, else NULL; without cwd=
 * the client's working directory is its objtree= (as before 6.13) */
static char *objtree_opt, *cwd_opt, *config_opt, *modroot_opt;

/* PATH made absolute (against the working directory: cwd=, else
 * objtree=, if given) and lexically normalised in place: "//", "/./" and
 * "dir/.." removed. */
static void absolute(const char *path, char *out, size_t len)
{
	static char here[4096];
	const char *cwd = cwd_opt ? cwd_opt : objtree_opt ? objtree_opt : here;
	char *parts[256], *save, *tok, tmp[4096];
	int n = 0;

	if (!here[0] && !getcwd(here, sizeof(here)))
		strcpy(here, "/");
	snprintf(tmp, sizeof(tmp), "%s%s%s", path[0] == '/' ? "" : cwd,
		 path[0] == '/' ? "" : "/", path);
	for (tok = strtok_r(tmp, "/", &save); tok && n < 256;
	     tok = strtok_r(NULL, "/", &save)) {
		if (!strcmp(tok, "."))
			continue;
		if (!strcmp(tok, "..")) {
			n -= n > 0;
			continue;
		}
		parts[n++] = tok;
	}
	out[0] = '\0';
	for (int k = 0; k < n; k++) {
		size_t used = strlen(out);

		snprintf(out + used, len - used, "/%s", parts[k]);
	}
	if (!out[0])
		snprintf(out, len, "/");
}

static char *absolute_dup(const char *path)
{
	char buf[4096];

	absolute(path, buf, sizeof(buf));
	return xstrdup(buf);
}

void lf_set_srcroot(const char *root)
{
	free(srcroot);
	srcroot = absolute_dup(root);
}

void lf_set_client(const char *objtree, const char *cwd,
		   const char *config, const char *modroot)
{
	char buf[4096];

	/* normalised against nothing but themselves: they are absolute */
	if (objtree) {
		absolute(objtree, buf, sizeof(buf));
		free(objtree_opt);
		objtree_opt = xstrdup(buf);
	}
	if (cwd) {
		absolute(cwd, buf, sizeof(buf));
		free(cwd_opt);
		cwd_opt = xstrdup(buf);
	}
	if (config) {
		free(config_opt);
		config_opt = xstrdup(config);
	}
	if (modroot) {
		free(modroot_opt);
		modroot_opt = xstrdup(modroot);
	}
}

/* Linux 6.13 and later build an external module (M=) in the module's
 * directory, and export the kernel's build directory as objtree, always
 * absolute then ("." or unset before), and the module's
 * directory as srcroot (absolute, or "." or ".." of the working
 * directory: kbuild shortens it).  The exported objtree, or NULL. */
static const char *extmod_objtree(void)
{
	const char *v = getenv("KBUILD_EXTMOD") ? getenv("objtree") : NULL;

	return v && v[0] == '/' ? v : NULL;
}

/* lf_path() asks for every location: decided once */
const char *lf_objtree(void)
{
	static char cwd[4096];
	static const char *env;

	if (objtree_opt)
		return objtree_opt;
	if (!cwd[0]) {
		absolute(".", cwd, sizeof(cwd));
		env = extmod_objtree();
	}
	return env ? env : cwd;
}

/* The module directory the compile names (not yet made absolute):
 * modroot=, else a 6.13+ kbuild's srcroot, else KBUILD_EXTMOD (a
 * relative one is the working directory's, as kbuild resolves it before
 * 6.13; from 6.13 it is the make -C directory's, which srcroot has
 * resolved). */
static const char *module_dir(void)
{
	const char *v;

	if (modroot_opt)
		return modroot_opt;
	if (extmod_objtree() && (v = getenv("srcroot")) && *v)
		return v;
	return getenv("KBUILD_EXTMOD");
}

/* PATH below DIR: the rest of it, else NULL. */
static const char *below(const char *path, const char *dir)
{
	size_t n = dir ? strlen(dir) : 0;

	if (!n || strncmp(path, dir, n) || (path[n] != '/' && dir[n - 1] != '/'))
		return NULL;
	return path + n + (path[n] == '/');
}

/* ARG without its END ("include/linux/kconfig.h"), as a directory:
 * "." for END itself; NULL if ARG does not end so. */
static char *strip_end(const char *arg, const char *end)
{
	size_t n = strlen(arg), e = strlen(end);

	if (n < e || strcmp(arg + n - e, end))
		return NULL;
	if (n == e)
		return xstrdup(".");
	if (arg[n - e - 1] != '/')
		return NULL;
	return xstrndup(arg, n - e - 1);
}

/* The kernel tree this compile includes its headers from, or NULL. */
static char *kernel_tree(void)
{
	char *dir = NULL;

	for (unsigned i = 0; i < save_decoded_options_count && !dir; i++) {
		const struct cl_decoded_option *o = &save_decoded_options[i];

		if (o->opt_index == OPT_include && o->arg)
			dir = strip_end(o->arg, "include/linux/kconfig.h");
	}
	/* no forced kconfig.h: a -I DIR/include of a kernel tree */
	for (unsigned i = 0; i < save_decoded_options_count && !dir; i++) {
		const struct cl_decoded_option *o = &save_decoded_options[i];
		char *p;

		if (o->opt_index != OPT_I || !o->arg ||
		    !(dir = strip_end(o->arg, "include")))
			continue;
		p = xasprintf("%s/include/linux/kconfig.h", dir);
		if (access(p, F_OK)) {
			free(dir);
			dir = NULL;
		}
		free(p);
	}
	return dir;
}

static void find_roots(void)
{
	const char *ext = module_dir();
	char *tree;

	if (found)
		return;
	found = true;
	if (!srcroot && (tree = kernel_tree())) {
		srcroot = absolute_dup(tree);
		free(tree);
	}
	if (!srcroot)
		srcroot = xstrdup(lf_objtree());
	/* a module directory inside the tree keeps the tree's names */
	if (ext && *ext) {
		modroot = absolute_dup(ext);
		if (below(modroot, srcroot) || !strcmp(modroot, srcroot) ||
		    !strcmp(modroot, "/")) {
			free(modroot);
			modroot = NULL;
		}
	}
}

const char *lf_srcroot(void)
{
	find_roots();
	return srcroot;
}

const char *lf_modroot(void)
{
	find_roots();
	return modroot;
}

/*
 * FNV-1a of the configuration kbuild generated in the objtree, or NULL
 * when there is none (not a kernel build) or it cannot be read: the
 * identity is a help to the reader, never a reason to fail a compile.
 */
const char *lf_config_hash(char *buf, size_t len)
{
	FILE *f;
	unsigned long long h = 0xcbf29ce484222325ULL;
	unsigned char chunk[8192];
	char path[4200];
	size_t n;

	/* a distributed compile: the client's configuration, never a file
	 * of the server's */
	if (objtree_opt || cwd_opt || config_opt) {
		if (!config_opt || !strcmp(config_opt, "none"))
			return NULL;
		snprintf(buf, len, "%s", config_opt);
		return buf;
	}
	/* the objtree's, not the working directory's: a 6.13+ M= compile
	 * runs in the module's directory */
	snprintf(path, sizeof(path), "%s/include/generated/autoconf.h",
		 lf_objtree());
	f = fopen(path, "rb");
	if (!f)
		return NULL;
	/* by chunks: getc() per byte was a fifth of a small unit's cost */
	while ((n = fread(chunk, 1, sizeof(chunk), f)))
		for (size_t i = 0; i < n; i++)
			h = (h ^ chunk[i]) * 0x100000001b3ULL;
	if (ferror(f)) {
		fclose(f);
		return NULL;
	}
	fclose(f);
	snprintf(buf, len, "%016llx", h);
	return buf;
}

/*
 * Relative to the source root (O= builds compile ../fs/x.c or
 * /usr/src/linux/fs/x.c), "$M/x.c" in the module directory, else
 * relative to the working directory (generated files of the objtree);
 * absolute otherwise.  One spelling per file, whatever the compile command said.
 */
const char *lf_path(const char *path)
{
	static char ring[4][4096];
	static int next;
	char *out = ring[next++ & 3];
	const char *rel;

	if (!path)
		return "<unknown>";
	if (!strcmp(path, "<built-in>") || !strcmp(path, "<command-line>"))
		return path;
	find_roots();
	absolute(path, out, sizeof(ring[0]));
	if ((rel = below(out, srcroot)))
		return rel;
	if ((rel = below(out, modroot))) {
		char tmp[4096];

		snprintf(tmp, sizeof(tmp), LF_MODROOT_TAG "/%s", rel);
		strcpy(out, tmp);
		return out;
	}
	if ((rel = below(out, lf_objtree())))
		return rel;
	return out;
}

/* The input file of a compile of preprocessed text (a .i, -fpreprocessed:
 * distccd's copy), else NULL. */
static const char *preprocessed_input(void)
{
	const char *in = NULL;
	bool pre = false;

	for (unsigned i = 0; i < save_decoded_options_count; i++) {
		const struct cl_decoded_option *o = &save_decoded_options[i];

		if (o->opt_index == OPT_fpreprocessed)
			pre = o->value;
		else if (o->opt_index == OPT_SPECIAL_input_file)
			in = o->arg;
	}
	return pre ? in : NULL;
}

/*
 * Line LINE of FILE in a preprocessed input: the line after the marker
 * "# N "FILE"" is line N, each next line one more.  What the locations
 * of such a compile point into: the text as preprocessed, where a
 * directives-only copy (lockfit-cc's) keeps the source lines as written.
 */
static bool line_in(const char *text, size_t len, const char *file, int line,
		    const char **start, size_t *n)
{
	size_t flen = strlen(file);
	const char *p = text, *end = text + len, *cur = NULL;
	long at = 0;

	while (p < end) {
		const char *eol = (const char *)memchr(p, '\n', end - p);
		char *after;
		long num;

		if (!eol)
			eol = end;
		if (p[0] == '#' && p + 2 < eol && p[1] == ' ' && ISDIGIT(p[2]) &&
		    (num = strtol(p + 2, &after, 10)) >= 0 && after + 1 < eol &&
		    after[0] == ' ' && after[1] == '"') {
			bool same = (size_t)(eol - after - 2) > flen &&
				    !memcmp(after + 2, file, flen) &&
				    after[2 + flen] == '"';

			cur = same ? file : NULL;
			at = num;
		} else {
			if (cur && at == line) {
				*start = p;
				*n = eol - p;
				return true;
			}
			at++;
		}
		p = eol + 1;
	}
	return false;
}

bool lf_source_line(const char *file, int line, const char **start, size_t *n)
{
	static char *text;
	static size_t len;
	static bool read;
	const char *in;

	*start = NULL;
	*n = 0;
	if (!file)
		return false;
	if (!read) {
		read = true;
		in = preprocessed_input();
		if (in) {
			FILE *f = fopen(in, "rb");
			long size = -1;

			if (f && !fseek(f, 0, SEEK_END) && (size = ftell(f)) >= 0 &&
			    !fseek(f, 0, SEEK_SET)) {
				text = (char *)xmalloc(size + 1);
				len = fread(text, 1, size, f);
			}
			if (f)
				fclose(f);
		}
	}
	if (text)
		return line_in(text, len, file, line, start, n);
	char_span span = location_get_source_line(file, line);
	if (!span)
		return false;
	*start = span.get_buffer();
	*n = span.length();
	return true;
}

const char *lf_tu_file(void)
{
	if (!tu_file)
		tu_file = xstrdup(lf_path(main_input_filename));
	return tu_file;
}
