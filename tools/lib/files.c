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
#include <limits.h>
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
		if (dir && has_rules(dir)) {
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
	return xasprintf("%s/%s", lf_files_dir(), rel);
}

char *lf_cocci_file(const char *file)
{
	const char *env = getenv("LOCKFIT_COCCI");

	if (env && *env)
		return xasprintf("%s/%s", env, file);
	return xasprintf("%s/cocci/%s", lf_files_dir(), file);
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
