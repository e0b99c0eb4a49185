// SPDX-License-Identifier: GPL-2.0
/*
 * index_cmd.c - lockfit index TREE: the use index of the locks named, or
 * of the rwlock_t and rw_semaphore locks of a record set's report.
 */
#include <getopt.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lib/util.h"
#include "lib/cli.h"
#include "analysis/analysis.h"
#include "pipeline/pipeline.h"
#include "checks/checker.h"
#include "index/index.h"
#include "lib/strv.h"

static const char usage[] =
"Usage: lockfit index TREE [--lock LOCK]... [--records DIR]\n"
"                    [--format text|json] [--jobs N] [--no-cache]\n"
"\n"
"Every place of the kernel source tree TREE (.c and .h files, built or\n"
"not; not tools/, Documentation/, scripts/) that takes, releases,\n"
"initialises, declares, asserts or passes the address of each LOCK (an\n"
"identity as lockfit report prints it: tasklist_lock,\n"
"fs/filesystems.c:file_systems_lock, struct sock::sk_callback_lock).\n"
"Members are matched by type (spatch); an access whose type spatch\n"
"cannot tell is listed as unresolved.  TREE is never written.\n"
"\n"
"Options:\n"
"  --lock LOCK        index LOCK (repeatable)\n"
"  --records DIR      index the rwlock_t and rw_semaphore locks of the\n"
"                     report of the records in DIR\n"
"  --format FORMAT    text (default) or json\n"
"  --jobs N           spatch processes (default: the online CPUs)\n"
"  --no-cache         neither read nor write the cache ($LOCKFIT_CACHE/index,\n"
"                     else ~/.cache/lockfit/index)\n"
"  -h, --help         show this help\n"
"\n"
"Exit status: 0 indexed, 2 error (bad tree, bad identity, usage).\n";

static int run(int argc, char **argv);

const struct lf_cmd lf_cmd_index = {
	"index", "every use of a lock in the whole source tree", usage, run, 0,
};

static struct lf_strv ids;

static void add_name(const char *name, void *arg)
{
	lf_strv_add_unique(&ids, name);
}

static json_t *jstr(const char *s)
{
	json_t *j = json_string(s);

	return j ? j : json_string(lf_esc(s));
}

static void print_json(const struct lf_index *ix)
{
	json_t *root = json_object(), *locks = json_array();

	json_object_set_new(root, "tree", jstr(ix->tree));
	for (size_t k = 0; k < ix->nlocks; k++) {
		const struct lf_ilock *l = &ix->locks[k];
		json_t *o = json_object(), *uses = json_array(), *un = json_array();

		json_object_set_new(o, "lock", jstr(l->id));
		json_object_set_new(o, "status", json_string(l->indexed ?
					"indexed" : "not indexed"));
		if (l->why)
			json_object_set_new(o, "why", jstr(l->why));
		for (size_t i = 0; i < l->uses.n; i++) {
			const struct lf_use *u = &l->uses.v[i];

			json_t *ju = json_pack("{s:o,s:i,s:i,s:s,s:b}",
				"file", jstr(u->file), "line", u->line, "column", u->col,
				"what", lf_use_what_name(u->what),
				"unresolved", u->unresolved);

			if (u->mode) {	/* a cleanup.h guard */
				json_object_set_new(ju, "call", jstr(u->call));
				json_object_set_new(ju, "mode", jstr(u->mode));
			}
			json_array_append_new(uses, ju);
		}
		json_object_set_new(o, "uses", uses);
		if (l->vias.n) {	/* only then: other locks' JSON as it was */
			json_t *th = json_array();

			for (size_t i = 0; i < l->vias.n; i++)
				json_array_append_new(th, jstr(l->vias.v[i]));
			json_object_set_new(o, "through", th);
		}
		for (size_t i = 0; i < l->unexamined.n; i++)
			json_array_append_new(un, jstr(l->unexamined.v[i]));
		if (l->kind == LF_IK_member)
			json_object_set_new(o, "unexamined", un);
		else
			json_decref(un);
		json_array_append_new(locks, o);
	}
	json_object_set_new(root, "locks", locks);
	if (json_dumpf(root, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER))
		lf_die_write(stdout, "the JSON output");
	putchar('\n');
	json_decref(root);
}

static void print_text(const struct lf_index *ix)
{
	for (size_t k = 0; k < ix->nlocks; k++) {
		const struct lf_ilock *l = &ix->locks[k];
		size_t un = 0;

		if (!l->indexed) {
			lf_printf("%s: not indexed: %s\n", l->id, l->why);
			continue;
		}
		for (size_t i = 0; i < l->uses.n; i++)
			un += l->uses.v[i].unresolved;
		lf_printf("%s: indexed, %zu use%s", l->id, l->uses.n,
			  lf_plural(l->uses.n));
		if (un)
			lf_printf(" (%zu unresolved)", un);
		lf_printf("%s%s\n", l->why ? "; " : "", l->why ? l->why : "");
		for (size_t i = 0; i < l->uses.n; i++) {
			const struct lf_use *u = &l->uses.v[i];

			/* a guard: "take guard(read_lock) read" */
			lf_printf("  %s:%d:%d: %s%s%s%s%s%s\n", u->file, u->line, u->col,
				  lf_use_what_name(u->what),
				  u->mode ? " " : "", u->mode ? u->call : "",
				  u->mode ? " " : "", u->mode ? u->mode : "",
				  u->unresolved ? " unresolved" : "");
		}
		for (size_t i = 0; i < l->vias.n; i++)
			lf_printf("  through %s: typed uses reached as its %s.%s\n",
				  l->vias.v[i], strstr(l->vias.v[i], "::") + 2, l->path);
		if (l->unexamined.n) {
			struct plist *p = plist_new(5);

			for (size_t i = 0; i < l->unexamined.n; i++)
				plist_add(p, "%s", l->unexamined.v[i]);
			lf_printf("  not examined: %zu file%s access ->%s without "
				  "naming %s: %s\n", l->unexamined.n,
				  lf_plural(l->unexamined.n), l->path, l->type,
				  plist_text(p));
		}
	}
}

static int run(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "lock", required_argument, NULL, 'l' },
		{ "records", required_argument, NULL, 'r' },
		{ "format", required_argument, NULL, 'f' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "no-cache", no_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	const char *records = NULL, *format = "text";
	struct lf_index ix = { 0 };
	bool cache = true;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	struct stat st;
	int c;

	ix.jobs = cpus > 0 ? (int)cpus : 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (c) {
		case 'l':
			lf_strv_add_unique(&ids, optarg);
			break;
		case 'r':
			records = optarg;
			break;
		case 'f':
			if (strcmp(optarg, "text") && strcmp(optarg, "json"))
				lf_usage_error(&lf_cmd_index, "unknown format '%s'", optarg);
			format = optarg;
			break;
		case 'j': {
			char *end;
			long n = strtol(optarg, &end, 10);

			if (*end || n < 1 || n > 256)
				lf_usage_error(&lf_cmd_index, "--jobs wants 1 to 256, not '%s'",
					       optarg);
			ix.jobs = n;
			break;
		}
		case 'n':
			cache = false;
			break;
		case 'h':
			lf_help(&lf_cmd_index);
		default:
			lf_bad_option(&lf_cmd_index, c, argv);
		}
	}
	if (optind != argc - 1)
		lf_usage_error(&lf_cmd_index, "expected TREE");
	ix.tree = argv[optind];
	if (stat(ix.tree, &st) || !S_ISDIR(st.st_mode) || access(ix.tree, R_OK | X_OK))
		lf_usage_error(&lf_cmd_index, "%s is not a readable directory", ix.tree);
	if (records) {
		struct lf_analysis a;

		lf_analyze(&a, records, NULL, 0);
		/* the locks of the checkers whose results ask for uses */
		for (size_t i = 0; i < lf_ncheckers; i++)
			if (lf_checkers[i]->cov_ask)
				lf_checkers[i]->names(&a, add_name, NULL);
	}
	if (!ids.n)
		lf_usage_error(&lf_cmd_index, "no lock: give --lock or --records");
	ix.locks = xcalloc(ids.n, sizeof(*ix.locks));
	ix.nlocks = ids.n;
	for (size_t i = 0; i < ids.n; i++) {
		char *why;

		if (!lf_ilock_parse(&ix.locks[i], ids.v[i], &why))
			lf_usage_error(&lf_cmd_index, "%s", why);
	}
	if (cache)
		ix.cache = lf_index_cache_dir();
	lf_index_build(&ix);
	if (!strcmp(format, "json"))
		print_json(&ix);
	else
		print_text(&ix);
	lf_err("index: %zu lock%s in %.1f s (%s; spatch: %zu run%s, %zu cached, "
	       "%zu files)", ix.nlocks, lf_plural(ix.nlocks), ix.secs, ix.grep ?
	       ix.grep : "no grep", ix.spatch_runs, lf_plural(ix.spatch_runs),
	       ix.cache_hits, ix.files_typed);
	return LF_EXIT_OK;
}
