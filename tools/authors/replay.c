// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed replay --policy NEW LOG...: decide every AppArmor record of the
 * logs again against NEW and report the decisions that change.
 *
 * Streaming: one line in memory at a time; what grows is only the table
 * of distinct changed requests and the reasons records could not be
 * rebuilt (a few examples each). The files of replay: see replay.h.
 */
#include <stdlib.h>
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
/* The command line: the shared options (tl_getopt), --stats, --no-memo
 * and the logs. */
struct replay_args {
	const char *logs[MAX_LOGS];	/* more are ignored */
	int nl;
	bool stats, memo;
};

enum { OPT_STATS = 0x200, OPT_NO_MEMO };

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
		{ 0 },
	};
	int rc = tl_getopt(o, "replay", argc, argv, own, on_arg, a);

	if (rc >= 0)
		return rc;
	if (!o->np || !a->nl) {
		usage(stderr);
		return EXIT_USAGE;
	}
	return -1;
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
	struct tl_opts o = { .allowed = TL_OPT_POLICY | TL_OPT_KERNEL |
					TL_OPT_JSON,
			     .usage = usage };
	struct replay_args a = { .memo = true };
	aamed_policy *policy;
	struct replay *r;
	double t0;
	int i, rc;

	rc = parse_cmdline(&o, &a, argc, argv);
	if (rc >= 0)
		return rc;
	policy = load_policies(o.policies, o.np, o.k, "aamed replay");
	if (!policy)
		return EXIT_POLICY;
	r = replay_new(policy, a.memo);
	if (!r) {
		fputs("aamed replay: out of memory\n", stderr);
		aamed_policy_free(policy);
		return EXIT_USAGE;
	}
	r->stats = a.stats;
	t0 = replay_now_ns();
	for (i = 0; i < a.nl; i++)
		replay_file(r, a.logs[i]);
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
