// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Threads decide while one thread replaces the policy thousands of times.
 *
 * Policy A lets profile "t" read /alpha only, policy B /beta only. A
 * reader asks both questions inside one read section: exactly one must be
 * allowed. Both allowed or both denied would be a decision made against a
 * mix of policies (or against a freed one, which ASan/TSan report).
 * One more reader sleeps inside each of its sections, as a preempted
 * reader would stay there, so the replacer's wait must outlast both its
 * spin and its yields, and sleep.
 *
 *   replace A.bin B.bin [READERS] [REPLACEMENTS]
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "aamed.h"

static struct {
	void *data;
	size_t len;
} blob[2];

static aamed_engine *engine;
static atomic_bool done;
static atomic_ulong decisions, mixed, failures, saw[2];

static int slurp(const char *path, int i)
{
	struct stat sb;
	int fd = open(path, O_RDONLY);

	if (fd < 0 || fstat(fd, &sb))
		return -1;
	blob[i].len = (size_t)sb.st_size;
	blob[i].data = malloc(blob[i].len);
	if (!blob[i].data || read(fd, blob[i].data, blob[i].len) != (ssize_t)blob[i].len)
		return -1;
	close(fd);
	return 0;
}

static aamed_policy *make(int i)
{
	aamed_policy *p = aamed_policy_new();
	struct aamed_error err;

	if (!p || aamed_policy_load_blob(p, blob[i].data, blob[i].len, "blob", &err)) {
		fprintf(stderr, "load %d failed\n", i);
		exit(2);
	}
	return p;
}

/* A section the replacer must wait for beyond its spin and its yields. */
static void linger(void)
{
	struct timespec ts = { 0, 100000 };

	nanosleep(&ts, NULL);
}

static void *reader(void *arg)
{
	bool slow = arg != NULL;
	unsigned n = 0;

	aamed_reader *r = aamed_reader_new(engine);
	struct aamed_label_ref ref = { .text = "t" };
	struct aamed_file_req ra = { .path = "/alpha", .request = AAMED_MAY_READ };
	struct aamed_file_req rb = { .path = "/beta", .request = AAMED_MAY_READ };

	while (!atomic_load_explicit(&done, memory_order_relaxed)) {
		aamed_policy *p = aamed_read_begin(r);
		const aamed_label *l = aamed_label_ref_get(&ref, p, NULL);
		int a, b;

		if (!l) {
			atomic_fetch_add(&failures, 1);
			aamed_read_end(r);
			continue;
		}
		if (slow && (++n & 3) == 0)
			linger();
		a = aamed_file_perm(l, &ra, NULL, NULL);
		b = aamed_file_perm(l, &rb, NULL, NULL);
		aamed_read_end(r);
		if ((a == 0) == (b == 0))
			atomic_fetch_add(&mixed, 1);
		else
			atomic_fetch_add(&saw[a == 0 ? 0 : 1], 1);
		atomic_fetch_add_explicit(&decisions, 1, memory_order_relaxed);
	}
	aamed_reader_free(r);
	return NULL;
}

int main(int argc, char **argv)
{
	int nreaders = argc > 3 ? atoi(argv[3]) : 2;
	long nrepl = argc > 4 ? atol(argv[4]) : 3000;
	pthread_t th[17];
	long i;
	int t, pass = 0, fail = 0;

	if (argc < 3 || slurp(argv[1], 0) || slurp(argv[2], 1) ||
	    nreaders < 1 || nreaders > 16) {
		fprintf(stderr, "usage: replace A.bin B.bin [READERS] [REPLACEMENTS]\n");
		return 2;
	}
	engine = aamed_engine_new(make(0));
	for (t = 0; t < nreaders; t++)
		pthread_create(&th[t], NULL, reader, NULL);
	pthread_create(&th[nreaders], NULL, reader, &nreaders);
	for (i = 0; i < nrepl; i++)
		aamed_policy_replace(engine, make((int)((i + 1) & 1)));
	atomic_store(&done, true);
	for (t = 0; t <= nreaders; t++)
		pthread_join(th[t], NULL);
	aamed_engine_free(engine);
	free(blob[0].data);
	free(blob[1].data);

	printf("replacements %ld, decisions %lu (A %lu, B %lu), mixed %lu, failures %lu\n",
	       nrepl, (unsigned long)decisions, (unsigned long)saw[0],
	       (unsigned long)saw[1], (unsigned long)mixed,
	       (unsigned long)failures);
	if (mixed == 0 && failures == 0)
		pass++;
	else
		fail++;
	/* both policies must actually have been seen, or the test proved nothing */
	if (saw[0] && saw[1])
		pass++;
	else
		fail++;
	printf("%d passed, %d failed\n", pass, fail);
	return fail ? 1 : 0;
}
