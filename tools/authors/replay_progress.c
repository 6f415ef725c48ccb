// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed replay: what a long run shows while it runs and, with --stats,
 * how fast it went.
 *
 * The progress line goes to stderr only when stderr is a terminal (a
 * pipe or a file gets nothing, so replay stays a quiet map step): the
 * share of the input read when every log is a regular file, records,
 * records per second and changed decisions so far, redrawn at most four
 * times a second and erased at the end.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "color.h"
#include "replay.h"

#define PROGRESS_EVERY_NS 250e6
#define BAR 30

/* Owned by the run (struct replay). */
struct replay_progress {
	double t0, last;
	size_t total;		/* bytes of the logs; 0: not known */
	size_t done;		/* bytes read */
	bool drawn;
};

struct replay_progress *replay_progress_new(const char *const *files, int n)
{
	struct replay_progress *p;
	struct stat st;
	int i;

	if (!color_term(stderr))	/* a terminal that can erase a line */
		return NULL;
	p = calloc(1, sizeof(*p));
	if (!p)
		return NULL;	/* no progress line: not an error */
	for (i = 0; i < n; i++) {
		if (!strcmp(files[i], "-") || stat(files[i], &st) ||
		    !S_ISREG(st.st_mode)) {
			p->total = 0;
			break;
		}
		p->total += (size_t)st.st_size;
	}
	p->t0 = p->last = replay_now_ns();
	return p;
}

void replay_progress_bytes(struct replay_progress *p, size_t n)
{
	p->done += n;
}

void replay_progress_update(struct replay *r)
{
	struct replay_progress *p = r->progress;
	double now = replay_now_ns(), secs = (now - p->t0) / 1e9;
	char bar[BAR + 1];
	int i, fill;

	if (now - p->last < PROGRESS_EVERY_NS)
		return;
	p->last = now;
	p->drawn = true;
	fputc('\r', stderr);
	if (p->total) {
		double f = (double)p->done / (double)p->total;

		if (f > 1)
			f = 1;
		fill = (int)(f * BAR);
		for (i = 0; i < BAR; i++)
			bar[i] = i < fill ? '#' : '-';
		bar[BAR] = 0;
		fprintf(stderr, "[%s] %3.0f%%  ", bar, f * 100);
	}
	fprintf(stderr, "%ld records  %.0f records/s  %ld changed\033[K",
		r->records, r->records / (secs > 0 ? secs : 1e-9), r->changed);
	fflush(stderr);
}

void replay_progress_end(struct replay *r)
{
	if (r->progress && r->progress->drawn) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
	}
}

void replay_progress_free(struct replay_progress *p)
{
	free(p);
}

/* ------------------------------------------------------------------ */
static double per_second(double n, double secs)
{
	return secs > 0 ? n / secs : 0;
}

/* "N records in W s (R records/s, J jobs; C s of CPU, R records/CPU s,
 * the reader's D s)" */
static void print_rate(const struct replay *r)
{
	fprintf(stderr,
		"%ld records in %.3f s (%.0f records/s, %d jobs; %.3f s of CPU, %.0f records/CPU s, the reader's %.3f s)",
		r->records, r->wall, per_second((double)r->records, r->wall),
		r->jobs, r->cpu, per_second((double)r->records, r->cpu),
		r->cpu_reader);
}

/* Time per record of a over that of b, 0 when either is not known. */
static double ratio(long na, double a, long nb, double b)
{
	return na && nb && a > 0 && b > 0 ? (a / (double)na) / (b / (double)nb)
					  : 0;
}

void replay_print_stats(const struct replay *r, const struct replay *parse)
{
	fprintf(stderr, "stats: %ld lines, %ld from the memo, ", r->lines,
		r->memo_hits);
	print_rate(r);
	/* one decision in several is timed: the time of all, estimated */
	fprintf(stderr, "; %ld decisions in %.3f s (%.0f decisions/s)\n",
		r->decided,
		r->timed ? r->decide_ns / 1e9 * (double)r->decided / (double)r->timed : 0,
		per_second((double)r->timed, r->decide_ns / 1e9));
	if (!parse)
		return;
	fputs("stats: parse only: ", stderr);
	print_rate(parse);
	fprintf(stderr,
		"; replay/parse-only time per record %.2f (wall), %.2f (CPU)\n",
		ratio(r->records, r->wall, parse->records, parse->wall),
		ratio(r->records, r->cpu, parse->records, parse->cpu));
}
