// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed-bench decide, the live-replacement rows: decisions per second
 * with 1 and 2 reader threads while a replacer thread installs a fresh
 * copy of the policy every USEC microseconds (0: back to back), beside
 * the same decision loop with no engine at all (the machine's own
 * 2-thread scaling).
 *
 * On a machine with as many CPUs as readers, the replacer competes with
 * the readers for CPU time, and on a shared VM so does everyone else. So
 * every thread's CPU time is measured (CLOCK_THREAD_CPUTIME_ID) and each
 * row reports, beside wall throughput, the readers' and the replacer's
 * CPU shares and the decisions per reader CPU-second: that figure falls
 * only when the readers themselves are slowed, not when they merely wait
 * for a CPU. Each configuration is run REPEAT times, interleaved, and the
 * median and the spread (min-max) are reported.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>

#include "bench_int.h"

#define RB_MAX_READERS 2
#define RB_MAX_REPEAT 15

struct rbench {
	aamed_engine *engine;
	const char *policy_path;
	const void *blob;		/* the policy bytes, read once */
	size_t len;
	const aamed_label *plain;	/* baseline: no engine at all */
	long every_us;			/* replacement period, 0: back to back */
	atomic_bool stop;
	atomic_ulong total;
	atomic_ulong replacements;
	_Atomic double reader_cpu, replacer_cpu;	/* seconds */
};

/* One measurement: wall rates and CPU shares over its duration. */
struct rb_sample {
	double dps;		/* decisions per wall second */
	double rps;		/* replacements per wall second */
	double reader_cpus;	/* readers' CPU seconds per wall second */
	double replacer_cpus;	/* the replacer's, likewise */
	double dpcs;		/* decisions per reader CPU-second */
};

static double clock_s(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void add_cpu(_Atomic double *acc, double s)
{
	double old = atomic_load(acc);

	while (!atomic_compare_exchange_weak(acc, &old, old + s))
		;
}

static volatile int rb_sink;

/* The baseline: the same decision loop without the engine. */
static void *rb_plain(void *arg)
{
	struct rbench *b = arg;
	struct aamed_file_req req = { .path = "/etc/passwd",
				      .request = AAMED_MAY_READ };
	double c0 = clock_s(CLOCK_THREAD_CPUTIME_ID);
	unsigned long n = 0;
	int acc = 0;	/* thread-local: a shared sink would be contended */

	while (!atomic_load_explicit(&b->stop, memory_order_relaxed)) {
		int i;

		for (i = 0; i < 256; i++)
			acc += aamed_file_perm(b->plain, &req, NULL, NULL);
		n += 256;
	}
	atomic_fetch_add(&b->total, n);
	add_cpu(&b->reader_cpu, clock_s(CLOCK_THREAD_CPUTIME_ID) - c0);
	rb_sink += acc;
	return NULL;
}

static void *rb_reader(void *arg)
{
	struct rbench *b = arg;
	aamed_reader *r = aamed_reader_new(b->engine);
	struct aamed_label_ref ref = { .text = "bench" };
	struct aamed_file_req req = { .path = "/etc/passwd",
				      .request = AAMED_MAY_READ };
	double c0 = clock_s(CLOCK_THREAD_CPUTIME_ID);
	unsigned long n = 0;
	int acc = 0;

	if (!r)
		return NULL;
	while (!atomic_load_explicit(&b->stop, memory_order_relaxed)) {
		int i;

		for (i = 0; i < 256; i++) {
			aamed_policy *p = aamed_read_begin(r);
			const aamed_label *l = aamed_label_ref_get(&ref, p, NULL);

			if (l)
				acc += aamed_file_perm(l, &req, NULL, NULL);
			aamed_read_end(r);
		}
		n += 256;
	}
	atomic_fetch_add(&b->total, n);
	add_cpu(&b->reader_cpu, clock_s(CLOCK_THREAD_CPUTIME_ID) - c0);
	rb_sink += acc;
	aamed_reader_free(r);
	return NULL;
}

static void ts_add_us(struct timespec *t, long us)
{
	t->tv_nsec += us * 1000;
	while (t->tv_nsec >= 1000000000) {
		t->tv_nsec -= 1000000000;
		t->tv_sec++;
	}
}

/*
 * Replacements on a fixed schedule (absolute deadlines, so the load's own
 * time does not stretch the period); a 1 ns timer slack, or the kernel's
 * default 50 us slack would round every short period up.
 */
static void *rb_replacer(void *arg)
{
	struct rbench *b = arg;
	double c0 = clock_s(CLOCK_THREAD_CPUTIME_ID);
	struct timespec next;

	prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
	clock_gettime(CLOCK_MONOTONIC, &next);
	while (!atomic_load_explicit(&b->stop, memory_order_relaxed)) {
		aamed_policy *p = aamed_policy_new();
		struct aamed_error err;

		if (!p || aamed_policy_load_blob(p, b->blob, b->len,
						 b->policy_path, &err)) {
			aamed_policy_free(p);
			break;
		}
		aamed_policy_replace(b->engine, p);
		atomic_fetch_add(&b->replacements, 1);
		if (b->every_us > 0) {
			ts_add_us(&next, b->every_us);
			clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next,
					NULL);
		}
	}
	add_cpu(&b->replacer_cpu, clock_s(CLOCK_THREAD_CPUTIME_ID) - c0);
	return NULL;
}

/*
 * n reader threads for secs seconds; every_us < 0: the plain loop, no
 * engine and no replacer.
 */
static int rb_run(const void *blob, size_t len, const char *policy_path,
		  int n, long every_us, double secs, struct rb_sample *s)
{
	struct rbench b = { .policy_path = policy_path, .blob = blob,
			    .len = len, .every_us = every_us };
	aamed_policy *p = aamed_policy_new();
	struct aamed_error err;
	bool plain = every_us < 0;
	pthread_t th[RB_MAX_READERS], rt;
	struct timespec d = { (time_t)secs,
			      (long)((secs - (double)(time_t)secs) * 1e9) };
	double t0, t;
	int i, started = 0;

	if (!p || aamed_policy_load_blob(p, blob, len, policy_path, &err)) {
		aamed_policy_free(p);
		return -1;
	}
	b.engine = aamed_engine_new(p);
	if (!b.engine)
		return -1;
	b.plain = aamed_label_get(p, "bench", NULL);
	if (!b.plain) {
		aamed_engine_free(b.engine);
		return -1;
	}
	t0 = clock_s(CLOCK_MONOTONIC);
	for (i = 0; i < n; i++)
		if (!pthread_create(&th[i], NULL, plain ? rb_plain : rb_reader,
				    &b))
			started++;
	if (!plain && pthread_create(&rt, NULL, rb_replacer, &b))
		plain = true;	/* counted below: no replacements */
	nanosleep(&d, NULL);
	atomic_store(&b.stop, true);
	for (i = 0; i < started; i++)
		pthread_join(th[i], NULL);
	t = clock_s(CLOCK_MONOTONIC) - t0;
	if (!plain)
		pthread_join(rt, NULL);
	aamed_engine_free(b.engine);
	s->dps = (double)atomic_load(&b.total) / t;
	s->rps = (double)atomic_load(&b.replacements) / t;
	s->reader_cpus = atomic_load(&b.reader_cpu) / t;
	s->replacer_cpus = atomic_load(&b.replacer_cpu) / t;
	s->dpcs = s->reader_cpus > 0 ? s->dps / s->reader_cpus : 0;
	return started == n ? 0 : -1;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The median of k values (sorted in place), and their min and max. */
static double median(double *v, int k, double *lo, double *hi)
{
	qsort(v, (size_t)k, sizeof(*v), cmp_double);
	*lo = v[0];
	*hi = v[k - 1];
	return k % 2 ? v[k / 2] : (v[k / 2 - 1] + v[k / 2]) / 2;
}

/* One configuration's repeats: medians, with the spread of the rate. */
struct rb_row {
	const char *name;
	int readers;
	long every_us;		/* -1: plain */
	struct rb_sample s[RB_MAX_REPEAT];
	struct rb_sample med;
	double lo, hi;		/* decisions/s, min and max */
};

static void rb_summarise(struct rb_row *r, int k)
{
	double v[RB_MAX_REPEAT], lo, hi;
	int i;

#define MED(field, plo, phi)                                   \
	do {                                                   \
		for (i = 0; i < k; i++)                        \
			v[i] = r->s[i].field;                  \
		r->med.field = median(v, k, plo, phi);         \
	} while (0)
	MED(dps, &r->lo, &r->hi);
	MED(rps, &lo, &hi);
	MED(reader_cpus, &lo, &hi);
	MED(replacer_cpus, &lo, &hi);
	MED(dpcs, &lo, &hi);
#undef MED
}

static void rb_print(const struct rb_row *r, const struct rb_row *one)
{
	char every[32] = "-";

	if (r->every_us >= 0)
		snprintf(every, sizeof(every), "%ld", r->every_us);
	printf("%s\t%s\t%.0f\t%.0f-%.0f\t%.0f\t%.2f\t%.2f\t%.0f", r->name,
	       every, r->med.dps, r->lo, r->hi, r->med.rps,
	       r->med.reader_cpus, r->med.replacer_cpus, r->med.dpcs);
	if (one && one->med.dps > 0 && one->med.dpcs > 0)
		printf("\t%.2fx\t%.2fx", r->med.dps / one->med.dps,
		       r->readers * r->med.dpcs / one->med.dpcs);
	putchar('\n');
}

static void *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	void *buf = malloc(1 << 24);

	*len = 0;
	if (f && buf)
		*len = fread(buf, 1, 1 << 24, f);
	if (f)
		fclose(f);
	if (!*len) {
		free(buf);
		return NULL;
	}
	return buf;
}

static const long default_every[] = { 0, 10, 100, 1000 };

/*
 * The table: plain-1/2, then replace-1/2 at each period. every_us >= 0
 * measures that one period only. Repeats are interleaved (all rows once,
 * then again), so a burst of load on the shared machine spreads over the
 * rows instead of sinking one.
 */
int bench_replace(const char *policy_path, long every_us, int repeat,
		  double secs)
{
	struct rb_row rows[2 + 2 * 4];
	size_t len, nrows = 0, i;
	const long *every = every_us >= 0 ? &every_us : default_every;
	size_t nevery = every_us >= 0 ? 1 : 4;
	void *blob = slurp(policy_path, &len);
	double load[3];
	int k;

	if (!blob)
		return -1;
	if (repeat < 1)
		repeat = 1;
	if (repeat > RB_MAX_REPEAT)
		repeat = RB_MAX_REPEAT;
	memset(rows, 0, sizeof(rows));
	for (i = 0; i < 1 + nevery; i++) {
		long e = i ? every[i - 1] : -1;

		rows[nrows].name = i ? "replace-1-thread" : "plain-1-thread";
		rows[nrows].readers = 1;
		rows[nrows++].every_us = e;
		rows[nrows].name = i ? "replace-2-threads" : "plain-2-threads";
		rows[nrows].readers = 2;
		rows[nrows++].every_us = e;
	}
	for (k = 0; k < repeat; k++)
		for (i = 0; i < nrows; i++)
			if (rb_run(blob, len, policy_path, rows[i].readers,
				   rows[i].every_us, secs, &rows[i].s[k])) {
				free(blob);
				return -1;
			}
	free(blob);
	printf("threads\tevery us\tdecisions/s (median)\tmin-max\treplacements/s\t"
	       "reader CPUs\treplacer CPUs\tdecisions/reader CPU-s\tscaling\t"
	       "scaling per CPU\n");
	for (i = 0; i < nrows; i++)
		rb_summarise(&rows[i], repeat);
	for (i = 0; i < nrows; i++)
		rb_print(&rows[i], rows[i].readers == 2 ? &rows[i - 1] : NULL);
	if (getloadavg(load, 3) == 3)
		printf("load average\t%.2f %.2f %.2f\t%d repeats of %.2f s\n",
		       load[0], load[1], load[2], repeat, secs);
	return 0;
}
