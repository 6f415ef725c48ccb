// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The three seed workloads, shared by the host runner (built with
 * WL_AAMED: aamed decides where the kernel runs its hook) and the static
 * guest program that runs inside QEMU (no aamed: the kernel decides).
 *
 *  unix-send   seed 000: AF_UNIX SOCK_DGRAM, sendmmsg batches (or
 *              io_uring IORING_OP_SEND, or a receiver in another
 *              process); only the send is timed; the peer is drained
 *              and every message validated outside the timed region.
 *  tcp-stream  seed 002: loopback TCP, one throughput per message size.
 *  open1       seed 003, will-it-scale open1_processes: N processes
 *              each opening and closing its own file.
 *
 * Every round prints one row (WL_ROW_HEADER) with its own checks.
 */
#include <errno.h>
#include <fcntl.h>
#include <liburing.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench_int.h"

/* ----------------------------------------------------------- mediation */
#ifdef WL_AAMED
/* security_socket_sendmsg and security_unix_may_send: both per datagram */
#define MED_UNIX_DECL struct aamed_sock msk, mpeer
#define MED_UNIX_INIT(c, a, pa) do {					\
	if ((c)->med) {							\
		msk = (struct aamed_sock){ .label = (c)->med->label,	\
			.family = AF_UNIX, .type = SOCK_DGRAM,		\
			.addr = (a) };					\
		mpeer = (struct aamed_sock){ .label = (c)->med->peer_label, \
			.family = AF_UNIX, .type = SOCK_DGRAM,		\
			.addr = (pa) };					\
	}								\
} while (0)
#define MED_UNIX(c, acc) do {						\
	if ((c)->med) {							\
		(acc) |= aamed_net_perm((c)->med->label, AAMED_NET_SENDMSG, \
					&msk, NULL, NULL);		\
		(acc) |= aamed_unix_send((c)->med->label, &msk, &mpeer,	\
					 NULL, NULL);			\
	}								\
} while (0)
#define MED_UNIX_PER 2
/* security_socket_sendmsg: once per send() */
#define MED_TCP_DECL struct aamed_sock mtcp
#define MED_TCP_INIT(c) do {						\
	if ((c)->med)							\
		mtcp = (struct aamed_sock){ .label = (c)->med->label,	\
			.family = AF_INET, .type = SOCK_STREAM,		\
			.protocol = IPPROTO_TCP };			\
} while (0)
#define MED_TCP(c, acc) do {						\
	if ((c)->med)							\
		(acc) |= aamed_net_perm((c)->med->label, AAMED_NET_SENDMSG, \
					&mtcp, NULL, NULL);		\
} while (0)
/* apparmor_file_open: once per open */
#define MED_OPEN_DECL struct aamed_file_req mreq
#define MED_OPEN_INIT(c, p) do {					\
	mreq = (struct aamed_file_req){ .path = (p),			\
		.request = AAMED_MAY_READ | AAMED_MAY_WRITE,		\
		.fsuid = (uint32_t)geteuid(), .ouid = (uint32_t)geteuid(), \
		.op = AAMED_OP_OPEN };					\
} while (0)
#define MED_OPEN(c, acc) do {						\
	if ((c)->med)							\
		(acc) |= aamed_file_perm((c)->med->label, &mreq, NULL, NULL); \
} while (0)
#else
#define MED_UNIX_DECL int med_unused_
#define MED_UNIX_INIT(c, a, pa) ((void)(a), (void)(pa), (void)med_unused_)
#define MED_UNIX(c, acc) ((void)0)
#define MED_UNIX_PER 0
#define MED_TCP_DECL int med_unused_
#define MED_TCP_INIT(c) ((void)med_unused_)
#define MED_TCP(c, acc) ((void)0)
#define MED_OPEN_DECL int med_unused_
#define MED_OPEN_INIT(c, p) ((void)(p), (void)med_unused_)
#define MED_OPEN(c, acc) ((void)0)
#endif

/* ------------------------------------------------------------- helpers */
static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static const char *const kind_names[] = { "unix-send", "tcp-stream", "open1" };
static const char *const variant_names[] = { "sendmmsg", "io_uring", "twoproc" };
static const char *const inject_names[] = { "none", "corrupt", "short", "lost",
					    "queue" };

const char *wl_kind_name(enum wl_kind k)
{
	return k < WL__COUNT ? kind_names[k] : "?";
}

const char *wl_variant_name(enum wl_variant v)
{
	return v <= WV_TWOPROC ? variant_names[v] : "?";
}

int wl_parse_kind(const char *s)
{
	int i;

	for (i = 0; i < WL__COUNT; i++)
		if (!strcmp(s, kind_names[i]))
			return i;
	return -1;
}

int wl_parse_variant(const char *s)
{
	int i;

	for (i = 0; i <= WV_TWOPROC; i++)
		if (!strcmp(s, variant_names[i]))
			return i;
	return -1;
}

int wl_parse_inject(const char *s)
{
	int i;

	for (i = 0; i <= WI_QUEUE; i++)
		if (!strcmp(s, inject_names[i]))
			return i;
	return -1;
}

static const int tcp_sizes[] = { 64, 128, 256, 1024, 2048, 3312, 4096, 8192,
				  16384 };

void wl_defaults(struct wl_cfg *c, enum wl_kind kind)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	size_t i;

	memset(c, 0, sizeof(*c));
	c->kind = kind;
	c->variant = WV_SENDMMSG;
	c->warmup = 3;
	c->rounds = 15;
	c->messages = 65536;
	c->batch = 32;
	c->msgsize = 128;
	for (i = 0; i < sizeof(tcp_sizes) / sizeof(tcp_sizes[0]); i++)
		c->sizes[c->nsizes++] = tcp_sizes[i];
	c->seconds = 1.0;
	c->procs = n > 0 ? (int)n : 1;
	c->cpu = -1;
	c->inject_round = 0;
	c->tmpdir = "/tmp";
	c->out = stdout;
	if (kind != WL_UNIX_SEND) {
		c->warmup = 1;
		c->rounds = 5;
	}
}

int wl_parse_sizes(const char *s, struct wl_cfg *c)
{
	char *end;

	c->nsizes = 0;
	while (*s) {
		long v = strtol(s, &end, 10);

		if (end == s || v < 1 || v > (1 << 20) || c->nsizes >= WL_MAX_SIZES)
			return -1;
		c->sizes[c->nsizes++] = (int)v;
		s = end;
		if (*s == ',')
			s++;
		else if (*s)
			return -1;
	}
	return c->nsizes ? 0 : -1;
}

/* One workload option at argv[*a]: 1 consumed, 0 not a workload option,
 * -1 a bad value. */
int wl_option(struct wl_cfg *c, int argc, char **argv, int *a)
{
	const char *o = argv[*a];
	const char *v = *a + 1 < argc ? argv[*a + 1] : NULL;
	int k;

#define NEEDV() do { if (!v) return -1; (*a)++; } while (0)
	if (!strcmp(o, "-w") || !strcmp(o, "--workload")) {
		NEEDV();
		k = wl_parse_kind(v);
		if (k < 0)
			return -1;
		{
			struct wl_cfg d;
			/* workload defaults, keeping what was already set */
			wl_defaults(&d, (enum wl_kind)k);
			c->kind = d.kind;
			c->warmup = d.warmup;
			c->rounds = d.rounds;
		}
	} else if (!strcmp(o, "--variant")) {
		NEEDV();
		k = wl_parse_variant(v);
		if (k < 0)
			return -1;
		c->variant = (enum wl_variant)k;
	} else if (!strcmp(o, "--warmup")) {
		NEEDV();
		c->warmup = atoi(v);
	} else if (!strcmp(o, "--rounds")) {
		NEEDV();
		c->rounds = atoi(v);
	} else if (!strcmp(o, "--messages")) {
		NEEDV();
		c->messages = atol(v);
	} else if (!strcmp(o, "--batch")) {
		NEEDV();
		c->batch = atoi(v);
	} else if (!strcmp(o, "--msgsize")) {
		NEEDV();
		c->msgsize = atoi(v);
	} else if (!strcmp(o, "--sizes")) {
		NEEDV();
		if (wl_parse_sizes(v, c))
			return -1;
	} else if (!strcmp(o, "--seconds")) {
		NEEDV();
		c->seconds = atof(v);
	} else if (!strcmp(o, "--procs")) {
		NEEDV();
		c->procs = atoi(v);
	} else if (!strcmp(o, "--cpu")) {
		NEEDV();
		c->cpu = atoi(v);
	} else if (!strcmp(o, "--inject")) {
		NEEDV();
		k = wl_parse_inject(v);
		if (k < 0)
			return -1;
		c->inject = (enum wl_inject)k;
	} else if (!strcmp(o, "--inject-round")) {
		NEEDV();
		c->inject_round = atoi(v);
	} else if (!strcmp(o, "--tmpdir")) {
		NEEDV();
		c->tmpdir = v;
	} else {
		return 0;
	}
#undef NEEDV
	if (c->warmup < 0 || c->rounds < 1 || c->messages < 1 || c->batch < 1 ||
	    c->batch > 1024 || c->msgsize < 16 || c->msgsize > 65000 ||
	    c->seconds <= 0 || c->procs < 1 || c->procs > 1024)
		return -1;
	return 1;
}

void wl_row(FILE *f, const struct wl_row *r)
{
	int ok = r->payload_ok && r->len_ok && r->count_ok && r->queue_ok &&
		 r->med_ok;

	fprintf(f, "row\t%s\t%s\t%d\t%d\t%d\t%.6f\t%s\t%d\t%d\t%d\t%d\t%d\t%d\n",
		r->workload, r->variant, r->size, r->round, r->warmup, r->value,
		r->unit, r->payload_ok, r->len_ok, r->count_ok, r->queue_ok,
		r->med_ok, ok);
	fflush(f);
}

int wl_pin(int cpu)
{
	cpu_set_t set;

	if (cpu < 0)
		return 0;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		fprintf(stderr, "aamed bench: cannot pin to CPU %d: %s\n", cpu,
			strerror(errno));
		return -1;
	}
	return 0;
}

/* ------------------------------------------------------------ identity */
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

/* ---------------------------------------------------------- unix-send */
#define MAGIC 0xaa3ed5e1u

struct msghead {
	uint32_t magic;
	uint32_t round;
	uint64_t seq;
};

/* What the receiving side found. */
struct vstate {
	uint64_t expect;	/* next sequence number */
	long received;
	int payload_ok, len_ok, count_ok, queue_ok;
};

static void vreset(struct vstate *v)
{
	v->expect = 0;
	v->received = 0;
	v->payload_ok = v->len_ok = v->count_ok = v->queue_ok = 1;
}

static unsigned char body_byte(size_t i)
{
	return (unsigned char)(i * 7u + 13u);
}

static void fill_body(unsigned char *m, int size)
{
	int i;

	for (i = (int)sizeof(struct msghead); i < size; i++)
		m[i] = body_byte((size_t)i);
}

static void vcheck(struct vstate *v, const unsigned char *m, size_t len,
		   const unsigned char *ref, int size, int round)
{
	struct msghead h;

	v->received++;
	if (len != (size_t)size)
		v->len_ok = 0;
	if (len < sizeof(h)) {
		v->payload_ok = 0;
		return;
	}
	memcpy(&h, m, sizeof(h));
	if (h.magic != MAGIC || h.round != (uint32_t)round)
		v->payload_ok = 0;
	if (h.seq != v->expect)
		v->count_ok = 0;	/* lost (or reordered) */
	v->expect = h.seq + 1;
	if (len > sizeof(h) &&
	    memcmp(m + sizeof(h), ref + sizeof(h),
		   (len < (size_t)size ? len : (size_t)size) - sizeof(h)))
		v->payload_ok = 0;
}

/* The ring of messages of one batch. */
struct ubuf {
	unsigned char *ref;	/* the expected payload */
	unsigned char *sbuf, *rbuf;
	struct mmsghdr *smsg, *rmsg;
	struct iovec *siov, *riov;
	int n, size;
};

static int ubuf_init(struct ubuf *b, int n, int size)
{
	int i;

	b->n = n;
	b->size = size;
	b->ref = calloc(1, (size_t)size);
	b->sbuf = calloc((size_t)n, (size_t)size);
	b->rbuf = calloc((size_t)n, (size_t)size + 64);
	b->smsg = calloc((size_t)n, sizeof(*b->smsg));
	b->rmsg = calloc((size_t)n, sizeof(*b->rmsg));
	b->siov = calloc((size_t)n, sizeof(*b->siov));
	b->riov = calloc((size_t)n, sizeof(*b->riov));
	if (!b->ref || !b->sbuf || !b->rbuf || !b->smsg || !b->rmsg ||
	    !b->siov || !b->riov)
		return -1;
	fill_body(b->ref, size);
	for (i = 0; i < n; i++) {
		fill_body(b->sbuf + (size_t)i * (size_t)size, size);
		b->siov[i].iov_base = b->sbuf + (size_t)i * (size_t)size;
		b->siov[i].iov_len = (size_t)size;
		b->smsg[i].msg_hdr.msg_iov = &b->siov[i];
		b->smsg[i].msg_hdr.msg_iovlen = 1;
		b->riov[i].iov_base = b->rbuf + (size_t)i * ((size_t)size + 64);
		b->riov[i].iov_len = (size_t)size + 64;
		b->rmsg[i].msg_hdr.msg_iov = &b->riov[i];
		b->rmsg[i].msg_hdr.msg_iovlen = 1;
	}
	return 0;
}

static void ubuf_free(struct ubuf *b)
{
	free(b->ref);
	free(b->sbuf);
	free(b->rbuf);
	free(b->smsg);
	free(b->rmsg);
	free(b->siov);
	free(b->riov);
}

/* Stamp n messages with round and sequence numbers (untimed). */
static void ubuf_stamp(struct ubuf *b, int n, int round, uint64_t seq)
{
	int i;

	for (i = 0; i < n; i++) {
		struct msghead h = { MAGIC, (uint32_t)round, seq + (uint64_t)i };

		memcpy(b->sbuf + (size_t)i * (size_t)b->size, &h, sizeof(h));
		b->siov[i].iov_len = (size_t)b->size;
	}
}

/* Drain what is queued on fd (up to max) and validate it. */
static void udrain(int fd, struct ubuf *b, int max, int round,
		   struct vstate *v)
{
	int k, i;

	for (;;) {
		for (i = 0; i < b->n; i++)
			b->riov[i].iov_len = (size_t)b->size + 64;
		k = recvmmsg(fd, b->rmsg, (unsigned)(max < b->n ? max : b->n),
			     MSG_DONTWAIT, NULL);
		if (k <= 0)
			return;
		for (i = 0; i < k; i++)
			vcheck(v, b->rbuf + (size_t)i * ((size_t)b->size + 64),
			       b->rmsg[i].msg_len, b->ref, b->size, round);
		max -= k;
		if (max <= 0)
			return;
	}
}

static int queue_empty(int fd)
{
	char c;
	ssize_t r = recv(fd, &c, 1, MSG_DONTWAIT | MSG_PEEK);

	return r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
}

/*
 * The injected fault of this batch, if any: the first batch of the
 * measured round inject_round.
 */
static enum wl_inject fault_now(const struct wl_cfg *c, int round, long sent)
{
	return round == c->inject_round && sent == 0 ? c->inject : WI_NONE;
}

/* Apply a fault to the stamped batch; returns how many messages to send
 * (the caller still counts n). */
static int fault_apply(struct ubuf *b, enum wl_inject f, int n)
{
	switch (f) {
	case WI_CORRUPT:
		b->sbuf[b->size - 1] ^= 0x5a;
		return n;
	case WI_SHORT:
		b->siov[0].iov_len = (size_t)b->size - 1;
		return n;
	case WI_LOST:
		return n - 1;
	default:
		return n;
	}
}

static void fault_undo(struct ubuf *b, enum wl_inject f)
{
	if (f == WI_CORRUPT)
		b->sbuf[b->size - 1] ^= 0x5a;
}

/* Send all n messages of smsg (the kernel may take fewer at once). */
static int send_all(int fd, struct mmsghdr *m, int n)
{
	int done = 0;

	while (done < n) {
		int k = sendmmsg(fd, m + done, (unsigned)(n - done), 0);

		if (k < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		done += k;
	}
	return 0;
}

static void unix_row(const struct wl_cfg *c, int round, double ns,
		     const struct vstate *v, int med_ok)
{
	struct wl_row r = {
		.workload = "unix-send", .variant = wl_variant_name(c->variant),
		.size = c->msgsize, .round = round < 0 ? round + c->warmup : round,
		.warmup = round < 0, .value = ns, .unit = "ns/message",
		.payload_ok = v->payload_ok, .len_ok = v->len_ok,
		.count_ok = v->count_ok && v->received == c->messages,
		.queue_ok = v->queue_ok, .med_ok = med_ok,
	};
	wl_row(c->out, &r);
}

/* socketpair + sendmmsg, or the same pair driven through io_uring. */
static int unix_local(struct wl_cfg *c)
{
	int sv[2], round, rc = -1;
	struct ubuf b;
	struct io_uring ring;
	bool uring = c->variant == WV_IO_URING;
	int sndbuf = 4 << 20;
	MED_UNIX_DECL;

	MED_UNIX_INIT(c, NULL, NULL);
	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv)) {
		perror("aamed bench: socketpair");
		return -1;
	}
	setsockopt(sv[0], SOL_SOCKET, SO_SNDBUF, &sndbuf, sizeof(sndbuf));
	setsockopt(sv[1], SOL_SOCKET, SO_RCVBUF, &sndbuf, sizeof(sndbuf));
	if (ubuf_init(&b, c->batch, c->msgsize))
		goto out;
	if (uring) {
		int e = io_uring_queue_init((unsigned)c->batch * 2, &ring, 0);

		if (e) {
			fprintf(stderr, "aamed bench: io_uring_queue_init: %s\n",
				strerror(-e));
			goto out;
		}
	}
	for (round = -c->warmup; round < c->rounds; round++) {
		struct vstate v;
		uint64_t ns = 0;
		long sent = 0;
		int acc = 0;

		vreset(&v);
		while (sent < c->messages) {
			int n = (int)(c->messages - sent < c->batch ?
				      c->messages - sent : c->batch);
			enum wl_inject f = fault_now(c, round, sent);
			int ns_send, i;
			uint64_t t0, t1;

			ubuf_stamp(&b, n, round, (uint64_t)sent);
			ns_send = fault_apply(&b, f, n);
			if (!uring) {
				t0 = now_ns();
				for (i = 0; i < ns_send; i++)
					MED_UNIX(c, acc);
				if (send_all(sv[0], b.smsg, ns_send)) {
					perror("aamed bench: sendmmsg");
					goto out_ring;
				}
				t1 = now_ns();
			} else {
				struct io_uring_cqe *cqe;

				for (i = 0; i < ns_send; i++) {
					struct io_uring_sqe *sqe =
						io_uring_get_sqe(&ring);

					io_uring_prep_send(sqe, sv[0], b.siov[i].iov_base,
							   b.siov[i].iov_len, 0);
				}
				t0 = now_ns();
				for (i = 0; i < ns_send; i++)
					MED_UNIX(c, acc);
				io_uring_submit_and_wait(&ring, (unsigned)ns_send);
				for (i = 0; i < ns_send; i++) {
					if (io_uring_wait_cqe(&ring, &cqe)) {
						fprintf(stderr, "aamed bench: io_uring_wait_cqe failed\n");
						goto out_ring;
					}
					if (cqe->res != (int)b.siov[i].iov_len) {
						if (cqe->res < 0)
							v.count_ok = 0;
					}
					io_uring_cqe_seen(&ring, cqe);
				}
				t1 = now_ns();
			}
			ns += t1 - t0;
			fault_undo(&b, f);
			sent += n;
			udrain(sv[1], &b, n, round, &v);
		}
		if (round == c->inject_round && c->inject == WI_QUEUE) {
			ubuf_stamp(&b, 1, round, (uint64_t)sent);
			send_all(sv[0], b.smsg, 1);
		}
		v.queue_ok = queue_empty(sv[1]);
		if (uring && io_uring_cq_ready(&ring))
			v.queue_ok = 0;
		unix_row(c, round, (double)ns / (double)c->messages, &v, !acc);
		if (!v.queue_ok) {
			struct vstate junk;

			vreset(&junk);
			udrain(sv[1], &b, 1 << 20, round, &junk);
		}
		c->decisions += (unsigned long)c->messages * MED_UNIX_PER *
				(c->med != NULL);
	}
	rc = 0;
out_ring:
	if (uring)
		io_uring_queue_exit(&ring);
out:
	ubuf_free(&b);
	close(sv[0]);
	close(sv[1]);
	return rc;
}

/* Receiver of the two-process variant: commands on cfd, replies on rfd. */
struct ucmd {
	int n;		/* >0: drain n; 0: end of round; -1: quit */
	int round;
};

static void unix_receiver(int fd, int cfd, int rfd, int batch, int size)
{
	struct ubuf b;
	struct vstate v;
	struct ucmd cmd;

	if (ubuf_init(&b, batch, size))
		_exit(1);
	vreset(&v);
	while (read(cfd, &cmd, sizeof(cmd)) == (ssize_t)sizeof(cmd)) {
		if (cmd.n < 0)
			break;
		if (cmd.n > 0) {
			udrain(fd, &b, cmd.n, cmd.round, &v);
			if (write(rfd, &cmd.n, sizeof(cmd.n)) < 0)
				_exit(1);
			continue;
		}
		v.queue_ok = queue_empty(fd);
		if (!v.queue_ok) {
			struct vstate junk;

			vreset(&junk);
			udrain(fd, &b, 1 << 20, cmd.round, &junk);
		}
		if (write(rfd, &v, sizeof(v)) < 0)
			_exit(1);
		vreset(&v);
	}
	_exit(0);
}

static int abstract_sock(const char *name, struct sockaddr_un *sa,
			 socklen_t *len)
{
	int fd = socket(AF_UNIX, SOCK_DGRAM, 0);

	memset(sa, 0, sizeof(*sa));
	sa->sun_family = AF_UNIX;
	snprintf(sa->sun_path + 1, sizeof(sa->sun_path) - 1, "%s", name);
	*len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 +
			   strlen(name));
	if (fd < 0 || bind(fd, (struct sockaddr *)sa, *len)) {
		perror("aamed bench: abstract socket");
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return fd;
}

/* Connected abstract sockets, the receiver in another process. */
static int unix_twoproc(struct wl_cfg *c)
{
	char sname[96], rname[96], ssname[100], srname[100];
	struct sockaddr_un ssa, rsa;
	socklen_t slen, rlen;
	int s, r, cp[2], rp[2], round, rc = -1, status;
	int sndbuf = 4 << 20;
	pid_t pid;
	struct ubuf b;
	MED_UNIX_DECL;

	snprintf(sname, sizeof(sname), "aamed-bench-%ld-s", (long)getpid());
	snprintf(rname, sizeof(rname), "aamed-bench-%ld-r", (long)getpid());
	snprintf(ssname, sizeof(ssname), "@%s", sname);
	snprintf(srname, sizeof(srname), "@%s", rname);
	MED_UNIX_INIT(c, ssname, srname);
	s = abstract_sock(sname, &ssa, &slen);
	r = abstract_sock(rname, &rsa, &rlen);
	if (s < 0 || r < 0)
		return -1;
	/* each connected to the other: no max_dgram_qlen throttling */
	if (connect(s, (struct sockaddr *)&rsa, rlen) ||
	    connect(r, (struct sockaddr *)&ssa, slen)) {
		perror("aamed bench: connect");
		return -1;
	}
	setsockopt(s, SOL_SOCKET, SO_SNDBUF, &sndbuf, sizeof(sndbuf));
	setsockopt(r, SOL_SOCKET, SO_RCVBUF, &sndbuf, sizeof(sndbuf));
	if (pipe(cp) || pipe(rp))
		return -1;
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		close(s);
		close(cp[1]);
		close(rp[0]);
		unix_receiver(r, cp[0], rp[1], c->batch, c->msgsize);
	}
	close(r);
	close(cp[0]);
	close(rp[1]);
	if (ubuf_init(&b, c->batch, c->msgsize))
		goto out;
	for (round = -c->warmup; round < c->rounds; round++) {
		struct vstate v;
		struct ucmd cmd = { 0, round };
		uint64_t ns = 0;
		long sent = 0;
		int acc = 0, i, got;

		while (sent < c->messages) {
			int n = (int)(c->messages - sent < c->batch ?
				      c->messages - sent : c->batch);
			enum wl_inject f = fault_now(c, round, sent);
			int ns_send;
			uint64_t t0, t1;

			ubuf_stamp(&b, n, round, (uint64_t)sent);
			ns_send = fault_apply(&b, f, n);
			t0 = now_ns();
			for (i = 0; i < ns_send; i++)
				MED_UNIX(c, acc);
			if (send_all(s, b.smsg, ns_send)) {
				perror("aamed bench: sendmmsg");
				goto out;
			}
			t1 = now_ns();
			ns += t1 - t0;
			fault_undo(&b, f);
			sent += n;
			cmd.n = n;
			if (write(cp[1], &cmd, sizeof(cmd)) != (ssize_t)sizeof(cmd) ||
			    read(rp[0], &got, sizeof(got)) != (ssize_t)sizeof(got))
				goto out;
		}
		if (round == c->inject_round && c->inject == WI_QUEUE) {
			ubuf_stamp(&b, 1, round, (uint64_t)sent);
			send_all(s, b.smsg, 1);
		}
		cmd.n = 0;
		if (write(cp[1], &cmd, sizeof(cmd)) != (ssize_t)sizeof(cmd) ||
		    read(rp[0], &v, sizeof(v)) != (ssize_t)sizeof(v))
			goto out;
		unix_row(c, round, (double)ns / (double)c->messages, &v, !acc);
		c->decisions += (unsigned long)c->messages * MED_UNIX_PER *
				(c->med != NULL);
	}
	rc = 0;
out:
	{
		struct ucmd q = { -1, 0 };

		if (write(cp[1], &q, sizeof(q)) < 0)
			rc = -1;
	}
	close(cp[1]);
	close(rp[0]);
	close(s);
	waitpid(pid, &status, 0);
	ubuf_free(&b);
	return rc;
}

/* --------------------------------------------------------- tcp-stream */
#define PAT_PERIOD 65536
#define TCP_MAXMSG (1 << 20)

/* The byte stream: byte at offset o is pat[o % PAT_PERIOD]. */
static unsigned char *pattern(size_t extra)
{
	unsigned char *p = malloc(PAT_PERIOD + extra);
	size_t i;

	if (!p)
		return NULL;
	for (i = 0; i < PAT_PERIOD + extra; i++)
		p[i] = (unsigned char)((i % PAT_PERIOD) * 31u / 7u + (i % PAT_PERIOD) / 251u);
	return p;
}

struct tcheck {
	long long received;
	int payload_ok, count_ok, queue_ok;
};

/* Receiver: reads and validates; on each target from cfd drains up to it
 * and answers with its checks. */
static void tcp_receiver(int fd, int cfd, int rfd)
{
	size_t rsz = 256 * 1024;
	unsigned char *buf = malloc(rsz), *pat = pattern(rsz);
	struct tcheck t = { 0, 1, 1, 1 };
	long long target = -1;
	struct pollfd pf[2] = { { fd, POLLIN, 0 }, { cfd, POLLIN, 0 } };

	if (!buf || !pat)
		_exit(1);
	for (;;) {
		ssize_t k;

		if (target >= 0 && t.received >= target) {
			int avail = 0;

			if (t.received > target)
				t.count_ok = 0;
			ioctl(fd, FIONREAD, &avail);
			t.queue_ok = avail == 0;
			if (write(rfd, &t, sizeof(t)) < 0)
				_exit(1);
			t.payload_ok = t.count_ok = t.queue_ok = 1;
			target = -1;
		}
		if (poll(pf, 2, target >= 0 ? 3000 : -1) == 0) {
			/* the sender said more than arrived */
			t.count_ok = 0;
			t.received = target;
			continue;
		}
		if (pf[1].revents) {
			if (read(cfd, &target, sizeof(target)) != (ssize_t)sizeof(target))
				_exit(0);
			if (target < 0)
				_exit(0);
			continue;
		}
		k = recv(fd, buf, rsz, MSG_DONTWAIT);
		if (k == 0)
			_exit(0);
		if (k < 0)
			continue;
		if (memcmp(buf, pat + (size_t)(t.received % PAT_PERIOD), (size_t)k))
			t.payload_ok = 0;
		t.received += k;
	}
}

static int tcp_stream(struct wl_cfg *c)
{
	int si, rc = 0;
	unsigned char *pat = pattern(TCP_MAXMSG);
	MED_TCP_DECL;

	MED_TCP_INIT(c);
	if (!pat)
		return -1;
	for (si = 0; si < c->nsizes && !rc; si++) {
		int size = c->sizes[si], lfd, s = -1, r, cp[2], rp[2], round, one = 1;
		struct sockaddr_in sa = { .sin_family = AF_INET };
		socklen_t sl = sizeof(sa);
		pid_t pid;
		long long total = 0;

		if (size > TCP_MAXMSG)
			return -1;
		sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		lfd = socket(AF_INET, SOCK_STREAM, 0);
		setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
		if (lfd < 0 || bind(lfd, (struct sockaddr *)&sa, sizeof(sa)) ||
		    listen(lfd, 1) ||
		    getsockname(lfd, (struct sockaddr *)&sa, &sl)) {
			perror("aamed bench: tcp listen");
			return -1;
		}
		s = socket(AF_INET, SOCK_STREAM, 0);
		if (s < 0 || connect(s, (struct sockaddr *)&sa, sizeof(sa))) {
			perror("aamed bench: tcp connect");
			return -1;
		}
		r = accept(lfd, NULL, NULL);
		close(lfd);
		if (r < 0 || pipe(cp) || pipe(rp))
			return -1;
		fflush(NULL);
		pid = fork();
		if (pid == 0) {
			close(s);
			close(cp[1]);
			close(rp[0]);
			tcp_receiver(r, cp[0], rp[1]);
		}
		close(r);
		close(cp[0]);
		close(rp[1]);
		for (round = -c->warmup; round < c->rounds; round++) {
			uint64_t t0 = now_ns(), t1 = t0, limit = (uint64_t)(c->seconds * 1e9);
			long long bytes = 0, target;
			struct tcheck t;
			int acc = 0, len_ok = 1;
			unsigned long nsend = 0;
			bool fault = round == c->inject_round && c->inject != WI_NONE;

			do {
				ssize_t k;

				MED_TCP(c, acc);
				nsend++;
				k = send(s, pat + (size_t)(total % PAT_PERIOD),
					 (size_t)size, 0);
				if (k < 0) {
					if (errno == EINTR)
						continue;
					perror("aamed bench: send");
					rc = -1;
					break;
				}
				if (k != size)
					len_ok = 0;
				total += k;
				bytes += k;
				t1 = now_ns();
			} while (t1 - t0 < limit);
			target = total;
			if (fault && c->inject == WI_LOST)
				target += size;	/* claims one more message */
			if (fault && c->inject == WI_CORRUPT) {
				/* one byte off the pattern, then resync */
				unsigned char x = (unsigned char)~pat[total % PAT_PERIOD];

				if (send(s, &x, 1, 0) == 1) {
					total++;
					target++;
				}
			}
			if (write(cp[1], &target, sizeof(target)) != (ssize_t)sizeof(target) ||
			    read(rp[0], &t, sizeof(t)) != (ssize_t)sizeof(t)) {
				rc = -1;
				break;
			}
			if (fault && c->inject == WI_LOST)
				total += size;	/* receiver counted it */
			{
				struct wl_row row = {
					.workload = "tcp-stream", .variant = "send",
					.size = size,
					.round = round < 0 ? round + c->warmup : round,
					.warmup = round < 0,
					.value = (double)bytes * 8.0 / 1e6 /
						 ((double)(t1 - t0) / 1e9),
					.unit = "Mbit/s",
					.payload_ok = t.payload_ok,
					.len_ok = len_ok,
					.count_ok = t.count_ok,
					.queue_ok = t.queue_ok,
					.med_ok = !acc,
				};
				wl_row(c->out, &row);
			}
			if (c->med)
				c->decisions += nsend;
		}
		{
			long long q = -1;

			if (write(cp[1], &q, sizeof(q)) < 0)
				rc = -1;
		}
		close(s);
		close(cp[1]);
		close(rp[0]);
		waitpid(pid, NULL, 0);
	}
	free(pat);
	return rc;
}

/* -------------------------------------------------------------- open1 */
struct o1slot {
	volatile unsigned long count;
	volatile unsigned long fails;	/* open or close failed */
	volatile unsigned long denied;	/* mediation said no */
	volatile unsigned long open_fds;	/* opened, not closed, at exit */
	char pad[64 - 4 * sizeof(unsigned long)];
};

static void open1_child(struct wl_cfg *c, struct o1slot *slot,
			volatile int *stop, int i)
{
	char path[4096];
	int fd, acc = 0;
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	MED_OPEN_DECL;

	if (ncpu > 0)
		wl_pin((int)(i % ncpu));
	snprintf(path, sizeof(path), "%s/aamed-open1-%ld-%d", c->tmpdir,
		 (long)getppid(), i);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0) {
		slot->fails++;
		_exit(1);
	}
	close(fd);
	MED_OPEN_INIT(c, path);
	while (!*stop) {
		MED_OPEN(c, acc);
		fd = open(path, O_RDWR);
		if (fd < 0) {
			slot->fails++;
			continue;
		}
		if (close(fd))
			slot->fails++;
		slot->count++;
	}
	slot->denied = acc != 0;
	unlink(path);
	_exit(0);
}

static int open1(struct wl_cfg *c)
{
	size_t sz = sizeof(struct o1slot) * (size_t)c->procs + 64;
	void *shm = mmap(NULL, sz, PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	struct o1slot *slots;
	volatile int *stop;
	pid_t *pids;
	int i, round, rc = 0;
	unsigned long prev = 0;
	uint64_t tprev;

	if (shm == MAP_FAILED)
		return -1;
	stop = shm;
	slots = (struct o1slot *)((char *)shm + 64);
	pids = calloc((size_t)c->procs, sizeof(*pids));
	if (!pids)
		return -1;
	fflush(NULL);
	for (i = 0; i < c->procs; i++) {
		pids[i] = fork();
		if (pids[i] == 0)
			open1_child(c, &slots[i], stop, i);
	}
	tprev = now_ns();
	for (round = -c->warmup; round < c->rounds; round++) {
		struct timespec d = { (time_t)c->seconds,
				      (long)((c->seconds - (double)(time_t)c->seconds) * 1e9) };
		unsigned long sum = 0, fails = 0;
		uint64_t t;

		nanosleep(&d, NULL);
		t = now_ns();
		for (i = 0; i < c->procs; i++) {
			sum += slots[i].count;
			fails += slots[i].fails;
		}
		{
			struct wl_row row = {
				.workload = "open1", .variant = "processes",
				.size = c->procs,
				.round = round < 0 ? round + c->warmup : round,
				.warmup = round < 0,
				.value = (double)(sum - prev) / ((double)(t - tprev) / 1e9),
				.unit = "ops/s",
				.payload_ok = 1, .len_ok = 1,
				.count_ok = fails == 0 && sum > prev,
				.queue_ok = 1, .med_ok = 1,
			};
			wl_row(c->out, &row);
		}
		prev = sum;
		tprev = t;
	}
	*stop = 1;
	for (i = 0; i < c->procs; i++) {
		int st;

		waitpid(pids[i], &st, 0);
		if (!WIFEXITED(st) || WEXITSTATUS(st))
			rc = -1;
		if (slots[i].denied) {
			fprintf(stderr, "aamed bench: open1: a decision denied\n");
			rc = -1;
		}
	}
	if (c->med)	/* every open made, also after the last sample */
		for (i = 0; i < c->procs; i++)
			c->decisions += slots[i].count + slots[i].fails;
	free(pids);
	munmap(shm, sz);
	return rc;
}

int wl_run(struct wl_cfg *c)
{
	if (c->kind != WL_OPEN1 && wl_pin(c->cpu))
		return -1;
	signal(SIGPIPE, SIG_IGN);
	switch (c->kind) {
	case WL_UNIX_SEND:
		return c->variant == WV_TWOPROC ? unix_twoproc(c) : unix_local(c);
	case WL_TCP_STREAM:
		return tcp_stream(c);
	case WL_OPEN1:
		return open1(c);
	default:
		return -1;
	}
}
