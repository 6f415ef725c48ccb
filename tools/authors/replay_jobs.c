// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed replay: chunks of records, decided in input order or by worker
 * threads (--jobs N), always counted in input order.
 *
 * The reading thread fills a ring of chunks. With one job it decides
 * each chunk itself as soon as it is full. With N jobs it hands chunks
 * to N worker threads and counts the oldest chunk once a worker has
 * decided it: the report, its groups' order and their example lines are
 * those of one job. Each worker has its own label cache, memo and
 * groups (mapped to the run's groups when counted); the policy is
 * shared and only read (the library's decisions are thread-safe).
 * Memory: 2N + 2 chunks, whatever the length of the input.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "replay.h"

struct replay_jobs {
	struct replay_worker *w;	/* r->jobs workers */
	pthread_t *th;
	int nth;			/* threads running */
	struct replay_chunk *ring;
	int k;				/* chunks in the ring */
	/* sequence numbers: [tail, head) handed over, next: the first no
	 * worker has taken; ring[head % k] is being filled when filling */
	long head, tail, next;
	bool filling, quit;
	pthread_mutex_t mu;
	pthread_cond_t work, done;	/* a chunk to decide, one decided */
};

/* Out of memory ends the command: the report would be wrong. */
static void *need_mem(void *p)
{
	if (!p) {
		fputs("aamed replay: out of memory\n", stderr);
		exit(EXIT_USAGE);
	}
	return p;
}

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
	replay_memo_free(w->memo);
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
	}
}

/* ------------------------------------------------------------------ */
static void *worker_main(void *arg)
{
	struct replay_worker *w = arg;
	struct replay_jobs *p = w->r->pool;

	pthread_mutex_lock(&p->mu);
	for (;;) {
		struct replay_chunk *c;

		while (p->next == p->head && !p->quit)
			pthread_cond_wait(&p->work, &p->mu);
		if (p->next == p->head)
			break;
		c = &p->ring[p->next++ % p->k];
		pthread_mutex_unlock(&p->mu);
		replay_decide_chunk(w, c);
		pthread_mutex_lock(&p->mu);
		c->done = true;
		pthread_cond_broadcast(&p->done);
	}
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

static int chunk_init(struct replay_chunk *c)
{
	memset(c, 0, sizeof(*c));
	c->text = malloc(REPLAY_CHUNK_TEXT);
	c->rec = malloc(REPLAY_CHUNK_RECORDS * sizeof(*c->rec));
	c->cap = REPLAY_CHUNK_TEXT;
	return c->text && c->rec ? 0 : -1;
}

int replay_jobs_start(struct replay *r)
{
	struct replay_jobs *p = calloc(1, sizeof(*p));
	int i;

	if (!p)
		return -1;
	r->pool = p;
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->work, NULL);
	pthread_cond_init(&p->done, NULL);
	p->k = r->jobs > 1 ? 2 * r->jobs + 2 : 1;
	p->ring = calloc((size_t)p->k, sizeof(*p->ring));
	p->w = calloc((size_t)r->jobs, sizeof(*p->w));
	p->th = calloc((size_t)r->jobs, sizeof(*p->th));
	if (!p->ring || !p->w || !p->th)
		return -1;
	for (i = 0; i < p->k; i++)
		if (chunk_init(&p->ring[i]))
			return -1;
	for (i = 0; i < r->jobs; i++)
		if (replay_worker_init(&p->w[i], r, r->jobs == 1))
			return -1;
	if (r->jobs == 1)
		return 0;
	for (i = 0; i < r->jobs; i++) {
		if (pthread_create(&p->th[i], NULL, worker_main, &p->w[i]))
			return -1;
		p->nth++;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* The decided chunk counted, in input order (the reading thread only). */
static void count_chunk(struct replay *r, struct replay_chunk *c)
{
	int i;

	for (i = 0; i < c->n; i++) {
		struct replay_outcome o = c->rec[i].o;

		if (o.entry && r->jobs > 1)
			o.entry = replay_group_global(r, o.entry, o.kind);
		r->records++;
		replay_count(r, &o, c->file, c->rec[i].line);
	}
	if (r->progress)
		replay_progress_update(r);
}

/* Count the decided chunks at the tail, first waiting for the oldest
 * when wait_oldest. */
static void count_ready(struct replay *r, bool wait_oldest)
{
	struct replay_jobs *p = r->pool;

	while (p->tail < p->head) {
		struct replay_chunk *c = &p->ring[p->tail % p->k];
		bool done;

		pthread_mutex_lock(&p->mu);
		while (wait_oldest && !c->done)
			pthread_cond_wait(&p->done, &p->mu);
		done = c->done;
		pthread_mutex_unlock(&p->mu);
		if (!done)
			return;
		count_chunk(r, c);
		p->tail++;
		wait_oldest = false;
	}
}

void replay_chunk_submit(struct replay *r)
{
	struct replay_jobs *p = r->pool;
	struct replay_chunk *c = &p->ring[p->head % p->k];

	if (!p->filling || !c->n)
		return;
	p->filling = false;
	if (r->jobs == 1) {
		replay_decide_chunk(&p->w[0], c);
		count_chunk(r, c);
		return;
	}
	pthread_mutex_lock(&p->mu);
	p->head++;
	pthread_cond_signal(&p->work);
	pthread_mutex_unlock(&p->mu);
	count_ready(r, false);
}

struct replay_chunk *replay_chunk_room(struct replay *r, const char *file,
				       size_t need)
{
	struct replay_jobs *p = r->pool;
	struct replay_chunk *c = &p->ring[p->head % p->k];

	if (p->filling && c->n &&
	    (c->file != file || c->n == REPLAY_CHUNK_RECORDS ||
	     c->cap - c->used < need))
		replay_chunk_submit(r);
	if (!p->filling) {
		while (p->head - p->tail >= p->k)
			count_ready(r, true);
		c = &p->ring[p->head % p->k];
		c->used = 0;
		c->n = 0;
		c->done = false;
		p->filling = true;
	}
	c->file = file;
	if (c->cap < need) {
		c->text = need_mem(realloc(c->text, need));
		c->cap = need;
	}
	return c;
}

void replay_jobs_finish(struct replay *r)
{
	struct replay_jobs *p = r->pool;
	int i;

	replay_chunk_submit(r);
	if (r->jobs > 1) {
		while (p->tail < p->head)
			count_ready(r, true);
		pthread_mutex_lock(&p->mu);
		p->quit = true;
		pthread_cond_broadcast(&p->work);
		pthread_mutex_unlock(&p->mu);
	}
	for (i = 0; i < p->nth; i++)
		pthread_join(p->th[i], NULL);
	p->nth = 0;
	for (i = 0; i < r->jobs; i++) {
		r->memo_hits += p->w[i].memo_hits;
		r->decided += p->w[i].decided;
		r->decide_ns += p->w[i].decide_ns;
	}
}

void replay_jobs_free(struct replay *r)
{
	struct replay_jobs *p = r->pool;
	int i;

	if (!p)
		return;
	if (p->nth) {
		pthread_mutex_lock(&p->mu);
		p->quit = true;
		pthread_cond_broadcast(&p->work);
		pthread_mutex_unlock(&p->mu);
		for (i = 0; i < p->nth; i++)
			pthread_join(p->th[i], NULL);
	}
	for (i = 0; p->w && i < r->jobs; i++)
		replay_worker_fini(&p->w[i]);
	for (i = 0; p->ring && i < p->k; i++) {
		free(p->ring[i].text);
		free(p->ring[i].rec);
	}
	free(p->ring);
	free(p->w);
	free(p->th);
	pthread_mutex_destroy(&p->mu);
	pthread_cond_destroy(&p->work);
	pthread_cond_destroy(&p->done);
	free(p);
	r->pool = NULL;
}
