// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The identity lines of a run ("id\tKEY\tVALUE"): the kernel, its
 * preemption, the CPU, its frequency policy, the LSMs and the task's
 * label, so a result names the machine it was measured on.
 */
#include <errno.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "bench_wl_int.h"

static void id_file(FILE *f, const char *key, const char *path)
{
	char buf[512];
	FILE *p = fopen(path, "r");
	size_t n;

	if (!p) {
		fprintf(f, "id\t%s\tunreadable (%s)\n", key, strerror(errno));
		return;
	}
	n = fread(buf, 1, sizeof(buf) - 1, p);
	if (!n && ferror(p)) {
		fprintf(f, "id\t%s\tunreadable (%s)\n", key, strerror(errno));
		fclose(p);
		return;
	}
	fclose(p);
	buf[n] = '\0';
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == '\0'))
		buf[--n] = '\0';
	for (size_t i = 0; i < n; i++)
		if (buf[i] == '\n' || buf[i] == '\t')
			buf[i] = ' ';
	fprintf(f, "id\t%s\t%s\n", key, n ? buf : "(empty)");
}

void wl_identity(FILE *f, int cpu)
{
	struct utsname u;
	char line[512], path[256], model[256] = "unknown";
	FILE *p;
	int c = cpu >= 0 ? cpu : 0;

	if (!uname(&u)) {
		fprintf(f, "id\tkernel_release\t%s\n", u.release);
		fprintf(f, "id\tkernel_version\t%s\n", u.version);
		fprintf(f, "id\tpreempt_build\t%s\n",
			strstr(u.version, "PREEMPT_RT") ? "rt" :
			strstr(u.version, "PREEMPT_DYNAMIC") ? "dynamic" :
			strstr(u.version, "PREEMPT") ? "full" : "none or voluntary");
	}
	id_file(f, "preempt_actual", "/sys/kernel/debug/sched/preempt");
	id_file(f, "cmdline", "/proc/cmdline");
	p = fopen("/proc/cpuinfo", "r");
	while (p && fgets(line, sizeof(line), p))
		if (!strncmp(line, "model name", 10) && strchr(line, ':')) {
			snprintf(model, sizeof(model), "%s", strchr(line, ':') + 2);
			model[strcspn(model, "\n")] = '\0';
			break;
		}
	if (p)
		fclose(p);
	fprintf(f, "id\tcpu_model\t%s\n", model);
	fprintf(f, "id\tonline_cpus\t%ld\n", sysconf(_SC_NPROCESSORS_ONLN));
	fprintf(f, "id\tpinned_cpu\t%s%d\n", cpu >= 0 ? "" : "none, reading ",
		c);
	snprintf(path, sizeof(path),
		 "/sys/devices/system/cpu/cpu%d/cpufreq/scaling_governor", c);
	id_file(f, "governor", path);
	snprintf(path, sizeof(path),
		 "/sys/devices/system/cpu/cpu%d/cpufreq/energy_performance_preference",
		 c);
	id_file(f, "epp", path);
	if (!access("/sys/devices/system/cpu/intel_pstate/no_turbo", F_OK))
		id_file(f, "intel_no_turbo",
			"/sys/devices/system/cpu/intel_pstate/no_turbo");
	else
		id_file(f, "cpufreq_boost", "/sys/devices/system/cpu/cpufreq/boost");
	id_file(f, "lsm", "/sys/kernel/security/lsm");
	if (!access("/proc/self/attr/apparmor/current", F_OK))
		id_file(f, "task_label", "/proc/self/attr/apparmor/current");
	else
		id_file(f, "task_label", "/proc/self/attr/current");
	id_file(f, "loadavg", "/proc/loadavg");
}
