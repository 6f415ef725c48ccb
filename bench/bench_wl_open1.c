// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * open1 (seed 003, will-it-scale open1_processes): N processes, each
 * opening and closing its own file; ops/s summed over the processes,
 * sampled once a round from counters in shared memory.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench_wl_int.h"

struct o1slot {
	volatile unsigned long count;
	volatile unsigned long fails;	/* open or close failed */
	volatile unsigned long denied;	/* mediation said no */
	volatile unsigned long open_fds;	/* opened, not closed, at exit */
	char pad[64 - 4 * sizeof(unsigned long)];
};

static void open1_child(struct wl_cfg *c, struct o1slot *slot,
			volatile int *stop, int i)
{
	char path[4096];
	int fd, acc = 0;
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	MED_OPEN_DECL;

	if (ncpu > 0)
		wl_pin((int)(i % ncpu));
	snprintf(path, sizeof(path), "%s/aamed-open1-%ld-%d", c->tmpdir,
		 (long)getppid(), i);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0) {
		slot->fails++;
		_exit(1);
	}
	close(fd);
	MED_OPEN_INIT(c, path);
	while (!*stop) {
		MED_OPEN(c, acc);
		fd = open(path, O_RDWR);
		if (fd < 0) {
			slot->fails++;
			continue;
		}
		if (close(fd))
			slot->fails++;
		slot->count++;
	}
	slot->denied = acc != 0;
	unlink(path);
	_exit(0);
}

int wl_open1(struct wl_cfg *c)
{
	size_t sz = sizeof(struct o1slot) * (size_t)c->procs + 64;
	void *shm = mmap(NULL, sz, PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	struct o1slot *slots;
	volatile int *stop;
	pid_t *pids;
	int i, round, rc = 0;
	unsigned long prev = 0;
	uint64_t tprev;

	if (shm == MAP_FAILED)
		return -1;
	stop = shm;
	slots = (struct o1slot *)((char *)shm + 64);
	pids = calloc((size_t)c->procs, sizeof(*pids));
	if (!pids)
		return -1;
	fflush(NULL);
	for (i = 0; i < c->procs; i++) {
		pids[i] = fork();
		if (pids[i] == 0)
			open1_child(c, &slots[i], stop, i);
	}
	tprev = wl_now_ns();
	for (round = -c->warmup; round < c->rounds; round++) {
		struct timespec d = { (time_t)c->seconds,
				      (long)((c->seconds - (double)(time_t)c->seconds) * 1e9) };
		unsigned long sum = 0, fails = 0;
		uint64_t t;

		nanosleep(&d, NULL);
		t = wl_now_ns();
		for (i = 0; i < c->procs; i++) {
			sum += slots[i].count;
			fails += slots[i].fails;
		}
		{
			struct wl_row row = {
				.workload = "open1", .variant = "processes",
				.size = c->procs,
				.round = round < 0 ? round + c->warmup : round,
				.warmup = round < 0,
				.value = (double)(sum - prev) / ((double)(t - tprev) / 1e9),
				.unit = "ops/s",
				.payload_ok = 1, .len_ok = 1,
				.count_ok = fails == 0 && sum > prev,
				.queue_ok = 1, .med_ok = 1,
			};
			wl_row(c->out, &row);
		}
		prev = sum;
		tprev = t;
	}
	*stop = 1;
	for (i = 0; i < c->procs; i++) {
		int st;

		waitpid(pids[i], &st, 0);
		if (!WIFEXITED(st) || WEXITSTATUS(st))
			rc = -1;
		if (slots[i].denied) {
			fprintf(stderr, "aamed-bench: open1: a decision denied\n");
			rc = -1;
		}
	}
	if (c->med)	/* every open made, also after the last sample */
		for (i = 0; i < c->procs; i++)
			c->decisions += slots[i].count + slots[i].fails;
	free(pids);
	munmap(shm, sz);
	return rc;
}
