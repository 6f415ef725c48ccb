// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed-bench run: one point, one invocation. On the host the workload
 * runs in this process (raw, or with aamed deciding against a compiled
 * profile where the kernel runs its hook); with --kernel it runs in a
 * fresh QEMU guest booted from that kernel (bench_vm.c).
 *
 * Output (stdout or --out FILE): "id\tKEY\tVALUE" identity lines, one
 * "row\t..." line per round (WL_ROW_HEADER), "decisions\tN", "end\tRC".
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench_int.h"

#ifndef AAMED_SRCDIR
#define AAMED_SRCDIR "."
#endif
#ifndef AAMED_BUILD_FLAGS
#define AAMED_BUILD_FLAGS "unknown"
#endif
#ifndef AAMED_GIT_REV
#define AAMED_GIT_REV "unknown"
#endif

const char *bench_srcdir(void)
{
	const char *e = getenv("AAMED_SRCDIR");

	return e && *e ? e : AAMED_SRCDIR;
}

void bench_self(char *buf, size_t len)
{
	ssize_t n = readlink("/proc/self/exe", buf, len - 1);

	if (n <= 0)
		n = (ssize_t)snprintf(buf, len, "aamed-bench");
	buf[n] = '\0';
}

/* The aamed revision: the source tree's now, and the one compiled in. */
static void print_build_id(FILE *f)
{
	char cmd[4200], rev[128] = "";
	FILE *p;

	snprintf(cmd, sizeof(cmd),
		 "git -C '%s' describe --always --dirty --abbrev=12 2>/dev/null",
		 bench_srcdir());
	p = popen(cmd, "r");
	if (p) {
		if (!fgets(rev, sizeof(rev), p))
			rev[0] = '\0';
		pclose(p);
	}
	rev[strcspn(rev, "\n")] = '\0';
	fprintf(f, "id\taamed_rev\t%s (built from %s)\n", *rev ? rev : "unknown",
		AAMED_GIT_REV);
	fprintf(f, "id\taamed_build_flags\t%s\n", AAMED_BUILD_FLAGS);
}

static void usage(FILE *f)
{
	fputs("usage: aamed-bench run [--mode raw|unconfined|confined] [--kernel K]\n"
	      "         [--policy BLOB | --features NAME] [--label NAME]\n"
	      "         [--out FILE] [WORKLOAD OPTIONS] [VM OPTIONS]\n"
	      "Workload options:\n"
	      "  -w, --workload unix-send|tcp-stream|open1   (unix-send)\n"
	      "  --variant sendmmsg|io_uring|twoproc          unix-send variant\n"
	      "  --warmup N --rounds N                        (3 and 15; 1 and 5)\n"
	      "  --messages N --batch N --msgsize N           (65536, 32, 128)\n"
	      "  --sizes 64,128,...  --seconds S              tcp-stream, open1\n"
	      "  --procs N                                    open1 (online CPUs)\n"
	      "  --cpu N                                      pin (host: the task; vm: QEMU)\n"
	      "  --inject corrupt|short|lost|queue [--inject-round N]\n"
	      "Host modes: raw (no aamed), unconfined (aamed decides for the\n"
	      "unconfined label), confined (both peers in --label, default\n"
	      "aamed_bench from bench/aamed_bench.sd, compiled for --features,\n"
	      "default abi-3.0; --aamed-kernel 6.1|6.12|upstream, default upstream:\n"
	      "the af_unix.c cross check of Linux >= 6.17).\n"
	      "VM options (--kernel 6.1, 6.12 or a vmlinuz path): --vm-features NAME,\n"
	      "  --lsm LIST (with apparmor; raw drops it), --icount ARG (shift=0,\n"
	      "  'off' for none), --vm-timeout S, --qemu-arg ARG.\n",
	      f);
}

/* The options of a run, kept as text for the guest and for child runs. */
struct run_opts {
	const char *mode, *kernel, *policy, *features, *label, *out;
	const char *aakernel;	/* which kernel aamed reproduces */
	struct vm_opts vm;
	char *wl_argv[64];
	int wl_argc;
};

static int parse_run(int argc, char **argv, struct wl_cfg *c,
		     struct run_opts *o)
{
	int a;

	memset(o, 0, sizeof(*o));
	o->mode = "raw";
	o->label = "aamed_bench";
	o->features = "abi-3.0";
	o->aakernel = "upstream";
	vm_opts_default(&o->vm);
	wl_defaults(c, WL_UNIX_SEND);
	for (a = 0; a < argc; a++) {
		int start = a, r = wl_option(c, argc, argv, &a);
		const char *v = a + 1 < argc ? argv[a + 1] : NULL;

		if (r < 0) {
			fprintf(stderr, "aamed-bench: bad %s\n", argv[start]);
			return -1;
		}
		if (r > 0) {
			for (; start <= a && o->wl_argc < 62; start++)
				o->wl_argv[o->wl_argc++] = argv[start];
			continue;
		}
		r = vm_option(&o->vm, argc, argv, &a);
		if (r < 0)
			return -1;
		if (r > 0)
			continue;
		if (!v) {
			fprintf(stderr, "aamed-bench: unknown option %s\n", argv[a]);
			return -1;
		}
		if (!strcmp(argv[a], "--mode"))
			o->mode = v;
		else if (!strcmp(argv[a], "--kernel"))
			o->kernel = v;
		else if (!strcmp(argv[a], "--policy"))
			o->policy = v;
		else if (!strcmp(argv[a], "--features"))
			o->features = v;
		else if (!strcmp(argv[a], "--aamed-kernel"))
			o->aakernel = v;
		else if (!strcmp(argv[a], "--label"))
			o->label = v;
		else if (!strcmp(argv[a], "--out") || !strcmp(argv[a], "-o"))
			o->out = v;
		else {
			fprintf(stderr, "aamed-bench: unknown option %s\n", argv[a]);
			return -1;
		}
		a++;
	}
	o->wl_argv[o->wl_argc] = NULL;
	if (strcmp(o->mode, "raw") && strcmp(o->mode, "unconfined") &&
	    strcmp(o->mode, "confined")) {
		fprintf(stderr, "aamed-bench: --mode raw|unconfined|confined\n");
		return -1;
	}
	return 0;
}

static int host_run(struct wl_cfg *c, struct run_opts *o, FILE *out)
{
	struct wl_med med = { 0 };
	aamed_policy *policy = NULL;
	char tmp[] = "/tmp/aamed-bench-policy-XXXXXX";
	const char *ppath = o->policy;
	int rc;

	if (strcmp(o->mode, "raw")) {
		int err = 0;

		if (!ppath) {
			int fd = mkstemp(tmp);

			if (fd < 0)
				return BENCH_EXIT_POLICY;
			close(fd);
			if (bench_compile(o->features, tmp)) {
				unlink(tmp);
				return BENCH_EXIT_POLICY;
			}
			ppath = tmp;
		}
		policy = aamed_policy_new();
		if (policy)
			aamed_policy_set_kernel(policy,
				!strcmp(o->aakernel, "6.1") ? AAMED_KERNEL_6_1 :
				!strcmp(o->aakernel, "6.12") ? AAMED_KERNEL_6_12 :
				AAMED_KERNEL_UPSTREAM);
		if (!policy || bench_load_policy(policy, ppath)) {
			aamed_policy_free(policy);
			if (!o->policy)
				unlink(tmp);
			return BENCH_EXIT_POLICY;
		}
		if (!strcmp(o->mode, "unconfined"))
			med.label = aamed_label_unconfined(policy);
		else
			med.label = aamed_label_get(policy, o->label, &err);
		if (!med.label) {
			fprintf(stderr, "aamed-bench: no label %s in the policy\n",
				o->label);
			aamed_policy_free(policy);
			return BENCH_EXIT_POLICY;
		}
		med.peer_label = med.label;	/* both peers */
		c->med = &med;
	}
	print_build_id(out);
	fprintf(out, "id\twhere\thost\n");
	fprintf(out, "id\tmode\t%s\n", o->mode);
	if (c->med) {
		fprintf(out, "id\taamed_label\t%s\n", aamed_label_name(c->med->label));
		fprintf(out, "id\taamed_policy\t%s\n",
			o->policy ? o->policy : "bench/aamed_bench.sd");
		if (!o->policy)
			fprintf(out, "id\taamed_features\t%s\n", o->features);
		fprintf(out, "id\taamed_kernel\t%s\n", o->aakernel);
	}
	wl_identity(out, c->kind == WL_OPEN1 ? -1 : c->cpu);
	fflush(out);
	c->out = out;
	rc = wl_run(c);
	fprintf(out, "decisions\t%lu\n", c->decisions);
	fprintf(out, "end\t%d\n", rc ? 1 : 0);
	fflush(out);
	if (policy)
		aamed_policy_free(policy);
	if (!o->policy && ppath == tmp) {
		unlink(tmp);
		char log[64];

		snprintf(log, sizeof(log), "%s.log", tmp);
		unlink(log);
	}
	return rc ? 1 : 0;
}

int bench_run(int argc, char **argv)
{
	struct wl_cfg c;
	struct run_opts o;
	FILE *out = stdout;
	int rc;

	if (argc > 0 && (!strcmp(argv[0], "--help") || !strcmp(argv[0], "-h"))) {
		usage(stdout);
		return 0;
	}
	if (parse_run(argc, argv, &c, &o)) {
		usage(stderr);
		return BENCH_EXIT_USAGE;
	}
	if (o.kernel) {
		o.vm.kernel = o.kernel;
		return bench_vm_point(&o.vm, o.mode, &c, o.out, o.wl_argv,
				      o.wl_argc) ? 1 : 0;
	}
	if (o.out && strcmp(o.out, "-")) {	/* "-": stdout */
		out = fopen(o.out, "w");
		if (!out) {
			fprintf(stderr, "aamed-bench: %s: %s\n", o.out, strerror(errno));
			return BENCH_EXIT_USAGE;
		}
	}
	rc = host_run(&c, &o, out);
	if (out != stdout)
		fclose(out);
	return rc;
}
