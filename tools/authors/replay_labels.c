// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed replay: a worker's label cache. Logs name few labels many times
 * (subjects and signal or ptrace peers), and aamed_label_get() parses
 * the text and takes the policy's lock: the answer (a label, or the
 * error) is kept by the text's hash in a two-way table of fixed size,
 * so memory is bounded by the table, not by the variety of the log.
 * Allocation happens only when a text is first seen or was evicted.
 */
#include <stdlib.h>
#include <string.h>

#include "replay.h"

/*
 * The slot of hash h: the pair (i, i ^ 1) holding it, else a free one
 * of the pair, else the one bit 40 of h picks (replaced).
 */
static struct replay_label_slot *slot_of(struct replay_labels *c, uint64_t h)
{
	size_t i = (size_t)h & (REPLAY_LABEL_SLOTS - 1);
	struct replay_label_slot *a = &c->s[i], *b = &c->s[i ^ 1];

	if (a->text && a->h == h)
		return a;
	if (b->text && b->h == h)
		return b;
	if (!a->text)
		return a;
	if (!b->text)
		return b;
	return (h >> 40 & 1) ? b : a;
}

const aamed_label *replay_label(struct replay_labels *c, aamed_policy *p,
				const char *text, int *err)
{
	struct replay_label_slot *s;
	uint64_t h;
	size_t n = strnlen(text, REPLAY_LABEL_MAX + 1);
	char *copy;

	if (n > REPLAY_LABEL_MAX) {
		*err = 0;
		return aamed_label_get(p, text, err);
	}
	h = replay_hash(text);
	s = slot_of(c, h);
	if (s->text && s->h == h && !strcmp(s->text, text)) {
		*err = s->err;
		return s->l;
	}
	copy = malloc(n + 1);
	if (!copy) {		/* not cached: slower, not wrong */
		*err = 0;
		return aamed_label_get(p, text, err);
	}
	memcpy(copy, text, n + 1);
	free(s->text);
	s->text = copy;
	s->h = h;
	s->err = 0;
	s->l = aamed_label_get(p, text, &s->err);
	*err = s->err;
	return s->l;
}

void replay_labels_free(struct replay_labels *c)
{
	size_t i;

	for (i = 0; i < REPLAY_LABEL_SLOTS; i++) {
		free(c->s[i].text);
		c->s[i].text = NULL;
	}
}
