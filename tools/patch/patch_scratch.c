// SPDX-License-Identifier: GPL-2.0
/*
 * patch_scratch.c - the scratch copy of a kernel tree that patches are
 * built in: cp -al (hard links, seconds for a whole tree), then every
 * file kbuild may write in place made a real copy, so that no write can
 * go through a link into the tree:
 *
 *   - kbuild's state: .*.cmd, *.d, generated *.s (asm-offsets, bounds),
 *     include/config/, include/generated/, arch/x86/include/generated/
 *     and the top directory's files (.missing-syscalls.d is rewritten by
 *     gcc -MD on every make); tools/objtool/ (relinked in a copy: its
 *     make records absolute paths);
 *   - the files the patch changes (the caller), and the objects to
 *     rebuild are deleted or copied (the caller).
 *
 * tools/'s own make (objtool, its fixdep) records absolute paths and
 * compares whole commands, so in a copy elsewhere it would build them
 * again from nothing, and include/config/auto.conf.cmd records srctree,
 * so the first make would run syncconfig; lf_scratch_repath moves the
 * recorded paths to the copy, where both are then up to date.
 *
 * Copies keep their mode and times: make must see the same state.
 */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lib/util.h"
#include "lib/path.h"
#include "lib/readfile.h"
#include "patch/patch.h"

static size_t scratch_len;	/* nftw has no user pointer */
static int copy_errno;
static size_t copied;

int lf_unshare(const char *path)
{
	struct stat st;
	char *tmp = xasprintf("%s.lockfit-copy", path);
	int in = open(path, O_RDONLY | O_NOFOLLOW), out = -1, ret = -1;
	char buf[65536];
	ssize_t n;

	if (in < 0 || fstat(in, &st))
		goto done;
	if (!S_ISREG(st.st_mode)) {
		errno = EINVAL;
		goto done;
	}
	if (st.st_nlink < 2) {
		ret = 0;
		goto done;
	}
	out = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, st.st_mode & 07777);
	if (out < 0)
		goto done;
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, n) != n)
			goto done;
	if (n < 0 || fchmod(out, st.st_mode & 07777))
		goto done;
	{
		struct timespec times[2] = { st.st_atim, st.st_mtim };

		if (futimens(out, times))
			goto done;
	}
	if (close(out)) {
		out = -1;
		goto done;
	}
	out = -1;
	ret = rename(tmp, path);	/* replaces the link, not its inode */
done:
	if (ret)
		copy_errno = errno;
	if (in >= 0)
		close(in);
	if (out >= 0) {
		close(out);
		unlink(tmp);
	}
	free(tmp);
	return ret;
}

/* Might kbuild write REL (relative to the tree) in place? */
static bool kbuild_state(const char *rel, const char *base)
{
	if (!strchr(rel, '/'))
		return true;
	if (base[0] == '.' && lf_has_suffix(base, ".cmd"))
		return true;
	if (lf_has_suffix(base, ".d") || lf_has_suffix(base, ".s"))
		return true;
	/* objtool is built by tools/'s own make, with absolute paths: in a
	 * copy of the tree it is relinked */
	if (!strncmp(rel, "tools/objtool/", 14) ||
	    (!strncmp(rel, "tools/", 6) && (lf_has_suffix(base, ".o") || lf_has_suffix(base, ".a"))))
		return true;
	return !strncmp(rel, "include/config/", 15) ||
	       !strncmp(rel, "include/generated/", 18) ||
	       (!strncmp(rel, "arch/", 5) && strstr(rel, "/include/generated/"));
}

static int visit(const char *path, const struct stat *st, int type,
		 struct FTW *ftw)
{
	const char *rel = path + scratch_len + 1;

	lf_safe_check();	/* an interrupt: not 85,000 copies first */
	if (type != FTW_F || !S_ISREG(st->st_mode) || st->st_nlink < 2)
		return 0;
	if (!kbuild_state(rel, path + ftw->base))
		return 0;
	if (lf_unshare(path))
		return 1;
	copied++;
	return 0;
}

char *lf_link_copy(const char *tree, const char *copy)
{
	const char *cp[] = { "cp", "-al", tree, copy, NULL };
	struct lf_exec r;
	char *err = NULL;

	lf_exec_run(&r, NULL, cp, NULL);
	if (r.status)
		err = xasprintf("cp -al %s %s (the copy must be on the tree's "
				"file system; see LOCKFIT_SCRATCH): %s", tree, copy,
				r.out);
	free(r.out);
	return err;
}

char *lf_scratch_make(const char *tree, const char *scratch, size_t *ncopied)
{
	char *err = lf_link_copy(tree, scratch);
	int ret;

	if (err)
		return err;
	scratch_len = strlen(scratch);
	copied = 0;
	copy_errno = 0;
	ret = nftw(scratch, visit, 64, FTW_PHYS);
	*ncopied = copied;
	if (ret)
		return xasprintf("cannot copy kbuild's files in %s: %s", scratch,
				 strerror(copy_errno ? copy_errno : errno));
	return NULL;
}

/* lf_scratch_repath's pairs (nftw has no user pointer) */
static const char *const *re_from, *const *re_to;
static size_t re_n, re_fixed;
static int re_errno;

static bool path_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || (c && strchr("_.+-", c));
}

/* TEXT with each whole path of re_from (the longest first) replaced. */
static char *repath(const char *text, bool *changed)
{
	struct strbuf sb = { 0 };

	for (const char *p = text; *p; ) {
		size_t best = re_n;

		for (size_t k = 0; k < re_n; k++) {
			size_t len = strlen(re_from[k]);

			if (!strncmp(p, re_from[k], len) && !path_char(p[len]) &&
			    (p == text || p[-1] != '/') &&
			    (best == re_n || len > strlen(re_from[best])))
				best = k;
		}
		if (best < re_n) {
			sb_printf(&sb, "%s", re_to[best]);
			p += strlen(re_from[best]);
			*changed = true;
		} else {
			size_t n = strcspn(p + 1, "/") + 1;

			sb_printf(&sb, "%.*s", (int)n, p);
			p += n;
		}
	}
	return sb_take(&sb);
}

/* PATH (a kbuild file of the copy) with the paths moved, its times kept */
static int fix_file(const char *path, const struct stat *st)
{
	struct timespec times[2];
	bool changed = false;
	char *text, *fixed;
	size_t len;
	int ret = 0;

	text = lf_read_bounded(path, &len);
	if (!text || strlen(text) != len) {
		free(text);
		return 0;	/* not text: not kbuild's */
	}
	fixed = repath(text, &changed);
	times[0] = st->st_atim;
	times[1] = st->st_mtim;
	if (changed && (lf_unshare(path) || lf_safe_write(path, fixed) ||
			utimensat(AT_FDCWD, path, times, AT_SYMLINK_NOFOLLOW))) {
		re_errno = errno;
		ret = 1;
	}
	re_fixed += changed;
	free(text);
	free(fixed);
	return ret;
}

static int re_visit(const char *path, const struct stat *st, int type,
		    struct FTW *ftw)
{
	const char *base = path + ftw->base;

	lf_safe_check();
	if (type != FTW_F || !S_ISREG(st->st_mode) ||
	    !((base[0] == '.' && lf_has_suffix(base, ".cmd")) || lf_has_suffix(base, ".d")))
		return 0;
	return fix_file(path, st);
}

char *lf_scratch_repath(const char *copy, const char *const *from,
			const char *const *to, size_t n, size_t *nfixed)
{
	char *tools = xasprintf("%s/tools", copy);
	struct stat st;
	int ret = 0;

	re_from = from;
	re_to = to;
	re_n = n;
	re_fixed = 0;
	re_errno = 0;
	if (!lstat(tools, &st) && S_ISDIR(st.st_mode))
		ret = nftw(tools, re_visit, 64, FTW_PHYS);
	free(tools);
	/* the configuration's record of srctree: else every first make in
	 * the copy runs syncconfig */
	tools = xasprintf("%s/include/config/auto.conf.cmd", copy);
	if (!ret && !lstat(tools, &st) && S_ISREG(st.st_mode))
		ret = fix_file(tools, &st);
	*nfixed = re_fixed;
	if (ret)
		return xasprintf("cannot rewrite the kbuild files of %s: %s",
				 copy, strerror(re_errno ? re_errno : errno));
	free(tools);
	return NULL;
}
