// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The seed workloads: their names, options and defaults, the row every
 * round prints (WL_ROW_HEADER, with its own checks), and the dispatch to
 * the workload (bench_wl_unix.c, bench_wl_tcp.c, bench_wl_open1.c).
 *
 * These files are built twice: into aamed-bench with WL_AAMED, where
 * aamed decides at the places the kernel runs its hook, and statically
 * without aamed into the guest program (bench/guest.c) that runs inside
 * QEMU, where the kernel decides.
 */
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench_wl_int.h"

uint64_t wl_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static const char *const kind_names[] = { "unix-send", "tcp-stream", "open1" };
static const char *const variant_names[] = { "sendmmsg", "io_uring", "twoproc" };
static const char *const inject_names[] = { "none", "corrupt", "short", "lost",
					    "queue" };

const char *wl_kind_name(enum wl_kind k)
{
	return k < WL__COUNT ? kind_names[k] : "?";
}

const char *wl_variant_name(enum wl_variant v)
{
	return v <= WV_TWOPROC ? variant_names[v] : "?";
}

/* The index of s among the n names; -1 when it is none of them. */
static int find_name(const char *const *names, int n, const char *s)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(s, names[i]))
			return i;
	return -1;
}

int wl_parse_kind(const char *s)
{
	return find_name(kind_names, WL__COUNT, s);
}

int wl_parse_variant(const char *s)
{
	return find_name(variant_names, WV_TWOPROC + 1, s);
}

int wl_parse_inject(const char *s)
{
	return find_name(inject_names, WI_QUEUE + 1, s);
}

static const int tcp_sizes[] = { 64, 128, 256, 1024, 2048, 3312, 4096, 8192,
				  16384 };

void wl_defaults(struct wl_cfg *c, enum wl_kind kind)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	size_t i;

	memset(c, 0, sizeof(*c));
	c->kind = kind;
	c->variant = WV_SENDMMSG;
	c->warmup = 3;
	c->rounds = 15;
	c->messages = 65536;
	c->batch = 32;
	c->msgsize = 128;
	for (i = 0; i < sizeof(tcp_sizes) / sizeof(tcp_sizes[0]); i++)
		c->sizes[c->nsizes++] = tcp_sizes[i];
	c->seconds = 1.0;
	c->procs = n > 0 ? (int)n : 1;
	c->cpu = -1;
	c->inject_round = 0;
	c->tmpdir = "/tmp";
	c->out = stdout;
	if (kind != WL_UNIX_SEND) {
		c->warmup = 1;
		c->rounds = 5;
	}
}

int wl_parse_sizes(const char *s, struct wl_cfg *c)
{
	char *end;

	c->nsizes = 0;
	while (*s) {
		long v = strtol(s, &end, 10);

		if (end == s || v < 1 || v > (1 << 20) || c->nsizes >= WL_MAX_SIZES)
			return -1;
		c->sizes[c->nsizes++] = (int)v;
		s = end;
		if (*s == ',')
			s++;
		else if (*s)
			return -1;
	}
	return c->nsizes ? 0 : -1;
}

/* One workload option at argv[*a]: 1 consumed, 0 not a workload option,
 * -1 a bad value. */
int wl_option(struct wl_cfg *c, int argc, char **argv, int *a)
{
	const char *o = argv[*a];
	const char *v = *a + 1 < argc ? argv[*a + 1] : NULL;
	int k;

#define NEEDV() do { if (!v) return -1; (*a)++; } while (0)
	if (!strcmp(o, "-w") || !strcmp(o, "--workload")) {
		NEEDV();
		k = wl_parse_kind(v);
		if (k < 0)
			return -1;
		{
			struct wl_cfg d;
			/* workload defaults, keeping what was already set */
			wl_defaults(&d, (enum wl_kind)k);
			c->kind = d.kind;
			c->warmup = d.warmup;
			c->rounds = d.rounds;
		}
	} else if (!strcmp(o, "--variant")) {
		NEEDV();
		k = wl_parse_variant(v);
		if (k < 0)
			return -1;
		c->variant = (enum wl_variant)k;
	} else if (!strcmp(o, "--warmup")) {
		NEEDV();
		c->warmup = atoi(v);
	} else if (!strcmp(o, "--rounds")) {
		NEEDV();
		c->rounds = atoi(v);
	} else if (!strcmp(o, "--messages")) {
		NEEDV();
		c->messages = atol(v);
	} else if (!strcmp(o, "--batch")) {
		NEEDV();
		c->batch = atoi(v);
	} else if (!strcmp(o, "--msgsize")) {
		NEEDV();
		c->msgsize = atoi(v);
	} else if (!strcmp(o, "--sizes")) {
		NEEDV();
		if (wl_parse_sizes(v, c))
			return -1;
	} else if (!strcmp(o, "--seconds")) {
		NEEDV();
		c->seconds = atof(v);
	} else if (!strcmp(o, "--procs")) {
		NEEDV();
		c->procs = atoi(v);
	} else if (!strcmp(o, "--cpu")) {
		NEEDV();
		c->cpu = atoi(v);
	} else if (!strcmp(o, "--inject")) {
		NEEDV();
		k = wl_parse_inject(v);
		if (k < 0)
			return -1;
		c->inject = (enum wl_inject)k;
	} else if (!strcmp(o, "--inject-round")) {
		NEEDV();
		c->inject_round = atoi(v);
	} else if (!strcmp(o, "--tmpdir")) {
		NEEDV();
		c->tmpdir = v;
	} else {
		return 0;
	}
#undef NEEDV
	if (c->warmup < 0 || c->rounds < 1 || c->messages < 1 || c->batch < 1 ||
	    c->batch > 1024 || c->msgsize < 16 || c->msgsize > 65000 ||
	    c->seconds <= 0 || c->procs < 1 || c->procs > 1024)
		return -1;
	return 1;
}

void wl_row(FILE *f, const struct wl_row *r)
{
	int ok = r->payload_ok && r->len_ok && r->count_ok && r->queue_ok &&
		 r->med_ok;

	fprintf(f, "row\t%s\t%s\t%d\t%d\t%d\t%.6f\t%s\t%d\t%d\t%d\t%d\t%d\t%d\n",
		r->workload, r->variant, r->size, r->round, r->warmup, r->value,
		r->unit, r->payload_ok, r->len_ok, r->count_ok, r->queue_ok,
		r->med_ok, ok);
	fflush(f);
}

int wl_pin(int cpu)
{
	cpu_set_t set;

	if (cpu < 0)
		return 0;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		fprintf(stderr, "aamed-bench: cannot pin to CPU %d: %s\n", cpu,
			strerror(errno));
		return -1;
	}
	return 0;
}

int wl_run(struct wl_cfg *c)
{
	if (c->kind != WL_OPEN1 && wl_pin(c->cpu))
		return -1;
	signal(SIGPIPE, SIG_IGN);
	switch (c->kind) {
	case WL_UNIX_SEND:
		return c->variant == WV_TWOPROC ? wl_unix_twoproc(c) : wl_unix_local(c);
	case WL_TCP_STREAM:
		return wl_tcp_stream(c);
	case WL_OPEN1:
		return wl_open1(c);
	default:
		return -1;
	}
}
