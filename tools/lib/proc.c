// SPDX-License-Identifier: GPL-2.0
/*
 * proc.c - run grep, spatch, make, git, checkpatch: fork and exec with
 * the output captured in temporary files, no shell in between (paths
 * are never quoted wrong).  Each child leads a process group of its
 * own, which the watcher (lf_exec_watch: lockfit patch's patch_safe.c)
 * passes a SIGINT or SIGTERM on to; once it is reaped, the watcher may
 * end the run.
 */
#define _GNU_SOURCE	/* O_TMPFILE */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "lib/util.h"
#include "lib/proc.h"

static void (*watcher)(pid_t pid);

void lf_exec_watch(void (*fn)(pid_t pid))
{
	watcher = fn;
}

/* A temporary file with no name (O_TMPFILE), so a signal can leave none
 * behind; else one named and removed at once. */
static int tmpfile_fd(void)
{
	const char *dir = getenv("TMPDIR");
	char *path;
	int fd = -1;

	if (!dir || !*dir)
		dir = "/tmp";
#ifdef O_TMPFILE
	fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
	if (fd >= 0)
		return fd;
#endif
	path = xasprintf("%s/lockfit-exec.XXXXXX", dir);
	fd = mkstemp(path);

	if (fd < 0)
		lf_die("cannot create a temporary file %s: %s", path, strerror(errno));
	unlink(path);
	free(path);
	return fd;
}

/* FD's whole content (NULs kept: grep -Z), its length in *LEN if LEN. */
static char *slurp_fd(int fd, size_t *len)
{
	struct strbuf sb = { 0 };
	char buf[65536];
	ssize_t n;

	if (lseek(fd, 0, SEEK_SET) < 0)
		lf_die("cannot read a temporary file: %s", strerror(errno));
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		sb_add(&sb, buf, n);
	close(fd);
	if (len)
		*len = sb.len;
	return sb.s ? sb.s : xstrdup("");
}

static void child(const char *dir, const char *const *argv,
		  const char *const *env, int out, int err)
{
	int null = open("/dev/null", O_RDONLY);

	setpgid(0, 0);
	if (null < 0 || dup2(null, 0) < 0 || dup2(out, 1) < 0 ||
	    dup2(err < 0 ? out : err, 2) < 0)
		_exit(127);
	if (dir && chdir(dir)) {
		fprintf(stderr, "lockfit: cannot enter %s: %s\n", dir, strerror(errno));
		_exit(127);
	}
	/* "NAME=VALUE" is set, "NAME" unset (an outer make's MAKEFLAGS) */
	for (size_t i = 0; env && env[i]; i++)
		if (strchr(env[i], '='))
			putenv((char *)env[i]);
		else
			unsetenv(env[i]);
	execvp(argv[0], (char *const *)argv);
	fprintf(stderr, "lockfit: cannot run %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

static void run(struct lf_exec *r, char **errtext, bool split, const char *dir,
		const char *const *argv, const char *const *env)
{
	int out = tmpfile_fd(), err = split ? tmpfile_fd() : -1, st;
	double t0 = lf_now();
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0)
		lf_die("cannot fork: %s", strerror(errno));
	if (!pid)
		child(dir, argv, env, out, err);
	setpgid(pid, pid);	/* either of the two calls wins the race */
	if (watcher)
		watcher(pid);
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			lf_die("waitpid: %s", strerror(errno));
	if (watcher)
		watcher(0);
	r->secs = lf_now() - t0;
	r->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	r->out = slurp_fd(out, &r->len);
	if (split && errtext)
		*errtext = slurp_fd(err, NULL);
	else if (split)
		close(err);
}

void lf_exec_run(struct lf_exec *r, const char *dir, const char *const *argv,
		 const char *const *env)
{
	run(r, NULL, false, dir, argv, env);
}

void lf_exec_split(struct lf_exec *r, char **err, const char *dir,
		   const char *const *argv, const char *const *env)
{
	run(r, err, true, dir, argv, env);
}

char *lf_head(const char *text, size_t n)
{
	const char *p = text ? text : "";
	size_t lines = 0;

	while (*p && lines < n) {
		const char *nl = strchr(p, '\n');

		p = nl ? nl + 1 : p + strlen(p);
		lines++;
	}
	return xasprintf("%.*s", (int)(p - (text ? text : "")), text ? text : "");
}

double lf_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}
