// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed-bench decide: what one decision costs, in ns and in instructions.
 *
 * Each case is measured side by side with the raw operation (a strlen of
 * the same path, the least any path check must do) in one run, and the
 * ratio is reported, since absolute times on a shared VM drift. With
 * --instr every case is re-run under callgrind, collecting only inside
 * aamed_file_perm(), for an instruction count per decision that does not
 * drift at all.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench_int.h"

enum bkind {
	B_FILE,		/* aamed_file_perm on path */
	B_SEND,		/* aamed_unix_send label -> peer label */
	B_SEND_CACHED,	/* aamed_unix_send_cached, warm cache */
	B_SENDMSG,	/* aamed_net_perm sendmsg, inet stream */
	B_CAP,		/* aamed_capable net_bind_service */
};

struct bcase {
	const char *name;
	enum bkind kind;
	const char *label;
	const char *path;	/* B_FILE: the path; B_SEND*: the peer label */
	uint32_t request;
	enum aamed_kernel kernel;
	bool ec;		/* in bench/aamed_bench_ec.sd's policy */
};

/* the function callgrind counts for each kind */
static const char *const kind_fn[] = {
	[B_FILE] = "aamed_file_perm",
	[B_SEND] = "aamed_unix_send",
	[B_SEND_CACHED] = "aamed_unix_send_cached",
	[B_SENDMSG] = "aamed_net_perm",
	[B_CAP] = "aamed_capable",
};

#define PATH100 "/srv/bench/data/aaaaaaaaaa/bbbbbbbbbb/cccccccccc/dddddddddd/eeeeeeeeee/ffffffffff/0123456.dat"

/*
 * Paths of varied bytes through bench_ec's DFA (equivalence classes,
 * diff encoding), none of them through a state the walk may skip. Of
 * their steps: mixed 38 explicit, 41 default, 16 diff-encoded; explicit
 * all 99 explicit; default 29 explicit, 73 default; diff 37 explicit,
 * 3 default, 57 diff-encoded (a default through a diff-encoded state).
 */
#define EC_MIXED "/srv/www/sites/Example-Site_2024/releases/v12.4.7/share/doc/Gallery/IMG_20240317_153012-x2.webp"
#define EC_EXPLICIT "/usr/share/themes/Adwaita-dark/gtk-4.0/assets/scalable/actions/window-maximize-symbolic-hidpi@2.svg"
#define EC_DEFAULT "/var/lib/bench/cache/3f/3f0a9c41be77d2e0c5a8f19b6d4e3a27cc01f9e8a7b6d5c4e3f2a1b0c9d8e7f6a5b4c3d2e1.idx"
#define EC_DIFF "/home/alice/Documents/Projects/Web/Frontend-2024/Components/Navigation/Sidebar/src/router_main.go"

/*
 * Unix sends are measured as upstream decides them (both sides checked,
 * policy without fine-grained unix rules: the seed-000 path).
 */
static const struct bcase cases[] = {
	{ "unconfined", B_FILE, "unconfined", "/etc/passwd", AAMED_MAY_READ, 0,
	  false },
	{ "confined-short", B_FILE, "bench", "/etc/passwd", AAMED_MAY_READ, 0,
	  false },
	{ "confined-100B", B_FILE, "bench", PATH100, AAMED_MAY_READ, 0, false },
	{ "stack-2", B_FILE, "bench//&bench2", "/etc/passwd", AAMED_MAY_READ, 0,
	  false },
	{ "confined-denied", B_FILE, "bench", "/etc/shadow", AAMED_MAY_READ, 0,
	  false },
	{ "send-unconf-unconf", B_SEND, "unconfined", "unconfined", 0,
	  AAMED_KERNEL_UPSTREAM, false },
	{ "send-conf-unconf", B_SEND, "bench", "unconfined", 0,
	  AAMED_KERNEL_UPSTREAM, false },
	{ "send-conf-unconf-cached", B_SEND_CACHED, "bench", "unconfined", 0,
	  AAMED_KERNEL_UPSTREAM, false },
	{ "send-conf-conf", B_SEND, "bench", "bench2", 0, AAMED_KERNEL_UPSTREAM,
	  false },
	{ "send-conf-conf-cached", B_SEND_CACHED, "bench", "bench2", 0,
	  AAMED_KERNEL_UPSTREAM, false },
	{ "sendmsg-inet-conf", B_SENDMSG, "bench", NULL, 0, 0, false },
	{ "capability-conf", B_CAP, "bench", NULL, 0, 0, false },
	/* ec-short first: the per-byte figures are measured against it */
	{ "ec-short", B_FILE, "bench_ec", "/etc/passwd", AAMED_MAY_READ, 0, true },
	{ "ec-100B", B_FILE, "bench_ec", EC_MIXED, AAMED_MAY_READ, 0, true },
	{ "ec-explicit-100B", B_FILE, "bench_ec", EC_EXPLICIT, AAMED_MAY_READ, 0,
	  true },
	{ "ec-default-100B", B_FILE, "bench_ec", EC_DEFAULT, AAMED_MAY_READ, 0,
	  true },
	{ "ec-diff-100B", B_FILE, "bench_ec", EC_DIFF, AAMED_MAY_READ, 0, true },
};

#define NCASES (sizeof(cases) / sizeof(cases[0]))

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* The raw operation: what any path check must at least do. */
__attribute__((noinline)) static size_t raw_op(const char *path)
{
	size_t n = strlen(path);

	__asm__ volatile("" : : "r"(path) : "memory");
	return n;
}

static volatile int sink;

struct bctx {
	enum bkind kind;
	const aamed_label *l;
	struct aamed_file_req file;
	struct aamed_sock sk, peer;
	struct aamed_sock_cache cache;
};

static double time_case(struct bctx *c, long iters)
{
	double t0 = now_ns();
	int acc = 0;
	long i;

	switch (c->kind) {
	case B_FILE:
		for (i = 0; i < iters; i++)
			acc += aamed_file_perm(c->l, &c->file, NULL, NULL);
		break;
	case B_SEND:
		for (i = 0; i < iters; i++)
			acc += aamed_unix_send(c->l, &c->sk, &c->peer, NULL, NULL);
		break;
	case B_SEND_CACHED:
		for (i = 0; i < iters; i++)
			acc += aamed_unix_send_cached(c->l, &c->sk, &c->peer,
						      &c->cache, NULL, NULL);
		break;
	case B_SENDMSG:
		for (i = 0; i < iters; i++)
			acc += aamed_net_perm(c->l, AAMED_NET_SENDMSG, &c->sk,
					      NULL, NULL);
		break;
	case B_CAP:
		for (i = 0; i < iters; i++)
			acc += aamed_capable(c->l, 10, 0, NULL, NULL);
		break;
	}
	sink += acc;
	return (now_ns() - t0) / (double)iters;
}

static double time_raw(const char *path, long iters)
{
	double t0 = now_ns();
	long i;

	for (i = 0; i < iters; i++)
		sink += (int)raw_op(path);
	return (now_ns() - t0) / (double)iters;
}

/* Instructions per decision from callgrind's totals for aamed_file_perm. */
static double instr_case(const char *self, const char *policy,
			 const char *ec_policy, const char *name,
			 const char *fn, long iters, size_t len)
{
	char out[] = "/tmp/aamed-cg-XXXXXX";
	char outarg[64], itarg[32], cmd[16384], line[512], ecarg[4200] = "";
	double ir = -1;
	FILE *p;
	int fd = mkstemp(out);

	if (fd < 0)
		return -1;
	close(fd);
	snprintf(outarg, sizeof(outarg), "--callgrind-out-file=%s", out);
	snprintf(itarg, sizeof(itarg), "%ld", iters);
	if (ec_policy)
		snprintf(ecarg, sizeof(ecarg), "--ec-policy '%s'", ec_policy);
	snprintf(cmd, sizeof(cmd),
		 "valgrind --tool=callgrind --toggle-collect=%s "
		 "%s %s decide --policy '%s' %s --case %s --iters %s --len %zu --raw-only-run >/dev/null 2>&1",
		 fn, outarg, self, policy, ecarg, name, itarg, len);
	if (system(cmd) != 0) {
		unlink(out);
		return -1;
	}
	p = fopen(out, "r");
	while (p && fgets(line, sizeof(line), p))
		if (!strncmp(line, "totals:", 7) || !strncmp(line, "summary:", 8))
			ir = strtod(strchr(line, ':') + 1, NULL);
	if (p)
		fclose(p);
	unlink(out);
	return ir < 0 ? -1 : ir / (double)iters;
}

static int load_bench(const char *dir, int rounds)
{
	double best = 1e30;
	int i;
	size_t nprof = 0;

	for (i = 0; i < rounds; i++) {
		aamed_policy *p = aamed_policy_new();
		double t0 = now_ns(), t;

		if (!p || bench_load_policy(p, dir)) {
			aamed_policy_free(p);
			return -1;
		}
		t = now_ns() - t0;
		nprof = aamed_policy_profile_count(p);
		aamed_policy_free(p);
		if (t < best)
			best = t;
	}
	printf("load\t%zu profiles\t%.2f ms (best of %d)\n", nprof, best / 1e6,
	       rounds);
	return 0;
}

/* The path of length len under /srv/bench/data/ (len >= 20). */
static char *len_path(size_t len)
{
	static const char pre[] = "/srv/bench/data/", suf[] = ".dat";
	char *p = malloc(len + 1);
	size_t i;

	if (!p)
		return NULL;
	memcpy(p, pre, sizeof(pre) - 1);
	for (i = sizeof(pre) - 1; i < len; i++)
		p[i] = (char)('a' + i % 26);
	memcpy(p + len - (sizeof(suf) - 1), suf, sizeof(suf) - 1);
	p[len] = '\0';
	return p;
}

static const size_t series_len[] = { 20, 32, 64, 93, 128, 256, 512, 1024,
				     2048, 4000 };

/*
 * Cost against path length: the confined read of paths of growing
 * length, each a plot-ready row, and with --plot FILE a chart.
 */
static int length_series(aamed_policy *policy, const char *policy_path,
			 long iters, bool instr, const char *plot)
{
	const aamed_label *l = aamed_label_get(policy, "bench", NULL);
	FILE *dat = plot ? bench_plot_data(plot) : NULL;
	char self[4096];
	ssize_t sl = readlink("/proc/self/exe", self, sizeof(self) - 1);
	size_t i;

	if (!l || (plot && !dat) || sl <= 0)
		return -1;
	self[sl] = '\0';
	aamed_policy_set_kernel(policy, 0);
	printf("series\tpath bytes\tns/decision\traw ns\tinstr/decision\n");
	if (dat)
		fprintf(dat, "# path_bytes ns raw_ns instr\n");
	for (i = 0; i < sizeof(series_len) / sizeof(series_len[0]); i++) {
		struct bctx bc = { .kind = B_FILE, .l = l };
		char *path = len_path(series_len[i]);
		double ns, raw, ir = -1;

		if (!path)
			return -1;
		bc.file.path = path;
		bc.file.request = AAMED_MAY_READ;
		time_case(&bc, iters / 10);
		ns = time_case(&bc, iters);
		raw = time_raw(path, iters);
		if (instr)
			ir = instr_case(self, policy_path, NULL, "confined-len",
					"aamed_file_perm", 10000, series_len[i]);
		printf("confined-len\t%zu\t%.2f\t%.2f\t%.1f\n", series_len[i],
		       ns, raw, ir);
		if (dat)
			fprintf(dat, "%zu\t%.2f\t%.2f\t%.1f\n", series_len[i], ns,
				raw, ir);
		free(path);
	}
	if (!dat)
		return 0;
	fclose(dat);
	{
		char cmd[2][4400];
		struct bench_subplot sp[2] = {
			{ "one confined read against path length (/srv/bench/data/...)",
			  "path bytes", "ns per decision", NULL, cmd[0] },
			{ "instructions per decision against path length (callgrind)",
			  "path bytes", "instructions", NULL, cmd[1] },
		};
		struct bench_chart ch = { sp, instr ? 2 : 1 };

		snprintf(cmd[0], sizeof(cmd[0]),
			 "'%s.dat' using 1:2 with linespoints title 'aamed_file_perm', "
			 "'' using 1:3 with linespoints title 'strlen (raw)'",
			 plot);
		snprintf(cmd[1], sizeof(cmd[1]),
			 "'%s.dat' using 1:4 with linespoints title 'aamed_file_perm'",
			 plot);
		return bench_plot_draw(plot, &ch);
	}
}

/*
 * The ec-* policy: --ec-policy PATH (the callgrind children), else
 * compiled now into tmp when an ec case is asked for; without a parser
 * those cases are skipped with a line saying so.
 */
static int ec_policy(aamed_policy **pol, const char **path, char *tmp,
		     const char *only, bool run_only)
{
	int fd;

	*pol = NULL;
	if (only && strncmp(only, "ec", 2))
		return BENCH_EXIT_OK;
	if (!*path) {
		if (run_only || (fd = mkstemp(tmp)) < 0)
			return BENCH_EXIT_OK;
		close(fd);
		if (bench_compile_ec(tmp)) {
			unlink(tmp);
			printf("skip\tec-*\tapparmor_parser -O equiv -O diff-encode "
			       "failed or is missing\n");
			return BENCH_EXIT_OK;
		}
		*path = tmp;
	}
	*pol = aamed_policy_new();
	if (!*pol || bench_load_policy(*pol, *path)) {
		aamed_policy_free(*pol);
		*pol = NULL;
		if (*path == tmp)
			unlink(tmp);
		return BENCH_EXIT_POLICY;
	}
	return BENCH_EXIT_OK;
}

/*
 * What one more path byte costs in the ec cases: the difference to
 * ec-short (the same profile, 11 bytes) over the difference in length,
 * i.e. the DFA's general step and the path's own per-byte work.
 */
static void ec_per_byte(const double *irs)
{
	const struct bcase *s = &cases[0];
	double base = -1;
	size_t i;

	for (i = 0; i < NCASES; i++)
		if (!strcmp(cases[i].name, "ec-short")) {
			s = &cases[i];
			base = irs[i];
		}
	for (i = 0; i < NCASES; i++) {
		size_t l = cases[i].path ? strlen(cases[i].path) : 0;

		if (!cases[i].ec || &cases[i] == s || base < 0 || irs[i] < 0 ||
		    l <= strlen(s->path))
			continue;
		printf("per-byte\t%s\t%zu\t%.2f instr/byte beyond ec-short\n",
		       cases[i].name, l,
		       (irs[i] - base) / (double)(l - strlen(s->path)));
	}
}

static void usage(FILE *f)
{
	fputs("usage: aamed-bench decide --policy PATH [--iters N] [--instr]\n"
	      "                          [--load DIR] [--case NAME] [--plot FILE]\n"
	      "                          [--replace-every USEC] [--repeat N] [--secs S]\n"
	      "PATH must define profiles \"bench\" and \"bench2\"\n"
	      "(examples/bench.profile). --load DIR times loading every blob\n"
	      "in DIR (e.g. all of apparmor-profiles). Then the cost of one\n"
	      "confined read against path length, charted with --plot FILE.\n"
	      "Throughput with 1 and 2 readers while the policy is replaced\n"
	      "every USEC us (0: back to back; default: 0, 10, 100, 1000),\n"
	      "S seconds per row (0.5), N interleaved repeats (1), medians.\n"
	      "The ec-* cases (--case ec: all of them) compile\n"
	      "bench/aamed_bench_ec.sd with apparmor_parser -O equiv\n"
	      "-O diff-encode (skipped without it).\n",
	      f);
}

int bench_decide(int argc, char **argv)
{
	const char *policy_path = NULL, *only = NULL, *load_dir = NULL;
	const char *plot = NULL, *ec_path = NULL;
	char ec_tmp[] = "/tmp/aamed-bench-ec-XXXXXX";
	double irs[NCASES];
	size_t len = 0;
	long iters = 2000000, every_us = -1;
	int repeat = 1;
	double secs = 0.5;
	bool instr = false, run_only = false;
	aamed_policy *policy, *ecpol = NULL;
	size_t i;
	int a, rc;

	for (a = 0; a < argc; a++) {
		if (!strcmp(argv[a], "--policy") && a + 1 < argc)
			policy_path = argv[++a];
		else if (!strcmp(argv[a], "--iters") && a + 1 < argc)
			iters = atol(argv[++a]);
		else if (!strcmp(argv[a], "--case") && a + 1 < argc)
			only = argv[++a];
		else if (!strcmp(argv[a], "--load") && a + 1 < argc)
			load_dir = argv[++a];
		else if (!strcmp(argv[a], "--plot") && a + 1 < argc)
			plot = argv[++a];
		else if (!strcmp(argv[a], "--len") && a + 1 < argc)
			len = (size_t)atol(argv[++a]);
		else if (!strcmp(argv[a], "--replace-every") && a + 1 < argc)
			every_us = atol(argv[++a]);
		else if (!strcmp(argv[a], "--repeat") && a + 1 < argc)
			repeat = atoi(argv[++a]);
		else if (!strcmp(argv[a], "--secs") && a + 1 < argc)
			secs = atof(argv[++a]);
		else if (!strcmp(argv[a], "--instr"))
			instr = true;
		else if (!strcmp(argv[a], "--raw-only-run"))
			run_only = true;
		else if (!strcmp(argv[a], "--ec-policy") && a + 1 < argc)
			ec_path = argv[++a];
		else if (!strcmp(argv[a], "-h") || !strcmp(argv[a], "--help")) {
			usage(stdout);
			return BENCH_EXIT_OK;
		} else {
			usage(stderr);
			return BENCH_EXIT_USAGE;
		}
	}
	if (!policy_path || iters <= 0 || every_us < -1 || repeat < 1 ||
	    secs <= 0 || secs > 60) {
		usage(stderr);
		return BENCH_EXIT_USAGE;
	}
	policy = aamed_policy_new();
	if (!policy || bench_load_policy(policy, policy_path)) {
		aamed_policy_free(policy);
		return BENCH_EXIT_POLICY;
	}
	rc = ec_policy(&ecpol, &ec_path, ec_tmp, only, run_only);
	if (rc != BENCH_EXIT_OK) {
		aamed_policy_free(policy);
		return rc;
	}
	if (!run_only)
		printf("case\tpath bytes\tns/decision\traw ns\tratio\t%s\n",
		       instr ? "instr/decision" : "");
	if (run_only && only && !strcmp(only, "confined-len")) {
		struct bctx bc = { .kind = B_FILE };
		char *path = len_path(len < 20 ? 20 : len);

		bc.l = aamed_label_get(policy, "bench", NULL);
		bc.file.path = path;
		bc.file.request = AAMED_MAY_READ;
		if (bc.l && path)
			time_case(&bc, iters);
		free(path);
		aamed_policy_free(policy);
		aamed_policy_free(ecpol);
		return bc.l && path ? BENCH_EXIT_OK : BENCH_EXIT_POLICY;
	}
	for (i = 0; i < NCASES; i++) {
		const struct bcase *c = &cases[i];
		aamed_policy *pol = c->ec ? ecpol : policy;
		struct bctx bc;
		const char *raw_path = c->path ? c->path : "/etc/passwd";
		double ns, raw, ir = -1;
		int err;

		irs[i] = -1;
		if ((only && strcmp(only, c->name) &&
		     !(c->ec && !strcmp(only, "ec"))) || !pol)
			continue;
		memset(&bc, 0, sizeof(bc));
		aamed_policy_set_kernel(pol, c->kernel);
		bc.kind = c->kind;
		bc.l = aamed_label_get(pol, c->label, &err);
		bc.file.path = c->path;
		bc.file.request = c->request;
		bc.sk.label = bc.l;
		bc.sk.family = c->kind == B_SENDMSG ? 2 : 1;	/* inet, unix */
		bc.sk.type = c->kind == B_SENDMSG ? 1 : 2;	/* stream, dgram */
		bc.peer = bc.sk;
		if (c->kind == B_SEND || c->kind == B_SEND_CACHED)
			bc.peer.label = aamed_label_get(pol, c->path, &err);
		if (!bc.l || ((c->kind == B_SEND || c->kind == B_SEND_CACHED) &&
			      !bc.peer.label)) {
			fprintf(stderr, "aamed-bench: no label %s in %s\n",
				c->label, c->ec ? ec_path : policy_path);
			aamed_policy_free(policy);
			aamed_policy_free(ecpol);
			return BENCH_EXIT_POLICY;
		}
		if (run_only) {
			time_case(&bc, iters);
			continue;
		}
		time_case(&bc, iters / 10);	/* warm up (and fill a cache) */
		ns = time_case(&bc, iters);
		raw = time_raw(raw_path, iters);
		if (instr) {
			char self[4096];
			ssize_t sl = readlink("/proc/self/exe", self,
					      sizeof(self) - 1);

			if (sl > 0) {
				self[sl] = '\0';
				ir = instr_case(self, policy_path,
						c->ec ? ec_path : NULL, c->name,
						kind_fn[c->kind], 10000, 0);
			}
		}
		irs[i] = ir;
		printf("%s\t%zu\t%.2f\t%.2f\t%.2f", c->name,
		       c->path && c->kind == B_FILE ? strlen(c->path) : 0, ns,
		       raw, ns / raw);
		if (instr)
			printf("\t%.1f", ir);
		putchar('\n');
	}
	if (!run_only && instr)
		ec_per_byte(irs);
	aamed_policy_free(ecpol);
	if (ec_path == ec_tmp)
		unlink(ec_tmp);
	if (!run_only && (plot || (only && !strcmp(only, "length"))) &&
	    length_series(policy, policy_path, iters, instr, plot)) {
		aamed_policy_free(policy);
		return BENCH_EXIT_FAIL;
	}
	aamed_policy_free(policy);
	if (!run_only && (!only || !strcmp(only, "replace")) &&
	    bench_replace(policy_path, every_us, repeat, secs))
		return BENCH_EXIT_POLICY;
	if (load_dir && !run_only && load_bench(load_dir, 5))
		return BENCH_EXIT_POLICY;
	return BENCH_EXIT_OK;
}
