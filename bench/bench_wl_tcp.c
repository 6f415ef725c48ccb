// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tcp-stream (seed 002, netperf TCP_STREAM style): loopback TCP, one
 * throughput per message size. The receiver, in another process,
 * validates every byte of the stream against a periodic pattern.
 */
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench_wl_int.h"

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

int wl_tcp_stream(struct wl_cfg *c)
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
			perror("aamed-bench: tcp listen");
			return -1;
		}
		s = socket(AF_INET, SOCK_STREAM, 0);
		if (s < 0 || connect(s, (struct sockaddr *)&sa, sizeof(sa))) {
			perror("aamed-bench: tcp connect");
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
			uint64_t t0 = wl_now_ns(), t1 = t0, limit = (uint64_t)(c->seconds * 1e9);
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
					perror("aamed-bench: send");
					rc = -1;
					break;
				}
				if (k != size)
					len_ok = 0;
				total += k;
				bytes += k;
				t1 = wl_now_ns();
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
