/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The workloads' shared pieces (bench_wl*.c only): the clock, each
 * workload's entry, the mediation aamed does where the kernel runs its
 * hook (WL_AAMED builds only), and unix-send's message ring.
 */
#ifndef AAMED_BENCH_WL_INT_H
#define AAMED_BENCH_WL_INT_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/socket.h>

#include "bench_int.h"

uint64_t wl_now_ns(void);	/* CLOCK_MONOTONIC */

/* The workloads: 0, or -1 with a message on stderr. */
int wl_unix_local(struct wl_cfg *c);	/* sendmmsg and io_uring */
int wl_unix_twoproc(struct wl_cfg *c);
int wl_tcp_stream(struct wl_cfg *c);
int wl_open1(struct wl_cfg *c);

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

/* ------------------------------------------------- unix-send messages */
/* What the receiving side found. */
struct vstate {
	uint64_t expect;	/* next sequence number */
	long received;
	int payload_ok, len_ok, count_ok, queue_ok;
};

/* The ring of messages of one batch. */
struct ubuf {
	unsigned char *ref;	/* the expected payload */
	unsigned char *sbuf, *rbuf;
	struct mmsghdr *smsg, *rmsg;
	struct iovec *siov, *riov;
	int n, size;
};

void um_vreset(struct vstate *v);
/* n messages of size bytes; um_free releases them, also after a failure */
int um_init(struct ubuf *b, int n, int size);
void um_free(struct ubuf *b);
/* Stamp n messages with round and sequence numbers (untimed). */
void um_stamp(struct ubuf *b, int n, int round, uint64_t seq);
/* Drain what is queued on fd (up to max) and validate it. */
void um_drain(int fd, struct ubuf *b, int max, int round, struct vstate *v);
int um_queue_empty(int fd);
enum wl_inject um_fault_now(const struct wl_cfg *c, int round, long sent);
int um_fault_apply(struct ubuf *b, enum wl_inject f, int n);
void um_fault_undo(struct ubuf *b, enum wl_inject f);
/* Send all n messages of m (the kernel may take fewer at once). */
int um_send_all(int fd, struct mmsghdr *m, int n);

#endif
