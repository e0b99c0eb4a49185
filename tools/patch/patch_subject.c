// SPDX-License-Identifier: GPL-2.0
/*
 * patch_subject.c - the subject prefix as the subsystem writes it,
 * read from the tree the patch is for:
 *
 *   - a git checkout (the tree its top: a repository above it is not
 *     asked): the prefixes of the last subjects of `git log --format=%s
 *     -- FILE`, the most frequent (ties: the most recent), a prefix
 *     being the leading "word: " parts ("net: tls", "mm/zsmalloc")
 *     and a last "word - " where the subsystem writes one (crypto's
 *     "crypto: ccp - Fix ...": "crypto: ccp -", joined without ':');
 *   - else the directory conventions: the files and directories whose
 *     prefix is not their name (kernel/trace/ring_buffer.c: ring-buffer,
 *     kernel/trace: tracing, sound: ALSA), mm/X "mm/X",
 *     net/X "net: X", fs/X "X" and fs/FILE.c "fs", a header its own name,
 *     drivers/crypto/X "crypto: X -", drivers/scsi/X "scsi: X";
 *     elsewhere the deepest directory of a MAINTAINERS "F:" entry that
 *     holds the file (drivers/block/zram/), else the file's directory;
 *   - an external module without git: its module name (obj-m of its
 *     Makefile or Kbuild), else its directory's name.
 *
 * git's output is data: a part of a prefix is only [A-Za-z0-9_.,+/-].
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "lib/util.h"
#include "lib/path.h"
#include "lib/proc.h"
#include "lib/readfile.h"
#include "records/recdir.h"
#include "patch/patch.h"

/* How many subjects of the file's history are read. */
#define SUBJECTS 40

/* Directories whose subject prefix is not their own name. */
static const struct {
	const char *dir, *prefix;
} subsystems[] = {
	{ "kernel/trace", "tracing" },
	{ "kernel/irq", "genirq" },
	{ "kernel/time", "timers" },
	{ "kernel/events", "perf" },
	{ "kernel/power", "PM" },
	{ "kernel/dma", "dma-mapping" },
	{ "net/core", "net" },
	{ "net/bluetooth", "Bluetooth" },
	{ "net/unix", "af_unix" },
	{ "net/packet", "af_packet" },
	{ "net/sched", "net/sched" },
	{ "sound", "ALSA" },
};

/* Files whose subject prefix is neither their directory's nor their name. */
static const struct {
	const char *file, *prefix;
} files[] = {
	{ "kernel/trace/ring_buffer.c", "ring-buffer" },
};

/* Top-level directories that are one subsystem whatever the subdirectory. */
static const char *const whole[] = {
	"block", "ipc", "init", "security", "crypto", "io_uring", "virt",
};

static bool part_char(char c)
{
	return isalnum((unsigned char)c) || strchr("_.,+/-", c);
}

/* The prefix of one SUBJECT (N chars), or NULL. */
static char *subject_prefix(const char *s, size_t n)
{
	const char *end = s + n, *p = s, *last = NULL;

	if (!strncmp(s, "Merge ", 6) || !strncmp(s, "Revert ", 7))
		return NULL;
	while (p < end) {
		const char *q = p;

		while (q < end && part_char(*q))
			q++;
		if (q != p && last && end - q > 3 && !strncmp(q, " - ", 3)) {
			last = q + 2;	/* "crypto: ccp - Foo": "crypto: ccp -" */
			break;
		}
		if (q == p || q + 1 >= end || q[0] != ':' || q[1] != ' ')
			break;
		last = q;
		p = q + 2;
	}
	return last ? xasprintf("%.*s", (int)(last - s), s) : NULL;
}

/* The most frequent prefix of OUT's subjects (newest first); ties go to
 * the newest. */
static char *frequent_prefix(const char *out)
{
	struct lf_strv seen = { 0 };
	char *best = NULL;
	size_t bestn = 0;

	for (const char *p = out; *p; p += strcspn(p, "\n"), p += *p == '\n') {
		char *pre = subject_prefix(p, strcspn(p, "\n"));

		if (pre)
			lf_strv_add(&seen, pre);
		free(pre);
	}
	for (size_t i = 0; i < seen.n; i++) {
		size_t c = 0;

		for (size_t k = 0; k < seen.n; k++)
			c += !strcmp(seen.v[i], seen.v[k]);
		if (c > bestn) {
			best = seen.v[i];
			bestn = c;
		}
	}
	best = best ? xstrdup(best) : NULL;
	for (size_t i = 0; i < seen.n; i++)
		free(seen.v[i]);
	free(seen.v);
	return best;
}

/* From the history of FILE, when TREE is the top of a git checkout. */
static char *git_prefix(const char *tree, const char *file)
{
	char *parent = xstrdup(tree), *ceiling, *n = xasprintf("-n%d", SUBJECTS);
	const char *argv[] = { "git", "log", "--no-merges", n, "--format=%s",
			       "--", file, NULL };
	const char *env[] = { NULL, "GIT_DIR", "GIT_WORK_TREE", NULL };
	struct lf_exec r;
	char *pre = NULL;

	if (strrchr(parent, '/'))
		*strrchr(parent, '/') = 0;
	ceiling = xasprintf("GIT_CEILING_DIRECTORIES=%s", *parent ? parent : "/");
	env[0] = ceiling;
	lf_exec_split(&r, NULL, tree, argv, env);
	if (!r.status)
		pre = frequent_prefix(r.out);
	free(r.out);
	free(ceiling);
	free(parent);
	free(n);
	return pre;
}

/* The deepest directory of a MAINTAINERS "F:" entry holding PATH; its
 * last part, or NULL. */
static char *maintainers_prefix(const char *tree, const char *path)
{
	char *file = xasprintf("%s/MAINTAINERS", tree);
	char *text = lf_read_bounded(file, NULL), *best = NULL;
	size_t bestn = 0;

	for (const char *p = text; p && *p; p += strcspn(p, "\n"), p += *p == '\n') {
		size_t n;

		if (strncmp(p, "F:", 2))
			continue;
		n = strcspn(p + 2, "\n");
		{
			const char *d = p + 2 + strspn(p + 2, " \t");
			size_t dn = p + 2 + n - d;

			while (dn && isspace((unsigned char)d[dn - 1]))
				dn--;
			if (dn < 2 || d[dn - 1] != '/' || dn <= bestn ||
			    memchr(d, '*', dn) || strncmp(path, d, dn))
				continue;
			free(best);
			best = xasprintf("%.*s", (int)dn - 1, d);
			bestn = dn;
		}
	}
	free(text);
	free(file);
	if (best && strrchr(best, '/')) {
		char *last = xstrdup(strrchr(best, '/') + 1);

		free(best);
		return last;
	}
	return best;
}

/* The conventions of the kernel's directories (the head comment). */
static char *dir_prefix(const char *tree, const char *path)
{
	const char *slash = strrchr(path, '/'), *last;
	size_t dlen = slash ? (size_t)(slash - path) : 0;
	char *m;

	for (size_t i = 0; i < ARRAY_SIZE(files); i++)
		if (!strcmp(path, files[i].file))
			return xstrdup(files[i].prefix);
	for (size_t i = 0; i < ARRAY_SIZE(subsystems); i++) {
		size_t n = strlen(subsystems[i].dir);

		if (dlen >= n && !strncmp(path, subsystems[i].dir, n) && path[n] == '/')
			return xstrdup(subsystems[i].prefix);
	}
	for (size_t i = 0; i < ARRAY_SIZE(whole); i++) {
		size_t n = strlen(whole[i]);

		if (!strncmp(path, whole[i], n) && path[n] == '/')
			return xstrdup(whole[i]);
	}
	if (!slash)		/* a file at the top */
		return strcspn(path, ".") ? xasprintf("%.*s", (int)strcspn(path, "."),
						      path) : xstrdup("kernel");
	if (!strncmp(path, "include/", 8))	/* a header: its own name */
		return xasprintf("%.*s", (int)strcspn(slash + 1, "."), slash + 1);
	if (!strncmp(path, "mm/", 3))	/* mm/zsmalloc.c, mm/kasan/... */
		return xasprintf("mm/%.*s", (int)strcspn(path + 3, "/."), path + 3);
	if (!strncmp(path, "drivers/crypto/", 15))	/* crypto: ccp - */
		return xasprintf("crypto: %.*s -", (int)strcspn(path + 15, "/."), path + 15);
	if (!strncmp(path, "drivers/scsi/", 13))	/* scsi: sg: */
		return xasprintf("scsi: %.*s", (int)strcspn(path + 13, "/."), path + 13);
	if (!strncmp(path, "net/", 4) && strchr(path + 4, '/'))
		return xasprintf("net: %.*s", (int)strcspn(path + 4, "/"), path + 4);
	if (!strncmp(path, "fs/", 3) && strchr(path + 3, '/'))
		return xasprintf("%.*s", (int)strcspn(path + 3, "/"), path + 3);
	if (strncmp(path, "fs/", 3) && (m = maintainers_prefix(tree, path)))
		return m;
	last = path + dlen;
	while (last > path && last[-1] != '/')
		last--;
	return xasprintf("%.*s", (int)(path + dlen - last), last);
}

/* An external module: obj-m's name in its Makefile or Kbuild, else
 * its directory's. */
static char *module_prefix(const char *mod)
{
	static const char *const files[] = { "Kbuild", "Makefile" };
	char *name = NULL;

	for (size_t i = 0; i < ARRAY_SIZE(files) && !name; i++) {
		char *path = xasprintf("%s/%s", mod, files[i]);
		char *text = lf_read_bounded(path, NULL);
		const char *p = text ? strstr(text, "obj-m") : NULL;

		if (p) {
			p += 5 + strspn(p + 5, " \t+:=");
			if (strcspn(p, ". \t\n") && p[strcspn(p, ". \t\n")] == '.')
				name = xasprintf("%.*s", (int)strcspn(p, "."), p);
		}
		free(text);
		free(path);
	}
	for (char *c = name; c && *c; c++)
		if (!part_char(*c)) {
			free(name);
			name = NULL;
			break;
		}
	if (!name)
		name = xstrdup(strrchr(mod, '/') ? strrchr(mod, '/') + 1 : mod);
	return name;
}

char *lf_subject_prefix(const char *tree, const char *file, bool module)
{
	char *pre = git_prefix(tree, file);

	if (pre)
		return pre;
	return module ? module_prefix(tree) : dir_prefix(tree, file);
}

void lf_pjob_subject(struct lf_pjob *j, const char *tree)
{
	const char *file = j->prefix_file ? j->prefix_file : "";
	char *pre, *old = j->subject;

	if (lf_modroot_file(file))
		file = lf_modroot_file(file);
	pre = lf_subject_prefix(tree, file, j->module);
	/* "crypto: ccp - convert ...", else "mm/z3fold: convert ..." */
	j->subject = xasprintf("%s%s %s", lf_mail_esc(pre),
			       lf_has_suffix(pre, " -") ? "" : ":", old);
	free(pre);
	free(old);
}
