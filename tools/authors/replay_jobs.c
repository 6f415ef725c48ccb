// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed replay: chunks of records, decided in input order or by worker
 * processes (--jobs N, replay_pool.c), always counted in input order.
 *
 * The reading process fills a ring of chunks. With one job it decides
 * each chunk itself as soon as it is full. With N jobs it hands chunks
 * to the workers and counts the oldest chunk once a worker has decided
 * it: the report, its groups' order and their example lines are those
 * of one job. Memory: 2N + 2 chunks, whatever the length of the input.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "replay.h"

/* ------------------------------------------------------------------ */
/* One shared mapping: the chunk headers, then each chunk's records and
 * text (mmap: the workers see it at the same address). */
static int ring_map(struct replay_chunks *j)
{
	size_t head = (size_t)j->k * sizeof(struct replay_chunk);
	size_t recs = REPLAY_CHUNK_RECORDS * sizeof(struct replay_slot);
	size_t text = REPLAY_CHUNK_TEXT + REPLAY_BUF;
	char *m;
	int i;

	head = (head + 63) & ~(size_t)63;
	j->maplen = head + (size_t)j->k * (recs + text);
	m = mmap(NULL, j->maplen, PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED) {
		j->map = NULL;
		return -1;
	}
	j->map = m;
	j->ring = (struct replay_chunk *)m;
	for (i = 0; i < j->k; i++) {
		struct replay_chunk *c = &j->ring[i];
		char *base = m + head + (size_t)i * (recs + text);

		c->rec = (struct replay_slot *)base;
		c->text = base + recs;
		c->cap = text;
	}
	return 0;
}

int replay_jobs_start(struct replay *r)
{
	struct replay_chunks *j = calloc(1, sizeof(*j));

	if (!j)
		return -1;
	r->chunks = j;
	j->k = r->jobs > 1 ? 2 * r->jobs + 2 : 1;
	if (ring_map(j))
		return -1;
	if (r->jobs == 1)
		return replay_worker_init(&j->w, r, true);
	return replay_pool_start(r);
}

/* ------------------------------------------------------------------ */
/* The decided chunk counted, in input order (the reading process). */
static void count_chunk(struct replay *r, struct replay_chunk *c)
{
	int i;

	for (i = 0; i < c->n; i++) {
		struct replay_slot *s = &c->rec[i];
		struct replay_outcome o = s->o;

		if (r->jobs > 1)
			o.entry = s->gid < 0 ? NULL :
					       replay_pool_group(r, c->worker,
								 o.kind, s->gid);
		r->records++;
		replay_count(r, &o, c->file, s->line);
	}
	if (r->progress)
		replay_progress_update(r);
}

/* Count the decided chunks at the tail, first waiting for the oldest
 * when wait_oldest. */
static void count_ready(struct replay *r, bool wait_oldest)
{
	struct replay_chunks *j = r->chunks;

	while (j->tail < j->head) {
		struct replay_chunk *c = &j->ring[j->tail % j->k];

		replay_pool_poll(r, j->tail, wait_oldest);
		if (!c->done)
			return;
		count_chunk(r, c);
		j->tail++;
		wait_oldest = false;
	}
}

void replay_chunk_submit(struct replay *r)
{
	struct replay_chunks *j = r->chunks;
	struct replay_chunk *c = &j->ring[j->head % j->k];

	if (!j->filling || !c->n)
		return;
	j->filling = false;
	if (r->jobs == 1) {
		replay_decide_chunk(&j->w, c);
		count_chunk(r, c);
		return;
	}
	replay_pool_hand(r, j->head++);
	count_ready(r, false);
}

struct replay_chunk *replay_chunk_room(struct replay *r, const char *file,
				       size_t need)
{
	struct replay_chunks *j = r->chunks;
	struct replay_chunk *c = &j->ring[j->head % j->k];

	if (j->filling && c->n &&
	    (c->file != file || c->n == REPLAY_CHUNK_RECORDS ||
	     c->used >= REPLAY_CHUNK_TEXT || c->cap - c->used < need))
		replay_chunk_submit(r);
	if (!j->filling) {
		while (j->head - j->tail >= j->k)
			count_ready(r, true);
		c = &j->ring[j->head % j->k];
		c->used = 0;
		c->n = 0;
		c->done = false;
		j->filling = true;
	}
	c->file = file;
	return c;
}

void replay_jobs_finish(struct replay *r)
{
	struct replay_chunks *j = r->chunks;

	replay_chunk_submit(r);
	if (r->jobs == 1) {
		r->memo_hits += j->w.memo_hits;
		r->decided += j->w.decided;
		r->timed += j->w.timed;
		r->decide_ns += j->w.decide_ns;
		return;
	}
	while (j->tail < j->head)
		count_ready(r, true);
	replay_pool_finish(r);
}

void replay_jobs_free(struct replay *r)
{
	struct replay_chunks *j = r->chunks;

	if (!j)
		return;
	if (r->jobs > 1)
		replay_pool_free(r);
	else
		replay_worker_fini(&j->w);
	if (j->map)
		munmap(j->map, j->maplen);
	free(j);
	r->chunks = NULL;
}
