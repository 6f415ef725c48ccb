// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed replay: one record, from the memo when it can be.
 *
 * Logs repeat the same request many times (the same denial, from
 * another pid). libapparmor's parser costs microseconds a record, so the
 * outcome of a record is remembered by its text without pid=, comm= and
 * the timestamp: a two-way table of MEMO_SLOTS, fixed in size (memory
 * does not grow with the log). Each worker has its own memo.
 */
#include <stdlib.h>
#include <string.h>

#include "replay.h"

#define MEMO_SLOTS 4096		/* a power of two */
#define MEMO_KEY 512		/* longer records are not remembered */

struct memo_slot {
	uint64_t h;
	bool used;
	struct replay_outcome o;	/* o.entry: owned by the tables */
	char key[MEMO_KEY];
};

struct replay_memo {
	struct memo_slot slot[MEMO_SLOTS];
};

struct replay_memo *replay_memo_new(void)
{
	return calloc(1, sizeof(struct replay_memo));
}

void replay_memo_free(struct replay_memo *m)
{
	free(m);
}

/* The record from apparmor= on, without the fields that cannot change
 * its outcome; false when it does not fit. Copied a word at a time. */
static bool memo_key(const char *text, char *key)
{
	long ai = replay_find_apparmor(text);
	const char *s, *e;
	size_t n = 0;

	if (ai < 0)
		return false;
	s = text + ai;
	while (*s) {
		if (*s == ' ' && (!strncmp(s, " pid=", 5) || !strncmp(s, " comm=", 6))) {
			s++;
			s += strcspn(s, "=") + 1;
			if (*s == '"') {
				e = strchr(s + 1, '"');
				s = e ? e + 1 : s + strlen(s);
			} else {
				s += strcspn(s, " ");
			}
			continue;
		}
		e = strchrnul(s + 1, ' ');
		if (n + (size_t)(e - s) >= MEMO_KEY)
			return false;
		memcpy(key + n, s, (size_t)(e - s));
		n += (size_t)(e - s);
		s = e;
	}
	key[n] = 0;
	return true;
}

/*
 * The slot of hash h: the pair of slots (i, i ^ 1) holding it, else
 * a free one of the pair, else the one bit 32 of h picks.
 */
static struct memo_slot *memo_slot(struct replay_memo *m, uint64_t h)
{
	struct memo_slot *a = &m->slot[h & (MEMO_SLOTS - 1)];
	struct memo_slot *b = &m->slot[(h & (MEMO_SLOTS - 1)) ^ 1];

	if (!(a->used && a->h == h) && b->used && b->h == h)
		return b;
	if (a->used && a->h != h)
		return !b->used || (h >> 32 & 1) ? b : a;
	return a;
}

struct replay_outcome replay_record(struct replay_worker *w, char *text,
				    size_t len)
{
	struct replay_outcome o;
	struct memo_slot *m = NULL;
	char key[MEMO_KEY];
	uint64_t h = 0;

	if (w->memo && memo_key(text, key)) {
		h = replay_hash(key);
		m = memo_slot(w->memo, h);
		if (m->used && m->h == h && !strcmp(m->key, key)) {
			w->memo_hits++;
			return m->o;
		}
	}
	o = replay_decide(w, text, len);
	if (m) {
		m->h = h;
		m->used = true;
		m->o = o;
		memcpy(m->key, key, strlen(key) + 1);
	}
	return o;
}
