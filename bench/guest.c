// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The workload program inside the QEMU guest (built statically, with
 * bench/bench_wl*.c and liburing, as build/bench-guest).
 *
 *   guest --mode raw|unconfined|confined [--policy /policy.bin]
 *         [--label aamed_bench] WORKLOAD OPTIONS
 *
 * confined: load the policy blob with one write to .replace, then enter
 * the profile with changeprofile. The rows (and identity lines) go to the
 * second serial port, /dev/ttyS1, set to raw mode. The kernel decides:
 * there is no aamed in here.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "bench_int.h"

static int load_policy(const char *path, FILE *out)
{
	static char buf[1 << 20];
	int fd = open(path, O_RDONLY);
	ssize_t n, w;

	if (fd < 0) {
		fprintf(out, "error\tcannot open %s: %s\n", path, strerror(errno));
		return -1;
	}
	n = read(fd, buf, sizeof(buf));
	close(fd);
	fd = open("/sys/kernel/security/apparmor/.replace", O_WRONLY);
	if (n <= 0 || fd < 0) {
		fprintf(out, "error\tno policy or no .replace: %s\n", strerror(errno));
		return -1;
	}
	w = write(fd, buf, (size_t)n);	/* the whole blob in one write */
	close(fd);
	if (w != n) {
		fprintf(out, "error\tpolicy load: %s\n", strerror(errno));
		return -1;
	}
	return 0;
}

static int change_profile(const char *label, FILE *out)
{
	char cmd[256];
	int fd = open("/proc/self/attr/apparmor/current", O_WRONLY);
	ssize_t n;

	if (fd < 0)
		fd = open("/proc/self/attr/current", O_WRONLY);
	if (fd < 0) {
		fprintf(out, "error\tno attr/current: %s\n", strerror(errno));
		return -1;
	}
	snprintf(cmd, sizeof(cmd), "changeprofile %s", label);
	n = write(fd, cmd, strlen(cmd));
	close(fd);
	if (n != (ssize_t)strlen(cmd)) {
		fprintf(out, "error\tchangeprofile %s: %s\n", label, strerror(errno));
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	const char *mode = "raw", *policy = "/policy.bin", *label = "aamed_bench";
	struct wl_cfg c;
	struct termios t;
	FILE *out = NULL;
	int a, fd, rc;

	fd = open("/dev/ttyS1", O_WRONLY | O_NOCTTY);
	if (fd >= 0) {
		if (!tcgetattr(fd, &t)) {
			cfmakeraw(&t);
			tcsetattr(fd, TCSANOW, &t);
		}
		out = fdopen(fd, "w");
	}
	if (!out)
		out = stdout;
	wl_defaults(&c, WL_UNIX_SEND);
	for (a = 1; a < argc; a++) {
		int r = wl_option(&c, argc, argv, &a);

		if (r > 0)
			continue;
		if (r == 0 && a + 1 < argc && !strcmp(argv[a], "--mode"))
			mode = argv[++a];
		else if (r == 0 && a + 1 < argc && !strcmp(argv[a], "--policy"))
			policy = argv[++a];
		else if (r == 0 && a + 1 < argc && !strcmp(argv[a], "--label"))
			label = argv[++a];
		else {
			fprintf(out, "error\tbad option %s\nend\t2\n", argv[a]);
			fflush(out);
			return 2;
		}
	}
	if (!strcmp(mode, "confined") &&
	    (load_policy(policy, out) || change_profile(label, out))) {
		fprintf(out, "end\t1\n");
		fflush(out);
		return 1;
	}
	fprintf(out, "id\tguest_mode\t%s\n", mode);
	wl_identity(out, c.cpu);
	fflush(out);
	c.out = out;
	rc = wl_run(&c);
	fprintf(out, "end\t%d\n", rc ? 1 : 0);
	fflush(out);
	fsync(fileno(out));
	return rc ? 1 : 0;
}
