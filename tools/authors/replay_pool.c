// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed replay --jobs N: N worker processes decide chunks of records.
 *
 * Processes, not threads: libapparmor's parse_record() keeps its parser
 * state in globals, so two threads cannot parse at once. The workers are
 * forked once the policy is loaded and the chunk ring mapped: they share
 * both (the policy copy-on-write, only read) and each has its own label
 * cache, memo and groups.
 *
 * The reader sends each filled chunk's sequence number on a packet
 * socket all workers read (each number reaches one worker); a worker
 * decides the chunk in the shared ring, then writes on its own pipe the
 * groups it created since its last chunk ('D': kind, direction, key and
 * fields; their ids follow its tables' order), then 'C' and the number.
 * At the end (the socket closed) it writes 'S' and its totals. The reader
 * keeps each worker's groups by id and maps them to the run's groups
 * when it counts, in input order.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "replay.h"

/* The reader's view of one worker; owns its buffer and groups. */
struct pool_worker {
	pid_t pid;
	int fd;				/* its messages; -1: ended */
	char *buf;			/* read, not yet taken */
	size_t len, cap;
	struct replay_entry **defs[2];	/* its groups by id: changes, reasons */
	size_t ndefs[2], capdefs[2];
};

struct replay_pool {
	int work;			/* the reader's end; -1: closed */
	struct pool_worker *w;
	struct pollfd *fds;		/* one per worker */
	int n;
};

static void fatal(const char *msg)
{
	fprintf(stderr, "aamed replay: %s\n", msg);
	exit(EXIT_USAGE);
}

static void *need_mem(void *p)
{
	if (!p)
		fatal("out of memory");
	return p;
}

/* ------------------------------------------------------------------ */
/* Messages: bytes appended to a buffer, written in one go per chunk. */
struct msg {
	char *b;
	size_t len, cap;
};

static void put(struct msg *m, const void *p, size_t n)
{
	if (m->len + n > m->cap) {
		m->cap = (m->len + n) * 2;
		m->b = realloc(m->b, m->cap);
		if (!m->b)
			_exit(EXIT_USAGE);	/* the reader reports it */
	}
	memcpy(m->b + m->len, p, n);
	m->len += n;
}

static void put_str(struct msg *m, const char *s)
{
	uint32_t n = s ? (uint32_t)strlen(s) : UINT32_MAX;

	put(m, &n, sizeof(n));
	if (s)
		put(m, s, n);
}

static void flush_msg(struct msg *m, int fd)
{
	size_t off = 0;

	while (off < m->len) {
		ssize_t k = write(fd, m->b + off, m->len - off);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			_exit(EXIT_USAGE);
		off += (size_t)k;
	}
	m->len = 0;
}

/* The groups of table t from *sent on, as 'D' messages. */
static void put_defs(struct msg *m, const struct replay_table *t, char kind,
		     size_t *sent)
{
	for (; *sent < t->norder; (*sent)++) {
		const struct replay_entry *e = t->order[*sent];
		int32_t dir = e->dir;
		int j;

		put(m, "D", 1);
		put(m, &kind, 1);
		put(m, &dir, sizeof(dir));
		put_str(m, e->key);
		for (j = 0; j < REPLAY_FIELDS; j++)
			put_str(m, e->fields[j]);
	}
}

static void worker_main(struct replay *r, int idx, int in, int out)
{
	struct replay_chunks *j = r->chunks;
	struct replay_worker w;
	struct msg m = { 0 };
	size_t sent[2] = { 0, 0 };
	long seq;
	double st[4];

	if (replay_worker_init(&w, r, false))
		_exit(EXIT_USAGE);
	for (;;) {
		ssize_t k = recv(in, &seq, sizeof(seq), 0);
		struct replay_chunk *c;

		if (k < 0 && errno == EINTR)
			continue;
		if (k != (ssize_t)sizeof(seq))
			break;		/* 0: the reader is done */
		c = &j->ring[seq % j->k];
		c->worker = idx;
		replay_decide_chunk(&w, c);
		put_defs(&m, &w.own_changes, 0, &sent[0]);
		put_defs(&m, &w.own_reasons, 1, &sent[1]);
		put(&m, "C", 1);
		put(&m, &seq, sizeof(seq));
		flush_msg(&m, out);
	}
	st[0] = (double)w.memo_hits;
	st[1] = (double)w.decided;
	st[2] = w.decide_ns;
	st[3] = (double)w.timed;
	put(&m, "S", 1);
	put(&m, st, sizeof(st));
	flush_msg(&m, out);
	_exit(0);
}

/* ------------------------------------------------------------------ */
int replay_pool_start(struct replay *r)
{
	struct replay_pool *p = calloc(1, sizeof(*p));
	int sv[2], i, k;

	if (!p)
		return -1;
	r->chunks->pool = p;
	p->work = -1;
	p->w = calloc((size_t)r->jobs, sizeof(*p->w));
	p->fds = calloc((size_t)r->jobs, sizeof(*p->fds));
	if (!p->w || !p->fds || socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv))
		return -1;
	p->work = sv[0];
	for (i = 0; i < r->jobs; i++) {
		int fds[2];

		p->w[i].fd = -1;
		if (pipe(fds))
			break;
		fflush(NULL);	/* nothing buffered twice */
		p->w[i].pid = fork();
		if (p->w[i].pid < 0) {
			close(fds[0]);
			close(fds[1]);
			break;
		}
		if (!p->w[i].pid) {
			close(sv[0]);
			close(fds[0]);
			for (k = 0; k < i; k++)
				close(p->w[k].fd);
			worker_main(r, i, sv[1], fds[1]);
		}
		close(fds[1]);
		p->w[i].fd = fds[0];
		p->n++;
	}
	close(sv[1]);
	return p->n == r->jobs ? 0 : -1;
}

void replay_pool_hand(struct replay *r, long seq)
{
	struct replay_pool *p = r->chunks->pool;

	while (send(p->work, &seq, sizeof(seq), MSG_NOSIGNAL) < 0)
		if (errno != EINTR)
			fatal("the worker processes ended early");
}

/* ------------------------------------------------------------------ */
/* Taking messages from a worker's buffer: false when incomplete. */
struct cursor {
	const char *p, *e;
};

static bool take(struct cursor *c, void *out, size_t n)
{
	if ((size_t)(c->e - c->p) < n)
		return false;
	memcpy(out, c->p, n);
	c->p += n;
	return true;
}

static bool take_str(struct cursor *c, char **out)
{
	uint32_t n;

	*out = NULL;
	if (!take(c, &n, sizeof(n)))
		return false;
	if (n == UINT32_MAX)
		return true;
	if ((size_t)(c->e - c->p) < n)
		return false;
	*out = need_mem(malloc((size_t)n + 1));
	memcpy(*out, c->p, n);
	(*out)[n] = 0;
	c->p += n;
	return true;
}

static void free_def(struct replay_entry *e)
{
	int j;

	if (!e)
		return;
	free(e->key);
	for (j = 0; j < REPLAY_FIELDS; j++)
		free(e->fields[j]);
	free(e);
}

/* A 'D' message; false when incomplete (nothing kept). */
static bool take_def(struct cursor *c, struct pool_worker *w)
{
	struct replay_entry *e = need_mem(calloc(1, sizeof(*e)));
	char kind;
	int32_t dir;
	bool ok = take(c, &kind, 1) && take(c, &dir, sizeof(dir)) &&
		  take_str(c, &e->key);
	int j, t;

	for (j = 0; ok && j < REPLAY_FIELDS; j++)
		ok = take_str(c, &e->fields[j]);
	if (!ok || !e->key || (kind != 0 && kind != 1)) {
		free_def(e);
		if (ok)
			fatal("malformed message from a worker process");
		return false;
	}
	e->dir = dir;
	t = kind;
	if (w->ndefs[t] == w->capdefs[t]) {
		w->capdefs[t] = w->capdefs[t] ? 2 * w->capdefs[t] : 64;
		w->defs[t] = need_mem(realloc(w->defs[t], w->capdefs[t] *
							      sizeof(*w->defs[t])));
	}
	e->id = (long)w->ndefs[t];
	w->defs[t][w->ndefs[t]++] = e;
	return true;
}

/* Every complete message in w's buffer. */
static void take_messages(struct replay *r, struct pool_worker *w, int idx)
{
	struct replay_chunks *j = r->chunks;
	struct cursor c = { w->buf, w->buf + w->len };

	while (c.p < c.e) {
		struct cursor at = c;
		char type = *c.p++;
		long seq;
		double st[4];

		if (type == 'D') {
			if (!take_def(&c, w))
				c = at;
		} else if (type == 'C') {
			if (take(&c, &seq, sizeof(seq))) {
				j->ring[seq % j->k].done = true;
				j->ring[seq % j->k].worker = idx;
			} else {
				c = at;
			}
		} else if (type == 'S') {
			if (take(&c, st, sizeof(st))) {
				r->memo_hits += (long)st[0];
				r->decided += (long)st[1];
				r->decide_ns += st[2];
				r->timed += (long)st[3];
			} else {
				c = at;
			}
		} else {
			fatal("malformed message from a worker process");
		}
		if (c.p == at.p)
			break;
	}
	w->len = (size_t)(c.e - c.p);
	memmove(w->buf, c.p, w->len);
}

/* Read what worker idx has written; false at its end. */
static bool read_worker(struct replay *r, struct pool_worker *w, int idx)
{
	ssize_t k;

	if (w->cap - w->len < 65536) {
		w->cap = w->cap ? 2 * w->cap : 1 << 17;
		w->buf = need_mem(realloc(w->buf, w->cap));
	}
	k = read(w->fd, w->buf + w->len, w->cap - w->len);
	if (k < 0 && errno == EINTR)
		return true;
	if (k <= 0) {
		close(w->fd);
		w->fd = -1;
		return false;
	}
	w->len += (size_t)k;
	take_messages(r, w, idx);
	return true;
}

/* One round of reading the workers; timeout as for poll(). */
static void poll_round(struct replay *r, int timeout)
{
	struct replay_pool *p = r->chunks->pool;
	struct pollfd *fds = p->fds;
	int i, n;

	for (i = 0; i < p->n; i++) {
		fds[i].fd = p->w[i].fd;	/* -1: ignored */
		fds[i].events = POLLIN;
		fds[i].revents = 0;
	}
	n = poll(fds, (nfds_t)p->n, timeout);
	if (n < 0 && errno != EINTR)
		fatal("cannot wait for the worker processes");
	for (i = 0; n > 0 && i < p->n; i++)
		if (fds[i].revents && !read_worker(r, &p->w[i], i) &&
		    p->work >= 0)
			fatal("a worker process ended early");
}

void replay_pool_poll(struct replay *r, long seq, bool wait)
{
	struct replay_chunk *c = &r->chunks->ring[seq % r->chunks->k];

	poll_round(r, 0);
	while (wait && !c->done)
		poll_round(r, -1);
}

struct replay_entry *replay_pool_group(struct replay *r, int w,
				       enum replay_kind kind, long id)
{
	struct pool_worker *pw = &r->chunks->pool->w[w];
	int t = kind == REPLAY_NOT_REBUILT;

	if (id < 0 || (size_t)id >= pw->ndefs[t])
		fatal("a worker process named a group it did not send");
	return replay_group_global(r, pw->defs[t][id], kind);
}

/* ------------------------------------------------------------------ */
static bool any_running(const struct replay_pool *p)
{
	int i;

	for (i = 0; i < p->n; i++)
		if (p->w[i].fd >= 0)
			return true;
	return false;
}

void replay_pool_finish(struct replay *r)
{
	struct replay_pool *p = r->chunks->pool;

	int i;

	close(p->work);
	p->work = -1;
	while (any_running(p))
		poll_round(r, -1);
	for (i = 0; i < p->n; i++) {
		while (waitpid(p->w[i].pid, NULL, 0) < 0 && errno == EINTR)
			;
		p->w[i].pid = 0;	/* reaped: its CPU time is counted */
	}
}

void replay_pool_free(struct replay *r)
{
	struct replay_pool *p = r->chunks->pool;
	int i, t;
	size_t d;

	if (!p)
		return;
	if (p->work >= 0)
		close(p->work);
	for (i = 0; p->w && i < p->n; i++) {
		struct pool_worker *w = &p->w[i];

		if (w->fd >= 0)
			close(w->fd);	/* a writing worker gets SIGPIPE */
		while (w->pid > 0 && waitpid(w->pid, NULL, 0) < 0 &&
		       errno == EINTR)
			;
		for (t = 0; t < 2; t++) {
			for (d = 0; d < w->ndefs[t]; d++)
				free_def(w->defs[t][d]);
			free(w->defs[t]);
		}
		free(w->buf);
	}
	free(p->w);
	free(p->fds);
	free(p);
	r->chunks->pool = NULL;
}
