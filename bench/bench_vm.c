// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed-bench: one point in a fresh QEMU guest.
 *
 * The guest is an initramfs of busybox-static, the static workload
 * program (build/bench-guest, from bench/guest.c and bench/bench_wl*.c)
 * and, for the confined point, the bench profile compiled for the guest
 * kernel's own feature set. The kernel command line picks the point:
 * raw boots with an lsm= list without apparmor, unconfined and confined
 * with the same list and apparmor. QEMU runs with -accel tcg and, by
 * default, -icount shift=0: one guest nanosecond per instruction, so the
 * guest's own clock counts instructions and a point gives the same
 * figure on every boot and on any host. The rows come back on the second
 * serial port.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench_int.h"

#define DEFAULT_LSM "lockdown,capability,landlock,yama,apparmor,tomoyo,bpf"

void vm_opts_default(struct vm_opts *v)
{
	memset(v, 0, sizeof(*v));
	v->lsm = DEFAULT_LSM;
	v->icount = "shift=0";
	v->qemu = getenv("QEMU") ? getenv("QEMU") : "qemu-system-x86_64";
	v->timeout = 1800;
	v->cpu = -1;
}

int vm_option(struct vm_opts *v, int argc, char **argv, int *a)
{
	const char *o = argv[*a], *val = *a + 1 < argc ? argv[*a + 1] : NULL;

	if (strcmp(o, "--vm-features") && strcmp(o, "--lsm") &&
	    strcmp(o, "--icount") && strcmp(o, "--vm-timeout") &&
	    strcmp(o, "--qemu-arg") && strcmp(o, "--qemu"))
		return 0;
	if (!val) {
		fprintf(stderr, "aamed-bench: %s needs a value\n", o);
		return -1;
	}
	(*a)++;
	if (!strcmp(o, "--vm-features"))
		v->features = val;
	else if (!strcmp(o, "--lsm"))
		v->lsm = val;
	else if (!strcmp(o, "--icount"))
		v->icount = val;
	else if (!strcmp(o, "--vm-timeout"))
		v->timeout = atoi(val);
	else if (!strcmp(o, "--qemu"))
		v->qemu = val;
	else if (v->nqemu_args < 16)
		v->qemu_args[v->nqemu_args++] = val;
	return 1;
}

/* The lsm= list without apparmor. */
static void lsm_without(const char *lsm, char *buf, size_t len)
{
	char tmp[512], *tok, *save = NULL;
	size_t n = 0;

	snprintf(tmp, sizeof(tmp), "%s", lsm);
	buf[0] = '\0';
	for (tok = strtok_r(tmp, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (!strcmp(tok, "apparmor"))
			continue;
		n += (size_t)snprintf(buf + n, len > n ? len - n : 0, "%s%s",
				      n ? "," : "", tok);
	}
}

static int sh(const char *cmd)
{
	int rc = system(cmd);

	return rc == 0 ? 0 : -1;
}

static int write_file(const char *path, const char *text, mode_t mode)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	fputs(text, f);
	if (fclose(f))
		return -1;
	return chmod(path, mode);
}

static const char init_script[] =
	"#!/bin/sh\n"
	"export PATH=/bin\n"
	"mount -t proc proc /proc\n"
	"mount -t sysfs sysfs /sys\n"
	"mount -t securityfs none /sys/kernel/security 2>/dev/null\n"
	"mount -t debugfs none /sys/kernel/debug 2>/dev/null\n"
	"mount -t devtmpfs dev /dev\n"
	"mount -t tmpfs tmp /tmp\n"
	"ifconfig lo 127.0.0.1 up\n"	/* tcp-stream: loopback */
	"/guest $(cat /guest.args)\n"
	"echo \"aamed-guest-exit=$?\"\n"
	"sync\n"
	"poweroff -f\n";

/* Find the kernel image and its feature set. */
static int resolve_kernel(const struct vm_opts *v, char *img, size_t ilen,
			  const char **feat)
{
	struct stat sb;

	if (!strchr(v->kernel, '/')) {
		snprintf(img, ilen, "%s/cache/kernels/%s/vmlinuz", bench_srcdir(),
			 v->kernel);
		*feat = v->features ? v->features :
			!strcmp(v->kernel, "6.1") ? "linux-6.1" : "linux-6.12";
	} else {
		snprintf(img, ilen, "%s", v->kernel);
		*feat = v->features ? v->features : "linux-6.12";
	}
	if (stat(img, &sb)) {
		fprintf(stderr, "aamed-bench: no kernel image %s%s\n", img,
			strchr(v->kernel, '/') ? "" :
			" (run: sh scripts/fetch-kernels.sh)");
		return -1;
	}
	return 0;
}

static void copy_lines(FILE *from, FILE *to, int *end_rc)
{
	char line[4096];

	while (fgets(line, sizeof(line), from)) {
		size_t n = strlen(line);

		while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		if (!n)
			continue;
		if (!strncmp(line, "end\t", 4))
			*end_rc = atoi(line + 4);
		fprintf(to, "%s\n", line);
	}
}

int bench_vm_point(const struct vm_opts *v, const char *mode,
		   const struct wl_cfg *c, const char *outfile, char **wl_argv,
		   int wl_argc)
{
	char img[1024], dir[1024], root[1100], path[1200], cmd[16384];
	char guest[1100], self[1024], lsm[512], append[1024], args[4096];
	char con[1300], ser[1300], qver[256] = "unknown";
	const char *feat, *argvq[64];
	int nq = 0, i, status = 0, end_rc = -1;
	size_t an = 0;
	pid_t pid;
	time_t t0;
	FILE *out, *f;
	bool timed_out = false;

	if (resolve_kernel(v, img, sizeof(img), &feat))
		return -1;
	/* the work directory: next to the output, or in /tmp */
	if (outfile)
		snprintf(dir, sizeof(dir), "%s.vm", outfile);
	else
		snprintf(dir, sizeof(dir), "/tmp/aamed-bench-vm-%ld", (long)getpid());
	snprintf(root, sizeof(root), "%s/root", dir);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s' && mkdir -p '%s/bin' '%s/proc' "
		 "'%s/sys' '%s/dev' '%s/tmp'", dir, root, root, root, root, root);
	if (sh(cmd))
		return -1;
	{
		/* absolute: the initramfs is packed from inside root */
		char *abs = realpath(dir, NULL);

		if (!abs || strlen(abs) >= sizeof(dir) - 8) {
			free(abs);
			return -1;
		}
		memcpy(dir, abs, strlen(abs) + 1);
		free(abs);
		snprintf(root, sizeof(root), "%s/root", dir);
	}
	bench_self(self, sizeof(self));
	snprintf(guest, sizeof(guest), "%s", self);
	if (strrchr(guest, '/'))
		strcpy(strrchr(guest, '/') + 1, "bench-guest");
	if (access(guest, X_OK)) {
		fprintf(stderr, "aamed-bench: no guest program %s (make)\n", guest);
		return -1;
	}
	snprintf(cmd, sizeof(cmd),
		 "cp \"$(command -v busybox || echo /bin/busybox)\" '%s/bin/busybox' && "
		 "for a in sh mount poweroff cat echo sync ifconfig; do ln -s busybox '%s/bin/'$a; done && "
		 "cp '%s' '%s/guest'", root, root, guest, root);
	if (sh(cmd))
		return -1;
	snprintf(path, sizeof(path), "%s/init", root);
	if (write_file(path, init_script, 0755))
		return -1;
	/* the guest's arguments: the point and the workload options */
	an += (size_t)snprintf(args + an, sizeof(args) - an, "--mode %s", mode);
	for (i = 0; i < wl_argc; i++) {
		if (!strcmp(wl_argv[i], "--cpu")) {	/* pins QEMU instead */
			i++;
			continue;
		}
		an += (size_t)snprintf(args + an, sizeof(args) > an ? sizeof(args) - an : 0,
				       " %s", wl_argv[i]);
	}
	snprintf(args + an, sizeof(args) > an ? sizeof(args) - an : 0, " --cpu 0\n");
	snprintf(path, sizeof(path), "%s/guest.args", root);
	if (write_file(path, args, 0644))
		return -1;
	if (!strcmp(mode, "confined")) {
		snprintf(path, sizeof(path), "%s/policy.bin", root);
		if (bench_compile(feat, path))
			return -1;
		snprintf(cmd, sizeof(cmd), "rm -f '%s.log'", path);
		sh(cmd);
	}
	snprintf(cmd, sizeof(cmd),
		 "cd '%s' && find . | busybox cpio -o -H newc -R 0:0 2>/dev/null "
		 "| gzip -1 >'%s/initrd.gz'", root, dir);
	if (sh(cmd))
		return -1;
	if (!strcmp(mode, "raw"))
		lsm_without(v->lsm, lsm, sizeof(lsm));
	else
		snprintf(lsm, sizeof(lsm), "%s", v->lsm);
	snprintf(append, sizeof(append), "console=ttyS0 panic=-1 quiet lsm=%s", lsm);
	snprintf(con, sizeof(con), "file:%s/console.log", dir);
	snprintf(ser, sizeof(ser), "file:%s/serial.out", dir);
	snprintf(path, sizeof(path), "%s/initrd.gz", dir);
	argvq[nq++] = v->qemu;
	argvq[nq++] = "-accel";
	argvq[nq++] = "tcg";
	if (strcmp(v->icount, "off")) {
		argvq[nq++] = "-icount";
		argvq[nq++] = v->icount;
	}
	argvq[nq++] = "-cpu";
	argvq[nq++] = "max";
	argvq[nq++] = "-m";
	argvq[nq++] = "512";
	argvq[nq++] = "-smp";
	argvq[nq++] = "1";
	argvq[nq++] = "-nodefaults";
	argvq[nq++] = "-display";
	argvq[nq++] = "none";
	argvq[nq++] = "-no-reboot";
	argvq[nq++] = "-kernel";
	argvq[nq++] = img;
	argvq[nq++] = "-initrd";
	argvq[nq++] = path;
	argvq[nq++] = "-append";
	argvq[nq++] = append;
	argvq[nq++] = "-serial";
	argvq[nq++] = con;
	argvq[nq++] = "-serial";
	argvq[nq++] = ser;
	for (i = 0; i < v->nqemu_args && nq < 62; i++)
		argvq[nq++] = v->qemu_args[i];
	argvq[nq] = NULL;

	snprintf(cmd, sizeof(cmd), "%s --version 2>/dev/null", v->qemu);
	f = popen(cmd, "r");
	if (f) {
		if (!fgets(qver, sizeof(qver), f))
			snprintf(qver, sizeof(qver), "unknown");
		pclose(f);
		qver[strcspn(qver, "\n")] = '\0';
	}
	fflush(NULL);
	t0 = time(NULL);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		int nul = open("/dev/null", 0);

		if (nul >= 0)
			dup2(nul, 0);
		wl_pin(v->cpu);
		execvp(argvq[0], (char *const *)argvq);
		perror("aamed-bench: qemu");
		_exit(127);
	}
	for (;;) {
		struct timespec d = { 0, 100000000 };
		pid_t w = waitpid(pid, &status, WNOHANG);

		if (w == pid)
			break;
		if (time(NULL) - t0 > v->timeout) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			timed_out = true;
			break;
		}
		nanosleep(&d, NULL);
	}
	/* "-": stdout, as no --out */
	out = outfile && strcmp(outfile, "-") ? fopen(outfile, "w") : stdout;
	if (!out)
		return -1;
	fprintf(out, "id\twhere\tvm\n");
	fprintf(out, "id\tmode\t%s\n", mode);
	fprintf(out, "id\tvm_kernel_image\t%s\n", img);
	fprintf(out, "id\tvm_features\t%s\n", feat);
	fprintf(out, "id\tqemu_version\t%s\n", qver);
	fprintf(out, "id\tqemu_args\t");
	for (i = 0; i < nq; i++)
		fprintf(out, "%s%s", i ? " " : "", argvq[i]);
	fprintf(out, "\n");
	fprintf(out, "id\tqemu_pinned_cpu\t%d\n", v->cpu);
	fprintf(out, "id\tvm_wall_seconds\t%ld\n", (long)(time(NULL) - t0));
	{
		char hbuf[8192];
		FILE *mem = fmemopen(hbuf, sizeof(hbuf), "w");

		if (mem) {
			char *l, *save = NULL;

			wl_identity(mem, v->cpu);
			fputc('\0', mem);
			fclose(mem);
			hbuf[sizeof(hbuf) - 1] = '\0';
			for (l = strtok_r(hbuf, "\n", &save); l;
			     l = strtok_r(NULL, "\n", &save))
				if (!strncmp(l, "id\t", 3))
					fprintf(out, "id\thost_%s\n", l + 3);
		}
	}
	snprintf(path, sizeof(path), "%s/serial.out", dir);
	f = fopen(path, "r");
	if (f) {
		copy_lines(f, out, &end_rc);
		fclose(f);
	}
	if (out != stdout)
		fclose(out);
	(void)c;
	if (timed_out || !WIFEXITED(status) || WEXITSTATUS(status) || end_rc) {
		fprintf(stderr, "aamed-bench: vm point %s/%s failed (%s); console:\n",
			v->kernel, mode,
			timed_out ? "timeout" : end_rc < 0 ? "no end line" :
			"workload or qemu error");
		snprintf(cmd, sizeof(cmd), "tail -n 30 '%s/console.log' | tr -d '\\r' >&2",
			 dir);
		sh(cmd);
		return -1;
	}
	if (!getenv("AAMED_BENCH_KEEP_VM")) {
		snprintf(cmd, sizeof(cmd), "rm -rf '%s/root' '%s/initrd.gz'", dir, dir);
		sh(cmd);
	}
	return 0;
}
