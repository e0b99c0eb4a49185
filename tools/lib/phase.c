// SPDX-License-Identifier: GPL-2.0
/*
 * phase.c - the report's phase times (phase.h): wall time from the
 * monotonic clock, CPU time and peak memory from getrusage().
 */
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include "lib/phase.h"
#include "lib/util.h"

struct phase {
	const char *name;
	double wall, cpu;
	long peak_kb;
};

static struct {
	bool wanted, on;
	double wall, cpu;	/* at the last end */
	struct { struct phase *v; size_t n, cap; } done;
} ph;

static void now(double *wall, double *cpu, long *peak_kb)
{
	struct timespec ts;
	struct rusage ru;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	getrusage(RUSAGE_SELF, &ru);
	*wall = ts.tv_sec + ts.tv_nsec / 1e9;
	*cpu = ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
	       ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
	*peak_kb = ru.ru_maxrss;
}

void lf_phase_want(void)
{
	ph.wanted = true;
}

void lf_phase_start(void)
{
	const char *env = getenv("LOCKFIT_PHASES");
	long peak;

	ph.on = ph.wanted || (env && !strcmp(env, "1"));
	ph.done.n = 0;
	now(&ph.wall, &ph.cpu, &peak);
}

void lf_phase_end(const char *name)
{
	struct phase p = { .name = name };
	double wall, cpu;

	if (!ph.on)
		return;
	now(&wall, &cpu, &p.peak_kb);
	p.wall = wall - ph.wall;
	p.cpu = cpu - ph.cpu;
	ph.wall = wall;
	ph.cpu = cpu;
	VEC_PUSH(&ph.done, p);
}

void lf_phase_print(FILE *f)
{
	double wall = 0, cpu = 0;

	if (!ph.on)
		return;
	fprintf(f, "lockfit: report phases:   wall (s)   CPU (s)   peak memory (MB)\n");
	for (size_t i = 0; i < ph.done.n; i++) {
		const struct phase *p = &ph.done.v[i];

		fprintf(f, "lockfit:   %-16s %9.2f %9.2f %18.1f\n", p->name,
			p->wall, p->cpu, p->peak_kb / 1024.0);
		wall += p->wall;
		cpu += p->cpu;
	}
	fprintf(f, "lockfit:   %-16s %9.2f %9.2f\n", "total", wall, cpu);
}
