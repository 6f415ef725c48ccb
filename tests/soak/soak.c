// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tests/soak: the load generator and judge of make soak (run.sh sets up
 * the buses and the policy, then runs this once).
 *
 *   soak BUS PLAIN LABELS POLICYDIR STAGE DAEMONPID DAEMONLOG MESSAGES
 *        CLIENTS RELOAD_EVERY
 *
 * BUS is dbus-daemon with the drop-in (<apparmor mode="required"/>),
 * PLAIN the same daemon without AppArmor mediation, whose XML policy
 * refuses the messages the profiles refuse (run.sh), so that both buses
 * carry the same traffic. One service process
 * per bus owns org.aamed.Soak. CLIENTS client processes, each with its
 * own label soak_cK (a line "pid N soak_cK" in LABELS, written before it
 * connects), send MESSAGES messages in all on BUS, in a fixed cycle of 20
 * whose every verdict the profiles (run.sh) decide in advance:
 *
 *   11 Allowed calls      allowed both sides: a reply
 *    2 SendDenied calls   no send rule: AccessDenied, one record
 *    2 RecvDenied calls   the service has no receive rule: AccessDenied,
 *                         one record
 *    3 Tick signals       allowed: the service counts them
 *    1 Tock signal        no send rule: dropped, one record
 *    1 RequestName        of org.aamed.Soak.OwnK: granted (then released,
 *                         a 21st message) for even K, refused for odd K
 *                         with a record
 *
 * The same clients send the same cycle on PLAIN too, for the baseline:
 * the run is cut into SLICES slices, and in each every client sends its
 * share first on PLAIN, then (after all have) on BUS, so both buses carry
 * the same load, interleaved in time on the same machine. Throughput and
 * round trips (the Allowed calls) are measured on each bus; verdicts are
 * judged on BUS only (PLAIN refuses without records).
 * Meanwhile the parent replaces the policy every RELOAD_EVERY seconds by
 * renaming a blob from STAGE into POLICYDIR (the drop-in's AAMED_RELOAD
 * path): b.bin (a.bin and one more profile: the same verdicts), then
 * bad.bin (truncated: the drop-in must keep the old policy), then a.bin,
 * b.bin, a.bin, b.bin, bad.bin... It
 * samples dbus-daemon's RSS every 20 ms, from after one reload (the heap
 * keeps the peak of two policies held during a swap: a step, not growth). At the end it installs c.bin
 * (soak_c0 may no longer send Allowed) and checks one call is refused.
 *
 * Prints the result line "soak: ..." and ok/FAIL lines, then "N passed,
 * N failed". The goals are checked: 0 errors, 0 wrong verdicts, denials
 * seen (dbus-daemon's records) = denials expected, and, from LONG_RUN
 * messages on, RSS growth < 5% from the first to the last tenth of the
 * run and a p99 round trip < 20% over the unmediated bus's (a shorter
 * run's first tenth is dbus-daemon warming up, and its p99 the shared
 * machine's noise: both are printed, as info). Every process is bounded by alarm().
 */
#include <dbus/dbus.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define SVC "org.aamed.Soak"
#define PATH "/org/aamed/Soak"
#define IFACE "org.aamed.Soak"
#define CYCLE 20
#define MAX_CLIENTS 64
#define MAX_SAMPLES 65536	/* RSS samples: 20 minutes */
#define CALL_TIMEOUT_MS 20000
#define SLICES 40
#define LONG_RUN 200000	/* messages: the goals on RSS and p99 judged */
#define BARRIER_TIMEOUT_S 120

/* what every process writes, in memory shared with the parent */
struct client_stats {
	long sent;		/* messages on BUS */
	long expected_denials;
	long wrong;		/* a verdict other than the profiles' */
	long plain_wrong;	/* PLAIN's XML policy not refusing the same */
	long errors;		/* anything else that went wrong */
	long ticks;		/* Tick signals sent */
	long nlat, nplain;	/* samples below */
	double start[SLICES][2], end[SLICES][2];	/* [slice][bus] */
	char first_error[256];
};

struct shared {
	volatile int stop_services;
	long svc_ticks, svc_tocks, svc_wrong;	/* the BUS service's counts */
	int svc_ready[2];
	int arrived[SLICES][2];	/* clients at the start of [slice][bus] */
	int clients;
	struct client_stats c[MAX_CLIENTS];
	/* round trips in ns, each client's slice of per_client entries */
	long per_client;
	uint32_t lat[];		/* [clients * per_client] mediated, then plain */
};

static struct shared *sh;
static long lat_slots;		/* clients * per_client */

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void note_error(struct client_stats *st, const char *fmt, const char *a,
		       const char *b)
{
	st->errors++;
	if (!st->first_error[0])
		snprintf(st->first_error, sizeof(st->first_error), fmt, a, b);
}

static DBusConnection *connect_bus(const char *addr, struct client_stats *st)
{
	DBusError err;
	DBusConnection *c;

	dbus_error_init(&err);
	c = dbus_connection_open_private(addr, &err);
	if (c && !dbus_bus_register(c, &err)) {
		dbus_connection_close(c);
		dbus_connection_unref(c);
		c = NULL;
	}
	if (!c) {
		if (st)
			note_error(st, "connect: %s: %s", err.name, err.message);
		else
			fprintf(stderr, "soak: connect %s: %s\n", addr, err.message);
		dbus_error_free(&err);
	}
	return c;
}

/* this process's label, as the drop-in reads it */
static void label_self(const char *labels, const char *label)
{
	char line[256];
	int fd = open(labels, O_WRONLY | O_APPEND);
	int n = snprintf(line, sizeof(line), "pid %ld %s\n", (long)getpid(), label);

	if (fd < 0 || write(fd, line, (size_t)n) != n) {
		perror("soak: labels");
		exit(3);
	}
	close(fd);
}

/* ------------------------------------------------------------ service */
static DBusHandlerResult serve(DBusConnection *c, DBusMessage *m, void *arg)
{
	int counted = *(int *)arg;
	const char *member = dbus_message_get_member(m);

	if (!member || strcmp(dbus_message_get_interface(m) ?
			      dbus_message_get_interface(m) : "", IFACE))
		return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
	if (dbus_message_get_type(m) == DBUS_MESSAGE_TYPE_SIGNAL) {
		if (counted && !strcmp(member, "Tick"))
			__atomic_add_fetch(&sh->svc_ticks, 1, __ATOMIC_RELAXED);
		else if (counted && !strcmp(member, "Tock"))
			__atomic_add_fetch(&sh->svc_tocks, 1, __ATOMIC_RELAXED);
		return DBUS_HANDLER_RESULT_HANDLED;
	}
	if (dbus_message_get_type(m) != DBUS_MESSAGE_TYPE_METHOD_CALL)
		return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
	/* the profiles let only Allowed reach the service on BUS */
	if (counted && strcmp(member, "Allowed"))
		__atomic_add_fetch(&sh->svc_wrong, 1, __ATOMIC_RELAXED);
	if (!dbus_message_get_no_reply(m)) {
		DBusMessage *r = dbus_message_new_method_return(m);

		if (r) {
			dbus_connection_send(c, r, NULL);
			dbus_message_unref(r);
		}
	}
	return DBUS_HANDLER_RESULT_HANDLED;
}

static void service(const char *addr, const char *labels, int which)
{
	int counted = which == 0;
	DBusConnection *c;
	DBusError err;

	alarm(3600);
	if (labels)
		label_self(labels, "soak_svc");
	c = connect_bus(addr, NULL);
	if (!c)
		exit(3);
	dbus_error_init(&err);
	if (dbus_bus_request_name(c, SVC, DBUS_NAME_FLAG_DO_NOT_QUEUE, &err) !=
	    DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER) {
		fprintf(stderr, "soak: service: no name %s: %s\n", SVC,
			err.message ? err.message : "not primary owner");
		exit(3);
	}
	dbus_connection_add_filter(c, serve, &counted, NULL);
	sh->svc_ready[which] = 1;
	while (!sh->stop_services &&
	       dbus_connection_read_write_dispatch(c, 100))
		;
	dbus_connection_close(c);
	exit(0);
}

/* ------------------------------------------------------------ client */
static uint32_t ns_since(double t0)
{
	double ns = (now_s() - t0) * 1e9;

	return ns > 4e9 ? 4000000000u : (uint32_t)ns;
}

/* a call of member; 1 answered, 0 AccessDenied, -1 anything else */
static int call(DBusConnection *c, const char *member, uint32_t *ns,
		struct client_stats *st)
{
	DBusMessage *m = dbus_message_new_method_call(SVC, PATH, IFACE, member);
	DBusMessage *r;
	DBusError err;
	double t0;
	int rc;

	if (!m) {
		note_error(st, "%s%s: out of memory", member, "");
		return -1;
	}
	dbus_error_init(&err);
	t0 = now_s();
	r = dbus_connection_send_with_reply_and_block(c, m, CALL_TIMEOUT_MS, &err);
	if (ns)
		*ns = ns_since(t0);
	dbus_message_unref(m);
	if (r) {
		dbus_message_unref(r);
		return 1;
	}
	rc = dbus_error_has_name(&err, DBUS_ERROR_ACCESS_DENIED) ? 0 : -1;
	if (rc < 0)
		note_error(st, "%s: %s", member, err.message);
	dbus_error_free(&err);
	return rc;
}

static void signal_(DBusConnection *c, const char *member,
		    struct client_stats *st)
{
	DBusMessage *m = dbus_message_new_signal(PATH, IFACE, member);

	if (!m || !dbus_message_set_destination(m, SVC) ||
	    !dbus_connection_send(c, m, NULL))
		note_error(st, "%s%s: cannot send", member, "");
	if (m)
		dbus_message_unref(m);
	dbus_connection_flush(c);
}

/* RequestName of our own name: 1 granted, 0 refused, -1 other */
static int own(DBusConnection *c, int k, struct client_stats *st)
{
	char name[64];
	DBusError err;
	int r;

	snprintf(name, sizeof(name), "org.aamed.Soak.Own%d", k);
	dbus_error_init(&err);
	r = dbus_bus_request_name(c, name, DBUS_NAME_FLAG_DO_NOT_QUEUE, &err);
	if (r == DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER) {
		if (dbus_bus_release_name(c, name, &err) !=
		    DBUS_RELEASE_NAME_REPLY_RELEASED)
			note_error(st, "ReleaseName %s: %s", name,
				   err.message ? err.message : "not released");
		dbus_error_free(&err);
		return 1;
	}
	r = r < 0 && dbus_error_has_name(&err, DBUS_ERROR_ACCESS_DENIED) ? 0 : -1;
	if (r < 0)
		note_error(st, "RequestName %s: %s", name,
			   err.message ? err.message : "not granted");
	dbus_error_free(&err);
	return r;
}

/* the verdict got against the one wanted (1 allowed, 0 denied) */
static void verdict(struct client_stats *st, int got, int want)
{
	if (got >= 0 && got != want)
		st->wrong++;
	if (want == 0)
		st->expected_denials++;
}

/* PLAIN refuses what the profiles refuse (run.sh): the same traffic */
static void plain_verdict(struct client_stats *st, int got, int want)
{
	if (got >= 0 && got != want)
		st->plain_wrong++;
}

/* wait until every client has reached this point (b: 0 PLAIN, 1 BUS) */
static int barrier(int slice, int b, struct client_stats *st)
{
	double t0 = now_s();

	__atomic_add_fetch(&sh->arrived[slice][b], 1, __ATOMIC_SEQ_CST);
	while (__atomic_load_n(&sh->arrived[slice][b], __ATOMIC_SEQ_CST) <
	       sh->clients) {
		if (now_s() - t0 > BARRIER_TIMEOUT_S) {
			note_error(st, "barrier %s%s: the other clients never came",
				   "", "");
			return -1;
		}
		usleep(200);
	}
	return 0;
}

/* messages [from, to) of the cycle on one bus; judged on BUS only */
static void run_slice(DBusConnection *c, int judged, int k, long from,
		      long to, struct client_stats *st, uint32_t *lat,
		      long *nlat)
{
	int even = k % 2 == 0;
	long i;

	for (i = from; i < to && st->errors < 10; i++) {
		int slot = (int)(i % CYCLE), got;
		uint32_t ns;

		if (slot < 10 || slot == 19) {
			got = call(c, "Allowed", &ns, st);
			if (judged)
				verdict(st, got, 1);
			else
				plain_verdict(st, got, 1);
			if (got == 1 && *nlat < sh->per_client)
				lat[(*nlat)++] = ns;
		} else if (slot < 14) {
			got = call(c, slot < 12 ? "SendDenied" : "RecvDenied",
				   NULL, st);
			if (judged)
				verdict(st, got, 0);
			else
				plain_verdict(st, got, 0);
		} else if (slot < 18) {
			signal_(c, slot < 17 ? "Tick" : "Tock", st);
			if (judged && slot < 17)
				st->ticks++;
			else if (judged)
				st->expected_denials++;
		} else {
			got = own(c, k, st);
			if (!judged)
				plain_verdict(st, got, even);
			if (judged) {
				verdict(st, got, even);
				if (got == 1)
					st->sent++;	/* its ReleaseName */
			}
		}
		if (judged)
			st->sent++;
	}
}

static void client(const char *bus, const char *plain, const char *labels,
		   int k, long n)
{
	struct client_stats *st = &sh->c[k];
	uint32_t *lat = sh->lat + (long)k * sh->per_client;
	uint32_t *plat = sh->lat + lat_slots + (long)k * sh->per_client;
	DBusConnection *c, *p;
	char label[32];
	int s;

	alarm(7200);
	snprintf(label, sizeof(label), "soak_c%d", k);
	label_self(labels, label);
	c = connect_bus(bus, st);
	p = connect_bus(plain, st);
	if (!c || !p)
		exit(1);
	for (s = 0; s < SLICES; s++) {
		long from = n * s / SLICES, to = n * (s + 1) / SLICES;

		if (barrier(s, 0, st))
			exit(1);
		st->start[s][0] = now_s();
		run_slice(p, 0, k, from, to, st, plat, &st->nplain);
		st->end[s][0] = now_s();
		if (barrier(s, 1, st))
			exit(1);
		st->start[s][1] = now_s();
		run_slice(c, 1, k, from, to, st, lat, &st->nlat);
		st->end[s][1] = now_s();
	}
	/* messages from one connection arrive in order: once this is
	 * answered, every signal before it has been counted */
	verdict(st, call(c, "Allowed", NULL, st), 1);
	st->sent++;
	dbus_connection_close(c);
	dbus_connection_close(p);
	exit(0);
}

/* the wall time of bus b (0 PLAIN, 1 BUS): each slice from its first
 * client's start to its last client's end */
static double bus_seconds(int clients, int b)
{
	double sum = 0;
	int s, k;

	for (s = 0; s < SLICES; s++) {
		double a = 0, z = 0;

		for (k = 0; k < clients; k++) {
			if (!a || sh->c[k].start[s][b] < a)
				a = sh->c[k].start[s][b];
			if (sh->c[k].end[s][b] > z)
				z = sh->c[k].end[s][b];
		}
		if (a && z > a)
			sum += z - a;
	}
	return sum;
}

/* ------------------------------------------------------------ parent */
static long rss_kb(pid_t pid)
{
	char path[64], line[256];
	long kb = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%ld/status", (long)pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "VmRSS: %ld", &kb) == 1)
			break;
	fclose(f);
	return kb;
}

/* blob STAGE/name renamed into POLICYDIR/soak.bin */
static int install(const char *stage, const char *dir, const char *name)
{
	char from[4096], tmp[4096], to[4096];
	char buf[65536];
	ssize_t n;
	int in, out, rc = 0;

	snprintf(from, sizeof(from), "%s/%s", stage, name);
	snprintf(tmp, sizeof(tmp), "%s/.soak.bin.tmp", stage);
	snprintf(to, sizeof(to), "%s/soak.bin", dir);
	in = open(from, O_RDONLY);
	out = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (in < 0 || out < 0)
		rc = -1;
	while (!rc && (n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, (size_t)n) != n)
			rc = -1;
	if (in >= 0)
		close(in);
	if (out >= 0 && close(out))
		rc = -1;
	if (!rc && rename(tmp, to))
		rc = -1;
	if (rc)
		perror("soak: install");
	return rc;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* the p-th percentile of the n samples (sorted in place), in µs */
static double pct(uint32_t *v, long n, double p)
{
	long i;

	if (n <= 0)
		return 0;
	qsort(v, (size_t)n, sizeof(*v), cmp_u32);
	i = (long)(p / 100.0 * (double)(n - 1) + 0.5);
	return v[i] / 1000.0;
}

/* every client's samples of one kind, packed at the start of out */
static long gather(uint32_t *base, int clients, int plain, uint32_t *out)
{
	long n = 0;
	int k;

	for (k = 0; k < clients; k++) {
		long m = plain ? sh->c[k].nplain : sh->c[k].nlat;

		memmove(out + n, base + (long)k * sh->per_client,
			(size_t)m * sizeof(*out));
		n += m;
	}
	return n;
}

static long count_lines(const char *file, const char *needle)
{
	char line[8192];
	long n = 0;
	FILE *f = fopen(file, "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (strstr(line, needle))
			n++;
	fclose(f);
	return n;
}

static int pass, fail;
static void check(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#include <stdarg.h>
static void check(int ok, const char *fmt, ...)
{
	va_list ap;

	printf(ok ? "ok: " : "FAIL: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	if (ok)
		pass++;
	else
		fail++;
}

/* one Allowed call by a new process labelled soak_c0: 1 when it got
 * the verdict want (1 answered, 0 refused) */
static int probe(const char *bus, const char *labels, int want)
{
	pid_t pid = fork();
	int status;

	if (pid == 0) {
		struct client_stats st = { 0 };
		DBusConnection *c;

		alarm(60);
		label_self(labels, "soak_c0");
		c = connect_bus(bus, &st);
		exit(c && call(c, "Allowed", NULL, &st) == want ? 0 : 1);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return 0;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

int main(int argc, char **argv)
{
	const char *bus, *plain, *labels, *pdir, *stage, *dlog;
	static long rss[MAX_SAMPLES];
	static double prog[MAX_SAMPLES];
	long messages, share, total = 0, expected = 0;
	long wrong = 0, errors = 0, ticks = 0, nl, np, seen, reloads, refused;
	long plain_wrong = 0;
	double t0, next_reload, every;
	int clients, k, nrss = 0, nreload = 0, running;
	pid_t daemon, svc[2], cl[MAX_CLIENTS];
	const char *seq[] = { "b.bin", "bad.bin", "a.bin", "b.bin", "a.bin" };
	size_t size;
	uint32_t *tmp;

	if (argc != 11) {
		fprintf(stderr, "usage: soak BUS PLAIN LABELS POLICYDIR STAGE DAEMONPID DAEMONLOG MESSAGES CLIENTS RELOAD_EVERY\n");
		return 2;
	}
	bus = argv[1];
	plain = argv[2];
	labels = argv[3];
	pdir = argv[4];
	stage = argv[5];
	daemon = (pid_t)atol(argv[6]);
	dlog = argv[7];
	messages = atol(argv[8]);
	clients = atoi(argv[9]);
	every = atof(argv[10]);
	if (messages < CYCLE || clients < 1 || clients > MAX_CLIENTS ||
	    every <= 0) {
		fprintf(stderr, "soak: bad arguments\n");
		return 2;
	}
	share = messages / clients;
	lat_slots = (long)clients * (share + 1);
	size = sizeof(*sh) + 2 * (size_t)lat_slots * sizeof(uint32_t);
	sh = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
		  -1, 0);
	if (sh == MAP_FAILED) {
		perror("soak: mmap");
		return 3;
	}
	sh->per_client = share + 1;
	sh->clients = clients;
	alarm(7200);

	/* the services, then the clients */
	for (k = 0; k < 2; k++) {
		svc[k] = fork();
		if (svc[k] == 0)
			service(k ? plain : bus, k ? NULL : labels, k);
	}
	t0 = now_s();
	while (!(sh->svc_ready[0] && sh->svc_ready[1]) && now_s() - t0 < 20)
		usleep(10000);
	if (!(sh->svc_ready[0] && sh->svc_ready[1])) {
		fprintf(stderr, "soak: the services did not start\n");
		kill(svc[0], SIGTERM);
		kill(svc[1], SIGTERM);
		return 3;
	}
	/*
	 * One reload before the start: the drop-in holds two policies while
	 * it swaps them, and the heap keeps that peak; counted from the
	 * start, a short run would see it as growth. b.bin, then a question
	 * after the reload period (AAMED_RELOAD=1, run.sh).
	 */
	if (install(stage, pdir, "b.bin") == 0) {
		usleep(1200000);
		if (!probe(bus, labels, 1))
			fprintf(stderr, "soak: the warm-up call was not answered\n");
	}
	rss[0] = rss_kb(daemon);	/* at start: services connected */
	prog[0] = 0;
	nrss = 1;
	t0 = now_s();
	for (k = 0; k < clients; k++) {
		cl[k] = fork();
		if (cl[k] == 0)
			client(bus, plain, labels, k,
			       share + (k < messages % clients));
	}

	/* sample, reload, until every client is done */
	next_reload = t0 + every;
	do {
		long done = 0;

		usleep(20000);
		running = 0;
		for (k = 0; k < clients; k++) {
			int status;

			if (cl[k] > 0 && waitpid(cl[k], &status, WNOHANG) == cl[k]) {
				if (!WIFEXITED(status) || WEXITSTATUS(status)) {
					sh->c[k].errors++;
					fprintf(stderr, "soak: client %d ended with status %d\n",
						k, status);
				}
				cl[k] = 0;
			}
			running += cl[k] > 0;
			done += sh->c[k].sent;
		}
		if (nrss < MAX_SAMPLES) {
			rss[nrss] = rss_kb(daemon);
			prog[nrss++] = (double)done / (double)messages;
		}
		if (now_s() >= next_reload && running) {
			if (install(stage, pdir, seq[nreload % 5]) == 0)
				nreload++;
			next_reload += every;
		}
	} while (running);
	/* back to a.bin before the probe, if the last one was another */
	rss[nrss < MAX_SAMPLES ? nrss : MAX_SAMPLES - 1] = rss_kb(daemon);
	if (nrss < MAX_SAMPLES)
		prog[nrss++] = 1.0;

	for (k = 0; k < clients; k++) {
		struct client_stats *st = &sh->c[k];

		total += st->sent;
		expected += st->expected_denials;
		wrong += st->wrong;
		plain_wrong += st->plain_wrong;
		errors += st->errors;
		ticks += st->ticks;
		if (st->first_error[0])
			fprintf(stderr, "soak: client %d: %s\n", k, st->first_error);
	}
	wrong += sh->svc_wrong + sh->svc_tocks;
	if (sh->svc_ticks != ticks) {
		fprintf(stderr, "soak: %ld Tick sent, %ld received\n", ticks,
			sh->svc_ticks);
		errors++;
	}

	/* the reload path changes verdicts: c.bin refuses soak_c0's Allowed */
	{
		int refused_now;

		/* a truncated blob installed last, just before the end of a
		 * short run, must still be seen (and refused) before c.bin
		 * replaces it: one reload period */
		if (nreload > 0 && !strcmp(seq[(nreload - 1) % 5], "bad.bin"))
			usleep((useconds_t)((every + 0.5) * 1e6));
		install(stage, pdir, "c.bin");
		usleep((useconds_t)((every + 1.2) * 1e6));
		refused_now = probe(bus, labels, 0);
		expected += 1;
		check(refused_now, "after a reload to c.bin, soak_c0's Allowed is refused");
		install(stage, pdir, "a.bin");
	}
	sh->stop_services = 1;
	waitpid(svc[0], NULL, 0);
	waitpid(svc[1], NULL, 0);

	/* latencies: mediated Allowed calls, and the plain bus's */
	tmp = malloc((size_t)lat_slots * sizeof(*tmp) + 1);
	if (!tmp)
		return 3;
	nl = gather(sh->lat, clients, 0, tmp);
	double p50 = pct(tmp, nl, 50), p99 = pct(tmp, nl, 99);
	np = gather(sh->lat + lat_slots, clients, 1, tmp);
	double q50 = pct(tmp, np, 50), q99 = pct(tmp, np, 99);
	free(tmp);

	/* RSS in the first and last tenth of the run (the largest sample) */
	long first = 0, last = 0;
	for (k = 1; k < nrss; k++) {
		if (prog[k] <= 0.1 && rss[k] > first)
			first = rss[k];
		if (prog[k] >= 0.9 && rss[k] > last)
			last = rss[k];
	}
	if (!first)
		first = rss[0];
	if (!last)
		last = rss[nrss - 1];
	double growth = first > 0 ? 100.0 * (double)(last - first) / (double)first : 0;
	double o50 = q50 > 0 ? 100.0 * (p50 - q50) / q50 : 0;
	double o99 = q99 > 0 ? 100.0 * (p99 - q99) / q99 : 0;

	seen = count_lines(dlog, "apparmor=\"DENIED\"");
	reloads = count_lines(dlog, ": reloaded, ");
	refused = count_lines(dlog, "libaamed-apparmor: AAMED_POLICY=") - reloads;

	double bs = bus_seconds(clients, 1), ps = bus_seconds(clients, 0);

	printf("soak: %ld messages, %d clients, %.1f s, %.0f msg/s (unmediated %.0f msg/s); round trip p50 %.1f us p99 %.1f us, "
	       "unmediated p50 %.1f us p99 %.1f us (%+.1f%% / %+.1f%%, %ld/%ld samples); "
	       "dbus-daemon RSS start %ld KB end %ld KB, first 10%% %ld KB last 10%% %ld KB (%+.2f%%); "
	       "denials seen %ld expected %ld; wrong verdicts %ld; policy reloads %ld (%ld refused); errors %ld\n",
	       total, clients, bs, bs > 0 ? (double)total / bs : 0,
	       ps > 0 ? (double)total / ps : 0, p50, p99, q50,
	       q99, o50, o99, nl, np, rss[0], rss[nrss - 1], first, last, growth,
	       seen, expected, wrong, reloads, refused, errors);
	check(errors == 0, "errors: %ld", errors);
	check(wrong == 0, "wrong verdicts: %ld", wrong);
	check(seen == expected, "denials seen %ld, expected %ld", seen, expected);
	check(plain_wrong == 0,
	      "the unmediated bus refused the same calls and names: %ld differ",
	      plain_wrong);
	check(total >= messages, "messages sent %ld of %ld", total, messages);
	check(nreload >= 1 && reloads >= 1,
	      "policy replaced %d times, %ld reloads by the drop-in", nreload, reloads);
	check(nreload < 2 || refused >= 1,
	      "the truncated blob refused, the old policy kept (%ld)", refused);
	/* a short run is still warming dbus-daemon's pools and the heap's
	 * reload peak up in its first tenth: 150 KB of 5 MB is 3% */
	if (messages < LONG_RUN)
		printf("info: RSS growth first to last 10%%: %+.2f%% (goal < 5%%, judged from %d messages on)\n",
		       growth, LONG_RUN);
	else
		check(growth < 5.0, "RSS growth first to last 10%%: %+.2f%% (goal < 5%%)", growth);
	/* a p99 of a few thousand calls on a shared machine is its noise */
	if (messages < LONG_RUN)
		printf("info: p99 overhead %+.1f%% (goal < 20%%, judged from %d messages on)\n",
		       o99, LONG_RUN);
	else
		check(o99 < 20.0, "p99 overhead %+.1f%% (goal < 20%%)", o99);
	printf("%d passed, %d failed\n", pass, fail);
	return fail != 0;
}
