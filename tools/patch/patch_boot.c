// SPDX-License-Identifier: GPL-2.0
/*
 * patch_boot.c - lockfit patch --boot: the verified patches, together,
 * built into lockfit's VM kernel and booted under lockdep with the VM
 * workload (scripts/vm.sh verify; docs/VM.md).  A refusal (a lockdep
 * report, a sleeping function called from invalid context,
 * smp_processor_id() in preemptible code, a hung task, any other
 * BUG/WARNING/Oops, a kernel that does not build or boot, a workload
 * that does not finish) fails every patch that went in: one boot cannot
 * tell which of them it was (--lock NAME boots one).  The patches of an
 * out-of-tree module's locks (make M=) go to the module, built against
 * the VM kernel of the tree's version and loaded in the guest (vm.sh
 * --extmod); the kernel's, if any, into the kernel.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lib/util.h"
#include "lib/files.h"
#include "patch/patch.h"

/* Lines of the verdict (the splat) printed; the log has all of it. */
#define SPLAT_LINES 40

static void write_or_die(const char *path, const char *text)
{
	if (lf_safe_write(path, text))
		lf_die("cannot write %s: %s", path, strerror(errno));
}

/* The job's patch moves to failed/, its log gets the verdict. */
static void refuse(struct lf_pjob *j, const char *out, const char *reason,
		   const char *verdict)
{
	const char *base = strrchr(j->path, '/') + 1;
	char *dst = xasprintf("%s/failed/%s", out, base);
	char *log = xasprintf("%s/log/%.*s.log", out, (int)(strlen(base) - 6), base);
	char *text = xasprintf("%sreason: boot: %s\n%s", j->log ? j->log : "",
			       reason, verdict);

	lf_mkdir_p(xasprintf("%s/failed", out));
	if (rename(j->path, dst))
		lf_die("cannot rename %s to %s: %s", j->path, dst, strerror(errno));
	write_or_die(log, text);
	j->failed = xasprintf("boot: %s", reason);
	lf_mail_build(j);	/* its message says why */
	write_or_die(dst, j->mail);
	printf("      REFUSED %s\n", dst);
	j->path = NULL;
	free(log);
	free(text);
}

/* "VERSION.PATCHLEVEL" of the kernel tree SRC (its Makefile), or NULL:
 * the VM kernel must be the version the patches are for. */
static char *tree_kver(const char *src)
{
	char *path = xasprintf("%s/Makefile", src), *text, *kver = NULL;
	int version, patchlevel;
	const char *v, *p;

	text = lf_read_file(path, NULL);
	v = text ? strstr(text, "\nVERSION = ") : NULL;
	p = text ? strstr(text, "\nPATCHLEVEL = ") : NULL;
	if (v && p && sscanf(v, "\nVERSION = %d", &version) == 1 &&
	    sscanf(p, "\nPATCHLEVEL = %d", &patchlevel) == 1)
		kver = xasprintf("%d.%d", version, patchlevel);
	free(text);
	free(path);
	return kver;
}

/* The verified patches of JOBS that are MODULE's (or the kernel's) as
 * one diff in OUT/log/NAME; NULL if there is none. */
static char *boot_diff(const struct lf_pjobs *jobs, bool module,
		       const char *out, const char *name, size_t *n)
{
	struct strbuf sb = { 0 };
	size_t k = 0;
	char *path;

	for (size_t i = 0; i < jobs->n; i++)
		if (jobs->v[i]->path && jobs->v[i]->module == module) {
			sb_printf(&sb, "%s", jobs->v[i]->diff);
			k++;
		}
	*n += k;
	if (!k)
		return NULL;
	path = xasprintf("%s/log/%s", out, name);
	write_or_die(path, sb_str(&sb));
	free(sb.s);
	return path;
}

bool lf_boot(struct lf_pjobs *jobs, const struct lf_pbuild *b, const char *out)
{
	const char *vm = getenv("LOCKFIT_VM");
	char *kdiff, *mdiff, *kver, *bootdir, *logname, *verdict_path, *verdict, *reason;
	const char *argv[16];
	struct lf_exec r;
	size_t n = 0, a = 0;

	kdiff = boot_diff(jobs, false, out, "boot.diff", &n);
	mdiff = b->mod ? boot_diff(jobs, true, out, "boot-module.diff", &n) : NULL;
	if (!n) {
		printf("boot: no verified patch, nothing to boot\n");
		return true;
	}
	vm = vm && *vm ? vm : lf_files_path("scripts/vm.sh");
	kver = tree_kver(b->src);
	bootdir = xasprintf("%s/boot", out);
	logname = xasprintf("%s/log/boot.log", out);
	lf_rm_rf(bootdir);	/* no verdict of an earlier run */
	argv[a++] = vm;
	argv[a++] = "verify";
	if (kver) {
		argv[a++] = "--kver";
		argv[a++] = kver;
	}
	argv[a++] = "--out";
	argv[a++] = bootdir;
	if (kdiff) {
		argv[a++] = "--patch";
		argv[a++] = kdiff;
	}
	if (mdiff) {
		argv[a++] = "--extmod";
		argv[a++] = b->mod;
		argv[a++] = "--extmod-patch";
		argv[a++] = mdiff;
	}
	argv[a] = NULL;
	printf("boot: %zu patch%s %s the VM kernel%s%s and booted under "
	       "lockdep (%s verify, minutes) ...\n", n, n == 1 ? "" : "es",
	       mdiff ? "in the module, built against" : "built into",
	       kver ? " of Linux " : "", kver ? kver : "", lf_mail_esc(vm));
	fflush(stdout);
	lf_safe_check();
	{
		struct lf_pjob **booted = xcalloc(n + 1, sizeof(*booted));
		size_t k = 0;

		for (size_t i = 0; i < jobs->n; i++)
			if (jobs->v[i]->path)
				booted[k++] = jobs->v[i];
		lf_step_begin_jobs(booted, k, "boot: the VM kernel%s with %zu "
				   "patch%s, under lockdep", mdiff ? " and the module" : "",
				   k, k == 1 ? "" : "es");
		lf_exec_run(&r, NULL, argv, NULL);
		lf_step_end("%s", r.status ? "failed" : "done");
		free(booted);
	}
	lf_safe_check();
	write_or_die(logname, r.out ? r.out : "");
	verdict_path = xasprintf("%s/verdict.txt", bootdir);
	verdict = lf_read_file(verdict_path, NULL);
	if (r.status == 0 && verdict && !strncmp(verdict, "clean\n", 6)) {
		printf("boot: clean in %.0fs: no lockdep report, no splat, the "
		       "workload finished\n      log: %s\n", r.secs,
		       lf_mail_esc(logname));
		for (size_t i = 0; i < jobs->n; i++)
			if (jobs->v[i]->path) {	/* the message says so */
				jobs->v[i]->booted = true;
				lf_mail_build(jobs->v[i]);
				write_or_die(jobs->v[i]->path, jobs->v[i]->mail);
			}
		return true;
	}
	/* The first line says why; the rest is the kernel's report. */
	if (verdict && *verdict) {
		char *nl = strchr(verdict, '\n');

		reason = xasprintf("%.*s", (int)(nl ? nl - verdict : (long)strlen(verdict)), verdict);
		if (!strncmp(reason, "refused: ", 9))
			memmove(reason, reason + 9, strlen(reason + 9) + 1);
	} else {
		verdict = xstrdup("");
		reason = xasprintf("%s exited with status %d, no verdict (see %s)",
				   vm, r.status, logname);
	}
	printf("boot: REFUSED: %s\n", lf_mail_esc(reason));
	{
		const char *p = strchr(verdict, '\n');
		int lines = 0;

		while (p && p[1] && lines++ < SPLAT_LINES) {
			const char *e = strchr(p + 1, '\n');
			char *line = xasprintf("%.*s", (int)(e ? e - p - 1 : (long)strlen(p + 1)), p + 1);

			lf_printf("  | %s\n", line);
			free(line);
			p = e;
		}
	}
	printf("      verdict: %s\n      log: %s\n", lf_mail_esc(verdict_path),
	       lf_mail_esc(logname));
	for (size_t i = 0; i < jobs->n; i++)
		if (jobs->v[i]->path)
			refuse(jobs->v[i], out, reason, verdict);
	fflush(stdout);
	return false;
}
