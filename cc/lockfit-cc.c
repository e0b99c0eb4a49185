// SPDX-License-Identifier: GPL-2.0
/*
 * lockfit-cc - GCC with the lockfit plugin added on the machine that
 * compiles, so that distcc can send lockfit's compiles to its servers
 * (docs/INSTALL.md "distcc").
 *
 *   lockfit-cc distcc COMPILER ARGS...   the client (lockfit build's CC)
 *   lockfit-cc COMPILER ARGS...          the side that compiles
 *
 * distccd refuses every command with -fplugin=, so the client's command
 * carries only the plugin's arguments (-fplugin-arg-lockfit-KEY=VALUE);
 * whichever lockfit-cc compiles (a server's, or the client's own for a
 * local job or distcc's fallback) adds -fplugin= itself.  A server
 * compiles a preprocessed copy in a directory of its own, so the client
 * adds what only it knows: its kernel objtree, its working directory
 * when that is another (an M= module of Linux 6.13+), the objtree's
 * configuration hash and its module directory (objtree=, cwd=, config=,
 * modroot=).  The records come back inside the object.
 *
 * distcc preprocesses on the client (-E, its output on stdout) and the
 * server compiles the .i: macros expanded there would put every token of
 * an expansion at its own column, where a compile of the source puts
 * them at the macro's use, so the records would differ.  The client's
 * preprocessing is -fdirectives-only (includes and conditionals done, no
 * macro expanded) and the server's compile of it too (macros expanded
 * there, as in a compile of the source), as icecream does.
 *
 * What it cannot handle it passes on untouched (no lockfit arguments: the
 * exact command; -E, a link, another plugin: without the lockfit
 * arguments).  It runs only a GCC named like one (gcc, cc, gcc-12,
 * x86_64-linux-gnu-gcc-12), found in PATH or in /usr/bin or /bin, as
 * distccd does: a client may not make a server run anything else.  The
 * plugin is $LOCKFIT_PLUGIN of this process, else lockfit.so in the
 * GCC's own plugin directory, always by absolute path: never one the
 * command names or moves (--prefix, -B, -iplugindir).
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define OPT	"-fplugin-arg-lockfit-"
#define OPTLEN	(sizeof(OPT) - 1)

static const char usage[] =
"Usage: lockfit-cc distcc COMPILER ARGS...   (the client)\n"
"       lockfit-cc COMPILER ARGS...          (the machine that compiles)\n"
"\n"
"Runs COMPILER with the lockfit plugin added when ARGS carry its\n"
"arguments (-fplugin-arg-lockfit-KEY=VALUE).  lockfit build puts it in\n"
"the CC= of a distcc build (CC=\"distcc gcc\"), so that the compile runs\n"
"with the plugin of the GCC on the machine that compiles and the records\n"
"come back in the objects; distccd runs it from its whitelist\n"
"(/usr/lib/distcc/lockfit-cc).  docs/INSTALL.md, \"distcc\".\n";

/* The plugin's arguments a compile may carry; out= would write on the
 * machine that compiles, help only talks. */
static const char *const keys[] = {
	"srcroot", "objtree", "cwd", "config", "modroot", "calls", "warn",
	"verbose",
};

static void note(const char *fmt, ...)
{
	va_list ap;

	fputs("lockfit-cc: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void *xalloc(size_t n)
{
	void *p = calloc(1, n);

	if (!p) {
		note("out of memory");
		exit(2);
	}
	return p;
}

static char *cat(const char *a, const char *b)
{
	char *s = xalloc(strlen(a) + strlen(b) + 1);

	strcpy(s, a);
	strcat(s, b);
	return s;
}

static const char *base(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/* [TRIPLET-]gcc[-N[.N...]], cc, c89-gcc...: words of [A-Za-z0-9_.]
 * joined by '-', "gcc" or "cc" among them, the rest a version at most. */
static bool gcc_name(const char *name)
{
	const char *p = name;
	bool gcc = false;

	while (*p) {
		size_t n = strspn(p, "abcdefghijklmnopqrstuvwxyz"
				  "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.");

		if (!n)
			return false;
		if ((n == 3 && !strncmp(p, "gcc", 3)) ||
		    (n == 2 && !strncmp(p, "cc", 2)))
			gcc = true;
		else if (gcc && strspn(p, "0123456789.") != n)
			return false;
		p += n;
		if (*p == '-' && p[1])
			p++;
		else if (*p)
			return false;
	}
	return gcc;
}

/* A file that is distcc or ccache under another name (a masquerade
 * directory in PATH): running it would send the compile on again. */
static bool launcher(const char *path)
{
	char real[PATH_MAX];
	const char *b;

	if (!realpath(path, real))
		return false;
	b = base(real);
	return !strcmp(b, "distcc") || !strcmp(b, "ccache");
}

/*
 * The compiler to run: a GCC name, found in PATH past any masquerade,
 * or /usr/bin/NAME or /bin/NAME as given (distccd's own rule for
 * absolute names).  NULL, said why, for anything else.
 */
static char *find_compiler(const char *cc)
{
	const char *path = getenv("PATH");
	char *copy, *dir, *save, *found = NULL;

	if (!gcc_name(base(cc))) {
		note("will not run %s: not a GCC name (gcc, cc, gcc-12, "
		     "x86_64-linux-gnu-gcc...)", cc);
		return NULL;
	}
	if (strchr(cc, '/')) {
		if ((strncmp(cc, "/usr/bin/", 9) || strchr(cc + 9, '/')) &&
		    (strncmp(cc, "/bin/", 5) || strchr(cc + 5, '/'))) {
			note("will not run %s: a compiler is a name found in PATH, "
			     "or in /usr/bin or /bin", cc);
			return NULL;
		}
		return cat(cc, "");
	}
	copy = cat(path ? path : "/usr/bin:/bin", "");
	for (dir = strtok_r(copy, ":", &save); dir && !found;
	     dir = strtok_r(NULL, ":", &save)) {
		char *d = cat(*dir ? dir : ".", "/"), *p = cat(d, cc);

		free(d);
		if (!access(p, X_OK) && !launcher(p))
			found = p;
		else
			free(p);
	}
	free(copy);
	if (!found)
		note("%s: not found in PATH (past distcc and ccache)", cc);
	return found;
}

static bool allowed_key(const char *opt)
{
	const char *k = opt + OPTLEN;
	size_t n = strcspn(k, "=");

	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (strlen(keys[i]) == n && !strncmp(keys[i], k, n))
			return true;
	return false;
}

/* CC's answer to -print-file-name=plugin, asked with no argument of the
 * command (--prefix, -B and -iplugindir would move it): NULL if none. */
static char *gcc_plugin_dir(const char *cc)
{
	char buf[PATH_MAX], *nl;
	size_t len = 0;
	ssize_t n;
	int fd[2], st;
	pid_t pid;

	if (pipe(fd))
		return NULL;
	pid = fork();
	if (!pid) {
		dup2(fd[1], STDOUT_FILENO);
		close(fd[0]);
		close(fd[1]);
		execl(cc, cc, "-print-file-name=plugin", (char *)NULL);
		_exit(127);
	}
	close(fd[1]);
	while (pid > 0 && len < sizeof(buf) - 1) {
		n = read(fd[0], buf + len, sizeof(buf) - 1 - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += n;
	}
	close(fd[0]);
	while (pid > 0 && waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	buf[len] = 0;
	if ((nl = strchr(buf, '\n')))
		*nl = 0;
	/* GCC prints the bare word back when it has no plugin directory */
	if (pid <= 0 || !WIFEXITED(st) || WEXITSTATUS(st) || buf[0] != '/')
		return NULL;
	return cat(buf, "");
}

/*
 * The plugin's file, always by absolute path: GCC looks a name up in its
 * plugin directory, which the command can move (--prefix=DIR loads
 * DIR/plugin/lockfit.so: a file the client names).  $LOCKFIT_PLUGIN,
 * else lockfit.so in CC's own plugin directory; NULL, said why, if
 * neither is an absolute path.
 */
static char *plugin_file(const char *cc)
{
	const char *p = getenv("LOCKFIT_PLUGIN");
	char *dir, *file;

	if (p && *p) {
		if (p[0] == '/')
			return cat(p, "");
		note("compiling without the plugin: LOCKFIT_PLUGIN=%s is not an "
		     "absolute path", p);
		return NULL;
	}
	dir = gcc_plugin_dir(cc);
	if (!dir) {
		note("compiling without the plugin: %s -print-file-name=plugin "
		     "names no plugin directory", cc);
		return NULL;
	}
	file = cat(dir, "/lockfit.so");
	free(dir);
	return file;
}

/* -fplugin-arg-NAME-: gcc names a plugin's arguments after its file. */
static char *plugin_prefix(const char *file)
{
	char *name = cat(base(file), ""), *dot = strrchr(name, '.'), *pre;

	if (dot && !strcmp(dot, ".so"))
		*dot = 0;
	pre = xalloc(strlen(name) + 16);
	sprintf(pre, "-fplugin-arg-%s-", name);
	free(name);
	return pre;
}

enum action { COMPILE, STRIP, UNTOUCHED, PREPROCESS };

/*
 * What to do with ARGS: COMPILE adds the plugin, STRIP drops the lockfit
 * arguments (no compile: -E, a link, --version; or the plugin cannot be
 * added safely), UNTOUCHED runs them as they are, PREPROCESS is distcc's
 * preprocessing of a lockfit compile (-E on stdout): -fdirectives-only.
 */
static enum action decide(char **args, int n)
{
	bool ours = false, compile = false, other = false, hidden = false;
	bool cpp = false, dash_o = false, plain = false;

	for (int i = 0; i < n; i++) {
		const char *a = args[i];

		if (!strncmp(a, OPT, OPTLEN))
			ours = true;
		else if (!strncmp(a, "-fplugin=", 9))
			other = true;
		else if (!strcmp(a, "-c") || !strcmp(a, "-S"))
			compile = true;
		else if (!strcmp(a, "-E"))
			cpp = true;
		else if (!strcmp(a, "-M") || !strcmp(a, "-MM") ||
			 !strncmp(a, "-d", 2) || !strcmp(a, "-P") ||
			 !strcmp(a, "-fdirectives-only"))
			plain = true;
		else if (!strncmp(a, "-o", 2))
			dash_o = true;
		else if (a[0] == '@')
			hidden = true;
	}
	if (cpp && ours && !other && !dash_o && !plain)
		return PREPROCESS;
	if (cpp || (plain && !compile))
		return ours ? STRIP : UNTOUCHED;
	if (!ours || other)
		return UNTOUCHED;
	if (!compile)
		return STRIP;
	if (hidden) {
		/* @FILE hides arguments (out=, another -fplugin=) */
		note("compiling without the plugin: @FILE in the command");
		return STRIP;
	}
	return COMPILE;
}

/* A preprocessed input (distccd's copy): it may hold directives. */
static bool preprocessed(char **args, int n)
{
	for (int i = 0; i < n; i++) {
		size_t len = strlen(args[i]);

		if (!strcmp(args[i], "-x") || !strcmp(args[i], "-o"))
			i++;
		else if (args[i][0] != '-' && len > 2 &&
			 !strcmp(args[i] + len - 2, ".i"))
			return true;
	}
	return false;
}

static int compile(char **argv, int argc)
{
	char *cc = find_compiler(argv[0]), **out, *pre = NULL, *file = NULL;
	enum action act = decide(argv + 1, argc - 1);
	int k = 0;

	if (!cc)
		return 2;
	if (act == COMPILE && !(file = plugin_file(cc)))
		act = STRIP;
	out = xalloc((argc + 3) * sizeof(*out));
	out[k++] = argv[0];
	if (act == COMPILE) {
		pre = plugin_prefix(file);
		out[k++] = cat("-fplugin=", file);
	}
	if (act == PREPROCESS ||
	    (act == COMPILE && preprocessed(argv + 1, argc - 1)))
		out[k++] = "-fdirectives-only";
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (act == UNTOUCHED || strncmp(a, OPT, OPTLEN)) {
			out[k++] = argv[i];
			continue;
		}
		if (act == STRIP || act == PREPROCESS)
			continue;
		if (!allowed_key(a)) {
			note("dropped %.*s: not an argument a compile may carry",
			     (int)strcspn(a, "="), a);
			continue;
		}
		out[k++] = cat(pre, a + OPTLEN);
	}
	out[k] = NULL;
	execv(cc, out);
	note("cannot run %s: %s", cc, strerror(errno));
	return 127;
}

/* FNV-1a of OBJTREE/include/generated/autoconf.h, as the plugin
 * computes it (plugin/srcroot.c): "none" when there is none. */
static void config_hash(const char *objtree, char *buf, size_t len)
{
	char *path = cat(objtree, "/include/generated/autoconf.h");
	FILE *f = fopen(path, "rb");
	unsigned long long h = 0xcbf29ce484222325ULL;
	unsigned char chunk[8192];
	size_t n;

	snprintf(buf, len, "none");
	if (!f)
		return;
	while ((n = fread(chunk, 1, sizeof(chunk), f)))
		for (size_t i = 0; i < n; i++)
			h = (h ^ chunk[i]) * 0x100000001b3ULL;
	if (!ferror(f))
		snprintf(buf, len, "%016llx", h);
	fclose(f);
	free(path);
}

/*
 * What the plugin takes from kbuild's environment (plugin/srcroot.c):
 * Linux 6.13 and later compile an M= module in the module's own
 * directory and export the kernel's objtree (absolute; "." before 6.13)
 * and the module's srcroot (absolute, or "." or ".." of the working
 * directory).  *OBJTREE the objtree (CWD unless a 6.13+ M= compile),
 * *MOD the module directory as named (srcroot there, else
 * KBUILD_EXTMOD; NULL: none), relative to CWD if not absolute.
 */
static void kbuild_env(const char *cwd, const char **objtree, const char **mod)
{
	const char *ext = getenv("KBUILD_EXTMOD"), *env = getenv("objtree");
	const char *src = getenv("srcroot");

	*objtree = cwd;
	*mod = ext && *ext ? ext : NULL;
	if (!*mod || !env || env[0] != '/')
		return;
	*objtree = env;
	if (src && *src)
		*mod = src;
}

/*
 * The client: LAUNCHER lockfit-cc COMPILER ARGS plus this compile's
 * objtree, working directory, configuration and module directory, for
 * a plugin that runs elsewhere.  Without lockfit arguments, LAUNCHER
 * COMPILER ARGS exactly.
 */
static int client(char **argv, int argc)
{
	char **out = xalloc((argc + 8) * sizeof(*out)), cwd[PATH_MAX], hash[32];
	const char *kobj, *ext;
	bool ours = false, objtree = false;
	int k = 0;

	for (int i = 1; i < argc; i++) {
		ours |= !strncmp(argv[i], OPT, OPTLEN);
		objtree |= !strncmp(argv[i], OPT "objtree=", OPTLEN + 8);
	}
	out[k++] = argv[0];
	if (ours && argc > 1 && argv[1][0] != '-' && !gcc_name(base(argv[1]))) {
		/* the plugin runs in GCC only: the compile goes out without */
		note("%s is not a GCC: compiling without the plugin", argv[1]);
		ours = false;
		for (int i = 1; i < argc; i++)
			if (strncmp(argv[i], OPT, OPTLEN))
				out[k++] = argv[i];
		out[k] = NULL;
		execvp(out[0], out);
		note("cannot run %s: %s", out[0], strerror(errno));
		return 127;
	}
	if (ours) {
		out[k++] = "lockfit-cc";
		/* "distcc -c x.c": the compiler distcc implies */
		if (argc < 2 || argv[1][0] == '-')
			out[k++] = "cc";
	}
	for (int i = 1; i < argc; i++)
		out[k++] = argv[i];
	if (ours && !objtree) {
		if (!getcwd(cwd, sizeof(cwd))) {
			note("getcwd: %s", strerror(errno));
			return 2;
		}
		kbuild_env(cwd, &kobj, &ext);
		config_hash(kobj, hash, sizeof(hash));
		out[k++] = cat(OPT "objtree=", kobj);
		out[k++] = cat(OPT "config=", hash);
		if (strcmp(kobj, cwd))
			out[k++] = cat(OPT "cwd=", cwd);
		if (ext)
			out[k++] = ext[0] == '/' ? cat(OPT "modroot=", ext) :
				   cat(cat(cat(OPT "modroot=", cwd), "/"), ext);
	}
	out[k] = NULL;
	execvp(out[0], out);
	note("cannot run %s: %s", out[0], strerror(errno));
	return 127;
}

int main(int argc, char **argv)
{
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		fputs(usage, argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	if (!strcmp(base(argv[1]), "distcc"))
		return client(argv + 1, argc - 1);
	return compile(argv + 1, argc - 1);
}
