/* SPDX-License-Identifier: GPL-2.0 */
/*
 * patch.h - lockfit patch: one kernel patch per lock whose verdict asks
 * for a rewrite, made by the cocci/ scripts on the files the records
 * name, verified before it is offered.
 *
 *   pjob.h          the job model: what a check's job builder
 *                   (patch_MODULE.c) makes, and the pieces of a job
 *   patch_jobs.c    the jobs of every checker, in patch order; the pieces
 *                   of a job: -D options, files, subject prefix
 *   patch_decl.c    where each lock is declared ("decl" of the records)
 *   patch_spatch.c  spatch on the named files, its diff made git-style
 *   patch_view.c    the view spatch reads when a file holds __attribute__
 *   patch_space.c   the touched lines indented with tabs, as checkpatch wants
 *   patch_guard.c   cleanup.h guards: a target guard the tree defines, or no patch
 *   patch_subject.c the subject prefix, from git log, else the tree's conventions
 *   patch_mail.c    message, diffstat: the patch file
 *   patch_users.c   the build (in-tree or O=), every use of the lock in
 *                   the whole tree (tools/index), the objects using it
 *   patch_verify.c  each patch's git apply --check, sparse comparison,
 *                   checkpatch; a module's rebuild
 *   patch_batch.c   the kernel rebuilds of all patches: one scratch copy,
 *                   one "before" build, overlapping patches built together
 *   patch_merge.c   the diffs of several locks applied to a file at once
 *   patch_make.c    kbuild for verification: -j, make's output by object
 *   patch_safe.c    paths checked, private directories, signals
 *   patch_progress.c each step of each lock on stderr
 *   patch.c         the command
 */
#ifndef LOCKFIT_PATCH_H
#define LOCKFIT_PATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include "lib/cli.h"
#include "lib/strv.h"
#include "lib/proc.h"
#include "patch/pjob.h"

struct lf_analysis;
struct strmap;

/* The subcommand (tools/main.c dispatches to it). */
extern const struct lf_cmd lf_cmd_patch;

/* Every checker's kinds, in patch order (by order, then the checkers'
 * and their own): N of them. */
const struct lf_pkind *const *lf_pkinds(size_t *n);

/* patch_init.c: J's files setting up its struct, in the tree of B that
 * holds its files (the use index's grep); after spatch, J failed when
 * no allocation of it initialises the new lock, or an object is left
 * without. */
struct lf_pbuild;
void lf_pjob_setup_files(struct lf_pjob *j, const struct lf_pbuild *b);
void lf_pjob_check_init(struct lf_pjob *j);

/*
 * The build the records come from (patch_users.c): the source tree, and
 * the output directory (the same for an in-tree build, O= otherwise),
 * from --build, else the records' build identity ("objtree"), else the
 * tree.  Neither is ever written.
 */
struct lf_pbuild {
	char *src, *obj;	/* real paths */
	bool oot;		/* obj is not src: make O= */
	bool unbuilt;		/* --verify-unbuilt: an allmodconfig scratch */
	char *mod;		/* make M=: the module directory, or NULL */
};

/* Resolve B from the options and the records; dies (exit 2) when the
 * build directory is not configured or the tree does not hold what the
 * records name (files missing, recorded lines not there). */
void lf_pbuild_resolve(struct lf_pbuild *b, const struct lf_analysis *a,
		       const char *tree, const char *build);

/* The jobs whose files are all in the records' module directory ("$M/"):
 * made module jobs (j->module), paths relative to it; one with files in
 * both trees is refused. */
void lf_pjobs_module(struct lf_pjobs *jobs);

/* Every use of the lock of each whole-tree job (lf_pkind) in the whole
 * tree B->src (the use index, tools/index): its files go to spatch, and
 * each take, release, init and declaration must be a removed line of
 * the diff. */
void lf_pjobs_index(struct lf_pjobs *jobs, const struct lf_pbuild *b);

/* patch_guard.c: refuse J when a cleanup.h guard of its lock (a use of L)
 * has no guard of the target kind that the tree SRC defines. */
struct lf_ilock;
void lf_pjob_guards(struct lf_pjob *j, const struct lf_ilock *l, const char *src);

/* From J's diff: the objects of the build that use the lock (the .c
 * files changed or recorded that the build compiles; the objects whose
 * kbuild .cmd dependencies name a changed header), and which changed
 * files they build (j->verified) and which they do not (j->unbuilt). */
void lf_users_plan(struct lf_pjob *j, const struct lf_pbuild *b);

/*
 * Every lock of A whose verdict or findings call for a rewrite (only
 * ONLY's, when not NULL), with the options and files of its rewrite.
 * DECLS maps a lock to its decl files (lf_decl_map).  Locks that ONLY
 * names but that get no rewrite are said on stdout with their verdict.
 * Returns false when ONLY names no lock at all.
 */
bool lf_pjobs_build(const struct lf_analysis *a, struct strmap *decls,
		    const char *only, struct lf_pjobs *out);

/* Lock identity -> struct lf_strv * of the files declaring it (sorted),
 * from the "decl" of the records. */
struct lf_records;
struct strmap *lf_decl_map(const struct lf_records *recs);

/* Run the job's script on its files in TREE; set diff, notes,
 * spatch_secs, or failed (also when a site of j->must is left as it
 * was: spatch skips a function it cannot parse without a word). */
void lf_spatch_run(struct lf_pjob *j, const char *tree);
/* The run's view (lf_spatch_run makes it when a lock needs it) removed. */
void lf_spatch_done(void);
/* The check script NAME (cocci/NAME.cocci, -D report) on FILE, a file
 * of DIR, run there: what it prints (one finding a line), or NULL and
 * ERR when spatch failed. */
char *lf_spatch_check(const char *name, const char *dir, const char *file,
		      char **err);

/* DIFF with each added line that checkpatch would refuse for its
 * indentation (spaces first, or 8 in a row: the tree's, kept by spatch)
 * indented with tabs; "FILE:LINE" of each such line added to WHERE. */
char *lf_diff_retab(const char *diff, struct lf_strv *where);

/* patch_subject.c: the subject prefix of FILE (relative to TREE, the
 * kernel tree or, MODULE, the module's directory) as its subsystem
 * writes it: "fs", "net: tls", "mm/zsmalloc", "tracing"... */
char *lf_subject_prefix(const char *tree, const char *file, bool module);
/* J's subject: that prefix, ": ", what the checker said it does. */
void lf_pjob_subject(struct lf_pjob *j, const char *tree);

/* Word-wrap TEXT to WIDTH columns; a line starting "- " continues
 * indented by two. */
char *lf_wrap(const char *text, size_t width);

/* The format-patch file of a job with a diff: set j->mail. */
void lf_mail_build(struct lf_pjob *j);

/* Its file name: "0001-fs-convert-x-from-rwlock_t-to-spinlock_t.patch". */
char *lf_mail_filename(const struct lf_pjob *j, size_t number);

/*
 * Verification (patch_verify.c: each patch's own steps; patch_batch.c:
 * the kernel builds of all of them).  The patch's diff (never the patch
 * file, whose message is data) is git apply --check'ed in the tree, the
 * objects using the lock are rebuilt in a hard-linked scratch copy
 * before and after it, with no new sparse or compiler warning, and
 * checkpatch runs on the patch file.  The tree is never written.
 */
struct lf_vjob {
	struct lf_pjob *j;
	const struct lf_pbuild *b;
	const char *tree;	/* the tree the patch is for (a module's) */
	const char *patch;	/* the patch file */
	char *diff;		/* j->diff, a file of lockfit's own */
	char *ceiling;		/* GIT_CEILING_DIRECTORIES=... */
	bool planned;		/* its paths are plain: checkpatch runs */
	struct lf_strv touched;	/* the files the diff changes */
	struct lf_strv objs;	/* the objects to rebuild */
	struct lf_strv amobjs;	/* --verify-unbuilt: built in allmodconfig */
	struct strbuf log;
};

/* Verify every job of JOBS that has a patch (PATCHES[i], else NULL):
 * sets each one's failed (or leaves it NULL) and log. */
void lf_verify_all(struct lf_pjobs *jobs, char **patches,
		   const struct lf_pbuild *b);

/* V's own first steps: DIFF (a file in lockfit's directory) written,
 * the paths checked, git apply --check; false if it failed. */
bool lf_vjob_start(struct lf_vjob *v, const char *diff);
/* The kind's check script (lf_pkind.check) on the files V's patch
 * changes, before and after it: a finding the patch adds fails V, the
 * findings in its log (patch_check.c). */
void lf_vjob_check(struct lf_vjob *v);
/* checkpatch, and the log to V's job. */
void lf_vjob_finish(struct lf_vjob *v);
/* A module's rebuild, in a copy of its directory in DIR. */
void lf_verify_module(struct lf_vjob *v, const char *dir);
/* The kernel jobs (N), in one scratch copy in DIR (patch_batch.c). */
void lf_verify_kernel(struct lf_vjob **v, size_t n, const char *dir);
/* V fails at STEP (the first reason stays), said in its log. */
void lf_vfail(struct lf_vjob *v, const char *step, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* ARGV run in DIR with V's git environment, logged to V. */
bool lf_vrun(struct lf_vjob *v, struct lf_exec *r, const char *dir,
	     const char *const *argv);
void lf_vlog_cmd(struct strbuf *log, const char *const *argv,
		 const struct lf_exec *r);
/* The allmodconfig objects that built move V's files to allmodok. */
void lf_vjob_allmod_done(struct lf_vjob *v);
/* "FILE:LINE:COL: warning: TEXT" -> "warning: TEXT"; NULL if none. */
char *lf_diag_key(const char *line, size_t n);
/* How many of A were not in B, as often (TEXT: the first three). */
size_t lf_diag_new(const struct lf_strv *b, const struct lf_strv *a,
		   char **text);
/* The first line of make's OUT that says "error", for a reason. */
char *lf_make_error(const char *out);
/* ORIG (the tree's FILE) with the hunks of FILE of each of DIFFS (N)
 * applied at once (patch_merge.c); NULL and ERR when two change the
 * same lines or a hunk does not fit. */
char *lf_diff_merge(const char *orig, const char *file,
		    const char *const *diffs, size_t n, char **err);
/* make's diagnostics, each with the object it came with ("": none);
 * patch_make.c. */
struct lf_diag {
	char *obj, *key;
};

struct lf_diags {
	struct lf_diag *v;
	size_t n, cap;
};

/* The diagnostics of make's OUT, by object of OBJS, added to D. */
void lf_diags_split(const char *out, const struct lf_strv *objs,
		    struct lf_diags *d);
/* The keys of D for OBJS, and those of no object, added to OUT. */
void lf_diags_keys(const struct lf_diags *d, const struct lf_strv *objs,
		   struct lf_strv *out);
/* The first error of OUT about O of OBJS (else any line saying "error"),
 * for a reason. */
char *lf_make_error_of(const char *out, const struct lf_strv *objs,
		       const char *o);
/* Delete each of OBJS and its .cmd under ROOT; NULL, or what failed. */
char *lf_unlink_objs(const char *root, const struct lf_strv *objs);
/* "-jN" for every make: --jobs, else the make lockfit runs under
 * (MAKEFLAGS), else the CPUs. */
const char *lf_make_jobs(void);
void lf_verify_set_jobs(int n);
/* What a make lockfit runs must not inherit from the make it runs
 * under (its flags, its jobserver): removed from the environment. */
#define LF_MAKE_ENV "MAKEFLAGS", "MFLAGS", "MAKELEVEL", "GNUMAKEFLAGS"

/*
 * What lockfit patch writes or deletes (patch_safe.c).  A directory of
 * its own for WHAT ("scratch", "view": "$LOCKFIT_SCRATCH.WHAT.XXXXXX",
 * else ".lockfit-WHAT.XXXXXX" next to TREE, since hard links need its
 * file system; "spatch": "$TMPDIR/lockfit-spatch.XXXXXX"), made by
 * mkdtemp, with a marker naming this process; removed if interrupted.
 */
char *lf_private_dir(const char *tree, const char *what);
/* Remove it (KEEP: leave it, no longer marked as ours). */
void lf_private_remove(const char *dir, bool keep);
/* Remove the private directories of lockfit processes that are gone. */
void lf_safe_stale(const char *tree);
/* SIGINT/SIGTERM: a flag, passed on to the child's process group. */
void lf_safe_init(void);
/* HOLD: a signal waits (the tree is being written). */
void lf_safe_hold(bool hold);
/* If a signal came: remove what is registered, exit 128 + signal. */
void lf_safe_check(void);
/* A temporary file to remove if interrupted (ADD), or no longer. */
void lf_safe_temp(const char *path, bool add);
/* REL, a path from records: relative, normalised, plain characters? */
bool lf_path_ok(const char *rel);
/* ROOT/REL if REL is lf_path_ok and its directory resolves inside ROOT;
 * else NULL. */
char *lf_path_in(const char *root, const char *rel);
/* Write TEXT to PATH, not through a symbolic link; -1 and errno. */
int lf_safe_write(const char *path, const char *text);
/* rm -rf PATH, in this process, never following a link. */
void lf_rm_rf(const char *path);
/* The files the "diff --git a/X b/X" headers of DIFF (a diff lockfit
 * made) name, added to FILES; NULL, or what is wrong: a path that is
 * not lf_path_ok, a line lockfit's diffs do not have. */
char *lf_diff_files(const char *diff, struct lf_strv *files);
/* The old lines DIFF removes from FILE, ascending, in *LINES (their
 * number returned; free *LINES), and in *ADDED how many it adds. */
size_t lf_diff_removed(const char *diff, const char *file, int **lines,
		       size_t *added);
/* FILE holds DIFF: does git apply (in TREE, with ENV) see in it the
 * files its headers name, and no other?  NULL, or what is wrong. */
char *lf_diff_check(const char *diff, const char *file, const char *tree,
		    const char *const *env);
/* cp -al TREE COPY (COPY must not exist); NULL, or what went wrong.
 * Replace a file of COPY by unlinking it first: it is TREE's file. */
char *lf_link_copy(const char *tree, const char *copy);
/* The scratch copy of TREE at SCRATCH (patch_scratch.c): hard links,
 * with kbuild's own files real copies; NULL, or what went wrong. */
char *lf_scratch_make(const char *tree, const char *scratch, size_t *ncopied);
/* Replace the hard link PATH by a copy of it (mode and times kept). */
int lf_unshare(const char *path);
/* In the kbuild files (.*.cmd, *.d) of COPY/tools/ and in its
 * include/config/auto.conf.cmd, the N paths FROM replaced by TO (tools/'s
 * make records absolute paths, the configuration srctree; with them
 * moved the copy's objtool and configuration are up to date); how many
 * files changed in NFIXED.  NULL, or what went wrong. */
char *lf_scratch_repath(const char *copy, const char *const *from,
			const char *const *to, size_t n, size_t *nfixed);

/*
 * Progress on stderr (patch_progress.c): a step of job J, or of the N
 * jobs of SET, begins (FMT: what it does), then ends (FMT: how it went;
 * said on a terminal only, with the time it took).  TOTAL: the jobs of
 * the run, for "[N/TOTAL]".
 */
void lf_progress_total(size_t total);
void lf_step_begin(struct lf_pjob *j, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void lf_step_begin_set(struct lf_vjob **set, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void lf_step_begin_jobs(struct lf_pjob *const *jobs, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void lf_step_end(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * --boot (patch_boot.c): the verified patches of JOBS, together, built
 * into lockfit's VM kernel of B's version (a module's: into the module,
 * built against it and loaded) and booted with its workload
 * (scripts/vm.sh verify, or $LOCKFIT_VM).  On a refusal every verified
 * patch moves to OUT/failed/ with the splat in its log, and false is
 * returned.
 */
bool lf_boot(struct lf_pjobs *jobs, const struct lf_pbuild *b, const char *out);

/*
 * The view spatch runs on (patch_view.c).  Needed when one of FILES of
 * TREE holds __attribute__; then VIEW is a hard-linked copy of TREE in
 * which FILES are copies with the keyword respelled as a macro that the
 * macro file MACROS (written here) defines to nothing.  NULL, or what
 * went wrong.
 */
bool lf_view_needed(const char *tree, const struct lf_strv *files);
/* FRESH: VIEW is made; else it is there already (the run's), and FILES
 * are respelled in it too. */
char *lf_view_make(const char *tree, const struct lf_strv *files,
		   const char *view, const char *macros, bool fresh);
/* TEXT (spatch's output on the view) spelled as the tree is; frees TEXT. */
char *lf_view_unspell(char *text);

#endif
