// SPDX-License-Identifier: GPL-2.0
/*
 * build_cmd.c - lockfit build: run the user's make with the plugin added to
 * KCFLAGS, show progress, then print the text report: of the objects
 * make wrote (records in their section), or with --out of a record
 * directory.
 *
 * make's output (both streams) is passed through to our stderr so that
 * stdout carries only the report.  Its stderr is also scanned: when the
 * build fails, the user needs to know whether the plugin broke it (its
 * "lockfit:" errors, an internal compiler error, a plugin that does not
 * load) or the tree did.
 *
 * Under distcc (CC="distcc gcc", "ccache distcc gcc", ccache with
 * CCACHE_PREFIX=distcc, or a masquerade gcc) the plugin cannot be in the
 * command: distccd refuses -fplugin=, and the client then compiles
 * everything itself.  CC becomes "lockfit-cc distcc gcc" instead, and
 * KCFLAGS carries only the plugin's arguments: lockfit-cc adds the plugin
 * on whichever machine compiles (cc/lockfit-cc.c).
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "lib/util.h"
#include "lib/cli.h"
#include "lib/files.h"
#include "lib/path.h"
#include "analysis/runtime.h"
#include "records/profile.h"
#include "records/recdir.h"
#include "lib/phase.h"
#include "report/report.h"

static const char usage[] =
"Usage: lockfit build [--out DIR] [--plugin PATH] [EVIDENCE]\n"
"                     -- make [ARGS...]\n"
"\n"
"Run the given make command with the lockfit plugin added to KCFLAGS:\n"
"  KCFLAGS=\"<your KCFLAGS> -fplugin=PLUGIN -fplugin-arg-lockfit-srcroot=SRC\"\n"
"(your KCFLAGS come from a KCFLAGS=... argument, else the environment),\n"
"then print the text report on stdout.  Each compile writes its records\n"
"into its object (section .discard.lockfit.records, which the links of\n"
"vmlinux and modules drop), so ccache hits and distcc builds keep them;\n"
"the report reads the objects of the build's output directory: M=DIR,\n"
"else O=DIR, else $KBUILD_OUTPUT, else the make -C directory (relative\n"
"paths from it).  With M=DIR, DIR must be a kbuild module (a Kbuild or\n"
"Makefile naming obj-m) and the kernel build configured and prepared for\n"
"modules (make modules_prepare); its files are named \"$M/FILE\"\n"
"(docs/RECORDS.md).\n"
"make's own output goes to stderr.\n"
"\n"
"Options:\n"
"  --out DIR        write records to the record directory DIR instead\n"
"                   (-fplugin-arg-lockfit-out=DIR, created) and report it;\n"
"                   stderr shows the number of record files written so\n"
"                   far (every second on a terminal, else one final line)\n"
"  --plugin PATH    the plugin (default $LOCKFIT_PLUGIN, else, installed,\n"
"                   lockfit.so in the plugin directory of make's CC=, else\n"
"                   gcc (-print-file-name=plugin), where -fplugin=lockfit\n"
"                   finds it; from a checkout, its plugin/lockfit.so;\n"
"                   lockfit --version names it)\n"
"  -h, --help       show this help\n"
"\n"
LF_HELP_EVIDENCE
"\n"
"They are passed to the report; a profile and a lock_stat file are\n"
"checked before the build starts.\n"
"A DIR holding records of another configuration or tree (an earlier build\n"
"with other options) is refused by the report: give a fresh --out, or\n"
"--mixed-builds to read them together.  A kbuild output directory is\n"
"read from kbuild's own lists (vmlinux.a, built-in.a, modules.order):\n"
"objects of an earlier configuration are not read.\n"
"\n"
"With distcc (CC=\"distcc gcc\", \"ccache distcc gcc\", CC=\"ccache gcc\" with\n"
"CCACHE_PREFIX=distcc, or a gcc of distcc's masquerade directory) the\n"
"command's CC becomes \"[ccache] lockfit-cc distcc gcc\" and KCFLAGS gets\n"
"the plugin's arguments only: distccd refuses -fplugin=, so lockfit-cc\n"
"adds the plugin on the machine that compiles, which needs lockfit-cc and\n"
"the plugin installed (docs/INSTALL.md \"distcc\"); --out is refused (the\n"
"records come back in the objects).\n"
"Paths are made absolute and must hold only letters, digits, UTF-8 and\n"
"/._-+,=@%: (make and the shell read KCFLAGS: '$', blanks, '#', '\\',\n"
"quotes and the like are refused before make runs).\n"
"\n"
"Exit status: make's when it fails (and a line saying whether the plugin\n"
"caused it), else as for lockfit report.\n";

static int run(int argc, char **argv);

const struct lf_cmd lf_cmd_build = {
	"build", "run make with the plugin, then report", usage, run,
	LF_CMD_JUDGES,
};

/* Messages that mean the plugin, not the tree, failed the build. */
static const char *const plugin_errors[] = {
	"lockfit:", "internal compiler error", "cannot load plugin",
};

struct build {
	const char *out;	/* record directory, or NULL: the objects */
	const char *plugin, *name;
	char *distcc_cc;	/* CC= of the distcc route, else NULL */
	bool ccache;		/* ccache in front of it */
	char *objdir;		/* kbuild's output directory (output_dir) */
	char **cmd;
	bool tty, progress_shown;
	size_t files;
	char line[4096];	/* the stderr line being scanned */
	size_t len;
	char *blame;		/* first plugin error line */
};

/*
 * PATH absolute, for KCFLAGS.  make expands '$' in a variable given on
 * its command line and ends it at '#'; kbuild hands KCFLAGS to the shell
 * unquoted, which splits it on blanks and acts on quotes, ';', '`' and
 * the like.  Escaping for both layers would be fragile: a path reaching
 * KCFLAGS holds only bytes neither treats specially (and UTF-8), or is
 * refused before make runs.
 */
static char *absolute(const char *path, const char *what)
{
	char *abs = lf_realpath(path, what);
	const unsigned char *p;

	for (p = (const unsigned char *)abs; *p; p++)
		if (*p < 0x80 && !isalnum(*p) && !strchr("/._-+,=@%:", *p))
			lf_die("%s %s holds '%c': KCFLAGS cannot carry it (make "
			       "and the shell would read it); use a path of "
			       "letters, digits and /._-+,=@%%:", what, abs, *p);
	return abs;
}

/* --out DIR: an existing file that is not a directory is refused now,
 * not after the whole build. */
static char *record_dir(const char *out)
{
	struct stat st;

	if (!stat(out, &st) && !S_ISDIR(st.st_mode))
		lf_die("record directory %s exists and is not a directory", out);
	lf_mkdir_p(out);
	return absolute(out, "record directory");
}

/* gcc names plugin arguments after the file name: -fplugin-arg-NAME-. */
static const char *plugin_name(const char *path)
{
	const char *base = strrchr(path, '/');
	char *name = xstrdup(base ? base + 1 : path), *dot = strrchr(name, '.');

	if (dot)
		*dot = 0;
	if (!*name || name[strspn(name, "abcdefghijklmnopqrstuvwxyz"
				  "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")])
		lf_die("plugin file name must be NAME.so with NAME in [A-Za-z0-9_]: %s",
		       path);
	return name;
}

/* The directory make runs in: its -C DIR, else here (NULL). */
static const char *make_dir(char **cmd, int n)
{
	const char *dir = NULL;

	for (int i = 1; i < n; i++) {
		if (!strcmp(cmd[i], "-C") && i + 1 < n)
			dir = cmd[++i];
		else if (!strncmp(cmd[i], "-C", 2) && cmd[i][2])
			dir = cmd[i] + 2;
		else if (!strncmp(cmd[i], "--directory=", 12))
			dir = cmd[i] + 12;
	}
	return dir;
}

/* The source tree make runs in.  An O= build compiles ../fs/x.c or
 * /usr/src/linux/fs/x.c; the plugin names files relative to this, so
 * records say fs/x.c however kbuild spelled it. */
static char *source_tree(char **cmd, int n)
{
	const char *dir = make_dir(cmd, n);

	return absolute(dir ? dir : ".", "make -C directory");
}

/* The value of make variable VAR (VAR=value arguments: the last wins),
 * else NULL. */
static const char *make_var(char **cmd, int n, const char *var)
{
	size_t len = strlen(var);
	const char *val = NULL;

	for (int i = 1; i < n; i++)
		if (!strncmp(cmd[i], var, len) && cmd[i][len] == '=')
			val = cmd[i] + len + 1;
	return val;
}

/*
 * Where kbuild writes the objects: M= (an external module), else O=,
 * else $KBUILD_OUTPUT, else the source tree; kbuild resolves a relative
 * one from the make -C directory.  Made absolute after make has run
 * (kbuild creates an O= directory).
 */
static char *output_dir(char **cmd, int n)
{
	const char *dir = make_var(cmd, n, "M");
	const char *top = make_dir(cmd, n);

	if (!dir || !*dir)
		dir = make_var(cmd, n, "O");
	if (!dir || !*dir)
		dir = make_var(cmd, n, "KBUILD_OUTPUT");
	if (!dir || !*dir)
		dir = getenv("KBUILD_OUTPUT");
	if (!dir || !*dir)
		return xstrdup(top ? top : ".");
	if (dir[0] == '/' || !top)
		return xstrdup(dir);
	return xasprintf("%s/%s", top, dir);
}

static bool file_in(const char *dir, const char *name)
{
	char *p = xasprintf("%s/%s", dir, name);
	bool ok = !access(p, F_OK);

	free(p);
	return ok;
}

/* DIR/NAME holds obj-m (or obj-$(CONFIG_...)): a kbuild module's list. */
static bool names_modules(const char *dir, const char *name)
{
	char *p = xasprintf("%s/%s", dir, name), *t = lf_read_file(p, NULL);
	bool ok = t && (strstr(t, "obj-m") || strstr(t, "obj-$("));

	free(t);
	free(p);
	return ok;
}

/*
 * make M=DIR (an external module): DIR must be a kbuild module and the
 * kernel build it is built against configured and prepared for modules,
 * or kbuild fails late and obscurely (6.1 without modules_prepare links
 * the .ko with an empty linker script name).  Checked before make runs.
 */
static void check_module(char **cmd, int n)
{
	const char *m = make_var(cmd, n, "M"), *top = make_dir(cmd, n);
	const char *o = make_var(cmd, n, "O");
	char *dir, *obj;

	if (!m || !*m)
		m = getenv("KBUILD_EXTMOD");
	if (!m || !*m)
		return;
	dir = m[0] == '/' || !top ? xstrdup(m) : xasprintf("%s/%s", top, m);
	if (access(dir, F_OK))
		lf_die("M=%s: %s", m, strerror(errno));
	if (!names_modules(dir, "Kbuild") && !names_modules(dir, "Makefile"))
		lf_die("M=%s is not a kbuild module directory: no Kbuild or "
		       "Makefile there names obj-m", m);
	if (!o || !*o)
		o = make_var(cmd, n, "KBUILD_OUTPUT");
	if (!o || !*o)
		o = getenv("KBUILD_OUTPUT");
	obj = o && *o ? (o[0] == '/' || !top ? xstrdup(o) :
			 xasprintf("%s/%s", top, o)) : xstrdup(top ? top : ".");
	if (!file_in(obj, ".config") ||
	    !file_in(obj, "include/generated/autoconf.h") ||
	    !file_in(obj, "include/config/auto.conf"))
		lf_die("%s is not a configured kernel build (no .config, "
		       "include/generated/autoconf.h or include/config/auto.conf): "
		       "configure it and run make modules_prepare there before "
		       "building M=%s", obj, m);
	if (!file_in(obj, "scripts/module.lds") ||
	    !file_in(obj, "scripts/mod/modpost"))
		lf_die("%s is not prepared for external modules (no "
		       "scripts/module.lds or scripts/mod/modpost): run make "
		       "%smodules_prepare there first", obj,
		       o && *o ? "O=... " : "");
	free(obj);
	free(dir);
}

/* The command with every KCFLAGS=... argument replaced by one that adds
 * the plugin to the user's flags (under distcc: its arguments, and CC=
 * the distcc route's). */
static char **with_kcflags(struct build *b, char **cmd, int n)
{
	char **out = xcalloc(n + 3, sizeof(*out));
	const char *user = getenv("KCFLAGS");
	char *src = source_tree(cmd, n), *outarg;
	int k = 0;

	for (int i = 0; i < n; i++) {
		if (!strncmp(cmd[i], "KCFLAGS=", 8))
			user = cmd[i] + 8;
		else if (!(b->distcc_cc && !strncmp(cmd[i], "CC=", 3)))
			out[k++] = cmd[i];
	}
	outarg = b->out ? xasprintf(" -fplugin-arg-%s-out=%s", b->name, b->out) :
		 xstrdup("");
	if (b->distcc_cc) {
		out[k++] = xasprintf("CC=%s", b->distcc_cc);
		out[k++] = xasprintf("KCFLAGS=%s%s-fplugin-arg-lockfit-srcroot=%s",
				     user ? user : "", user && *user ? " " : "",
				     src);
	} else {
		out[k++] = xasprintf("KCFLAGS=%s%s-fplugin=%s%s -fplugin-arg-%s-srcroot=%s",
				     user ? user : "", user && *user ? " " : "",
				     b->plugin, outarg, b->name, src);
	}
	free(outarg);
	free(src);
	out[k] = NULL;
	return out;
}

/* --- distcc ------------------------------------------------------------ */

/* S split at blanks (make hands CC to the shell, which splits it so). */
static char **words(const char *s, int *n)
{
	char *copy = xstrdup(s), *save, *w;
	char **v = xcalloc(strlen(s) / 2 + 2, sizeof(*v));

	*n = 0;
	for (w = strtok_r(copy, " \t", &save); w; w = strtok_r(NULL, " \t", &save))
		v[(*n)++] = w;
	return v;
}

static bool named(const char *path, const char *name)
{
	const char *b = strrchr(path, '/');

	return !strcmp(b ? b + 1 : path, name);
}

/* The file CMD runs, as the shell finds it, links resolved; NULL if
 * none. */
static char *command_file(const char *cmd)
{
	const char *path = getenv("PATH");
	char *copy, *dir, *save, *real = NULL;

	if (strchr(cmd, '/'))
		real = realpath(cmd, NULL);
	copy = xstrdup(path ? path : "");
	for (dir = strtok_r(copy, ":", &save); dir && !real;
	     dir = strtok_r(NULL, ":", &save)) {
		char *p = xasprintf("%s/%s", *dir ? dir : ".", cmd);

		if (!access(p, X_OK))
			real = realpath(p, NULL);
		free(p);
	}
	free(copy);
	return real;
}

/* CMD, as the shell finds it, is distcc under another name (the
 * masquerade directory, /usr/lib/distcc, first in PATH). */
static bool masquerade(const char *cmd)
{
	char *real = command_file(cmd);
	bool is = real && named(real, "distcc");

	free(real);
	return is;
}

/*
 * CC= of the distcc route for the make command's CC (else kbuild's gcc),
 * or NULL when the build does not go through distcc: "[ccache] lockfit-cc
 * distcc COMPILER [ARGS]".  CCACHE_PREFIX=distcc moves into it.
 */
static char *distcc_route(const char *cc, bool *with_ccache)
{
	const char *prefix = getenv("CCACHE_PREFIX");
	int n, np = 0, i = 0;
	char **w = words(cc && *cc ? cc : "gcc", &n), **pw = NULL;
	char *launcher = NULL, *compiler;
	struct strbuf sb = { 0 };
	bool ccache = n > 1 && named(w[0], "ccache");

	if (!n)
		return NULL;
	i = ccache;
	if (prefix && *prefix)
		pw = words(prefix, &np);
	if (named(w[i], "distcc")) {
		launcher = w[i++];
	} else if (ccache && np == 1 && named(pw[0], "distcc")) {
		launcher = pw[0];
		unsetenv("CCACHE_PREFIX");
	} else if (masquerade(w[i])) {
		launcher = "distcc";
		w[i] = (char *)(strrchr(w[i], '/') ? strrchr(w[i], '/') + 1 : w[i]);
	}
	if (!launcher)
		return NULL;
	*with_ccache = ccache;
	compiler = i < n ? w[i++] : "cc";
	sb_printf(&sb, "%s%slockfit-cc %s %s", ccache ? w[0] : "",
		  ccache ? " " : "", launcher, compiler);
	while (i < n)
		sb_printf(&sb, " %s", w[i++]);
	return sb_take(&sb);
}

/* lockfit-cc: beside an installed lockfit, else the checkout's. */
static char *lockfit_cc_dir(void)
{
	char *exe = realpath("/proc/self/exe", NULL), *dir = NULL, *p, *why;

	if (exe && strrchr(exe, '/')) {
		*strrchr(exe, '/') = 0;
		p = xasprintf("%s/lockfit-cc", exe);
		/* not one planted beside a copy of lockfit in /tmp */
		if (!access(p, X_OK) && lf_trusted_path(exe, &why) &&
		    lf_trusted_path(p, &why))
			dir = xstrdup(exe);
		else if (!access(p, X_OK))
			lf_err("ignored %s: %s", p, why);
		free(p);
	}
	free(exe);
	if (!dir) {
		p = lf_files_path("cc/lockfit-cc");
		if (!access(p, X_OK))
			dir = lf_files_path("cc");
		free(p);
	}
	if (!dir)
		lf_die("CC uses distcc, and lockfit-cc, which adds the plugin where "
		       "distcc compiles, is not installed beside lockfit (make "
		       "builds cc/lockfit-cc)");
	return dir;
}

/* The distcc route: make finds lockfit-cc, whose local compiles (distcc's
 * preprocessing, localhost jobs, fallbacks) load this plugin. */
static void setup_distcc(struct build *b)
{
	const char *path = getenv("PATH");
	char *dir = lockfit_cc_dir(), *np;

	if (b->out)
		lf_die("--out writes record files on the machine that compiles: "
		       "with distcc (CC=%s) the records come back in the "
		       "objects; drop --out", b->distcc_cc);
	np = xasprintf("%s%s%s", dir, path && *path ? ":" : "", path ? path : "");
	setenv("PATH", np, 1);
	setenv("LOCKFIT_PLUGIN", b->plugin, 1);
	/* The command no longer names the plugin: ccache hashes it as an
	 * extra file, so a changed plugin is a miss */
	if (b->ccache) {
		const char *extra = getenv("CCACHE_EXTRAFILES");
		char *e = xasprintf("%s%s%s", extra && *extra ? extra : "",
				    extra && *extra ? ":" : "", b->plugin);

		setenv("CCACHE_EXTRAFILES", e, 1);
		free(e);
	}
	lf_fprintf(stderr, "lockfit: distcc: CC=%s: lockfit-cc adds the plugin "
		   "on the machine that compiles\n", b->distcc_cc);
	free(np);
	free(dir);
}

static size_t count_records(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	size_t n = 0;

	if (!d)
		return 0;
	while ((de = readdir(d))) {
		size_t len = strlen(de->d_name);

		n += len > 4 && !strcmp(de->d_name + len - 4, ".lfr");
	}
	closedir(d);
	return n;
}

static void clear_progress(struct build *b)
{
	if (b->progress_shown)
		fputs("\r\033[K", stderr);
	b->progress_shown = false;
}

static void show_progress(struct build *b)
{
	b->files = count_records(b->out);
	lf_fprintf(stderr, "\r\033[Klockfit: %zu record files in %s", b->files,
		   b->out);
	fflush(stderr);
	b->progress_shown = true;
}

static void check_line(struct build *b)
{
	b->line[b->len] = 0;
	for (size_t i = 0; i < ARRAY_SIZE(plugin_errors) && !b->blame; i++)
		if (strstr(b->line, plugin_errors[i]))
			b->blame = xstrdup(b->line);
	b->len = 0;
}

static void scan(struct build *b, const char *data, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (data[i] == '\n') {
			check_line(b);
			continue;
		}
		/* An endless line: check what we have, keep a tail so a
		 * message split here is still found. */
		if (b->len == sizeof(b->line) - 1) {
			check_line(b);
			memcpy(b->line, data + i - (i >= 64 ? 64 : i), i >= 64 ? 64 : i);
			b->len = i >= 64 ? 64 : i;
		}
		b->line[b->len++] = data[i];
	}
}

/* Pass one chunk of make's output through; false at end of stream. */
static bool relay(struct build *b, int fd, bool is_stderr)
{
	char buf[8192];
	ssize_t n = read(fd, buf, sizeof(buf));

	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return true;
	if (n <= 0)
		return false;
	clear_progress(b);
	fwrite(buf, 1, n, stderr);
	fflush(stderr);
	if (is_stderr)
		scan(b, buf, n);
	return true;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void pump(struct build *b, int out_fd, int err_fd)
{
	struct pollfd fds[2] = { { out_fd, POLLIN, 0 }, { err_fd, POLLIN, 0 } };
	double last = 0;

	while (fds[0].fd >= 0 || fds[1].fd >= 0) {
		if (b->tty && b->out && now() - last >= 1.0) {
			show_progress(b);
			last = now();
		}
		if (poll(fds, 2, 1000) < 0 && errno != EINTR)
			lf_die("poll: %s", strerror(errno));
		for (int i = 0; i < 2; i++) {
			if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			if (!relay(b, fds[i].fd, i == 1)) {
				close(fds[i].fd);
				fds[i].fd = -1;
			}
		}
	}
	if (b->len)
		check_line(b);
	clear_progress(b);
}

static pid_t spawn(struct build *b, int *out_fd, int *err_fd)
{
	int out[2], err[2];
	pid_t pid;

	if (pipe(out) || pipe(err))
		lf_die("pipe: %s", strerror(errno));
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		lf_die("fork: %s", strerror(errno));
	if (!pid) {
		dup2(out[1], STDOUT_FILENO);
		dup2(err[1], STDERR_FILENO);
		close(out[0]); close(out[1]); close(err[0]); close(err[1]);
		execvp(b->cmd[0], b->cmd);
		fprintf(stderr, "lockfit: cannot run %s: %s\n", b->cmd[0],
			strerror(errno));
		_exit(127);
	}
	close(out[1]);
	close(err[1]);
	*out_fd = out[0];
	*err_fd = err[0];
	return pid;
}

static int wait_status(pid_t pid)
{
	int st;

	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			lf_die("waitpid: %s", strerror(errno));
	if (WIFSIGNALED(st))
		return 128 + WTERMSIG(st);
	return WEXITSTATUS(st);
}

static int run_make(struct build *b)
{
	int out_fd, err_fd, status;
	pid_t pid = spawn(b, &out_fd, &err_fd);

	pump(b, out_fd, err_fd);
	status = wait_status(pid);
	if (b->out) {
		b->files = count_records(b->out);
		lf_fprintf(stderr, "lockfit: %s %s: %zu record files in %s\n",
			   b->cmd[0], status ? "failed" : "finished", b->files,
			   b->out);
	} else {
		lf_fprintf(stderr, "lockfit: %s %s: records in the objects of %s\n",
			   b->cmd[0], status ? "failed" : "finished", b->objdir);
	}
	if (!status)
		return 0;
	if (b->blame)
		lf_fprintf(stderr, "lockfit: %s failed with status %d; the plugin "
			   "caused it: %s\n", b->cmd[0], status, b->blame);
	else
		lf_fprintf(stderr, "lockfit: %s failed with status %d; the plugin "
			   "reported no error: the build failed on its own\n",
			   b->cmd[0], status);
	return status;
}

/* The compiler CC runs, past ccache and distcc: its plugin directory is
 * lockfit's (NULL: kbuild's gcc). */
static char *compiler_word(const char *cc)
{
	int n, i = 0;
	char **w;

	if (!cc || !*cc)
		return NULL;
	w = words(cc, &n);
	while (i < n - 1 && (named(w[i], "ccache") || named(w[i], "distcc")))
		i++;
	return n ? w[i] : NULL;
}

/* WORD names clang, or runs it (a cc that is clang). */
static bool is_clang(const char *word)
{
	const char *base = strrchr(word, '/');
	char *real;
	bool is;

	if (!strncmp(base ? base + 1 : word, "clang", 5))
		return true;
	real = command_file(word);
	base = real ? strrchr(real, '/') : NULL;
	is = base && !strncmp(base + 1, "clang", 5);
	free(real);
	return is;
}

/* The plugin is GCC's: clang (CC=clang, LLVM=1) cannot load it, and
 * failing an hour into the build says less than this. */
static void refuse_clang(char **cmd, int n)
{
	const char *cc = compiler_word(make_var(cmd, n, "CC"));
	const char *llvm = make_var(cmd, n, "LLVM");

	if (!llvm)
		llvm = getenv("LLVM");
	if (cc && is_clang(cc))
		lf_die("CC=%s: the lockfit plugin is a GCC plugin, which clang "
		       "cannot load: build with GCC (CC=gcc, or no CC=)", cc);
	if (!cc && llvm && *llvm && strcmp(llvm, "0"))
		lf_die("LLVM=%s builds with clang: the lockfit plugin is a GCC "
		       "plugin, which clang cannot load: build with GCC (no LLVM=)",
		       llvm);
}

static void setup(struct build *b, const char *out, const char *plugin,
		  char **cmd, int n)
{
	char *why;

	refuse_clang(cmd, n);
	if (!plugin)
		plugin = getenv("LOCKFIT_PLUGIN");
	b->distcc_cc = distcc_route(make_var(cmd, n, "CC"), &b->ccache);
	if (!plugin || !*plugin)
		plugin = lf_default_plugin(compiler_word(make_var(cmd, n, "CC")),
					   &why);
	if (!plugin)
		lf_die("no plugin: %s (give --plugin)", why);
	if (access(plugin, R_OK))
		lf_die("plugin %s: %s (build it with make, or give --plugin)",
		       plugin, strerror(errno));
	b->plugin = absolute(plugin, "plugin");
	b->name = plugin_name(b->plugin);
	if (out)
		b->out = record_dir(out);
	if (b->distcc_cc)
		setup_distcc(b);
	b->tty = isatty(STDERR_FILENO);
}

static int run(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "out", required_argument, NULL, 'o' },
		{ "plugin", required_argument, NULL, 'P' },
		LF_LONGOPTS_EVIDENCE,
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	const char *out = NULL, *plugin = NULL;
	struct lf_report_opts ro = { .format = "text" };
	struct build b = { 0 };
	struct lf_profile prof;
	int c, status;

	opterr = 0;
	/* '+': the make command's own options are not ours. */
	while ((c = getopt_long(argc, argv, "+:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'o':
			out = optarg;
			break;
		case 'P':
			plugin = optarg;
			break;
		case 'h':
			lf_help(&lf_cmd_build);
		default:
			if (lf_evidence_option(&ro.ev, &lf_cmd_build, c, optarg))
				break;
			lf_bad_option(&lf_cmd_build, c, argv);
		}
	}
	if (optind == argc)
		lf_usage_error(&lf_cmd_build, "no make command given after --");
	/* A bad profile or lock_stat should fail now, not after an hour of
	 * building. */
	if (ro.ev.profile)
		lf_profile_load(ro.ev.profile, &prof);
	if (ro.ev.lock_stat)
		lf_runtime_load(ro.ev.lock_stat);
	setup(&b, out, plugin, argv + optind, argc - optind);
	check_module(argv + optind, argc - optind);
	b.cmd = with_kcflags(&b, argv + optind, argc - optind);
	b.objdir = output_dir(argv + optind, argc - optind);
	signal(SIGPIPE, SIG_IGN);
	status = run_make(&b);
	if (status)
		return status;
	ro.dir = b.out ? b.out : absolute(b.objdir, "kbuild output directory");
	lf_phase_want();
	return lf_report_run(&ro);
}
