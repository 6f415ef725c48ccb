// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed replay: a worker, what deciding a chunk of records needs (the
 * label cache, the memo, where groups go), and the deciding itself.
 *
 * Below both users: replay_jobs.c (one job, the reader decides) and
 * replay_pool.c (--jobs N, each worker process) call into it, and it
 * calls neither, so the pool needs nothing from the chunk ring's file.
 */
#include <stdlib.h>
#include <string.h>

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
