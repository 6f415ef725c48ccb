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
	size_t klen;
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

/*
 * len bytes from s at key + *n; false when the key is full. A dropped
 * value leaves DROPPED in the key, and a DROPPED byte of the text is
 * doubled, so that no kept text reads like a dropped value.
 */
#define DROPPED '\x01'
static bool key_put(char *key, size_t *n, const char *s, size_t len,
		    bool escape)
{
	size_t i;

	if (!escape) {
		if (*n + len >= MEMO_KEY)
			return false;
		memcpy(key + *n, s, len);
		*n += len;
		return true;
	}
	for (i = 0; i < len; i++) {
		if (*n + 2 >= MEMO_KEY)
			return false;
		if (s[i] == DROPPED)
			key[(*n)++] = DROPPED;
		key[(*n)++] = s[i];
	}
	return true;
}

/* 1 to max bytes of what ok() accepts, ending at a blank or the end. */
static const char *run_of(const char *s, int (*ok)(int), size_t max)
{
	const char *p = s;

	while (*p && (size_t)(p - s) < max && ok((unsigned char)*p))
		p++;
	return p > s && (!*p || *p == ' ') ? p : NULL;
}

static int is_digit(int c)
{
	return c >= '0' && c <= '9';
}

/* The kernel prints a name with special bytes as upper case hex. */
static int is_hex(int c)
{
	return is_digit(c) || (c >= 'A' && c <= 'F');
}

/* Inside comm="...": printable and no quote. */
static int is_comm(int c)
{
	return c >= 0x20 && c < 0x7f && c != '"';
}

/*
 * The end of the value of pid= or comm= at s (after the '='), when it
 * is well-formed: digits, hex bytes, or a quoted printable name. NULL:
 * keep it.
 */
static const char *droppable(const char *s, bool comm)
{
	const char *e;

	if (!comm)
		return run_of(s, is_digit, 10);
	if (*s != '"') {
		e = run_of(s, is_hex, 64);
		return e && (e - s) % 2 == 0 ? e : NULL;
	}
	for (e = s + 1; *e && e - s <= 64 && is_comm((unsigned char)*e); e++)
		;
	if (*e != '"' || (e[1] && e[1] != ' '))
		return NULL;
	return e + 1;
}

/* n digits, 1 to 18 of them, at *s; moves past them. */
static bool digits(const char **s, const char *end)
{
	const char *p = *s;

	while (p < end && p - *s < 18 && is_digit((unsigned char)*p))
		p++;
	if (p == *s)
		return false;
	*s = p;
	return true;
}

/* text[0..n) is pre, digits.digits:digits, "): " (auditd's stamp). */
static bool well_formed_stamp(const char *text, size_t n, const char *pre)
{
	size_t pl = strlen(pre);
	const char *s = text + pl, *end = text + n;

	if (n < pl + 3 || memcmp(text, pre, pl) || memcmp(end - 3, "): ", 3))
		return false;
	end -= 3;
	return digits(&s, end) && s < end && *s++ == '.' && digits(&s, end) &&
	       s < end && *s++ == ':' && digits(&s, end) && s == end;
}

/*
 * The memo key: the record without what cannot change its outcome. The
 * timestamp is left out when it is digits.digits:digits, the values of
 * pid= and comm= when they are well-formed (DROPPED marks the place);
 * anything else stays, so two records with one key parse and decide
 * alike. Quoted values are copied whole (a " pid=" inside one is no
 * field). false: it does not fit.
 */
/* " pid=" or " comm=" at s: the value's start, else NULL. */
static const char *pid_or_comm(const char *s)
{
	if (s[1] == 'p' && s[2] == 'i' && s[3] == 'd' && s[4] == '=')
		return s + 5;
	if (s[1] == 'c' && s[2] == 'o' && s[3] == 'm' && s[4] == 'm' &&
	    s[5] == '=')
		return s + 6;
	return NULL;
}

static bool memo_key(const char *text, size_t len, char *key, size_t *klen)
{
	static const char pre[] = "type=AVC msg=audit(";
	long ai = replay_find_apparmor(text);
	bool escape = memchr(text, DROPPED, len) != NULL;
	const char *s, *e, *v, *end = text + len;
	size_t n = 0;

	if (ai < 0)
		return false;
	if (!well_formed_stamp(text, (size_t)ai, pre) &&
	    !key_put(key, &n, text, (size_t)ai, escape))
		return false;
	s = text + ai;
	while (s < end) {
		if (*s == '"') {
			e = memchr(s + 1, '"', (size_t)(end - s - 1));
			e = e ? e + 1 : end;
		} else if (*s == ' ' && (v = pid_or_comm(s))) {
			const char *d = droppable(v, v - s == 6);

			if (d) {
				if (!key_put(key, &n, s, (size_t)(v - s), escape) ||
				    n + 1 >= MEMO_KEY)
					return false;
				key[n++] = DROPPED;
				s = d;
				continue;
			}
			e = v;
		} else {
			for (e = s + 1; e < end && *e != ' ' && *e != '"'; e++)
				;
		}
		if (!key_put(key, &n, s, (size_t)(e - s), escape))
			return false;
		s = e;
	}
	key[n] = 0;
	*klen = n;
	return true;
}

/* The key's hash, eight bytes at a time (it is hashed for every record). */
static uint64_t memo_hash(const char *s, size_t n)
{
	uint64_t h = 0x9e3779b97f4a7c15ull ^ n, w;

	for (; n >= 8; s += 8, n -= 8) {
		memcpy(&w, s, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdull;
		h ^= h >> 32;
	}
	w = 0;
	memcpy(&w, s, n);
	h ^= w;
	h = (h ^ h >> 33) * 0xff51afd7ed558ccdull;
	h = (h ^ h >> 33) * 0xc4ceb9fe1a85ec53ull;
	return h ^ h >> 33;
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
	size_t klen = 0;
	uint64_t h = 0;

	if (w->memo && memo_key(text, len, key, &klen)) {
		h = memo_hash(key, klen);
		m = memo_slot(w->memo, h);
		if (m->used && m->h == h && m->klen == klen &&
		    !memcmp(m->key, key, klen)) {
			w->memo_hits++;
			return m->o;
		}
	}
	o = replay_decide(w, text, len);
	if (m) {
		m->h = h;
		m->used = true;
		m->o = o;
		m->klen = klen;
		memcpy(m->key, key, klen + 1);
	}
	return o;
}
