// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed replay --policy NEW LOG...: decide every AppArmor record of the
 * logs again against NEW and report the decisions that change.
 *
 * Streaming: one line and a few chunks of records in memory at a time;
 * what grows is only the table of distinct changed requests and the
 * reasons records could not be rebuilt (a few examples each). --jobs N
 * decides with N worker processes, counting in input order (the same report).
 * --parse-only adds a second pass that only parses the records with
 * libapparmor, to compare with. The files of replay: see replay.h.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "replay.h"

#define MAX_LOGS 256
#define MAX_JOBS 64

struct replay *replay_new(aamed_policy *policy, bool memo, int jobs)
{
	struct replay *r = calloc(1, sizeof(*r));

	if (!r)
		return NULL;
	replay_names_init();
	r->policy = policy;
	r->memo = memo;
	r->jobs = jobs;
	return r;
}

void replay_free(struct replay *r)
{
	if (!r)
		return;
	replay_jobs_free(r);
	replay_table_free(&r->changes);
	replay_table_free(&r->reasons);
	replay_progress_free(r->progress);
	free(r);
}

/* Seconds of CPU used by this process (who) or its reaped workers. */
static double cpu_seconds(int who)
{
	struct rusage u;

	getrusage(who, &u);
	return (double)(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
	       (double)(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

/*
 * Every log read, every record decided and counted, the time it took in
 * r->wall, r->cpu and r->cpu_reader. The workers start here, once the run's settings
 * are made (they see them as they were). -1: they could not (errno).
 */
int replay_run(struct replay *r, const char *const *logs, int n)
{
	double t0 = replay_now_ns(), c0 = cpu_seconds(RUSAGE_SELF);
	double k0 = cpu_seconds(RUSAGE_CHILDREN);
	int i;

	if (replay_jobs_start(r))
		return -1;
	for (i = 0; i < n; i++)
		replay_file(r, logs[i]);
	replay_jobs_finish(r);
	r->wall = (replay_now_ns() - t0) / 1e9;
	r->cpu_reader = cpu_seconds(RUSAGE_SELF) - c0;
	r->cpu = r->cpu_reader + cpu_seconds(RUSAGE_CHILDREN) - k0;
	return 0;
}

static void cannot_start(void)
{
	fprintf(stderr, "aamed replay: cannot start: %s\n", strerror(errno));
}

/* ------------------------------------------------------------------ */
/* The command line: the shared options (tl_getopt), --stats, --no-memo
 * and the logs. */
struct replay_args {
	const char *logs[MAX_LOGS];	/* more are ignored */
	int nl;
	int jobs;
	bool stats, memo, parse_only;
};

enum { OPT_STATS = 0x200, OPT_NO_MEMO, OPT_JOBS, OPT_PARSE_ONLY };

static void usage(FILE *f)
{
	fputs("usage: aamed replay --policy NEW [--policy NEW...] [--json]\n"
	      "                    [--kernel 6.1|6.12|upstream] [--jobs N] [--stats]\n"
	      "                    [--parse-only] [--no-memo] LOG...\n"
	      "LOG: audit.log, kernel log (dmesg, kern.log, syslog), journalctl -o json\n"
	      "     or -o export output; - for standard input.\n"
	      "Exit codes: 0 no decision changes, 1 changes, 2 usage or input error,\n"
	      "3 policy could not be loaded.\n",
	      f);
}

static int on_arg(int opt, const char *arg, void *ctx)
{
	struct replay_args *a = ctx;

	switch (opt) {
	case 1:		/* a log, in its place among the options */
		if (a->nl < MAX_LOGS)
			a->logs[a->nl++] = arg;
		return 0;
	case OPT_STATS:
		a->stats = true;
		return 0;
	case OPT_NO_MEMO:
		a->memo = false;
		return 0;
	case OPT_PARSE_ONLY:
		a->parse_only = true;
		return 0;
	case OPT_JOBS: {
		char *end;
		long n = strtol(arg, &end, 10);

		if (*arg < '0' || *arg > '9' || *end || n < 1 || n > MAX_JOBS) {
			fprintf(stderr,
				"aamed replay: --jobs \"%s\": a number from 1 to %d\n",
				arg, MAX_JOBS);
			return -1;
		}
		a->jobs = (int)n;
		return 0;
	}
	default:
		fprintf(stderr, "aamed replay: unknown option %s\n", arg);
		usage(stderr);
		return -1;
	}
}

/* -1: go on; otherwise the exit code (usage errors printed). */
static int parse_cmdline(struct tl_opts *o, struct replay_args *a, int argc,
			 char **argv)
{
	static const struct option own[] = {
		{ "stats", no_argument, NULL, OPT_STATS },
		{ "no-memo", no_argument, NULL, OPT_NO_MEMO },
		{ "jobs", required_argument, NULL, OPT_JOBS },
		{ "parse-only", no_argument, NULL, OPT_PARSE_ONLY },
		{ 0 },
	};
	int rc = tl_getopt(o, "replay", argc, argv, own, on_arg, a);
	int i;

	if (rc >= 0)
		return rc;
	if (!o->np || !a->nl) {
		usage(stderr);
		return EXIT_USAGE;
	}
	for (i = 0; a->parse_only && i < a->nl; i++)
		if (!strcmp(a->logs[i], "-")) {
			fputs("aamed replay: --parse-only reads the logs twice: not standard input\n",
			      stderr);
			return EXIT_USAGE;
		}
	return -1;
}

/* ------------------------------------------------------------------ */
/* The parse-only pass over the same logs: its run, or NULL. */
static struct replay *parse_pass(aamed_policy *policy,
				 const struct replay_args *a)
{
	struct replay *p = replay_new(policy, false, a->jobs);

	if (!p) {
		errno = ENOMEM;
		cannot_start();
		return NULL;
	}
	p->pass = REPLAY_PARSE_ONLY;
	p->quiet = true;	/* the replay pass reported the input's errors */
	if (replay_run(p, a->logs, a->nl)) {
		cannot_start();
		replay_free(p);
		return NULL;
	}
	return p;
}

int cmd_replay(int argc, char **argv)
{
	struct tl_opts o = { .allowed = TL_OPT_POLICY | TL_OPT_KERNEL |
					TL_OPT_JSON,
			     .usage = usage };
	struct replay_args a = { .memo = true, .jobs = 1 };
	struct replay *r, *p = NULL;
	aamed_policy *policy;
	int rc;

	rc = parse_cmdline(&o, &a, argc, argv);
	if (rc >= 0)
		return rc;
	policy = load_policies(o.policies, o.np, o.k, "aamed replay");
	if (!policy)
		return EXIT_POLICY;
	r = replay_new(policy, a.memo, a.jobs);
	if (r) {
		r->stats = a.stats || a.parse_only;
		r->progress = replay_progress_new(a.logs, a.nl);
	}
	if (!r || replay_run(r, a.logs, a.nl)) {
		if (!r)
			errno = ENOMEM;
		cannot_start();
		replay_free(r);
		aamed_policy_free(policy);
		return EXIT_USAGE;
	}
	replay_progress_end(r);
	if (a.parse_only)
		p = parse_pass(policy, &a);
	if (r->stats)
		replay_print_stats(r, p);
	if (o.json)
		replay_print_json(r);
	else
		replay_print_text(r);
	rc = r->input_errors ? EXIT_USAGE : r->changed ? EXIT_DENIED : EXIT_ALLOWED;
	replay_free(p);
	replay_free(r);
	aamed_policy_free(policy);
	return rc;
}

/*
 * The reading half of replay for aamed coverage (tools/authors/coverage.c):
 * every rebuilt request of the logs goes to hook. No memo (each record
 * counts). Returns the number of input errors, -1 when out of memory.
 */
/* One run of the logs, each rebuilt request to the hooks. */
static long run_hooked(aamed_policy *policy, const char *const *logs, int n,
		       struct replay *hooks, long *records, long *rebuilt)
{
	struct replay *r = replay_new(policy, false, 1);
	long errors;

	if (!r)
		return -1;
	r->hook = hooks->hook;
	r->rec_hook = hooks->rec_hook;
	r->hook_arg = hooks->hook_arg;
	if (replay_run(r, logs, n)) {
		replay_free(r);
		return -1;
	}
	errors = r->input_errors;
	*records = r->records;
	*rebuilt = r->rebuilt;
	replay_free(r);
	return errors;
}

long tl_replay_requests(aamed_policy *policy, const char *const *logs, int n,
			tl_request_fn fn, void *arg, long *records,
			long *rebuilt)
{
	struct replay hooks = { .rec_hook = fn, .hook_arg = arg };

	return run_hooked(policy, logs, n, &hooks, records, rebuilt);
}

long tl_replay_each(aamed_policy *policy, const char *const *logs, int n,
		    void (*hook)(void *, const struct query *, const aamed_label *),
		    void *arg, long *records, long *rebuilt)
{
	struct replay hooks = { .hook = hook, .hook_arg = arg };

	return run_hooked(policy, logs, n, &hooks, records, rebuilt);
}
