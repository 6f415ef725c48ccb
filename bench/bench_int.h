/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aamed-bench: the pieces shared by the workloads (host and guest), the
 * point runner, the vm runner, the statistics and the reports.
 *
 * The workload code (bench_wl*.c) is built twice: into aamed-bench with
 * WL_AAMED defined, where the mediated modes call aamed's decisions at
 * the places the kernel calls its hooks, and statically without aamed
 * into the guest program (bench/guest.c) that runs inside QEMU.
 *
 * aamed-bench uses aamed through its public header only, like any other
 * program built on the library.
 */
#ifndef AAMED_BENCH_INT_H
#define AAMED_BENCH_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ------------------------------------------------------------ workloads */
enum wl_kind { WL_UNIX_SEND = 0, WL_TCP_STREAM, WL_OPEN1, WL__COUNT };
enum wl_variant { WV_SENDMMSG = 0, WV_IO_URING, WV_TWOPROC };

#define WL_MAX_SIZES 16

/* Validation faults to inject (tests). */
enum wl_inject {
	WI_NONE = 0,
	WI_CORRUPT,	/* one payload byte changed after the send */
	WI_SHORT,	/* one message one byte short */
	WI_LOST,	/* one message counted but never sent */
	WI_QUEUE,	/* one extra message left in the queue */
};

struct wl_med;	/* host mediation state (WL_AAMED only) */

struct wl_cfg {
	enum wl_kind kind;
	enum wl_variant variant;
	int warmup, rounds;
	long messages;		/* unix-send: messages per round */
	int batch;		/* unix-send: messages per sendmmsg */
	int msgsize;		/* unix-send: bytes per message */
	int sizes[WL_MAX_SIZES];	/* tcp-stream message sizes */
	int nsizes;
	double seconds;		/* tcp-stream, open1: seconds per round */
	int procs;		/* open1: processes */
	int cpu;		/* pin to this CPU, -1: do not pin */
	enum wl_inject inject;
	int inject_round;	/* measured round that gets the fault */
	const char *tmpdir;	/* open1's files */
	FILE *out;		/* rows */
	struct wl_med *med;	/* NULL: raw */
	unsigned long decisions;	/* decisions made (mediated modes) */
};

/* Row columns after "row\t", as printed by wl_row(). */
#define WL_ROW_HEADER "workload\tvariant\tsize\tround\twarmup\tvalue\tunit\t" \
	"payload_ok\tlen_ok\tcount_ok\tqueue_ok\tmed_ok\tok"

struct wl_row {
	const char *workload, *variant;
	int size, round, warmup;
	double value;
	const char *unit;
	int payload_ok, len_ok, count_ok, queue_ok, med_ok;
};

void wl_defaults(struct wl_cfg *c, enum wl_kind kind);
int wl_parse_kind(const char *s);
int wl_parse_variant(const char *s);
int wl_parse_inject(const char *s);
const char *wl_kind_name(enum wl_kind k);
const char *wl_variant_name(enum wl_variant v);
int wl_parse_sizes(const char *s, struct wl_cfg *c);
/* Parse one workload option at argv[*a]; 1 consumed, 0 not ours, -1 bad */
int wl_option(struct wl_cfg *c, int argc, char **argv, int *a);
void wl_row(FILE *f, const struct wl_row *r);
/* Run the configured workload; 0 or -1 with a message on stderr. */
int wl_run(struct wl_cfg *c);
int wl_pin(int cpu);
/* "id\tKEY\tVALUE" identity lines common to host and guest. */
void wl_identity(FILE *f, int cpu);

#ifdef WL_AAMED
#include "aamed.h"
/* Host mediation: the labels and sockets the decisions are made for. */
struct wl_med {
	const aamed_label *label;	/* the task */
	const aamed_label *peer_label;	/* the receiving socket's label */
};

/* Load a compiled policy file or directory into policy; -1 with the
 * reason on stderr. */
int bench_load_policy(aamed_policy *policy, const char *path);
/*
 * decide's live-replacement rows (bench_replace.c): every_us < 0 runs the
 * default periods; repeat interleaved runs of secs seconds each.
 */
int bench_replace(const char *policy_path, long every_us, int repeat,
		  double secs);
#endif

/* ----------------------------------------------------------- statistics */
double st_mean(const double *x, size_t n);
double st_sd(const double *x, size_t n);	/* sample sd (n - 1) */
double st_cv(const double *x, size_t n);	/* sd / mean, as a fraction */
double st_hmean(const double *x, size_t n);
double st_min(const double *x, size_t n);
double st_max(const double *x, size_t n);
/* percent change of b against a */
double st_pct(double a, double b);
/* Welch's t-test: t, Welch-Satterthwaite df, two-sided p */
void st_welch(const double *a, size_t na, const double *b, size_t nb,
	      double *t, double *df, double *p);
/* Mann-Whitney U of a (ties get average ranks), two-sided p from the
 * normal approximation with tie correction */
void st_mannwhitney(const double *a, size_t na, const double *b, size_t nb,
		    double *u, double *p);
/* Student t distribution: two-sided p for |t| with df degrees */
double st_t_p2(double t, double df);

/*
 * A/B/A' sandwich statistics on per-invocation means: parent[] are the
 * parent's invocations in run order (A, ..., A'), b[] the child's; the
 * _d1 arrays the same means without each invocation's first measured
 * round. The midpoint is the mean of the parent invocations: (A + A') / 2
 * for one sandwich.
 */
struct st_sandwich {
	double a_mean, b_mean, a2_mean;	/* A, B, A' */
	double mid;			/* midpoint of the parent */
	double change;			/* % of B against mid */
	double drift;			/* % of A' against A */
	double change_drop1;		/* the same without first rounds */
};
void st_sandwich(const double *parent, size_t np, const double *parent_d1,
		 const double *b, size_t nb, const double *b_d1,
		 struct st_sandwich *s);

/* ------------------------------------------------------------- program */
/* Exit codes: the aamed command's documented ones. */
enum {
	BENCH_EXIT_OK = 0,
	BENCH_EXIT_FAIL = 1,	/* a run or a check failed */
	BENCH_EXIT_USAGE = 2,
	BENCH_EXIT_POLICY = 3,	/* the policy could not be loaded */
};

/* The subcommands; argv[0] is the first word after the subcommand's. */
int bench_decide(int argc, char **argv);
int bench_run(int argc, char **argv);
int bench_compare(int argc, char **argv);
int bench_instr(int argc, char **argv);
int bench_load(int argc, char **argv);
/* A guest boot for one point (bench_vm.c). */
struct vm_opts {
	const char *kernel;	/* "6.1", "6.12" or a vmlinuz path */
	const char *features;	/* the guest kernel's feature set */
	const char *lsm;	/* lsm= with apparmor; raw drops it */
	const char *icount;	/* -icount ARG, "off": none */
	const char *qemu;
	const char *qemu_args[16];
	int nqemu_args;
	int timeout;		/* seconds */
	int cpu;		/* pin QEMU, -1: no */
};
void vm_opts_default(struct vm_opts *v);
int vm_option(struct vm_opts *v, int argc, char **argv, int *a);
/* Boot, run the workload (wl_argv: its options), write the run file. */
int bench_vm_point(const struct vm_opts *v, const char *mode,
		   const struct wl_cfg *c, const char *outfile, char **wl_argv,
		   int wl_argc);
/* Compile bench/aamed_bench.sd for a feature set (name or path). */
int bench_compile(const char *features, const char *out);
const char *bench_features(const char *name, char *buf, size_t len);
/* bench/aamed_bench_ec.sd with -O equiv -O diff-encode; -1: no parser. */
int bench_compile_ec(const char *out);
/* The source tree (profiles, feature sets) and the git revision. */
const char *bench_srcdir(void);
void bench_self(char *buf, size_t len);

/* --plot charts (bench_plot.c): FILE.dat, FILE.gp, then FILE itself. */
struct bench_subplot {
	const char *title, *xlabel, *ylabel, *y2label;	/* y2label may be NULL */
	const char *plot;	/* the gnuplot plot command's arguments */
};
struct bench_chart {
	const struct bench_subplot *plots;
	int nplots;
};
FILE *bench_plot_data(const char *file);
int bench_plot_draw(const char *file, const struct bench_chart *c);

#endif
