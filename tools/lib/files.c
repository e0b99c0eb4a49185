// SPDX-License-Identifier: GPL-2.0
/*
 * files.c - where lockfit's own files are (rules/, cocci/, scripts/, the
 * plugin), found from the running binary rather than compiled in, so that
 * an installed lockfit and a checkout's tools/lockfit each use their own
 * and a moved or copied tree keeps working:
 *
 *   installed  PREFIX/bin/lockfit    PREFIX/share/lockfit/rules ...
 *              the plugin: lockfit.so in GCC's plugin directory, where
 *              -fplugin=lockfit finds it (gcc -print-file-name=plugin)
 *   checkout   tools/lockfit, build/fuzz/lockfit    the checkout itself,
 *              the plugin: plugin/lockfit.so
 */
#include <errno.h>
#include <grp.h>
#include <limits.h>
#include <pwd.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "lib/util.h"
#include "lib/files.h"

extern char **environ;

static char *files_dir;
static bool installed, looked;
static char exe[PATH_MAX];

static bool has_rules(const char *dir)
{
	char *p = xasprintf("%s/rules/thresholds.tbl", dir);
	struct stat st;
	bool ok = !stat(p, &st) && S_ISREG(st.st_mode);

	free(p);
	return ok;
}

/* Who besides the owner can write what ST is: NULL if nobody. */
static const char *others_write(const struct stat *st)
{
	const struct passwd *pw;
	const struct group *gr;

	if (st->st_uid != geteuid() && st->st_uid != 0)
		return "owned by another user";
	if (st->st_mode & S_IWOTH)
		return "writable by every user";
	if (!(st->st_mode & S_IWGRP))
		return NULL;
	/* a user private group (the owner's own, no other member) is no
	 * other user */
	pw = getpwuid(st->st_uid);
	gr = getgrgid(st->st_gid);
	if (pw && gr && pw->pw_gid == st->st_gid && !gr->gr_mem[0])
		return NULL;
	return "writable by its group";
}

/* $LOCKFIT_SAFE_DIRECTORY: directories trusted whoever can write them,
 * with all they hold (':'-separated real paths, or '*'), as git's
 * safe.directory: a CI runner's checkout tested as root is one. */
static bool declared_safe(const char *dir)
{
	const char *env = getenv("LOCKFIT_SAFE_DIRECTORY");
	size_t n = strlen(dir);

	for (const char *p = env; p && *p; p += strcspn(p, ":"), p += !!*p) {
		size_t len = strcspn(p, ":");

		if (len == 1 && *p == '*')
			return true;
		while (len > 1 && p[len - 1] == '/')
			len--;
		if (len <= n && !strncmp(p, dir, len) &&
		    (dir[len] == '/' || dir[len] == 0))
			return true;
	}
	return false;
}

bool lf_trusted_path(const char *path, char **why)
{
	struct stat st;
	const char *who;

	*why = NULL;
	if (declared_safe(path))
		return true;
	if (lstat(path, &st)) {
		*why = xasprintf("%s: %s", path, strerror(errno));
		return false;
	}
	if (!(who = others_write(&st)))
		return true;
	*why = xasprintf("%s is %s (uid %ld, mode %04o; trust it with "
			 "LOCKFIT_SAFE_DIRECTORY=%s)", path, who, (long)st.st_uid,
			 (unsigned)(st.st_mode & 07777), path);
	return false;
}

/* DIR holds rules/thresholds.tbl, and no other user can write it: a copy
 * of the binary under /tmp must not take tables, Coccinelle scripts
 * (python rules) or VM scripts someone planted there. */
static bool files_here(const char *dir)
{
	char *why;

	if (!has_rules(dir))
		return false;
	if (lf_trusted_path(dir, &why))
		return true;
	lf_err("ignored %s as lockfit's files: %s", dir, why);
	free(why);
	return false;
}

static void look(void)
{
	/* In this order: an installed tree, a checkout's tools/, its
	 * build/fuzz/ (make fuzz). */
	static const char *const rel[] = { "../share/lockfit", "..", "../.." };
	ssize_t n;
	char *bin, *slash;

	looked = true;
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0)
		return;
	exe[n] = 0;
	bin = xstrdup(exe);
	slash = strrchr(bin, '/');
	if (!slash)
		return;
	*slash = 0;
	for (size_t i = 0; i < ARRAY_SIZE(rel); i++) {
		char *p = xasprintf("%s/%s", bin, rel[i]), *dir = realpath(p, NULL);

		free(p);
		if (dir && files_here(dir)) {
			files_dir = dir;
			installed = i == 0;
			break;
		}
		free(dir);
	}
	free(bin);
}

const char *lf_files_dir(void)
{
	if (!looked)
		look();
	if (!files_dir)
		lf_die("cannot find lockfit's files (rules/thresholds.tbl) beside "
		       "%s: looked in ../share/lockfit, .. and ../.. of its "
		       "directory (install with make install, or run the "
		       "checkout's tools/lockfit)", *exe ? exe : "/proc/self/exe");
	return files_dir;
}

char *lf_files_path(const char *rel)
{
	const char *dir = lf_files_dir();
	char *path = xasprintf("%s/%s", dir, rel), *why;

	/* each part under the files directory, down to REL itself (one
	 * missing is the caller's to say) */
	for (size_t i = strlen(dir) + 1;; i++) {
		char c = path[i];
		bool ok;

		if (c && c != '/')
			continue;
		path[i] = 0;
		ok = access(path, F_OK) || lf_trusted_path(path, &why);
		path[i] = c;
		if (!ok)
			lf_die("will not use %s", why);
		if (!c)
			return path;
	}
}

char *lf_cocci_file(const char *file)
{
	const char *env = getenv("LOCKFIT_COCCI");

	if (env && *env)
		return xasprintf("%s/%s", env, file);
	char *rel = xasprintf("cocci/%s", file), *path = lf_files_path(rel);

	free(rel);
	return path;
}

bool lf_installed(void)
{
	lf_files_dir();
	return installed;
}

/* CC's answer to -print-file-name=plugin, NULL if it gave none: GCC
 * prints the bare word back when it has no plugin directory. */
static char *gcc_plugin_dir(const char *cc, char **why)
{
	char *argv[] = { (char *)cc, "-print-file-name=plugin", NULL };
	posix_spawn_file_actions_t fa;
	int fd[2], st = 0, err;
	char buf[PATH_MAX];
	size_t len = 0;
	ssize_t n;
	pid_t pid;

	if (pipe(fd))
		lf_die("pipe: %s", strerror(errno));
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fd[1], STDOUT_FILENO);
	posix_spawn_file_actions_addclose(&fa, fd[0]);
	posix_spawn_file_actions_addclose(&fa, fd[1]);
	err = posix_spawnp(&pid, cc, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(fd[1]);
	if (err) {
		close(fd[0]);
		*why = xasprintf("cannot run %s: %s", cc, strerror(err));
		return NULL;
	}
	while (len < sizeof(buf) - 1 &&
	       (n = read(fd[0], buf + len, sizeof(buf) - 1 - len)) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break;
		len += n;
	}
	close(fd[0]);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	buf[len] = 0;
	buf[strcspn(buf, "\n")] = 0;
	if (!WIFEXITED(st) || WEXITSTATUS(st)) {
		*why = xasprintf("%s -print-file-name=plugin failed (is %s "
				 "installed?)", cc, cc);
		return NULL;
	}
	if (buf[0] != '/') {
		*why = xasprintf("%s has no plugin directory (%s "
				 "-print-file-name=plugin: '%s')", cc, cc, buf);
		return NULL;
	}
	return xstrdup(buf);
}

char *lf_default_plugin(const char *cc, char **why)
{
	char *dir, *path;

	*why = NULL;
	if (!lf_installed())
		return lf_files_path("plugin/lockfit.so");
	dir = gcc_plugin_dir(cc && *cc ? cc : "gcc", why);
	if (!dir)
		return NULL;
	path = xasprintf("%s/lockfit.so", dir);
	free(dir);
	return path;
}
