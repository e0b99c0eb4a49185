// SPDX-License-Identifier: GPL-2.0
/*
 * spatch.c - the typed half of the member index: spatch tells the
 * type of every "e->PATH" and "e.PATH" it can resolve in the candidate
 * files; members.c keeps the ones of the lock's struct.  One spatch per
 * member path, at most ix->jobs at a time, each result cached under a
 * key of the script, the tree and every file's size and mtime.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "lib/util.h"
#include "lib/files.h"
#include "index/index.h"
#include "index/spatch.h"
#include "index/state.h"
#include "lib/proc.h"

/* The macros spatch needs for cleanup.h's scoped_guard() (a function using
 * one is otherwise not parsed, its accesses untyped). */
static const char *macro_file(void)
{
	static char *path;

	if (!path)
		path = lf_cocci_file("lockfit-macros.h");
	return path;
}

/* Without includes: a chain through another struct's field stays
 * untyped, and members.c then reports it unresolved (docs/INDEX.md has
 * the measurements). */
static char *script(const char *path)
{
	static const char *const rule[] = { "T *e;", "e->", "T e;", "e." };
	struct strbuf sb = { 0 };

	for (int i = 0; i < 2; i++)
		sb_printf(&sb, "@r%d@\ntype T;\n%s\nposition p;\n@@\n%s%s@p\n\n"
			  "@script:python@\np << r%d.p;\nt << r%d.T;\n@@\n"
			  "for q in p:\n\tprint(\"T %%s %%s %%s %%s\" %% "
			  "(q.file, q.line, q.column, t))\n\n",
			  i, rule[2 * i], rule[2 * i + 1], path, i, i);
	return sb_take(&sb);
}

uint64_t lf_index_typed_hash(uint64_t h)
{
	char *text = script("PATH"), *m;
	size_t n = 0;

	h = lf_index_fnv(h, text, strlen(text) + 1);
	free(text);
	m = lf_read_file(macro_file(), &n);
	if (!m)
		lf_die("cannot read %s: %s", macro_file(), strerror(errno));
	h = lf_index_fnv(h, m, n);
	free(m);
	return h;
}

/* The first words of a cache entry, and part of its key: entries of
 * another format simply miss. */
#define CACHE_MAGIC "lockfit-index-cache 2"

static char *cache_key(const struct lf_index *ix, const char *text,
		       const struct lf_strv *files)
{
	static const char format[] = CACHE_MAGIC;
	uint64_t h = lf_index_fnv(LF_FNV_INIT, format, sizeof(format));

	h = lf_index_fnv(h, text, strlen(text) + 1);
	{	/* and the macros it parses with */
		size_t n = 0;
		char *m = lf_read_file(macro_file(), &n);

		if (!m)
			lf_die("cannot read %s: %s", macro_file(), strerror(errno));
		h = lf_index_fnv(h, m, n);
		free(m);
	}

	h = lf_index_fnv(h, ix->tree, strlen(ix->tree) + 1);
	for (size_t i = 0; i < files->n; i++) {
		char *path = xasprintf("%s/%s", ix->tree, files->v[i]);
		struct stat st;
		long long v[3] = { -1, -1, -1 };

		if (!stat(path, &st)) {
			v[0] = st.st_size;
			v[1] = st.st_mtim.tv_sec;
			v[2] = st.st_mtim.tv_nsec;
		}
		h = lf_index_fnv(h, files->v[i], strlen(files->v[i]) + 1);
		h = lf_index_fnv(h, v, sizeof(v));
		free(path);
	}
	return xasprintf("%016llx", (unsigned long long)h);
}

/* A cache entry's first line: what it is, its key, the hash of the
 * rest (under that key: the key names the tree's state) and the tree.
 * The hash finds an entry edited by hand or cut short. */
static uint64_t entry_hash(const char *key, const char *body)
{
	uint64_t h = lf_index_fnv(LF_FNV_INIT, key, strlen(key) + 1);

	return lf_index_fnv(h, body, strlen(body));
}

static char *stamp(const struct lf_index *ix, const char *key,
		   const char *body)
{
	return xasprintf(CACHE_MAGIC " %s %016llx %s\n", key,
			 (unsigned long long)entry_hash(key, body), ix->tree);
}

/* The spatch output cached in FILE under KEY, NULL if there is none.  An
 * entry of another tree, version or key (copied, or written by hand) is
 * refused: its types would be another tree's.  One whose body does not
 * match its hash is rebuilt. */
static char *cached(const struct lf_index *ix, const char *file,
		    const char *key)
{
	char *text = lf_read_file(file, NULL), *nl, *out, *want;
	size_t at = strlen(CACHE_MAGIC " ") + strlen(key) + 1;

	if (!text)
		return NULL;
	nl = strchr(text, '\n');
	out = xstrdup(nl ? nl + 1 : "");
	want = stamp(ix, key, out);
	/* all but the hash, then the hash */
	if (!nl || (size_t)(nl - text) != strlen(want) - 1 ||
	    strncmp(text, want, at) ||
	    strncmp(text + at + 16, want + at + 16, nl - text - at - 16))
		lf_die("%s: not an index cache entry of %s (another tree or "
		       "version?): remove it, or run with --no-cache", file,
		       ix->tree);
	if (strncmp(text + at, want + at, 16)) {
		lf_err("%s: the index cache entry does not match its hash "
		       "(edited?): made again", file);
		free(out);
		out = NULL;
	}
	free(want);
	free(text);
	return out;
}

enum { SCRIPT, GROUPS, OUT, ERR, NPATHS };

struct run {
	struct lf_tjob *job;
	char *dir, *key;
	char *paths[NPATHS];	/* in DIR; set once DIR is made */
	pid_t pid;		/* its process group too */
};

/*
 * A SIGINT or SIGTERM (a CI timeout) while spatch runs: its process
 * groups are given the signal, the runs' directories removed
 * ($TMPDIR/lockfit-index.*), and lockfit dies of the signal.  The
 * signals are blocked but while lockfit waits for a run, so a run is
 * never half made or half removed when the handler sees it.
 */
static struct run *live;
static size_t nlive;

static void on_signal(int sig)
{
	for (size_t i = 0; i < nlive; i++) {
		if (live[i].pid > 0)
			kill(-live[i].pid, sig);
		for (int k = 0; live[i].dir && k < NPATHS; k++)
			unlink(live[i].paths[k]);
		if (live[i].dir)
			rmdir(live[i].dir);
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Catch SIGINT and SIGTERM (HOW 1) unless ignored or caught already
 * (lockfit patch's own cleanup), or put them back (HOW 0); the old
 * dispositions and signal mask in OLD and *MASK. */
static const int caught[2] = { SIGINT, SIGTERM };

static void caught_set(sigset_t *set)
{
	sigemptyset(set);
	for (int i = 0; i < 2; i++)
		sigaddset(set, caught[i]);
}

static void catch_signals(int how, struct sigaction old[2], sigset_t *mask)
{
	const int *sigs = caught;
	struct sigaction sa = { .sa_handler = on_signal };
	sigset_t set;

	caught_set(&set);
	if (!how) {
		for (int i = 0; i < 2; i++)
			if (old[i].sa_handler == SIG_DFL)
				sigaction(sigs[i], &old[i], NULL);
		sigprocmask(SIG_SETMASK, mask, NULL);
		return;
	}
	sigprocmask(SIG_BLOCK, &set, mask);
	sigfillset(&sa.sa_mask);
	for (int i = 0; i < 2; i++)
		if (!sigaction(sigs[i], NULL, &old[i]) && old[i].sa_handler == SIG_DFL)
			sigaction(sigs[i], &sa, NULL);
}

static void start(struct lf_index *ix, struct run *r, int jobs,
		  const sigset_t *mask)
{
	const char *tmp = getenv("TMPDIR");
	char *sp, *groups, *out, *err, *j = xasprintf("%d", jobs);
	struct strbuf g = { 0 };
	int fo, fe;

	static const char *const names[NPATHS] = { "uses.cocci", "files", "out", "err" };
	char *dir = xasprintf("%s/lockfit-index.XXXXXX", tmp && *tmp ? tmp : "/tmp");

	if (!mkdtemp(dir))
		lf_die("cannot create a directory %s: %s", dir, strerror(errno));
	for (int k = 0; k < NPATHS; k++)
		r->paths[k] = xasprintf("%s/%s", dir, names[k]);
	r->dir = dir;
	sp = r->paths[SCRIPT];
	groups = r->paths[GROUPS];
	out = r->paths[OUT];
	err = r->paths[ERR];
	for (size_t i = 0; i < r->job->files.n; i++)
		sb_printf(&g, "%s\n\n", r->job->files.v[i]);
	if (lf_write_file(sp, script(r->job->path)) ||
	    lf_write_file(groups, sb_str(&g)))
		lf_die("cannot write in %s: %s", r->dir, strerror(errno));
	fo = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	fe = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fo < 0 || fe < 0)
		lf_die("cannot write in %s: %s", r->dir, strerror(errno));
	fflush(stdout);
	fflush(stderr);
	r->pid = fork();
	if (r->pid < 0)
		lf_die("cannot fork: %s", strerror(errno));
	if (!r->pid) {
		const char *argv[] = { "spatch", "--very-quiet", "--no-includes",
			"--macro-file", macro_file(), "--sp-file", sp, "--file-groups", groups, "-j", j,
			"--timeout", "120", NULL };
		int null = open("/dev/null", O_RDONLY);

		setpgid(0, 0);
		sigprocmask(SIG_SETMASK, mask, NULL);
		if (null < 0 || dup2(null, 0) < 0 || dup2(fo, 1) < 0 ||
		    dup2(fe, 2) < 0 || chdir(ix->tree))
			_exit(127);
		execvp(argv[0], (char *const *)argv);
		fprintf(stderr, "cannot run spatch: %s\n", strerror(errno));
		_exit(127);
	}
	setpgid(r->pid, r->pid);	/* either of the two calls wins the race */
	close(fo);
	close(fe);
	free(j);
	free(g.s);
	ix->spatch_runs++;
}

static void finish(struct lf_index *ix, struct run *r, int status)
{
	char *o = lf_read_file(r->paths[OUT], NULL), *e = lf_read_file(r->paths[ERR], NULL);

	if (WIFEXITED(status) && !WEXITSTATUS(status) && o) {
		r->job->out = o;
		if (ix->cache) {
			char *c = xasprintf("%s/%s", ix->cache, r->key);
			char *st = stamp(ix, r->key, o);
			char *entry = xasprintf("%s%s", st, o);

			/* a cache that cannot be written is no cache */
			lf_write_file(c, entry);
			free(st);
			free(entry);
			free(c);
		}
	} else {
		r->job->err = lf_head(e && *e ? e : "no output", 3);
	}
	for (int k = 0; k < NPATHS; k++) {
		unlink(r->paths[k]);
		free(r->paths[k]);
	}
	rmdir(r->dir);
	free(r->dir);
	r->dir = NULL;
	free(e);
}

void lf_index_typed(struct lf_index *ix, struct lf_tjob *jobs, size_t n)
{
	struct run *runs = xcalloc(n ? n : 1, sizeof(*runs));
	size_t next = 0, running = 0, todo = 0;
	struct sigaction old[2];
	sigset_t mask, catch;
	int per = 1;

	caught_set(&catch);
	for (size_t i = 0; i < n; i++) {
		char *text = script(jobs[i].path), *c;

		runs[i].job = &jobs[i];
		runs[i].key = cache_key(ix, text, &jobs[i].files);
		free(text);
		if (!ix->cache || !jobs[i].files.n)
			continue;
		c = xasprintf("%s/%s", ix->cache, runs[i].key);
		jobs[i].out = cached(ix, c, runs[i].key);
		free(c);
		if (jobs[i].out) {
			jobs[i].cached = true;
			ix->cache_hits++;
		}
	}
	for (size_t i = 0; i < n; i++)
		todo += !jobs[i].out && jobs[i].files.n;
	live = runs;
	nlive = n;
	catch_signals(1, old, &mask);
	/* Few runs: each uses every core; many: one core each. */
	if (todo < (size_t)ix->jobs)
		per = ix->jobs;
	while (next < n || running) {
		int st;
		pid_t pid;

		while (next < n && running < (size_t)ix->jobs) {
			if (!jobs[next].out && jobs[next].files.n) {
				start(ix, &runs[next], per, &mask);
				running++;
			}
			next++;
		}
		if (!running)
			break;
		sigprocmask(SIG_SETMASK, &mask, NULL);
		pid = wait(&st);
		sigprocmask(SIG_BLOCK, &catch, NULL);
		if (pid < 0) {
			if (errno == EINTR)
				continue;
			lf_die("wait: %s", strerror(errno));
		}
		for (size_t i = 0; i < n; i++)
			if (runs[i].pid == pid) {
				finish(ix, &runs[i], st);
				runs[i].pid = 0;
				running--;
			}
	}
	catch_signals(0, old, &mask);
	nlive = 0;
	for (size_t i = 0; i < n; i++)
		free(runs[i].key);
	free(runs);
}
