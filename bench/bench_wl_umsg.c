// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * unix-send's messages: a ring of one batch, each message stamped with
 * its round and sequence number over a fixed body, the receiving side's
 * checks (payload, length, count, empty queue) and the injected faults
 * that tests/bench uses to show the checks catch them.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "bench_wl_int.h"

#define MAGIC 0xaa3ed5e1u

struct msghead {
	uint32_t magic;
	uint32_t round;
	uint64_t seq;
};

void um_vreset(struct vstate *v)
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


int um_init(struct ubuf *b, int n, int size)
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

void um_free(struct ubuf *b)
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
void um_stamp(struct ubuf *b, int n, int round, uint64_t seq)
{
	int i;

	for (i = 0; i < n; i++) {
		struct msghead h = { MAGIC, (uint32_t)round, seq + (uint64_t)i };

		memcpy(b->sbuf + (size_t)i * (size_t)b->size, &h, sizeof(h));
		b->siov[i].iov_len = (size_t)b->size;
	}
}

/* Drain what is queued on fd (up to max) and validate it. */
void um_drain(int fd, struct ubuf *b, int max, int round,
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

int um_queue_empty(int fd)
{
	char c;
	ssize_t r = recv(fd, &c, 1, MSG_DONTWAIT | MSG_PEEK);

	return r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
}

/*
 * The injected fault of this batch, if any: the first batch of the
 * measured round inject_round.
 */
enum wl_inject um_fault_now(const struct wl_cfg *c, int round, long sent)
{
	return round == c->inject_round && sent == 0 ? c->inject : WI_NONE;
}

/* Apply a fault to the stamped batch; returns how many messages to send
 * (the caller still counts n). */
int um_fault_apply(struct ubuf *b, enum wl_inject f, int n)
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

void um_fault_undo(struct ubuf *b, enum wl_inject f)
{
	if (f == WI_CORRUPT)
		b->sbuf[b->size - 1] ^= 0x5a;
}

/* Send all n messages of smsg (the kernel may take fewer at once). */
int um_send_all(int fd, struct mmsghdr *m, int n)
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
