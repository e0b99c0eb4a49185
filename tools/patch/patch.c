// SPDX-License-Identifier: GPL-2.0
/*
 * patch.c - lockfit patch DIR --tree KSRC: a verified kernel patch per
 * lock whose verdict or findings call for a rewrite.  See patch.h for
 * the parts, docs/PATCH.md for the command.
 */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lib/util.h"
#include "lib/path.h"
#include "lib/cli.h"
#include "analysis/analysis.h"
#include "pipeline/pipeline.h"
#include "patch/patch.h"
#include "analysis/lockname.h"

static const char usage[] =
"Usage: lockfit patch DIR [--build OBJDIR] [--verify-unbuilt] [--lock NAME]\n"
"                         [--jobs N] [--out PATCHDIR] [--apply] [--boot]\n"
"                         [EVIDENCE]\n"
"\n"
"For each lock of the records in DIR whose verdict calls for a rewrite\n"
"(spinlock, percpu_rwsem), each hot bit spinlock that can embed a\n"
"spinlock_t, and each arch_spinlock_t with flagged arch_spin_lock() sites,\n"
"run its cocci/ script with the options the verdict implies on the files\n"
"of the kernel source tree KSRC that use the lock (for a rwlock_t or\n"
"rw_semaphore: every use the use index finds in the whole tree, built or\n"
"not; else the files the records name), and write one git format-patch\n"
"style patch per lock to PATCHDIR.  Each patch is verified first: git\n"
"apply --check in KSRC; every object of the build using the lock rebuilt\n"
"with its configuration in hard-linked scratch copies (KSRC and OBJDIR are\n"
"never written); no new sparse warning (make C=1); checkpatch without\n"
"ERROR or WARNING.  A patch failing a step goes to PATCHDIR/failed/ with\n"
"the reason; logs are in PATCHDIR/log/.\n"
"\n"
"Options:\n"
"  --build OBJDIR   the configured build directory (make O=OBJDIR; default:\n"
"                   the records' objtree, else KSRC: an in-tree build)\n"
"  --verify-unbuilt compile the changed .c files this configuration does not\n"
"                   build in a scratch allmodconfig O= directory (O= builds)\n"
"  --lock NAME      only this lock (its identity as lockfit report prints it,\n"
"                   or a plain name only one lock has, as for explain)\n"
"  --out PATCHDIR   where the patches go (default ./lockfit-patches)\n"
"  --jobs N, -j N   make -jN for the scratch builds (default: the -j of the\n"
"                   make lockfit runs under, MAKEFLAGS, else the CPUs)\n"
"  --apply          apply every verified patch to KSRC, or none if any of\n"
"                   them no longer applies\n"
"  --boot           then build the verified patches, together, into lockfit's\n"
"                   VM kernel (lockdep, lock_stat), boot it under QEMU with a\n"
"                   workload and refuse them all on a lockdep report or other\n"
"                   splat, a failed build or boot (docs/VM.md); before --apply\n"
"  -h, --help       show this help\n"
"\n"
LF_HELP_EVIDENCE
"\n"
"For patch, --tree DIR is also KSRC, the kernel source tree the patches are\n"
"for (default: the records' build identity, srcroot), and goes with\n"
"--assume-complete: rewrite even when the records did not see every use of\n"
"the lock in KSRC (the report's verdict is then unknown).\n"
"\n"
"Environment: LOCKFIT_SCRATCH (path prefix of the directories holding the\n"
"scratch copy and spatch's view, on KSRC's file system), LOCKFIT_KEEP_SCRATCH\n"
"(keep the scratch copy), LOCKFIT_COCCI (the scripts), TMPDIR.\n"
"\n"
"Exit status: 0 every patch verified (or nothing to rewrite), 1 some lock's\n"
"patch failed (or --apply could not apply), 2 error (bad records, usage,\n"
"no such lock), 130/143 interrupted by SIGINT/SIGTERM (the scratch copy,\n"
"the view and temporary files removed; KSRC as it was, or with every\n"
"verified patch applied if git apply had started).\n";

/* A patch is named NNNN-*.patch once verified; until then: */
#define UNVERIFIED ".patch.unverified"

static int run(int argc, char **argv);

const struct lf_cmd lf_cmd_patch = {
	"patch", "write and verify a kernel patch per lock to rewrite", usage, run,
	LF_CMD_JUDGES | LF_CMD_TREE_TARGET,
};

struct opts {
	const char *dir, *build, *lock, *out;
	bool apply, unbuilt, boot;
	/* ev.cov.tree: KSRC */
	struct lf_evidence ev;
};

static void parse(int argc, char **argv, struct opts *o)
{
	static const struct option longopts[] = {
		{ "build", required_argument, NULL, 'b' },
		{ "verify-unbuilt", no_argument, NULL, 'u' },
		{ "lock", required_argument, NULL, 'l' },
		{ "out", required_argument, NULL, 'o' },
		{ "apply", no_argument, NULL, 'a' },
		{ "boot", no_argument, NULL, 'B' },
		{ "jobs", required_argument, NULL, 'j' },
		LF_LONGOPTS_EVIDENCE,
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	int c;

	o->out = "lockfit-patches";
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":hj:", longopts, NULL)) != -1) {
		switch (c) {
		case 'b': o->build = optarg; break;
		case 'u': o->unbuilt = true; break;
		case 'l': o->lock = optarg; break;
		case 'o': o->out = optarg; break;
		case 'a': o->apply = true; break;
		case 'B': o->boot = true; break;
		case 'j': {
			char *end;
			long n = strtol(optarg, &end, 10);

			if (*end || n < 1 || n > 1024)
				lf_usage_error(&lf_cmd_patch, "--jobs needs a "
					       "number of jobs, 1 to 1024");
			lf_verify_set_jobs((int)n);
			break;
		}
		case 'h': lf_help(&lf_cmd_patch);
		default:
			if (!lf_evidence_option(&o->ev, &lf_cmd_patch, c, optarg))
				lf_bad_option(&lf_cmd_patch, c, argv);
		}
	}
	if (optind != argc - 1)
		lf_usage_error(&lf_cmd_patch, optind == argc ?
			       "no record directory given" :
			       "one record directory expected");
	o->dir = argv[optind];
}

/* Patches and logs of an earlier run ("NNNN-*"), and patches it had not
 * verified yet when it was killed ("NNNN-*.patch.unverified"): never
 * mixed with ours. */
static void clean(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	while (d && (de = readdir(d))) {
		size_t n = strlen(de->d_name);
		char *p;

		if (n < 6 || strspn(de->d_name, "0123456789") != 4 ||
		    de->d_name[4] != '-' ||
		    (!lf_has_suffix(de->d_name, ".patch") && !lf_has_suffix(de->d_name, ".log") &&
		     !lf_has_suffix(de->d_name, UNVERIFIED)))
			continue;
		p = xasprintf("%s/%s", dir, de->d_name);
		unlink(p);
		free(p);
	}
	if (d)
		closedir(d);
}

static void write_file(const char *path, const char *text)
{
	if (lf_safe_write(path, text))
		lf_die("cannot write %s: %s", path, strerror(errno));
}

/* Per kind of job (lf_pkinds() order): the summary's rows. */
struct tally_row {
	size_t produced, verified, failed;
};

struct tally {
	struct tally_row *rows;
	size_t spatch_runs;
	double spatch_secs;
};

static struct tally_row *row_of(struct tally *t, const struct lf_pkind *k)
{
	size_t n;
	const struct lf_pkind *const *kinds = lf_pkinds(&n);

	if (!t->rows)
		t->rows = xcalloc(n + 1, sizeof(*t->rows));
	for (size_t i = 0; i < n; i++)
		if (kinds[i] == k)
			return &t->rows[i];
	lf_die("internal error: job kind %s of no checker", k->name);
}

/* The patch of J (number NUM): spatch, the objects using the lock, the
 * message; written under its temporary name (returned), or NULL. */
static char *make_patch(struct lf_pjob *j, size_t num, const struct lf_pbuild *b,
			const char *out, struct tally *t)
{
	char *name, *tmp = NULL;

	lf_safe_check();
	if (j->refused) {
		j->failed = xasprintf("no patch: %s", j->refused);
	} else {
		lf_step_begin(j, "spatch on %zu file%s", j->files.n,
			      lf_plural(j->files.n));
		lf_spatch_run(j, j->module ? b->mod : b->src);
		lf_pjob_check_init(j);
		lf_step_end("%s", j->failed ? "failed" : "done");
		t->spatch_runs++;
		t->spatch_secs += j->spatch_secs;
	}
	if (j->diff && *j->diff) {
		char *retabbed = lf_diff_retab(j->diff, &j->retabbed);

		free(j->diff);
		j->diff = retabbed;
		if (!j->failed)
			lf_users_plan(j, b);
		lf_mail_build(j);
		row_of(t, j->kind)->produced++;
	}
	if (j->mail && !j->failed) {
		name = lf_mail_filename(j, num);
		tmp = xasprintf("%s/%.*s" UNVERIFIED, out, (int)(strlen(name) - 6),
				name);
		lf_safe_temp(tmp, true);
		write_file(tmp, j->mail);
		free(name);
	}
	return tmp;
}

/* J's line, its log, and its patch under its final name or in failed/. */
static void report(struct lf_pjob *j, size_t num, size_t total,
		   const char *out, struct tally *t)
{
	char *name, *path, *logname, *tmp;

	printf("[%zu/%zu] %s %s: ", num, total, j->kind->name,
	       lf_mail_esc(j->lock));
	if (!j->refused)
		printf("spatch %.1fs on %zu file%s; ", j->spatch_secs, j->files.n,
		       lf_plural(j->files.n));
	name = lf_mail_filename(j, num);
	path = xasprintf("%s/%s", out, name);
	tmp = xasprintf("%s/%.*s" UNVERIFIED, out, (int)(strlen(name) - 6), name);
	logname = xasprintf("%s/log/%.*s.log", out, (int)(strlen(name) - 6), name);
	write_file(logname, j->log ? j->log : "");
	if (!j->failed && rename(tmp, path))
		lf_die("cannot rename %s to %s: %s", tmp, path, strerror(errno));
	if (j->mail)
		lf_safe_temp(tmp, false);
	if (!j->failed) {
		row_of(t, j->kind)->verified++;
		j->path = path;
		printf("verified\n      %s\n", path);
		free(logname);
		free(tmp);
		return;
	}
	row_of(t, j->kind)->failed++;
	for (char *p = j->failed; *p; p++)	/* one line; the log has all */
		if (*p == '\n')
			*p = p[1] ? ' ' : 0;
	if (j->mail) {
		char *dst = xasprintf("%s/failed/%s", out, name);

		lf_mkdir_p(xasprintf("%s/failed", out));
		unlink(tmp);
		write_file(dst, j->mail);
		printf("FAILED\n      %s\n", dst);
		free(dst);
	} else {
		printf("FAILED, no patch\n");
	}
	printf("      reason: %s\n      log: %s\n", lf_mail_esc(j->failed), logname);
	{
		char *with = xasprintf("%sreason: %s\n", j->log ? j->log : "",
				       j->failed);

		write_file(logname, with);
		free(with);
	}
	free(logname);
	free(path);
	free(tmp);
	free(name);
}

static void summary(const struct tally *t)
{
	size_t n;
	const struct lf_pkind *const *kinds = lf_pkinds(&n);
	static const struct tally_row none;

	printf("\nsummary:\n  %-22s %8s %8s %6s\n", "kind", "produced",
	       "verified", "failed");
	for (size_t k = 0; k < n; k++) {
		const struct tally_row *r = t->rows ? &t->rows[k] : &none;

		printf("  %-22s %8zu %8zu %6zu\n", kinds[k]->name, r->produced,
		       r->verified, r->failed);
	}
	printf("spatch: %zu run%s, %.1fs\n", t->spatch_runs,
	       lf_plural(t->spatch_runs), t->spatch_secs);
}

static bool git_apply(bool check, const char *all, const char *tree,
		      const char *const *env, char **out)
{
	const char *argv[] = { "git", "apply", check ? "--check" : all,
			       check ? all : NULL, NULL };
	struct lf_exec r;

	lf_exec_run(&r, tree, argv, env);
	*out = r.out;
	return r.status == 0;
}

/*
 * Every verified patch or none.  Their diffs, as verified (never the
 * patch files, whose messages git apply would read too), go to git
 * apply as one input: a single input is atomic, and the diffs of two
 * locks in one file are then applied one after the other, as they will
 * be (git apply with several files is atomic per file only, and --check
 * of each alone would pass patches that conflict).  --check first, then
 * the apply, which a SIGINT or SIGTERM does not cut short.
 */
static bool apply(const struct lf_pjobs *jobs, const char *tree, const char *out)
{
	char *parent = xstrdup(tree), *ceiling, *text, *all, *err;
	struct strbuf sb = { 0 };
	const char *env[2] = { NULL, NULL };
	size_t n = 0;
	bool ok;

	*strrchr(parent, '/') = 0;
	ceiling = xasprintf("GIT_CEILING_DIRECTORIES=%s", *parent ? parent : "/");
	env[0] = ceiling;
	for (size_t i = 0; i < jobs->n; i++)
		if (jobs->v[i]->path) {
			sb_printf(&sb, "%s", jobs->v[i]->diff);
			n++;
		}
	if (!n) {
		printf("apply: no verified patch, %s left as it is\n", tree);
		return true;
	}
	all = xasprintf("%s/log/all-verified.diff", out);
	write_file(all, sb_str(&sb));
	err = lf_diff_check(sb_str(&sb), all, tree, env);
	if (err) {
		printf("apply: NONE applied, %s\n", err);
		return false;
	}
	if (!git_apply(true, all, tree, env, &text)) {
		printf("apply: NONE applied, the verified patches do not apply "
		       "together to %s:\n%s", tree, text);
		return false;
	}
	free(text);
	lf_safe_check();
	lf_safe_hold(true);
	ok = git_apply(false, all, tree, env, &text);
	lf_safe_hold(false);
	if (!ok) {
		printf("apply: NONE applied, git apply failed in %s:\n%s", tree,
		       text);
		return false;
	}
	printf("apply: %zu patch%s applied to %s\n", n, n == 1 ? "" : "es", tree);
	fflush(stdout);
	lf_safe_check();
	return true;
}

static int run(int argc, char **argv)
{
	struct opts o = { 0 };
	struct lf_analysis a;
	struct lf_pjobs jobs = { 0 };
	struct tally t = { 0 };
	struct strmap *decls;
	struct lf_pbuild b = { 0 };
	char *tree, *out;
	size_t failed = 0, nmod = 0, nkernel = 0;
	struct stat st;

	parse(argc, argv, &o);
	lf_safe_init();
	if (o.ev.cov.tree && (stat(o.ev.cov.tree, &st) || !S_ISDIR(st.st_mode)))
		lf_die("--tree %s: not a directory", o.ev.cov.tree);
	/* coverage against the tree the patches are for */
	o.ev.cov.trust_without_tree = true;
	lf_analyze_with(&a, o.dir, &o.ev, 0);
	decls = lf_decl_map(&a.recs);
	if (o.lock)
		o.lock = lf_lock_lookup(&a, o.lock, o.dir);
	if (!lf_pjobs_build(&a, decls, o.lock, &jobs) && o.lock)
		lf_die("no lock '%s' in the records of %s", o.lock, o.dir);
	lf_pjobs_module(&jobs);
	/* the tree and build directory matter only when there is a patch
	 * to make */
	if (jobs.n) {
		lf_pbuild_resolve(&b, &a, o.ev.cov.tree, o.build);
		b.unbuilt = o.unbuilt;
		if (b.unbuilt && !b.oot)
			lf_err("--verify-unbuilt: %s is an in-tree build; "
			       "allmodconfig needs a clean source tree (make O=): "
			       "the files it does not build stay not "
			       "build-verified", b.src);
		lf_safe_stale(b.src);
		if (b.oot)
			lf_safe_stale(b.obj);
		if (b.mod)
			lf_safe_stale(b.mod);
		lf_pjobs_index(&jobs, &b);
		for (size_t i = 0; i < jobs.n; i++)
			lf_pjob_subject(jobs.v[i], jobs.v[i]->module ? b.mod : b.src);
	}
	tree = b.src;
	for (size_t i = 0; i < jobs.n; i++) {
		nmod += jobs.v[i]->module;
		nkernel += !jobs.v[i]->module && !jobs.v[i]->refused;
	}
	/* a module's locks: patches against its own directory */
	if (nmod && !nkernel)
		tree = b.mod;
	if (o.apply && nmod && nkernel)
		lf_die("--apply: these patches are for both the kernel tree %s "
		       "and the module directory %s: apply them by hand", b.src,
		       b.mod);
	if (!jobs.n) {
		printf("lockfit patch: no lock%s%s to rewrite\n",
		       o.lock ? " " : "", o.lock ? o.lock : "");
		summary(&t);
		return LF_EXIT_OK;
	}
	lf_mkdir_p(o.out);
	out = lf_realpath(o.out, NULL);
	{
		char *log = xasprintf("%s/log", out), *fdir = xasprintf("%s/failed", out);

		lf_mkdir_p(log);
		clean(out);
		clean(log);
		clean(fdir);
	}
	printf("lockfit patch: %zu lock%s to rewrite, tree %s\n", jobs.n,
	       lf_plural(jobs.n), tree);
	if (b.oot)
		printf("lockfit patch: build directory %s (O=)\n", b.obj);
	if (b.mod && tree != b.mod)
		printf("lockfit patch: module directory %s (M=)\n", b.mod);
	else if (b.mod)
		printf("lockfit patch: kernel tree %s (M= modules build against "
		       "it)\n", b.src);
	{
		/* every patch made first, then all verified together: one
		 * scratch copy, one "before" build (patch_batch.c) */
		char **patches = xcalloc(jobs.n + 1, sizeof(*patches));
		size_t made = 0;

		lf_progress_total(jobs.n);
		for (size_t i = 0; i < jobs.n; i++)
			jobs.v[i]->num = i + 1;
		for (size_t i = 0; i < jobs.n; i++) {
			patches[i] = make_patch(jobs.v[i], i + 1, &b, out, &t);
			made += patches[i] != NULL;
		}
		lf_spatch_done();
		if (made) {
			printf("lockfit patch: verifying %zu patch%s (%s)\n", made,
			       made == 1 ? "" : "es", lf_make_jobs());
			fflush(stdout);
		}
		lf_verify_all(&jobs, patches, &b);
		for (size_t i = 0; i < jobs.n; i++) {
			report(jobs.v[i], i + 1, jobs.n, out, &t);
			failed += jobs.v[i]->failed != NULL;
		}
	}
	summary(&t);
	if (o.boot && !lf_boot(&jobs, &b, out)) {
		if (o.apply)
			printf("apply: NONE applied, refused at boot\n");
		return LF_EXIT_FOUND;
	}
	if (o.apply && !apply(&jobs, tree, out))
		return LF_EXIT_FOUND;
	if (!o.apply)
		printf("apply: not asked (--apply), %s left as it is\n", tree);
	return failed ? LF_EXIT_FOUND : LF_EXIT_OK;
}
