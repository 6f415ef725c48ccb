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

int replay_worker_init(struct replay_worker *w, struct replay *r,
		       bool shared_groups)
{
	memset(w, 0, sizeof(*w));
	w->r = r;
	w->labels = calloc(1, sizeof(*w->labels));
	if (!w->labels)
		return -1;
	/* without the memo the run is slower, not wrong */
	if (r->memo)
		w->memo = replay_memo_new();
	w->changes = shared_groups ? &r->changes : &w->own_changes;
	w->reasons = shared_groups ? &r->reasons : &w->own_reasons;
	return 0;
}

void replay_worker_fini(struct replay_worker *w)
{
	if (w->labels)
		replay_labels_free(w->labels);
	free(w->labels);
	w->labels = NULL;
	replay_memo_free(w->memo);
	w->memo = NULL;
	replay_table_free(&w->own_changes);
	replay_table_free(&w->own_reasons);
}

void replay_decide_chunk(struct replay_worker *w, struct replay_chunk *c)
{
	int i;

	for (i = 0; i < c->n; i++) {
		struct replay_slot *s = &c->rec[i];
		struct replay_outcome o = { REPLAY_UNCHANGED, false, NULL };
		char *text = c->text + s->off;

		if (w->r->pass == REPLAY_PARSE_ONLY) {
			/* libapparmor's parser alone: no compatibility edits */
			aa_log_record *rec = parse_record(text);

			if (rec)
				free_record(rec);
		} else {
			o = replay_record(w, text, s->len);
		}
		s->o = o;
		s->gid = o.entry ? o.entry->id : -1;
	}
}

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
