// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed replay --policy NEW LOG...: decide every AppArmor record of the
 * logs again against NEW and report the decisions that change.
 *
 * Streaming: one line in memory at a time; what grows is only the table
 * of distinct changed requests and the reasons records could not be
 * rebuilt (a few examples each). The files of replay: see replay.h.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "replay.h"

#define MAX_LOGS 256

double replay_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

struct replay *replay_new(aamed_policy *policy, bool memo)
{
	struct replay *r = calloc(1, sizeof(*r));

	if (!r)
		return NULL;
	r->buf = malloc(REPLAY_BUF);
	if (!r->buf) {
		free(r);
		return NULL;
	}
	r->policy = policy;
	/* without the memo the run is slower, not wrong */
	if (memo)
		r->memo = replay_memo_new();
	return r;
}

void replay_free(struct replay *r)
{
	int i;

	if (!r)
		return;
	for (i = 0; i < REPLAY_LABELS; i++)
		free(r->lc[i].text);
	replay_table_free(&r->changes);
	replay_table_free(&r->reasons);
	replay_memo_free(r->memo);
	free(r->buf);
	free(r);
}

/* ------------------------------------------------------------------ */
/* The command line. */
struct replay_opts {
	const char *policies[64];	/* more are ignored */
	int np;
	const char *logs[MAX_LOGS];	/* more are ignored */
	int nl;
	enum aamed_kernel k;
	bool json, stats, memo;
};

enum {
	OPT_POLICY = 256,
	OPT_KERNEL,
	OPT_JSON,
	OPT_STATS,
	OPT_NO_MEMO,
};

static const struct option long_opts[] = {
	{ "policy", required_argument, NULL, OPT_POLICY },
	{ "kernel", required_argument, NULL, OPT_KERNEL },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "stats", no_argument, NULL, OPT_STATS },
	{ "no-memo", no_argument, NULL, OPT_NO_MEMO },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static void usage(FILE *f)
{
	fputs("usage: aamed replay --policy NEW [--policy NEW...] [--json]\n"
	      "                    [--kernel 6.1|6.12|upstream] [--stats] LOG...\n"
	      "LOG: audit.log, kernel log (dmesg, kern.log, syslog), journalctl -o json\n"
	      "     or -o export output; - for standard input.\n"
	      "Exit codes: 0 no decision changes, 1 changes, 2 usage or input error,\n"
	      "3 policy could not be loaded.\n",
	      f);
}

static void add_log(struct replay_opts *o, const char *path)
{
	if (o->nl < MAX_LOGS)
		o->logs[o->nl++] = path;
}

/* The name of an option that needs a value, as the user spells it. */
static const char *value_opt_name(int c)
{
	return c == OPT_KERNEL ? "--kernel" : "--policy";
}

/*
 * One option (getopt_long's c); word is the argument it came in. -1:
 * go on; otherwise the exit code (usage errors printed).
 */
static int one_opt(struct replay_opts *o, int c, const char *word)
{
	unsigned fmt;

	switch (c) {
	case 1:			/* a log, in its place among the options */
		add_log(o, optarg);
		return -1;
	case OPT_POLICY:
		if (o->np < 64)
			o->policies[o->np++] = optarg;
		return -1;
	case OPT_KERNEL:
		if (!tl_parse_kernel(optarg, &o->k, &fmt))
			return -1;
		fputs("aamed replay: --kernel takes 6.1, 6.12 or upstream\n", stderr);
		return EXIT_USAGE;
	case OPT_JSON:
		o->json = true;
		return -1;
	case OPT_STATS:
		o->stats = true;
		return -1;
	case OPT_NO_MEMO:
		o->memo = false;
		return -1;
	case 'h':
		usage(stdout);
		return EXIT_ALLOWED;
	case ':':
		fprintf(stderr, "aamed replay: %s needs a value\n",
			value_opt_name(optopt));
		return EXIT_USAGE;
	default:
		fprintf(stderr, "aamed replay: unknown option %s\n", word);
		usage(stderr);
		return EXIT_USAGE;
	}
}

/*
 * Options and logs in the order given (getopt_long returns the logs in
 * place: "-" first in its option string), every log after "--". av is
 * argv behind a program name, as getopt_long wants it. -1: go on;
 * otherwise the exit code.
 */
static int parse_args(struct replay_opts *o, int ac, char **av)
{
	int c, rc, at;

	optind = 0;	/* a fresh scan (GNU: also re-reads the option string) */
	opterr = 0;
	for (;;) {
		at = optind ? optind : 1;
		c = getopt_long(ac, av, "-:h", long_opts, NULL);
		if (c == -1)
			break;
		rc = one_opt(o, c, at < ac ? av[at] : "");
		if (rc >= 0)
			return rc;
	}
	for (; optind < ac; optind++)
		add_log(o, av[optind]);
	if (!o->np || !o->nl) {
		usage(stderr);
		return EXIT_USAGE;
	}
	return -1;
}

static int parse_cmdline(struct replay_opts *o, int argc, char **argv)
{
	char **av = malloc(((size_t)argc + 2) * sizeof(*av));
	int rc;

	if (!av) {
		fputs("aamed replay: out of memory\n", stderr);
		return EXIT_USAGE;
	}
	av[0] = "aamed replay";
	memcpy(av + 1, argv, (size_t)argc * sizeof(*av));
	av[argc + 1] = NULL;
	rc = parse_args(o, argc + 1, av);
	free(av);
	return rc;
}

/* ------------------------------------------------------------------ */
static void print_stats(const struct replay *r, double t0)
{
	double total = (replay_now_ns() - t0) / 1e9;
	long decided = r->rebuilt - r->memo_hits;

	fprintf(stderr,
		"stats: %ld lines, %ld records (%ld from the memo) in %.3f s (%.0f records/s); %ld decisions in %.3f s (%.0f decisions/s)\n",
		r->lines, r->records, r->memo_hits, total,
		r->records / (total > 0 ? total : 1e-9), decided,
		r->decide_ns / 1e9,
		decided / (r->decide_ns > 0 ? r->decide_ns / 1e9 : 1e-9));
}

int cmd_replay(int argc, char **argv)
{
	struct replay_opts o = { .memo = true };
	aamed_policy *policy;
	struct replay *r;
	double t0;
	int i, rc;

	rc = parse_cmdline(&o, argc, argv);
	if (rc >= 0)
		return rc;
	policy = tl_load(o.policies, o.np, o.k, "aamed replay");
	if (!policy)
		return EXIT_POLICY;
	r = replay_new(policy, o.memo);
	if (!r) {
		fputs("aamed replay: out of memory\n", stderr);
		aamed_policy_free(policy);
		return EXIT_USAGE;
	}
	r->stats = o.stats;
	t0 = replay_now_ns();
	for (i = 0; i < o.nl; i++)
		replay_file(r, o.logs[i]);
	if (r->stats)
		print_stats(r, t0);
	if (o.json)
		replay_print_json(r);
	else
		replay_print_text(r);
	rc = r->input_errors ? EXIT_USAGE : r->changed ? EXIT_DENIED : EXIT_ALLOWED;
	replay_free(r);
	aamed_policy_free(policy);
	return rc;
}

/*
 * The reading half of replay for aamed coverage (tools/authors/coverage.c):
 * every rebuilt request of the logs goes to hook. No memo (each record
 * counts). Returns the number of input errors, -1 when out of memory.
 */
long tl_replay_each(aamed_policy *policy, const char *const *logs, int n,
		    void (*hook)(void *, const struct query *, const aamed_label *),
		    void *arg, long *records, long *rebuilt)
{
	struct replay *r = replay_new(policy, false);
	long errors;
	int i;

	if (!r)
		return -1;
	r->hook = hook;
	r->hook_arg = arg;
	for (i = 0; i < n; i++)
		replay_file(r, logs[i]);
	errors = r->input_errors;
	*records = r->records;
	*rebuilt = r->rebuilt;
	replay_free(r);
	return errors;
}
