// SPDX-License-Identifier: GPL-2.0
/*
 * patch_safe.c - what lockfit patch writes or deletes stays where it
 * belongs, whatever the records say, and an interrupted run leaves
 * nothing behind.
 *
 *   - Paths from records are checked before they are joined to a
 *     directory: relative, normalised, of the characters kernel file
 *     names use (no control character, no '=' or ':' that make would
 *     read as a variable or a rule, no component starting with '-').
 *     Joined to a directory, the directory of the result must resolve
 *     inside it (a symbolic link in the tree cannot lead out).
 *   - Scratch copies, views and temporary directories are made with
 *     mkdtemp (never a predictable name) and hold a marker file with
 *     the owner's PID and host.  A later run removes those whose owner
 *     is gone (a SIGKILL leaves them).
 *   - SIGINT and SIGTERM set a flag and are passed on to the running
 *     child's process group (children run in their own group); the main
 *     flow then removes what was registered here, once the child has
 *     been reaped, and exits 128 + the signal.  While the tree itself
 *     is written (--apply), the signal waits until git apply is done.
 */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lib/util.h"
#include "patch/patch.h"

#define MARKER	".lockfit-owner"

static volatile sig_atomic_t stop_sig;	/* the signal that came, or 0 */
static volatile sig_atomic_t held;	/* not passed on to the child */
static volatile pid_t child;		/* its process group */

/* What to remove when interrupted (directories, then files). */
static struct lf_strv dirs, files;

static void on_signal(int sig)
{
	int saved = errno;

	stop_sig = sig;
	if (child > 0 && !held)
		kill(-child, sig);
	errno = saved;
}

static void cleanup_all(void)
{
	while (files.n) {
		unlink(files.v[files.n - 1]);
		free(files.v[--files.n]);
	}
	while (dirs.n) {
		lf_rm_rf(dirs.v[dirs.n - 1]);
		free(dirs.v[--dirs.n]);
	}
}

/* The child lf_exec_run() runs (0: reaped, and an interrupt ends the
 * run now). */
static void watch(pid_t pid)
{
	if (!pid)
		lf_safe_check();
	child = pid;
}

void lf_safe_init(void)
{
	struct sigaction sa = { .sa_handler = on_signal };
	struct sigaction old;

	sigemptyset(&sa.sa_mask);
	/* no SA_RESTART: waitpid returns, the flag is seen */
	sigaction(SIGTERM, &sa, NULL);
	/* an ignored SIGINT (nohup, a background job) stays ignored */
	if (!sigaction(SIGINT, NULL, &old) && old.sa_handler != SIG_IGN)
		sigaction(SIGINT, &sa, NULL);
	atexit(cleanup_all);
	lf_exec_watch(watch);
}

void lf_safe_hold(bool hold)
{
	held = hold;
}

void lf_safe_check(void)
{
	int sig = stop_sig;

	if (!sig || held)
		return;
	if (child > 0)		/* reaped: anything left of its group goes */
		kill(-child, SIGKILL);
	child = 0;
	cleanup_all();
	fprintf(stderr, "lockfit patch: %s: scratch copy, view and temporary "
		"files removed\n", strsignal(sig));
	exit(128 + sig);
}

static void remove_from(struct lf_strv *v, const char *path)
{
	for (size_t i = 0; i < v->n; i++)
		if (!strcmp(v->v[i], path)) {
			free(v->v[i]);
			v->v[i] = v->v[--v->n];
			return;
		}
}

void lf_safe_temp(const char *path, bool add)
{
	if (add)
		lf_strv_add(&files, path);
	else
		remove_from(&files, path);
}

static int rm_visit(const char *path, const struct stat *st, int type,
		    struct FTW *ftw)
{
	if (type == FTW_DP)
		rmdir(path);
	else
		unlink(path);
	return 0;
}

void lf_rm_rf(const char *path)
{
	struct stat st;

	if (lstat(path, &st))
		return;
	if (!S_ISDIR(st.st_mode))
		unlink(path);
	else
		nftw(path, rm_visit, 32, FTW_DEPTH | FTW_PHYS | FTW_MOUNT);
}

bool lf_path_ok(const char *rel)
{
	const char *p = rel;

	if (!*rel || *rel == '/')
		return false;
	for (; *p; p++)
		if (!(('a' <= *p && *p <= 'z') || ('A' <= *p && *p <= 'Z') ||
		      ('0' <= *p && *p <= '9') || strchr("_-.+,@/", *p)))
			return false;
	for (p = rel; *p; p += strcspn(p, "/"), p += *p == '/') {
		size_t n = strcspn(p, "/");

		if (!n || *p == '-' || (n == 1 && *p == '.') ||
		    (n == 2 && !strncmp(p, "..", 2)))
			return false;
	}
	return p[-1] != '/';
}

char *lf_path_in(const char *root, const char *rel)
{
	char real_root[PATH_MAX], real[PATH_MAX], *path, *dir;
	size_t n;
	bool inside;

	if (!lf_path_ok(rel) || !realpath(root, real_root))
		return NULL;
	path = xasprintf("%s/%s", root, rel);
	dir = xstrdup(path);
	*strrchr(dir, '/') = 0;
	n = strlen(real_root);
	/* a directory not there yet cannot lead anywhere */
	inside = realpath(dir, real) ? !strncmp(real, real_root, n) &&
		 (real[n] == '/' || !real[n]) : errno == ENOENT;
	free(dir);
	if (!inside) {
		free(path);
		return NULL;
	}
	return path;
}

int lf_safe_write(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC,
		      0666);
	size_t len = strlen(text), done = 0;
	int err = 0;

	if (fd < 0)
		return -1;
	while (done < len && !err) {
		ssize_t n = write(fd, text + done, len - done);

		if (n < 0 && errno != EINTR)
			err = errno;
		else if (n > 0)
			done += n;
	}
	if (close(fd) && !err)
		err = errno;
	errno = err;
	return err ? -1 : 0;
}

static char *host(void)
{
	char h[256] = "";

	gethostname(h, sizeof(h) - 1);
	return xstrdup(h);
}

/* DIR (a directory, not a link, ours): made by a lockfit process that
 * is gone?  Its marker says which. */
static bool stale(const char *dir, const char *me)
{
	char *marker = xasprintf("%s/" MARKER, dir), buf[400] = "", h[300];
	struct stat st;
	int fd, pid;
	ssize_t n;
	bool gone = false;

	fd = open(marker, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	free(marker);
	if (fd < 0)
		return false;
	n = read(fd, buf, sizeof(buf) - 1);
	if (!fstat(fd, &st) && S_ISREG(st.st_mode) && st.st_uid == getuid() &&
	    n > 0 && sscanf(buf, "lockfit %d %299s", &pid, h) == 2 &&
	    pid > 0 && pid != getpid() && !strcmp(h, me))
		gone = kill(pid, 0) && errno == ESRCH;
	close(fd);
	return gone;
}

/* Directories DIR/PREFIX* left by dead lockfit processes: removed. */
static void remove_stale_in(const char *dir, const char *prefix)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char *me = host();
	size_t n = strlen(prefix);

	while (d && (de = readdir(d))) {
		struct stat st;
		char *path;

		if (strncmp(de->d_name, prefix, n))
			continue;
		path = xasprintf("%s/%s", dir, de->d_name);
		if (!lstat(path, &st) && S_ISDIR(st.st_mode) &&
		    st.st_uid == getuid() && stale(path, me)) {
			lf_fprintf(stderr, "lockfit patch: removing %s, left by a "
				   "lockfit process that is gone\n", path);
			lf_rm_rf(path);
		}
		free(path);
	}
	if (d)
		closedir(d);
	free(me);
}

/* Where directories named WHAT go: PREFIX and the directory holding it. */
static char *base(const char *tree, const char *what, char **dir)
{
	const char *env = getenv("LOCKFIT_SCRATCH");
	const char *tmp = getenv("TMPDIR");
	char *b, *slash;

	if (!strcmp(what, "spatch"))
		b = xasprintf("%s/lockfit-spatch.", tmp && *tmp ? tmp : "/tmp");
	else if (env && *env)
		b = xasprintf("%s.%s.", env, what);
	else if (strrchr(tree, '/'))
		b = xasprintf("%.*s/.lockfit-%s.", (int)(strrchr(tree, '/') - tree),
			      tree, what);
	else
		b = xasprintf("./.lockfit-%s.", what);
	slash = strrchr(b, '/');
	*dir = slash == b ? xstrdup("/") : xasprintf("%.*s", (int)(slash - b), b);
	return b;
}

void lf_safe_stale(const char *tree)
{
	static const char *const whats[] = { "scratch", "view", "spatch" };

	for (size_t i = 0; i < ARRAY_SIZE(whats); i++) {
		char *dir, *b = base(tree, whats[i], &dir);

		remove_stale_in(dir, strrchr(b, '/') + 1);
		free(dir);
		free(b);
	}
}

char *lf_private_dir(const char *tree, const char *what)
{
	char *dir, *path = base(tree, what, &dir), *marker, *text, *me = host();
	char *tmpl = xasprintf("%sXXXXXX", path);
	int fd;

	free(dir);
	free(path);
	if (!mkdtemp(tmpl))
		lf_die("cannot create a directory %s: %s", tmpl, strerror(errno));
	lf_strv_add(&dirs, tmpl);
	marker = xasprintf("%s/" MARKER, tmpl);
	text = xasprintf("lockfit %d %s\n", (int)getpid(), me);
	fd = open(marker, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text) ||
	    close(fd))
		lf_die("cannot write %s: %s", marker, strerror(errno));
	free(marker);
	free(text);
	free(me);
	return tmpl;
}

void lf_private_remove(const char *dir, bool keep)
{
	if (keep) {
		char *marker = xasprintf("%s/" MARKER, dir);

		unlink(marker);	/* no longer stale for a later run */
		free(marker);
	} else {
		lf_rm_rf(dir);
	}
	remove_from(&dirs, dir);
}

size_t lf_diff_removed(const char *diff, const char *file, int **lines,
		       size_t *added)
{
	char *head = xasprintf("diff --git a/%s b/%s\n", file, file);
	const char *p = strstr(diff, head);
	size_t n = 0, cap = 0;
	int old = 0;

	*lines = NULL;
	*added = 0;
	for (p = p ? strchr(p, '\n') + 1 : NULL; p && *p;
	     p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		if (!strncmp(p, "diff --git ", 11))
			break;
		if (!strncmp(p, "@@ -", 4))
			old = atoi(p + 4);
		else if (*p == ' ')
			old++;
		else if (*p == '+' && old)	/* old 0: the "+++ b/" header */
			++*added;
		else if (*p == '-' && old) {
			if (n == cap)
				*lines = xrealloc(*lines, (cap = cap * 2 + 8) *
						  sizeof(**lines));
			(*lines)[n++] = old++;
		}
	}
	free(head);
	return n;
}

char *lf_diff_files(const char *diff, struct lf_strv *files)
{
	for (const char *p = diff; *p; p += strcspn(p, "\n"), p += *p == '\n') {
		size_t n = strcspn(p, "\n");
		char *a, *b, *err = NULL;

		if (strchr(" +-@\\", *p) && n)
			continue;
		if (n < 13 || strncmp(p, "diff --git a/", 13))
			return xasprintf("a line lockfit's diffs do not have: '%s'",
					 lf_mail_esc(xasprintf("%.*s", (int)(n > 60 ? 60 : n), p)));
		a = xasprintf("%.*s", (int)n - 13, p + 13);
		b = strstr(a, " b/");
		if (b)
			*b = 0;
		if (!b || strcmp(b + 3, a) || !lf_path_ok(a))
			err = xasprintf("'%s' is not a plain path inside the tree",
					lf_mail_esc(xasprintf("%.*s", (int)n, p)));
		else
			lf_strv_add_unique(files, a);
		free(a);
		if (err)
			return err;
	}
	return NULL;
}

char *lf_diff_check(const char *diff, const char *file, const char *tree,
		    const char *const *env)
{
	const char *argv[] = { "git", "apply", "--numstat", file, NULL };
	struct lf_strv named = { 0 }, seen = { 0 };
	struct lf_exec r;
	char *err = lf_diff_files(diff, &named);

	if (err)
		return err;
	lf_exec_run(&r, tree, argv, env);
	if (r.status)
		err = xasprintf("git apply --numstat: %s", r.out);
	/* "ADDED\tDELETED\tPATH" per file git apply would change */
	for (const char *p = r.out; !err && *p; p += strcspn(p, "\n"), p += *p == '\n') {
		const char *t = memchr(p, '\t', strcspn(p, "\n"));
		char *path;

		t = t ? memchr(t + 1, '\t', strcspn(t + 1, "\n")) : NULL;
		if (!t) {
			err = xasprintf("git apply --numstat said: %s", lf_mail_esc(r.out));
			break;
		}
		path = xasprintf("%.*s", (int)strcspn(t + 1, "\n"), t + 1);
		if (!lf_strv_has(&named, path))
			err = xasprintf("the diff would change %s, which its "
					"headers do not name", lf_mail_esc(path));
		lf_strv_add_unique(&seen, path);
		free(path);
	}
	if (!err && seen.n != named.n)
		err = xasprintf("git apply sees %zu file%s in the diff, its "
				"headers name %zu", seen.n, lf_plural(seen.n),
				named.n);
	free(r.out);
	return err;
}
