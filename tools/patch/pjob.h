/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pjob.h - the patch-job model: what a check's job builder
 * (patch/patch_MODULE.c, its struct lf_patcher) makes of the checker's
 * typed results, a struct lf_pjob per lock to rewrite, and the pieces it
 * makes one of (patch_jobs.c).  Below the patch engine (patch.h), which
 * runs, verifies and writes the jobs: a job builder includes this, never
 * patch.h nor the report's render.h.
 */
#ifndef LOCKFIT_PJOB_H
#define LOCKFIT_PJOB_H

#include <stdbool.h>
#include <stddef.h>
#include "lib/strv.h"

struct lf_analysis;
struct lf_ilock;
struct lf_rec;
struct strmap;

/*
 * What kind of rewrite a job is: each check defines its own next to
 * its job builder (patch_MODULE.c, its struct lf_patcher below);
 * lockfit patch knows a kind only by these.
 */
struct lf_pkind {
	const char *name;	/* "rwlock->spinlock": progress line, summary */
	/* patches are numbered by it, lowest first; within one order as
	 * the checkers made the jobs */
	int order;
	/* every use of the lock in the whole tree is rewritten: the use
	 * index adds its files and the sites the diff must remove, and
	 * its cleanup.h guards must have a target (patch_users.c,
	 * patch_guard.c); else only the files the records name */
	bool whole_tree;
	/* rules/rewrites.tbl's kind of its rewrite rows ("spinlock"), and
	 * the type the lock becomes ("spinlock_t") */
	const char *rewrite;
	const char *to_type;
	/* a cocci/ script run in report mode on the files before and after
	 * the patch (lf_vjob_check): a finding it adds fails the patch;
	 * NULL: none */
	const char *check;
	/* its script follows one embedding struct (-D via=OUTER.MEMBER,
	 * patch_via.c); else a lock reached through one is refused */
	bool via;
};

/* A check's patch jobs (patch_MODULE.c), registered by its LF_PATCH row
 * of schema/checks.def: a job per lock it asks to rewrite (only ONLY's;
 * a lock ONLY names that gets none is said on stdout); true if ONLY (or
 * NULL) names one of its locks.  PKINDS: the kinds of those jobs,
 * NULL-ended; lockfit patch's summary has a row for each. */
struct lf_pjobs;
struct lf_patcher {
	const char *name;		/* its check module: checks.def's */
	bool (*jobs)(const struct lf_analysis *a, struct strmap *decls,
		     const char *only, struct lf_pjobs *out);
	const struct lf_pkind *const *pkinds;
};

#define LF_PATCH(module, patcher) extern const struct lf_patcher patcher;
#include "schema/checks.def"

/* A call of the lock that the patch must rewrite: recorded, or a use
 * the use index found (function NULL, api what it is: "take"). */
struct lf_psite {
	const char *file, *function, *api;
	int line;
};

/* One lock to rewrite, and what became of it. */
struct lf_pjob {
	const struct lf_pkind *kind;
	const char *lock;	/* the identity, as the report prints it */
	size_t num;		/* its number in the run, from 1 */
	char *name;		/* for the subject: file_systems_lock, TAG::field */
	const char *script;	/* "rwlock_to_spinlock" (cocci/NAME.cocci) */
	struct lf_strv dopts;	/* spatch options the verdict implies */
	struct lf_strv files;	/* to run spatch on, relative to the tree */
	struct lf_strv tus;	/* units using the lock: objects to rebuild */
	struct { struct lf_psite *v; size_t n, cap; } must;	/* to rewrite */
	/* after "[PATCH] ": the checker's "convert ...", then prefixed
	 * by lf_pjob_subject() */
	char *subject;
	const char *prefix_file;	/* its subsystem prefixes the subject */
	char *body;		/* the evidence, wrapped, ends in "\n" */
	char *refused;		/* no patch can be made: why (before spatch) */
	/* results */
	char *diff;		/* git-style, a/ b/ relative to the tree */
	char *notes;		/* what spatch left to a human (stderr) */
	double spatch_secs;
	char *mail;		/* the whole patch file */
	char *failed;		/* why it is not offered; NULL: verified */
	char *log;		/* what verification ran and said */
	char *path;		/* where the patch was written */
	/* patch_users.c: the whole tree */
	bool indexed;		/* the use index gave files and sites */
	struct lf_strv objs;	/* objects of the build using the lock */
	struct lf_strv verified;	/* changed files those objects build */
	struct lf_strv unbuilt;	/* changed files no object of it builds */
	struct lf_strv allmod;	/* .c of those, for --verify-unbuilt */
	struct lf_strv allmodok;	/* of those, built in allmodconfig */
	struct lf_strv unexamined;	/* member: files the index did not type */
	/* the index's uses: their files; "FILE:LINE" of its declarations;
	 * the headers holding another use (an inline, a macro), which
	 * every includer compiles */
	struct lf_strv usefiles, decls, usecode;
	/* the message: the headers whose includers were not all rebuilt
	 * (only the lock's declaration changed there), or why they were */
	char *rebuilt_why;
	/* uses the index could not type (maybe another lock's): those the
	 * diff leaves go to the message */
	struct { struct lf_psite *v; size_t n, cap; } maybe;
	struct lf_strv untyped;	/* "FILE:LINE (take)" left by the diff */
	/* patch_space.c: added lines re-indented with tabs ("FILE:LINE") */
	struct lf_strv retabbed;
	/* what verification found, for the message (patch_mail.c): the
	 * steps before checkpatch passed, the diagnostics of its objects,
	 * and the --boot of the verified patches */
	bool checked, booted;
	size_t diags_before, diags_after;
	/* a lock of the external module directory: its paths are relative
	 * to it ("$M/" removed) and it is verified by rebuilding the module */
	bool module;
	/* a lock embedded in a struct (bit locks): every file naming struct
	 * SETUP_STRUCT goes to the script, whose spin_lock_init(&...->
	 * SETUP_LOCK) must be in the diff (patch_init.c); NULL: none */
	char *setup_struct, *setup_lock;
};

struct lf_pjobs {
	struct lf_pjob **v;
	size_t n, cap;
};

/*
 * The pieces of a job (patch_jobs.c), for the checkers' jobs callbacks.
 * A job of KIND for LOCK, running cocci/SCRIPT.cocci:
 */
struct lf_pjob *lf_pjob_new(const struct lf_pkind *kind, const char *lock,
			    const char *script);
/* Is S (N chars) a C identifier? */
bool lf_is_ident(const char *s, size_t n);
/* Add "-D" and FMT with the N chars of A ("lock=%.*s"). */
void lf_pjob_dopt(struct lf_pjob *j, const char *fmt, const char *a, size_t n);
/* The -D options naming LEN chars of lock identity ID (FIELDOPT for the
 * member of "struct TAG::FIELD"), and j->name; NULL, or why the scripts
 * cannot name it. */
char *lf_pjob_ident(struct lf_pjob *j, const char *id, size_t len,
		    const char *fieldopt);
/* "-D via=OUTER.MEMBER" when the use index reached L's uses through an
 * embedding struct (patch_via.c); J refused if the script cannot. */
void lf_pjob_via(struct lf_pjob *j, const struct lf_ilock *l);
/* R's file and unit; lf_pjob_site also R's call when a rewrite of J's
 * kind (rewrites.tbl) replaces it. */
void lf_pjob_file(struct lf_pjob *j, const struct lf_rec *r);
void lf_pjob_site(struct lf_pjob *j, const struct lf_analysis *a,
		  const struct lf_rec *r);
/* Add the decl files (DECLS) and every unit of the lock; sort; refuse a
 * path that is not inside the tree; --local-includes where needed. */
void lf_pjob_finish(struct lf_pjob *j, const struct lf_analysis *a,
		    struct strmap *decls);
/* Sort the files and units, refuse a path that is not inside the tree,
 * --local-includes where a header needs it (lf_pjob_finish; again once
 * the use index added files). */
void lf_pjob_paths(struct lf_pjob *j);
/* The file whose subsystem prefixes the subject: the .c file with most
 * of RECS (j->prefix_file). */
void lf_pjob_prefix(struct lf_pjob *j, const struct lf_rec *const *recs,
		    size_t n);
/* Does --lock ONLY (NULL: all) name LOCK: the identity, or the plain name
 * after the last ':' of a file-static? */
bool lf_pjob_wanted(const char *only, const char *lock);

/* S for a patch mail (ASCII only: the mail has no charset header) and
 * lockfit patch's own log lines: S itself if it is printable ASCII, else
 * a copy with each other byte written \xNN (kept for the run), in
 * patch_mail.c.  Terminal text elsewhere goes through lf_esc()
 * (escape.c), which keeps UTF-8. */
const char *lf_mail_esc(const char *s);

#endif
