// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed-bench compare: report.txt, seed 000's table and sentences: the
 * workload, the mean of every run, per child its change against the
 * parent midpoint, drift, CVs, validation, tests, noise and verdict, the
 * targets a comparison judges, and the machine of every point. The same
 * text, between a head and a tail (bench_cmp_mail.c), is mail.txt.
 */
#include <math.h>
#include <string.h>

#include "bench_cmp.h"

/* The identity lines a report shows, in this order. */
static const char *id_keys[] = {
	"where", "mode", "kernel_release", "kernel_version", "preempt_build",
	"preempt_actual", "cmdline", "cpu_model", "online_cpus", "pinned_cpu",
	"governor", "epp", "intel_no_turbo", "cpufreq_boost", "lsm",
	"task_label", "aamed_label", "aamed_policy", "aamed_features",
	"aamed_kernel", "aamed_rev", "aamed_build_flags", "qemu_version",
	"qemu_args", "qemu_pinned_cpu", "vm_kernel_image", "vm_features",
	"host_kernel_release", "host_cpu_model", "host_loadavg", "loadavg",
	"vm_wall_seconds",
};

static const char *unit_noun(const struct cmp *c, int s)
{
	if (c->kind == WL_UNIX_SEND)
		return "mean ns/message";
	if (c->kind == WL_OPEN1)
		return "mean ops/s";
	(void)s;
	return "mean Mbit/s";
}

/* "15.295% slower" / "2.1% less throughput" */
static void change_words(const struct cmp *c, double pct, char *buf,
			 size_t len)
{
	if (cmp_lower_better(c))
		snprintf(buf, len, "%.3f%% %s", fabs(pct), pct >= 0 ? "slower" : "faster");
	else
		snprintf(buf, len, "%.3f%% %s", fabs(pct),
			 pct <= 0 ? "lower throughput" : "higher throughput");
}

static void identity_block(FILE *f, const struct cmp *c)
{
	int p;
	size_t k;

	for (p = 0; p < c->npts; p++) {
		const struct run *r = NULL;
		int i;

		for (i = 0; i < c->nruns && !r; i++)
			if (c->runs[i].point == p)
				r = &c->runs[i];
		if (!r)
			continue;
		fprintf(f, "\n%s (%s), first run:\n", c->pts[p].name, c->pts[p].spec);
		for (k = 0; k < sizeof(id_keys) / sizeof(id_keys[0]); k++) {
			const char *v = cmp_run_id(r, id_keys[k]);

			if (v)
				fprintf(f, "  %-20s %s\n", id_keys[k], v);
		}
	}
	fprintf(f, "\nload average at the start of each run:");
	for (p = 0; p < c->nruns; p++) {
		const char *v = cmp_run_id(&c->runs[p], "host_loadavg");

		if (!v)
			v = cmp_run_id(&c->runs[p], "loadavg");
		fprintf(f, "%s %.14s", p ? "," : "", v ? v : "?");
	}
	fprintf(f, "\n");
}

static void describe_workload(FILE *f, const struct cmp *c,
			      const struct wl_cfg *w)
{
	switch (c->kind) {
	case WL_UNIX_SEND:
		fprintf(f,
			"The workload uses %s;\neach send%s carries %d messages of %d bytes. Peer draining and\n"
			"payload validation are outside the timed region. Each point had\n"
			"%d warm-up rounds followed by %d measured rounds of %ld messages.\n",
			w->variant == WV_TWOPROC ?
				"two connected abstract AF_UNIX SOCK_DGRAM sockets, the\n"
				"receiver in another process" :
			w->variant == WV_IO_URING ?
				"socketpair(AF_UNIX, SOCK_DGRAM) driven by io_uring\n"
				"IORING_OP_SEND" :
				"socketpair(AF_UNIX, SOCK_DGRAM)",
			w->variant == WV_IO_URING ? " (one submit)" : "mmsg() call",
			w->batch, w->msgsize, w->warmup, w->rounds, w->messages);
		break;
	case WL_TCP_STREAM:
		fprintf(f,
			"The workload streams over loopback TCP (netperf TCP_STREAM style);\n"
			"the receiver, in another process, validates every byte. Each size\n"
			"had %d warm-up and %d measured rounds of %.2f s; throughput is\n"
			"sender bytes over sender time, in 10^6 bits/s.\n",
			w->warmup, w->rounds, w->seconds);
		break;
	default:
		fprintf(f,
			"The workload is will-it-scale open1_processes: each process opens\n"
			"and closes its own file; %d warm-up and %d measured samples of\n"
			"%.2f s, ops/s summed over the processes.\n",
			w->warmup, w->rounds, w->seconds);
		break;
	}
}

static void write_table(FILE *f, const struct cmp *c, int s)
{
	char lab[128];
	int i;
	double buf[4096];

	fprintf(f, "  %-28s %s\n", "point", unit_noun(c, s));
	for (i = 0; i < c->nruns; i++) {
		const struct run *r = &c->runs[i];
		size_t n = cmp_run_values(r, s, false, buf);

		fprintf(f, "  %-28s %.3f\n", cmp_run_label(c, r, lab, sizeof(lab)),
			st_mean(buf, n));
	}
}

static void write_findings(FILE *f, const struct cmp *c, int s,
			   const struct sstats *ss)
{
	int p;
	char w1[64], w2[64];

	(void)s;
	for (p = 1; p < c->npts; p++) {
		const struct pstat *ps = &ss->ps[p];
		size_t rows = 0, bad = 0;
		int q;

		for (q = 0; q < c->npts; q++) {
			rows += ss->ps[q].n;
			bad += ss->ps[q].bad;
		}
		change_words(c, ps->sw.change, w1, sizeof(w1));
		change_words(c, ps->sw.change_drop1, w2, sizeof(w2));
		fprintf(f,
			"\n%s was %s than the %s midpoint (%s: %+.3f%%, ratio %.5f).\n"
			"Dropping the first measured round gave %+.3f%%; parent drift was\n"
			"%+.3f%%, and the maximum CV was %.3f%%.",
			c->pts[p].name, w1, c->pts[0].name,
			cmp_lower_better(c) ? "% over parent" : "% change",
			ps->sw.change, ps->sw.b_mean / ps->sw.mid, ps->sw.change_drop1,
			isnan(ps->sw.drift) ? 0.0 : ps->sw.drift, 100 * ss->max_cv);
		(void)w2;
		if (!isnan(ss->ps[0].cv_across))
			fprintf(f, "\nAcross-invocation CV of the run means: %s %.4f%%",
				c->pts[0].name, 100 * ss->ps[0].cv_across);
		if (!isnan(ps->cv_across))
			fprintf(f, ", %s %.4f%%", c->pts[p].name,
				100 * ps->cv_across);
		if (!isnan(ss->ps[0].cv_across))
			fputc('.', f);
		if (!bad)
			fprintf(f, "\nAll %zu measured rows passed the payload, length,"
				   " count, and empty-queue checks.", rows);
		else
			fprintf(f, "\n%zu of %zu measured rows FAILED validation.", bad,
				rows);
		fprintf(f, "\nWelch t=%.3f (df %.1f), p=%.3g; Mann-Whitney U=%.0f, p=%.3g.\n",
			ps->t, ps->df, ps->p, ps->u, ps->mwp);
		fprintf(f, "Noise (max of |drift|, max CV, across-invocation CV): %.3f%%.\n"
			   "Verdict: %s.\n", ps->noise, ps->verdict);
	}
}

/* The seeds' targets (docs/bench.md), where a comparison is one of them. */
static void write_targets(FILE *f, const struct cmp *c, int s,
			  const struct sstats *ss)
{
	int p;

	for (p = 1; p < c->npts; p++) {
		const struct pstat *ps = &ss->ps[p];
		bool vm = c->pts[p].kernel[0] != '\0';
		bool noisy = fabs(ps->sw.change) <= ps->noise;
		char met[2][96];

		/* a change inside the noise judges no target */
		for (int k = 0; k < 2; k++)
			if (noisy)
				snprintf(met[k], sizeof(met[k]),
					 "inside the noise of %.3f%%: not judged",
					 ps->noise);
			else
				snprintf(met[k], sizeof(met[k]), "%s",
					 k ? "met" : "NOT met");

		if (strcmp(c->pts[0].mode, "raw"))
			continue;
		if (c->kind == WL_UNIX_SEND && !vm &&
		    !strcmp(c->pts[p].mode, "unconfined"))
			fprintf(f, "target: unconfined adds < 0.5%% per message: %+.3f%% (%s)\n",
				ps->sw.change, met[ps->sw.change < 0.5]);
		if (c->kind == WL_UNIX_SEND && !vm &&
		    !strcmp(c->pts[p].mode, "confined"))
			fprintf(f, "target: confined (both peers) adds < 3%%: %+.3f%% (%s)\n",
				ps->sw.change, met[ps->sw.change < 3]);
		if (c->kind == WL_OPEN1 && !vm && !strcmp(c->pts[p].mode, "confined"))
			fprintf(f, "target: open1 confined >= 90%% of raw ops/s: %.1f%% (%s)\n",
				100 * ps->sw.b_mean / ps->sw.mid,
				met[ps->sw.b_mean / ps->sw.mid >= 0.9]);
		if (vm && c->kind == WL_UNIX_SEND)
			fprintf(f, "kernel's %s AppArmor cost on %s: %+.3f%% over raw\n",
				c->pts[p].mode, c->pts[p].kernel, ps->sw.change);
	}
	for (p = 0; p < c->npts; p++)
		if (c->pts[p].kernel[0] && !isnan(ss->ps[p].cv_across))
			fprintf(f, "target: vm across-boot CV < 0.05%%: %s %.4f%% (%s)\n",
				c->pts[p].name, 100 * ss->ps[p].cv_across,
				ss->ps[p].cv_across < 0.0005 ? "met" : "NOT met");
	(void)s;
}

void cmp_write_report(const struct cmp *c, struct sstats *all,
			 const struct wl_cfg *w, const char *name, bool mail)
{
	FILE *f = cmp_out_open(c, name);
	int s;

	if (!f)
		return;
	if (mail)
		cmp_mail_head(f, c);
	fprintf(f, "aamed-bench compare: %s", c->workload);
	if (c->kind == WL_UNIX_SEND)
		fprintf(f, " (%s)", wl_variant_name(w->variant));
	fprintf(f, ", %d invocation%s per point, order:", c->inv, c->inv > 1 ? "s" : "");
	for (s = 0; s < c->nruns; s++)
		fprintf(f, " %s", c->pts[c->runs[s].point].name);
	fprintf(f, "\n\n");
	describe_workload(f, c, w);
	for (s = 0; s < c->nser; s++) {
		if (c->nser > 1)
			fprintf(f, "\n--- %s size %d (%s)\n", c->ser[s].variant,
				c->ser[s].size, c->ser[s].unit);
		fputc('\n', f);
		write_table(f, c, s);
		write_findings(f, c, s, &all[s]);
		write_targets(f, c, s, &all[s]);
	}
	if (c->kind == WL_TCP_STREAM) {
		fputc('\n', f);
		cmp_write_mmtests(f, c, all);
	}
	fprintf(f, "\nMachine and runs:");
	identity_block(f, c);
	if (mail)
		cmp_mail_tail(f, c);
	fclose(f);
}
