// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed test --vm IMAGE: the same manifests judged by a real kernel. The
 * tests become case files of the kernel oracle (tests/kernel/README.md:
 * the manifest's blobs on `blob` lines, each test a `case` line after the
 * `setup` lines that make the paths it names), its run.sh boots IMAGE
 * under QEMU and runs them, and each test's row of the results is judged:
 * the kernel's verdict against the expectation and against aamed's, and
 * its label after an exec against label_after and aamed's. A request no
 * probe operation performs alone is skipped, with the reason; none is
 * dropped. The oracle's scripts are found in AAMED_KERNEL_DIR, else in
 * AAMED_DATADIR/kernel (make install), else in tests/kernel (a source
 * tree); the host needs what run.sh needs (qemu, a static busybox, gcc
 * with a static libc, apparmor_parser for the probe's own profile).
 */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "compile.h"
#include "test.h"
#include "test_vm.h"
#include "tl.h"

#ifndef AAMED_DATADIR
#define AAMED_DATADIR "/usr/local/share/aamed"
#endif

/* Where a request's side effects may not go: the guest's own files and
 * the pseudo file systems the probe cannot create files in (each name
 * and what is under it), and its /tmp itself. */
static const char *const reserved[] = { "/proc", "/sys", "/dev", "/bin",
					"/cases", "/policy", "/init",
					"/probe", "/probe.args", NULL };

/* The directory the capability tests' files are made in. */
#define CAPDIR VM_DIR

static bool exists(const char *p)
{
	struct stat sb;

	return stat(p, &sb) == 0;
}

/* ------------------------------------------------------------ translation */

bool vm_path_ok(const char *p)
{
	int i;

	if (p[0] != '/' || p[strlen(p) - 1] == '/' || !strcmp(p, "/tmp"))
		return false;
	for (i = 0; reserved[i]; i++) {
		size_t l = strlen(reserved[i]);

		if (!strncmp(p, reserved[i], l) && (!p[l] || p[l] == '/'))
			return false;
	}
	return true;
}

static const char *xl_file(char **w, int n, struct vm_xlate *x)
{
	const char *perms;

	if (n != 3)
		return "the probe opens or executes a file: no request options";
	if (!vm_path_ok(w[1]))
		return "the probe makes the file first: not a path under /proc, /sys, /dev or the guest's own files";
	perms = w[2];
	if (!strcmp(perms, "x")) {
		snprintf(x->setup, sizeof(x->setup),
			 "setup rm %s\nsetup copy /probe %s 0755\n", w[1], w[1]);
		snprintf(x->op, sizeof(x->op), "exec %s", w[1]);
		return NULL;
	}
	if (!*perms || perms[strspn(perms, "rwa")] ||
	    (strchr(perms, 'w') && strchr(perms, 'a')))
		return "the probe opens a file (r, w, a) or executes it (x): no operation asks these permissions alone";
	/* rm first: an earlier test may have made a directory there */
	snprintf(x->setup, sizeof(x->setup), "setup rm %s\nsetup file %s\n",
		 w[1], w[1]);
	snprintf(x->op, sizeof(x->op), "open %s %s", w[1], perms);
	return NULL;
}

/* The system calls whose capability check comes after AppArmor's other
 * checks pass (README.md: ipc.cases, net.cases). */
static const char *xl_capability(char **w, int n, size_t id, struct vm_xlate *x)
{
	if (n != 2)
		return "the probe asks a capability through a system call: no request options";
	if (!strcmp(w[1], "chown")) {
		snprintf(x->setup, sizeof(x->setup), "setup file %s/c%zu\n", CAPDIR, id);
		snprintf(x->op, sizeof(x->op), "chown %s/c%zu 1000:0", CAPDIR, id);
	} else if (!strcmp(w[1], "fowner")) {
		snprintf(x->setup, sizeof(x->setup), "setup file %s/o%zu 0666 1000:0\n",
			 CAPDIR, id);
		snprintf(x->op, sizeof(x->op), "chmod %s/o%zu 600", CAPDIR, id);
	} else if (!strcmp(w[1], "dac_override")) {
		/* access(W_OK) of a root-owned 0444 file: generic_permission()
		 * asks DAC_OVERRIDE alone (DAC_READ_SEARCH only for reads),
		 * and no AppArmor file hook follows, as an open's would */
		snprintf(x->setup, sizeof(x->setup),
			 "setup rm %s/d%zu\nsetup file %s/d%zu 0444\n", CAPDIR, id,
			 CAPDIR, id);
		snprintf(x->op, sizeof(x->op), "access %s/d%zu w", CAPDIR, id);
	} else if (!strcmp(w[1], "net_raw")) {
		snprintf(x->op, sizeof(x->op), "socket inet raw 1");
	} else if (!strcmp(w[1], "net_bind_service")) {
		snprintf(x->op, sizeof(x->op), "sockop inet stream bind 0.0.0.0:80");
	} else if (!strcmp(w[1], "net_admin")) {
		snprintf(x->op, sizeof(x->op), "sockop inet stream setsockopt-force");
	} else {
		return "no probe operation reaches this capability's check alone (chown, fowner, dac_override, net_raw, net_bind_service, net_admin do)";
	}
	return NULL;
}

/* __sock_create() asks the hook before the family's create, which
 * refuses a family the kernel lacks or a protocol the type does not
 * take (a raw inet socket of protocol 0): the hook's verdict stands. */
#define NET_OK "ok=EAFNOSUPPORT,EPROTONOSUPPORT"

static const char *xl_net(char **w, int n, struct vm_xlate *x)
{
	if (n == 4 && !strcmp(w[3], "create")) {
		snprintf(x->op, sizeof(x->op), NET_OK " socket %s %s", w[1], w[2]);
		return NULL;
	}
	if (n == 6 && !strcmp(w[3], "create") && !strcmp(w[4], "--protocol")) {
		snprintf(x->op, sizeof(x->op), NET_OK " socket %s %s %s",
			 w[1], w[2], w[5]);
		return NULL;
	}
	return "the probe performs a net request's create only (net FAMILY TYPE create [--protocol N])";
}

/* unix OP --type T: the probe's socket operation on a socket (of a
 * socketpair where the call needs a peer) made before the label. */
static const char *xl_unix(char **w, int n, struct vm_xlate *x)
{
	static const char *const ops[][2] = {
		{ "listen", "listen" },		{ "getattr", "getsockname" },
		{ "getopt", "getsockopt pair" }, { "setopt", "setsockopt" },
		{ "shutdown", "shutdown pair" }, { "send", "send pair" },
		{ "receive", "recvmsg pair" },	{ "getpeername", "getpeername pair" },
	};
	size_t i;

	if (n != 4 || strcmp(w[2], "--type"))
		return "the probe performs unix OP --type TYPE without addresses or other options";
	if (!strcmp(w[1], "create")) {
		snprintf(x->op, sizeof(x->op), "socket unix %s", w[3]);
		return NULL;
	}
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (!strcmp(w[1], ops[i][0])) {
			/* a dgram socket refuses listen after the hook */
			snprintf(x->op, sizeof(x->op), "%ssockop unix %s %s",
				 strcmp(w[1], "listen") ? "" : "ok=EOPNOTSUPP ",
				 w[3], ops[i][1]);
			return NULL;
		}
	return "no probe operation for this unix request";
}

static const char *xl_peer(char **w, int n, struct vm_xlate *x)
{
	if (n != 4 || strcmp(w[2], "--peer-label"))
		return "the probe sends a signal or traces a peer: CLASS X --peer-label P only";
	if (!strcmp(w[0], "signal")) {
		snprintf(x->op, sizeof(x->op), "kill %s %s", w[3], w[1]);
		return NULL;
	}
	if (!strcmp(w[1], "read") || !strcmp(w[1], "trace")) {
		snprintf(x->op, sizeof(x->op), "ptrace %s %s",
			 w[1][0] == 'r' ? "kcmp" : "attach", w[3]);
		return NULL;
	}
	return "the probe traces (trace) or reads (read) a peer only";
}

/* NULL and x filled, or why the test cannot run in the kernel. */
static const char *translate(const struct tcase *t, size_t id, struct vm_xlate *x)
{
	char **w = (char **)t->argv + 2;
	int n = t->argc - 2, i;

	memset(x, 0, sizeof(*x));
	for (i = 0; i < n; i++)
		if (strpbrk(w[i], " \t\n"))
			return "a word with a blank: the probe's case lines cannot carry it";
	if (strpbrk(t->label, " \t\n"))
		return "a label with a blank";
	if (!strcmp(w[0], "file"))
		return xl_file(w, n, x);
	if (!strcmp(w[0], "capability"))
		return xl_capability(w, n, id, x);
	if (!strcmp(w[0], "net") || !strcmp(w[0], "network"))
		return xl_net(w, n, x);
	if (!strcmp(w[0], "unix"))
		return xl_unix(w, n, x);
	if (!strcmp(w[0], "signal") || !strcmp(w[0], "ptrace"))
		return xl_peer(w, n, x);
	if (!strcmp(w[0], "mount") || !strcmp(w[0], "umount") ||
	    !strcmp(w[0], "pivot_root") || !strcmp(w[0], "move_mount"))
		return vm_xl_mount(w, n, x);
	return "no probe operation for this class of request (the probe does file, exec, capability, net create, unix, signal, ptrace, mount and dbus)";
}

/* The manifest's blobs, as aamed loaded them. */
static void blob_lines(FILE *f, const struct manifest *m,
		       const struct tpolicy_opts *po)
{
	size_t i;

	if (po->npolicies) {
		for (i = 0; i < (size_t)po->npolicies; i++)
			fprintf(f, "blob %s\n", po->policies[i]);
	} else if (m->blob) {
		fprintf(f, "blob %s\n", m->blob);
	} else {
		for (i = 0; i < m->npolicies; i++)
			fprintf(f, "blob %s\n", m->policies[i]);
	}
}

static bool is_dbus(const struct tcase *t)
{
	return t->argc > 2 && !strcmp(t->argv[2], "dbus");
}

/* A dbus test: one query case per side dbus-daemon asks (ids tJ for
 * the sender or the one side, tJ.1 for the receiver); NULL, or why not. */
static const char *dbus_cases(FILE *f, const struct manifest *m,
			      const struct tcase *t, size_t j)
{
	struct vm_dbus q;
	const char *why;
	int k;

	for (k = 0; k < t->argc; k++)
		if (strpbrk(t->argv[k], " \t\n"))
			return "a word with a blank: the probe's case lines cannot carry it";
	why = vm_dbus_plan(m->policy, t, &q);
	if (why)
		return why;
	for (k = 0; k < 2; k++)
		if (q.side[k].asked)
			fprintf(f, "case t%zu%s %s %s :: --label %s %s\n", j,
				k ? ".1" : "", q.side[k].label, q.side[k].op,
				t->label, t->request);
	return NULL;
}

static int write_cases(const char *file, struct trun *run, size_t i,
		       const struct tpolicy_opts *po)
{
	const struct manifest *m = &run->ms[i];
	FILE *f = fopen(file, "w");
	struct vm_xlate x;
	size_t j;

	if (!f) {
		fprintf(stderr, "aamed test: %s: %s\n", file, strerror(errno));
		return -1;
	}
	fprintf(f, "# %s, for aamed test --vm\n", m->file);
	blob_lines(f, m, po);
	fprintf(f, "setup mkdir %s\n", CAPDIR);
	for (j = 0; j < m->ntests; j++) {
		const struct tcase *t = &m->tests[j];
		const char *why;

		if (is_dbus(t)) {
			why = dbus_cases(f, m, t, j);
		} else {
			why = translate(t, j, &x);
			if (!why)
				fprintf(f, "%scase t%zu %s %s :: --label %s %s\n",
					x.setup, j, t->label, x.op, t->label,
					t->request);
		}
		if (why && tres_set(&run->results[i][j].skip, 200, "%s", why)) {
			fprintf(stderr, "aamed test: out of memory\n");
			fclose(f);
			return -1;
		}
	}
	if (fclose(f)) {
		fprintf(stderr, "aamed test: %s: write error\n", file);
		return -1;
	}
	return 0;
}

/* ------------------------------------------------------------ the guest */

static int rm_one(const char *p, const struct stat *sb, int flag,
		  struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	remove(p);
	return 0;
}

static int run_guest(char *const *argv)
{
	pid_t pid = fork();
	int st;

	if (pid < 0) {
		fprintf(stderr, "aamed test: fork: %s\n", strerror(errno));
		return -1;
	}
	if (!pid) {
		/* stdout is the report: the oracle talks on stderr */
		dup2(STDERR_FILENO, STDOUT_FILENO);
		execvp(argv[0], argv);
		fprintf(stderr, "aamed test: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	if (waitpid(pid, &st, 0) < 0)
		return -1;
	if (!WIFEXITED(st) || WEXITSTATUS(st)) {
		fprintf(stderr, "aamed test: the kernel oracle (%s) failed\n", argv[1]);
		return -1;
	}
	return 0;
}

static const char *kernel_dir(char *buf, size_t len)
{
	const char *env = getenv("AAMED_KERNEL_DIR");

	if (env && *env)
		return env;
	snprintf(buf, len, "%s/kernel/run.sh", AAMED_DATADIR);
	if (exists(buf)) {
		snprintf(buf, len, "%s/kernel", AAMED_DATADIR);
		return buf;
	}
	return "tests/kernel";
}

/* The features of --features (a name or a path), else of the kernel
 * the first manifest names: for the probe's own profile. */
static const char *features_file(const char *want, const struct trun *run,
				 char *buf, size_t len)
{
	const char *name = run->ms[0].kernel == AAMED_KERNEL_6_1 ? "linux-6.1" :
								  "linux-6.12";
	const char *f;

	if (want)
		name = want;
	f = compile_find_features(name, buf, len);
	if (f)
		return f;
	/* not found: named as given, for the error the run reports */
	if (strchr(name, '/'))
		return name;
	snprintf(buf, len, "tests/features/%s", name);
	return buf;
}

/* ------------------------------------------------------------ the judge */

static void kfail(struct tresult *r, const char *want, const char *got)
{
	if (!r->pass)
		return;		/* the first failing check is the one shown */
	r->pass = false;
	r->check = "kernel";
	/* out of memory: the check is still named, its texts empty */
	tres_set(&r->expected, 600, "%s", want);
	tres_set(&r->got, 600, "%s", got);
}

/* allow, deny, or NULL: the kernel could not say */
static const char *kernel_says(const char *v)
{
	if (!strncmp(v, "ALLOWED", 7) || !strcmp(v, "KILLED SIGSEGV"))
		return "allow";	/* SIGSEGV: the exec was allowed, its new
				 * profile may not map the binary */
	if (!strncmp(v, "DENIED", 6) || !strcmp(v, "KILLED SIGKILL"))
		return "deny";
	return NULL;
}

/* The first of the kernel's AppArmor records after s, its end in *end. */
static const char *next_record(const char *s, const char **end)
{
	while (s && *s) {
		const char *e = s + strcspn(s, "\n");

		if (!strncmp(s, "apparmor=", 9) || strstr(s, " apparmor=")) {
			*end = e;
			return s;
		}
		s = *e ? e + 1 : e;
	}
	return NULL;
}

/* Does one of the kernel's records carry every field of t? */
static bool kernel_record_has(const struct tcase *t, const char *recs)
{
	const char *s = recs, *e;

	while ((s = next_record(s, &e))) {
		char one[2048], v[2048];
		size_t j;

		snprintf(one, sizeof(one), "%.*s", (int)(e - s), s);
		for (j = 0; j < t->nfields; j++)
			if (!record_value(one, t->fields[j].key, v, sizeof(v)) ||
			    strcmp(v, t->fields[j].value))
				break;
		if (j == t->nfields)
			return true;
		s = *e ? e + 1 : e;
	}
	return false;
}

/* audit: and record: against the kernel's records; not for an exec the
 * kernel allowed, whose new program may log records of its own */
static void judge_records(const struct tcase *t, struct tresult *r,
			  const char *k)
{
	const char *e;
	bool logged = next_record(r->krecords, &e) != NULL;

	if (!strcmp(t->argv[2], "file") && !strcmp(t->argv[t->argc - 1], "x") &&
	    !strcmp(k, "allow"))
		return;
	/* a label query logs nothing: dbus records are dbus-daemon's */
	if (is_dbus(t))
		return;
	if (t->audit >= 0 && t->audit != logged)
		kfail(r, t->audit ? "a record (the manifest)" : "no record (the manifest)",
		      logged ? "a record (the kernel)" : "no record (the kernel)");
	if (t->has_record && !kernel_record_has(t, r->krecords))
		kfail(r, "a record with the manifest's fields",
		      logged ? "no such record (the kernel)" : "no record (the kernel)");
}

static void judge(const struct tcase *t, struct tresult *r)
{
	const char *k = kernel_says(r->kverdict);
	const char *aamed = strcmp(r->verdict, "deny") ? "allow" : "deny";
	char got[600];

	snprintf(got, sizeof(got), "%s (the kernel: %s)", k ? k : "error",
		 r->kverdict);
	if (!k) {
		kfail(r, t->expect_allow ? "allow" : "deny", got);
		return;
	}
	if (strcmp(k, t->expect_allow ? "allow" : "deny"))
		kfail(r, t->expect_allow ? "allow (the manifest)" : "deny (the manifest)", got);
	if (strcmp(k, aamed))
		kfail(r, !strcmp(aamed, "allow") ? "allow (aamed)" : "deny (aamed)", got);
	judge_records(t, r, k);
	if (!r->klabel[0])
		return;
	snprintf(got, sizeof(got), "%s (the kernel's label after)", r->klabel);
	if (t->label_after && strcmp(t->label_after, r->klabel))
		kfail(r, t->label_after, got);
	if (r->label_after[0] && strcmp(r->label_after, r->klabel))
		kfail(r, r->label_after, got);
}

/* One row: id, label, query, verdict, label after, [secure-exec=,
 * rlimits=], records. */
static int take_row(struct trun *run, size_t i, char *line, char *(*kv)[2])
{
	char *f[5], *rest, *end, *s = line;
	size_t j, k, len = 0;
	struct tresult *r;

	for (k = 0; k < 5; k++) {
		f[k] = s;
		s = strchr(s, '\t');
		if (s)
			*s++ = '\0';
		else if (k < 4)
			return 0;	/* not a row */
		else
			s = f[k] + strlen(f[k]);
	}
	if (f[0][0] != 't')
		return 0;
	j = strtoul(f[0] + 1, &end, 10);
	if (j >= run->ms[i].ntests)
		return 0;
	if (is_dbus(&run->ms[i].tests[j])) {
		/* one row per side: judged once all are read */
		k = !strcmp(end, ".1");
		free(kv[j][k]);
		kv[j][k] = strdup(f[3]);
		return kv[j][k] ? 0 : -1;
	}
	r = &run->results[i][j];
	if (tres_set(&r->kverdict, 128, "%s", f[3]))
		return -1;
	/* "t_exec (enforce)": the label without its mode */
	if (strcmp(f[4], "-")) {
		rest = strstr(f[4], " (");
		if (tres_set(&r->klabel, 512, "%.*s",
			     (int)(rest ? rest - f[4] : (long)strlen(f[4])),
			     f[4]))
			return -1;
	}
	while (!strncmp(s, "secure-exec=", 12) || !strncmp(s, "rlimits=", 8))
		s += strcspn(s, "\t") + (s[strcspn(s, "\t")] ? 1 : 0);
	len = strlen(s);
	if (len) {
		r->krecords = strdup(s);
		if (!r->krecords)
			return -1;
		for (rest = r->krecords; (rest = strchr(rest, '\t'));)
			*rest = '\n';
	}
	judge(&run->ms[i].tests[j], r);
	return 0;
}

/* The dbus tests of manifest i, from their sides' rows (kv). */
static int judge_dbus(struct trun *run, size_t i, char *(*kv)[2])
{
	const struct manifest *m = &run->ms[i];
	char out[600], mism[200];
	struct vm_dbus q;
	size_t j;

	for (j = 0; j < m->ntests; j++) {
		struct tresult *r = &run->results[i][j];

		if (!is_dbus(&m->tests[j]) || r->skip[0] ||
		    vm_dbus_plan(m->policy, &m->tests[j], &q) ||
		    vm_dbus_verdict(m->policy, &q, kv[j], out,
				    sizeof(out), mism, sizeof(mism)))
			continue;	/* a missing row: count() says so */
		if (tres_set(&r->kverdict, 600, "%s", out))
			return -1;
		judge(&m->tests[j], r);
		if (mism[0])
			kfail(r, mism, out);
	}
	return 0;
}

static int read_results(const char *file, struct trun *run, size_t i)
{
	FILE *f = fopen(file, "r");
	char *line = NULL, *(*kv)[2] = calloc(run->ms[i].ntests + 1, sizeof(*kv));
	size_t cap = 0, j;
	ssize_t n;
	int rc = 0;

	if (!f || !kv) {
		fprintf(stderr, "aamed test: %s: %s\n", file,
			f ? "out of memory" : strerror(errno));
		if (f)
			fclose(f);
		free(kv);
		return -1;
	}
	while (!rc && (n = getline(&line, &cap, f)) > 0) {
		if (line[n - 1] == '\n')
			line[n - 1] = '\0';
		if (line[0] != '#')
			rc = take_row(run, i, line, kv);
	}
	if (!rc)
		rc = judge_dbus(run, i, kv);
	for (j = 0; j < run->ms[i].ntests; j++) {
		free(kv[j][0]);
		free(kv[j][1]);
	}
	free(kv);
	free(line);
	fclose(f);
	return rc;
}

/* Every test the guest should have run has a row. */
static void count(struct trun *run)
{
	size_t i, j;

	run->failed = run->skipped = 0;
	for (i = 0; i < run->nms; i++)
		for (j = 0; j < run->ms[i].ntests; j++) {
			struct tresult *r = &run->results[i][j];

			if (!r->skip[0] && !r->kverdict[0])
				kfail(r, "a row of the kernel's results", "none");
			run->failed += !r->pass;
			run->skipped += r->pass && r->skip[0];
		}
}

static int guest(struct trun *run, const char *work, const char *image,
		 const char *features, const struct tpolicy_opts *po)
{
	char kbuf[4096], fbuf[4096], runsh[4200], out[4200], file[4200];
	char **argv = calloc(run->nms + 6, sizeof(*argv));
	size_t i, k = 0;
	int rc = -1;

	if (!argv)
		return -1;
	snprintf(runsh, sizeof(runsh), "%s/run.sh", kernel_dir(kbuf, sizeof(kbuf)));
	snprintf(out, sizeof(out), "%s/out", work);
	argv[k++] = "sh";
	argv[k++] = runsh;
	argv[k++] = (char *)image;
	argv[k++] = (char *)features_file(features, run, fbuf, sizeof(fbuf));
	for (i = 0; i < run->nms; i++) {
		if (snprintf(file, sizeof(file), "%s/m%zu.cases", work, i) >=
			    (int)sizeof(file) ||
		    write_cases(file, run, i, po))
			goto out;
		argv[k] = strdup(file);
		if (!argv[k++])
			goto out;
	}
	argv[k++] = out;
	if (run_guest(argv))
		goto out;
	for (i = 0; i < run->nms; i++) {
		if (snprintf(file, sizeof(file), "%s/m%zu.tsv", out, i) >=
			    (int)sizeof(file) ||
		    read_results(file, run, i))
			goto out;
	}
	count(run);
	rc = 0;
out:
	for (i = 4; i < 4 + run->nms; i++)
		free(argv[i]);
	free(argv);
	return rc;
}

int test_vm(struct trun *run, const char *image, const char *features,
	    const struct tpolicy_opts *po)
{
	const char *keep = getenv("AAMED_VM_KEEP");
	char work[4096];
	int rc;

	if (!exists(image)) {
		fprintf(stderr, "aamed test: --vm %s: %s\n", image, strerror(errno));
		return -1;
	}
	snprintf(work, sizeof(work), "%s/aamed-vm.XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(work)) {
		fprintf(stderr, "aamed test: %s: %s\n", work, strerror(errno));
		return -1;
	}
	run->vm = true;
	rc = guest(run, work, image, features, po);
	if (keep && *keep)
		fprintf(stderr, "aamed test: the guest's files are kept in %s\n", work);
	else
		nftw(work, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	return rc;
}
