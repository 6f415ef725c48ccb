// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * unix-send (seed 000): AF_UNIX SOCK_DGRAM sends in sendmmsg batches, or
 * the same socketpair driven by io_uring IORING_OP_SEND, or connected
 * abstract sockets with the receiver in another process. Only the send
 * is timed; the peer is drained and every message validated outside the
 * timed region (bench_wl_umsg.c).
 */
#include <errno.h>
#include <liburing.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench_wl_int.h"

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
int wl_unix_local(struct wl_cfg *c)
{
	int sv[2], round, rc = -1;
	struct ubuf b;
	struct io_uring ring;
	bool uring = c->variant == WV_IO_URING;
	int sndbuf = 4 << 20;
	MED_UNIX_DECL;

	MED_UNIX_INIT(c, NULL, NULL);
	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv)) {
		perror("aamed-bench: socketpair");
		return -1;
	}
	setsockopt(sv[0], SOL_SOCKET, SO_SNDBUF, &sndbuf, sizeof(sndbuf));
	setsockopt(sv[1], SOL_SOCKET, SO_RCVBUF, &sndbuf, sizeof(sndbuf));
	if (um_init(&b, c->batch, c->msgsize))
		goto out;
	if (uring) {
		int e = io_uring_queue_init((unsigned)c->batch * 2, &ring, 0);

		if (e) {
			fprintf(stderr, "aamed-bench: io_uring_queue_init: %s\n",
				strerror(-e));
			goto out;
		}
	}
	for (round = -c->warmup; round < c->rounds; round++) {
		struct vstate v;
		uint64_t ns = 0;
		long sent = 0;
		int acc = 0;

		um_vreset(&v);
		while (sent < c->messages) {
			int n = (int)(c->messages - sent < c->batch ?
				      c->messages - sent : c->batch);
			enum wl_inject f = um_fault_now(c, round, sent);
			int ns_send, i;
			uint64_t t0, t1;

			um_stamp(&b, n, round, (uint64_t)sent);
			ns_send = um_fault_apply(&b, f, n);
			if (!uring) {
				t0 = wl_now_ns();
				for (i = 0; i < ns_send; i++)
					MED_UNIX(c, acc);
				if (um_send_all(sv[0], b.smsg, ns_send)) {
					perror("aamed-bench: sendmmsg");
					goto out_ring;
				}
				t1 = wl_now_ns();
			} else {
				struct io_uring_cqe *cqe;

				for (i = 0; i < ns_send; i++) {
					struct io_uring_sqe *sqe =
						io_uring_get_sqe(&ring);

					io_uring_prep_send(sqe, sv[0], b.siov[i].iov_base,
							   b.siov[i].iov_len, 0);
				}
				t0 = wl_now_ns();
				for (i = 0; i < ns_send; i++)
					MED_UNIX(c, acc);
				io_uring_submit_and_wait(&ring, (unsigned)ns_send);
				for (i = 0; i < ns_send; i++) {
					if (io_uring_wait_cqe(&ring, &cqe)) {
						fprintf(stderr, "aamed-bench: io_uring_wait_cqe failed\n");
						goto out_ring;
					}
					if (cqe->res != (int)b.siov[i].iov_len) {
						if (cqe->res < 0)
							v.count_ok = 0;
					}
					io_uring_cqe_seen(&ring, cqe);
				}
				t1 = wl_now_ns();
			}
			ns += t1 - t0;
			um_fault_undo(&b, f);
			sent += n;
			um_drain(sv[1], &b, n, round, &v);
		}
		if (round == c->inject_round && c->inject == WI_QUEUE) {
			um_stamp(&b, 1, round, (uint64_t)sent);
			um_send_all(sv[0], b.smsg, 1);
		}
		v.queue_ok = um_queue_empty(sv[1]);
		if (uring && io_uring_cq_ready(&ring))
			v.queue_ok = 0;
		unix_row(c, round, (double)ns / (double)c->messages, &v, !acc);
		if (!v.queue_ok) {
			struct vstate junk;

			um_vreset(&junk);
			um_drain(sv[1], &b, 1 << 20, round, &junk);
		}
		c->decisions += (unsigned long)c->messages * MED_UNIX_PER *
				(c->med != NULL);
	}
	rc = 0;
out_ring:
	if (uring)
		io_uring_queue_exit(&ring);
out:
	um_free(&b);
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

	if (um_init(&b, batch, size))
		_exit(1);
	um_vreset(&v);
	while (read(cfd, &cmd, sizeof(cmd)) == (ssize_t)sizeof(cmd)) {
		if (cmd.n < 0)
			break;
		if (cmd.n > 0) {
			um_drain(fd, &b, cmd.n, cmd.round, &v);
			if (write(rfd, &cmd.n, sizeof(cmd.n)) < 0)
				_exit(1);
			continue;
		}
		v.queue_ok = um_queue_empty(fd);
		if (!v.queue_ok) {
			struct vstate junk;

			um_vreset(&junk);
			um_drain(fd, &b, 1 << 20, cmd.round, &junk);
		}
		if (write(rfd, &v, sizeof(v)) < 0)
			_exit(1);
		um_vreset(&v);
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
		perror("aamed-bench: abstract socket");
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return fd;
}

/* Connected abstract sockets, the receiver in another process. */
int wl_unix_twoproc(struct wl_cfg *c)
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
		perror("aamed-bench: connect");
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
	if (um_init(&b, c->batch, c->msgsize))
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
			enum wl_inject f = um_fault_now(c, round, sent);
			int ns_send;
			uint64_t t0, t1;

			um_stamp(&b, n, round, (uint64_t)sent);
			ns_send = um_fault_apply(&b, f, n);
			t0 = wl_now_ns();
			for (i = 0; i < ns_send; i++)
				MED_UNIX(c, acc);
			if (um_send_all(s, b.smsg, ns_send)) {
				perror("aamed-bench: sendmmsg");
				goto out;
			}
			t1 = wl_now_ns();
			ns += t1 - t0;
			um_fault_undo(&b, f);
			sent += n;
			cmd.n = n;
			if (write(cp[1], &cmd, sizeof(cmd)) != (ssize_t)sizeof(cmd) ||
			    read(rp[0], &got, sizeof(got)) != (ssize_t)sizeof(got))
				goto out;
		}
		if (round == c->inject_round && c->inject == WI_QUEUE) {
			um_stamp(&b, 1, round, (uint64_t)sent);
			um_send_all(s, b.smsg, 1);
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
	um_free(&b);
	return rc;
}
