// SPDX-License-Identifier: GPL-2.0
/*
 * lfvm-bench - the micro-benchmark of lockfit's VM (scripts/vm.sh), run
 * by testsuite/vm/init, built static on the host.
 *
 *   lfvm-bench             the write() loop and the swap phase, each
 *                          printed as one "LFVM-BENCH name value unit" line
 *   lfvm-bench --swap-only the swap phase only (part of the workload)
 *   lfvm-bench --swap-mb N the swap phase with N MB (the zram phase)
 *
 * write: WRITES one-byte write()s to a tmpfs file (the seeds' loop);
 * swap: SWAP_MB of anonymous memory, more than the guest has, written
 * and read back twice, so that its pages go through zswap (z3fold).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define WRITES 200000
#define SWAP_MB 320
#define PAGE 4096

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static double write_loop(void)
{
	int fd = open("/tmp/lfvm-bench", O_WRONLY | O_CREAT | O_TRUNC, 0600);
	double t0;
	char c = 'x';

	if (fd < 0) {
		perror("lfvm-bench: /tmp/lfvm-bench");
		exit(1);
	}
	t0 = now();
	for (int i = 0; i < WRITES; i++)
		if (write(fd, &c, 1) != 1) {
			perror("lfvm-bench: write");
			exit(1);
		}
	t0 = now() - t0;
	close(fd);
	unlink("/tmp/lfvm-bench");
	return t0 * 1e9 / WRITES;
}

/* Pages that compress but are not "same-filled" (zswap keeps those
 * without its pool). */
static double swap_phase(size_t mb)
{
	size_t len = mb << 20;
	unsigned long *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned long sum = 0;
	double t0;

	if (p == MAP_FAILED) {
		perror("lfvm-bench: mmap");
		exit(1);
	}
	t0 = now();
	for (int round = 0; round < 2; round++)
		for (size_t i = 0; i < len / sizeof(*p); i += 8) {
			if (!round)
				p[i] = i * 2654435761UL;
			sum += p[i];
		}
	t0 = now() - t0;
	munmap(p, len);
	if (sum == 42)
		puts("");
	return t0 * 1e3;
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "--swap-only")) {
		printf("LFVM-BENCH swap %.0f ms\n", swap_phase(SWAP_MB));
		return 0;
	}
	if (argc > 2 && !strcmp(argv[1], "--swap-mb")) {
		long mb = atol(argv[2]);

		if (mb <= 0 || mb > 4096) {
			fprintf(stderr, "lfvm-bench: --swap-mb wants 1..4096\n");
			return 2;
		}
		printf("LFVM-BENCH swap %.0f ms\n", swap_phase((size_t)mb));
		return 0;
	}
	printf("LFVM-BENCH write %.1f ns/op\n", write_loop());
	printf("LFVM-BENCH swap %.0f ms\n", swap_phase(SWAP_MB));
	return 0;
}
