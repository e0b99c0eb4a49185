// SPDX-License-Identifier: GPL-2.0
/*
 * version.c - lockfit --version: what this lockfit would use, so that
 * two machines (a developer's and CI's) can tell whether they judge
 * alike: the tool, its files, the plugin lockfit build would load, the
 * record format, and a hash of the rules tables it would read.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lib/util.h"
#include "lib/cli.h"
#include "lib/files.h"
#include "lib/sha256.h"
#include "records/tables.h"
#include "schema/records.h"

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The tables in name order, concatenated: what "cat *.tbl | sha256sum"
 * in DIR hashes in the C locale. */
static size_t rules_hash(const char *dir, char hex[65])
{
	struct { char **v; size_t n, cap; } names = { 0 };
	struct lf_sha256 s;
	DIR *d = opendir(dir);
	struct dirent *de;

	if (!d)
		lf_die("cannot read the rules directory %s: %s", dir, strerror(errno));
	while ((de = readdir(d))) {
		size_t len = strlen(de->d_name);

		if (len > 4 && !strcmp(de->d_name + len - 4, ".tbl"))
			VEC_PUSH(&names, xstrdup(de->d_name));
	}
	closedir(d);
	lf_sort(names.v, names.n, sizeof(*names.v), cmp_str);
	lf_sha256_init(&s);
	for (size_t i = 0; i < names.n; i++) {
		char *path = xasprintf("%s/%s", dir, names.v[i]), *text;
		size_t len;

		text = lf_read_file(path, &len);
		if (!text)
			lf_die("cannot read %s: %s", path, strerror(errno));
		lf_sha256_add(&s, text, len);
		free(text);
		free(path);
	}
	lf_sha256_hex(&s, hex);
	return names.n;
}

void lf_version(FILE *out)
{
	const char *env = getenv("LOCKFIT_PLUGIN");
	char *plugin = env && *env ? xstrdup(env) : NULL, *why = NULL, hex[65];
	const char *rules = lf_rules_dir();
	size_t n;

	lf_fprintf(out, "lockfit %s\n", LF_VERSION);
	lf_fprintf(out, "files: %s (%s)\n", lf_files_dir(),
		   lf_installed() ? "installed" : "checkout");
	if (!plugin)
		plugin = lf_default_plugin(NULL, &why);
	if (!plugin)
		lf_fprintf(out, "plugin: none: %s\n", why);
	else
		lf_fprintf(out, "plugin: %s%s%s\n", plugin,
			   env && *env ? " ($LOCKFIT_PLUGIN)" : "",
			   access(plugin, R_OK) ? " (missing)" : "");
	lf_fprintf(out, "records: version %d\n", LF_RECORD_VERSION);
	n = rules_hash(rules, hex);
	lf_fprintf(out, "rules: sha256 %s (%zu table%s in %s)\n", hex, n,
		   lf_plural(n), rules);
}
