// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Product walks of two DFAs (see diff.h). Breadth first over the pairs
 * of states, 256 input bytes each; a pair is visited once (open
 * addressing on the pair), its parent and byte kept for the witness.
 * aamed_profile_diff() (aamed.h) compares two profiles' rule sets with
 * them, state pair by state pair.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "diff_enc.h"
#include "introspect.h"

struct pnode {
	uint32_t sa, sb;
	uint32_t parent;	/* index of the parent pair, UINT32_MAX: root */
	uint8_t byte;
	uint8_t cls;		/* the first byte of the way here */
	uint16_t depth;		/* bytes on the way here (saturated) */
};

static inline uint32_t next(const struct aa_walk_side *d, uint32_t s,
			    uint8_t c)
{
	if (!s)
		return 0;
	if (d->dfa)
		return aa_dfa_next(d->dfa, s, c);
	if (d->lit && s <= d->lit_len && (uint8_t)d->lit[s - 1] == c)
		return s + 1;
	return 0;
}

static uint32_t side_start(const struct aa_walk_side *d)
{
	if (d->dfa)
		return d->start;
	return d->lit ? 1 : 0;
}

static inline uint64_t pkey(uint32_t a, uint32_t b)
{
	return (uint64_t)a << 32 | b;
}

static inline size_t phash(uint64_t k, size_t mask)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdull;
	k ^= k >> 33;
	return (size_t)k & mask;
}

long aa_dfa_product_walk(const struct aa_walk_side *a,
			 const struct aa_walk_side *b,
			 const struct aa_product_ops *ops, size_t max_pairs)
{
	struct pnode *q = NULL;
	uint32_t *tab = NULL;	/* index+1 into q, 0: empty */
	size_t n = 0, qcap = 0, tcap = 0, head = 0;
	uint8_t *w = NULL;
	long ret = 0;
	bool stop = false;
	uint8_t ncls = 0;	/* the cls and depth ADD gives a new pair */
	uint16_t ndepth = 0;

#define ADD(A, B, P, C)                                                       \
	do {                                                                  \
		uint64_t k_ = pkey(A, B);                                     \
		size_t h_;                                                    \
		if ((n + 1) * 2 > tcap) {                                     \
			size_t nc_ = tcap ? tcap * 2 : 1024, i_;              \
			uint32_t *nt_ = calloc(nc_, sizeof(*nt_));            \
			if (!nt_)                                             \
				goto oom;                                     \
			for (i_ = 0; i_ < n; i_++) {                          \
				size_t j_ = phash(pkey(q[i_].sa, q[i_].sb),   \
						  nc_ - 1);                   \
				while (nt_[j_])                               \
					j_ = (j_ + 1) & (nc_ - 1);            \
				nt_[j_] = (uint32_t)i_ + 1;                   \
			}                                                     \
			free(tab);                                            \
			tab = nt_;                                            \
			tcap = nc_;                                           \
		}                                                             \
		h_ = phash(k_, tcap - 1);                                     \
		while (tab[h_] && pkey(q[tab[h_] - 1].sa, q[tab[h_] - 1].sb) != k_) \
			h_ = (h_ + 1) & (tcap - 1);                           \
		if (!tab[h_]) {                                               \
			if (n == qcap) {                                      \
				struct pnode *nq_;                            \
				qcap = qcap ? qcap * 2 : 1024;                \
				nq_ = realloc(q, qcap * sizeof(*q));          \
				if (!nq_)                                     \
					goto oom;                             \
				q = nq_;                                      \
			}                                                     \
			q[n].sa = (A);                                        \
			q[n].sb = (B);                                        \
			q[n].parent = (P);                                    \
			q[n].byte = (C);                                      \
			q[n].cls = ncls;                                      \
			q[n].depth = ndepth;                                  \
			tab[h_] = (uint32_t)++n;                              \
		}                                                             \
	} while (0)

	ADD(side_start(a), side_start(b), UINT32_MAX, 0);
	while (head < n && !stop) {
		struct pnode cur = q[head];
		uint32_t idx = (uint32_t)head++;
		const uint8_t *order = ops->order;
		unsigned c;

		if (ops->differ(ops->arg, cur.sa, cur.sb)) {
			size_t len = 0, i;
			uint32_t p;

			for (p = idx; q[p].parent != UINT32_MAX; p = q[p].parent)
				len++;
			w = realloc(w, len + 1);
			if (!w)
				goto oom;
			i = len;
			for (p = idx; q[p].parent != UINT32_MAX; p = q[p].parent)
				w[--i] = q[p].byte;
			if (!ops->report(ops->arg, cur.sa, cur.sb, w, len))
				stop = true;
		}
		if (!cur.sa && !cur.sb)
			continue;
		if (n >= max_pairs) {
			ret = -1;
			continue;	/* finish what is queued, add nothing */
		}
		if (ops->order_at)
			order = ops->order_at(ops->arg, cur.cls, cur.depth);
		ndepth = cur.depth < UINT16_MAX ? cur.depth + 1 : UINT16_MAX;
		for (c = 0; c < 256; c++) {
			uint8_t by = order ? order[c] : (uint8_t)c;
			uint32_t na = next(a, cur.sa, by);
			uint32_t nb = next(b, cur.sb, by);

			if (!na && !nb)
				continue;
			ncls = cur.depth ? cur.cls : by;
			ADD(na, nb, idx, by);
		}
	}
#undef ADD
	if (!ret)
		ret = (long)n;
	free(q);
	free(tab);
	free(w);
	return ret;
oom:
	free(q);
	free(tab);
	free(w);
	return -1;
}

/*
 * A set of (state pair, encoding position) triples: open addressing,
 * grown at half full. Owned by whoever declares it; tset_free releases.
 */
struct triple {
	uint32_t sa, sb;
	int32_t pos;		/* -1: empty slot */
};
struct tset {
	struct triple *t;
	size_t n, cap;
};

static size_t thash(uint32_t sa, uint32_t sb, int32_t pos, size_t mask)
{
	return phash(pkey(sa, sb) ^ ((uint64_t)(uint32_t)pos << 17), mask);
}

static void tset_put(struct triple *t, size_t cap, struct triple x)
{
	size_t h = thash(x.sa, x.sb, x.pos, cap - 1);

	while (t[h].pos >= 0)
		h = (h + 1) & (cap - 1);
	t[h] = x;
}

/* 1: added, 0: already there, -1: out of memory. */
static int tset_add(struct tset *s, uint32_t sa, uint32_t sb, int32_t pos)
{
	size_t h, i;

	if ((s->n + 1) * 2 > s->cap) {
		size_t nc = s->cap ? s->cap * 2 : 256;
		struct triple *nt = malloc(nc * sizeof(*nt));

		if (!nt)
			return -1;
		for (i = 0; i < nc; i++)
			nt[i].pos = -1;
		for (i = 0; i < s->cap; i++)
			if (s->t[i].pos >= 0)
				tset_put(nt, nc, s->t[i]);
		free(s->t);
		s->t = nt;
		s->cap = nc;
	}
	h = thash(sa, sb, pos, s->cap - 1);
	for (; s->t[h].pos >= 0; h = (h + 1) & (s->cap - 1))
		if (s->t[h].sa == sa && s->t[h].sb == sb && s->t[h].pos == pos)
			return 0;
	s->t[h] = (struct triple){ sa, sb, pos };
	s->n++;
	return 1;
}

static void tset_free(struct tset *s)
{
	free(s->t);
	memset(s, 0, sizeof(*s));
}

/* ------------------------------------------------------------------ */
/*
 * aamed_profile_diff(): the product walks of two profiles' rule sets,
 * compared state pair by state pair.
 */

struct pwalk {
	const struct aa_policydb *pa, *pb;
	enum aamed_rules_kind kind;
	struct aa_walk_side side_a, side_b;
	aamed_diff_fn fn;
	void *arg;
	bool stopped;		/* fn asked to stop */
	uint8_t *cwit;		/* a completed witness (owned, freed by walk_kind) */
	struct tset reported;	/* whole requests reported (freed by walk_kind) */
	const uint8_t *order;	/* bytes in the order completions try them */
	struct aamed_diff_state st;
};

static const struct aa_perms zero_perms;
/* no file rules: the null DFA, which grants getattr (compat mapping) */
static const struct aa_perms null_fperms = { .allow = AAMED_MAY_GETATTR };

static const struct aa_perms *entry(const struct pwalk *w,
				    const struct aa_policydb *p, uint32_t s,
				    bool owner)
{
	const struct aa_perms *e;

	if (!p)
		return w->kind == AAMED_RULES_FILE ? &null_fperms : &zero_perms;
	e = aa_rules_entry(p, s, owner || w->kind != AAMED_RULES_FILE);
	return e ? e : &zero_perms;
}

/* The fields a decision reads; complain and xindex are not rules. */
static bool same_perms(const struct aa_perms *x, const struct aa_perms *y)
{
	return x->allow == y->allow && x->deny == y->deny &&
	       x->audit == y->audit && x->quiet == y->quiet && x->kill == y->kill;
}

static void xtrans_of(const struct aa_policydb *p, uint32_t xindex,
		      struct aamed_xtrans *x)
{
	if (aamed_rules_xtrans(from_rules(p), xindex, x))
		x->mode = AAMED_XT_NONE;	/* a bad index: none */
}

static bool same_xtrans(const struct aamed_xtrans *x,
			const struct aamed_xtrans *y)
{
	if (x->mode != y->mode || x->fallback != y->fallback ||
	    x->unsafe != y->unsafe)
		return false;
	if (!x->target || !y->target)
		return x->target == y->target;
	return !strcmp(x->target, y->target);
}

/* File entry o of both sides into st; true when they differ. */
static bool file_entry(struct pwalk *w, uint32_t sa, uint32_t sb, int o)
{
	const struct aa_perms *x = entry(w, w->pa, sa, o == AAMED_ENTRY_OWNER);
	const struct aa_perms *y = entry(w, w->pb, sb, o == AAMED_ENTRY_OWNER);
	struct aamed_diff_state *st = &w->st;

	aa_perms_export(x, &st->a[o]);
	aa_perms_export(y, &st->b[o]);
	xtrans_of(w->pa, x->xindex, &st->xa[o]);
	xtrans_of(w->pb, y->xindex, &st->xb[o]);
	st->xtrans_differ[o] = ((x->allow | y->allow) & AAMED_MAY_EXEC) &&
			       !same_xtrans(&st->xa[o], &st->xb[o]);
	return !same_perms(x, y) || st->xtrans_differ[o];
}

static bool file_differ(struct pwalk *w, uint32_t sa, uint32_t sb)
{
	bool owner = file_entry(w, sa, sb, AAMED_ENTRY_OWNER);
	bool other = file_entry(w, sa, sb, AAMED_ENTRY_OTHER);

	w->st.owner_distinct =
		!same_perms(entry(w, w->pa, sa, true), entry(w, w->pa, sa, false)) ||
		!same_perms(entry(w, w->pb, sb, true), entry(w, w->pb, sb, false));
	return owner || other;
}

/*
 * Does side d's attachment accept at state s? As find_attach() reads it:
 * the exec bit of an attachment DFA's state, the whole name for a
 * profile that has none.
 */
static bool attach_accepts(const struct pwalk *w, const struct aa_walk_side *d,
			   const struct aa_policydb *p, uint32_t s)
{
	if (!d->dfa)
		return d->lit && s == d->lit_len + 1;
	return entry(w, p, s, false)->allow & AAMED_MAY_EXEC;
}

static bool attach_differ(const struct pwalk *w, uint32_t sa, uint32_t sb)
{
	return attach_accepts(w, &w->side_a, w->pa, sa) !=
	       attach_accepts(w, &w->side_b, w->pb, sb);
}

static bool pair_differ(void *arg, uint32_t sa, uint32_t sb)
{
	struct pwalk *w = arg;

	if (w->kind == AAMED_RULES_FILE)
		return file_differ(w, sa, sb);
	if (w->kind == AAMED_RULES_ATTACH)
		return attach_differ(w, sa, sb);
	return !same_perms(entry(w, w->pa, sa, false), entry(w, w->pb, sb, false));
}

/* The class of a policy witness: its first byte; ptrace under LABEL. */
static int witness_class(const uint8_t *wit, size_t len)
{
	if (!len)
		return AAMED_PCLASS_NONE;
	if (wit[0] == AA_CLASS_LABEL && len >= 2 && wit[1] == AA_CLASS_PTRACE)
		return AA_CLASS_PTRACE;
	return wit[0];
}

/* Label matching keeps bookkeeping bits in the states of partial peer
 * names; only the bits a signal, ptrace, user namespace or io_uring
 * request asks count. */
static uint32_t class_mask(int pclass)
{
	if (pclass == AA_CLASS_NS)
		return AAMED_USERNS_CREATE;
	if (pclass == AA_CLASS_IO_URING)
		return AAMED_URING_SQPOLL | AAMED_URING_OVERRIDE_CREDS;
	if (pclass == AA_CLASS_SIGNAL)
		return AAMED_MAY_READ | AAMED_MAY_WRITE;
	if (pclass == AA_CLASS_PTRACE)
		return AAMED_MAY_READ | AAMED_MAY_WRITE | AAMED_PTRACE_TRACEDBY |
		       AAMED_PTRACE_READBY;
	/* mount reads pivot_root, mount, umount and the data bit (kernel's
	 * AA_MAY_PIVOTROOT, AA_MAY_MOUNT, AA_MAY_UMOUNT, AA_MNT_CONT_MATCH
	 * and AA_AUDIT_DATA); the parser marks the states of partial
	 * requests with more (its AA_MATCH_CONT) */
	if (pclass == AA_CLASS_MOUNT)
		return 0x01 | 0x02 | 0x04 | 0x40;
	return ~0u;
}

static void mask_perms(struct aamed_perms *p, uint32_t m)
{
	p->allow &= m;
	p->deny &= m;
	p->audit &= m;
	p->quiet &= m;
	p->kill &= m;
}

static bool masked_differ(const struct aamed_perms *x,
			  const struct aamed_perms *y)
{
	return x->allow != y->allow || x->deny != y->deny ||
	       x->audit != y->audit || x->quiet != y->quiet || x->kill != y->kill;
}

/* Policy and attachment pairs: one entry, masked by class. */
static bool fill_single(struct pwalk *w, uint32_t sa, uint32_t sb)
{
	struct aamed_diff_state *st = &w->st;
	uint32_t m;

	st->pclass = AAMED_PCLASS_NONE;
	if (w->kind == AAMED_RULES_POLICY) {
		st->pclass = witness_class(st->witness, st->len);
		if (st->pclass == AA_CLASS_FILE)
			return false;	/* reported by the file walk */
	}
	if (w->kind == AAMED_RULES_ATTACH) {
		memset(st->a, 0, sizeof(st->a));
		memset(st->b, 0, sizeof(st->b));
		if (attach_accepts(w, &w->side_a, w->pa, sa))
			st->a[AAMED_ENTRY_OTHER].allow = AAMED_MAY_EXEC;
		if (attach_accepts(w, &w->side_b, w->pb, sb))
			st->b[AAMED_ENTRY_OTHER].allow = AAMED_MAY_EXEC;
	} else {
		aa_perms_export(entry(w, w->pa, sa, false),
				&st->a[AAMED_ENTRY_OTHER]);
		aa_perms_export(entry(w, w->pb, sb, false),
				&st->b[AAMED_ENTRY_OTHER]);
	}
	m = class_mask(st->pclass);
	mask_perms(&st->a[AAMED_ENTRY_OTHER], m);
	mask_perms(&st->b[AAMED_ENTRY_OTHER], m);
	st->a[AAMED_ENTRY_OWNER] = st->a[AAMED_ENTRY_OTHER];
	st->b[AAMED_ENTRY_OWNER] = st->b[AAMED_ENTRY_OTHER];
	memset(st->xa, 0, sizeof(st->xa));
	memset(st->xb, 0, sizeof(st->xb));
	st->owner_distinct = 0;
	st->xtrans_differ[0] = st->xtrans_differ[1] = 0;
	return masked_differ(&st->a[AAMED_ENTRY_OTHER], &st->b[AAMED_ENTRY_OTHER]);
}

/*
 * A state the walk reached inside a class's request encoding is not
 * looked up: carry the input on, breadth first, to the first position
 * where the kernel looks up and the two sides differ. False when there
 * is none (within CMAX triples): no request sees the difference.
 */
#define CMAX 4096
struct cnode {
	uint32_t sa, sb;
	int pos;
	uint32_t parent;
	uint8_t byte;
};

/* The witness wit extended by the bytes that led to q[hit]. */
static bool complete_to(struct pwalk *w, const struct cnode *q, size_t hit,
			const uint8_t *wit, size_t len)
{
	size_t extra = 0, p, i;
	uint8_t *nw;

	for (p = hit; q[p].parent != UINT32_MAX; p = q[p].parent)
		extra++;
	nw = realloc(w->cwit, len + extra + 1);
	if (!nw)
		return false;
	w->cwit = nw;
	memcpy(nw, wit, len);
	i = len + extra;
	for (p = hit; q[p].parent != UINT32_MAX; p = q[p].parent)
		nw[--i] = q[p].byte;
	w->st.witness = nw;
	w->st.len = len + extra;
	return true;
}

static bool lookup_differs(const struct pwalk *w, int pclass, int pos,
			   uint32_t sa, uint32_t sb)
{
	struct aamed_perms x, y;
	uint32_t m = class_mask(pclass);

	if (!aa_enc_lookup(pclass, pos))
		return false;
	aa_perms_export(entry(w, w->pa, sa, false), &x);
	aa_perms_export(entry(w, w->pb, sb, false), &y);
	mask_perms(&x, m);
	mask_perms(&y, m);
	return masked_differ(&x, &y);
}

/* Numbers (network) in their order; strings (mount) letters first. */
static const uint8_t *enc_order(const struct pwalk *w, int pclass)
{
	return pclass == AA_CLASS_MOUNT ? w->order : NULL;
}

static bool complete(struct pwalk *w, int pclass, uint32_t *sa, uint32_t *sb,
		     int *pos, const uint8_t *wit, size_t len)
{
	const uint8_t *order = enc_order(w, pclass);
	struct tset seen = { 0 };
	struct cnode *q;
	size_t n = 1, head = 0;
	bool found = false;

	if (*pos < 0)
		return false;
	if (aa_enc_lookup(pclass, *pos))
		return true;
	q = malloc(CMAX * sizeof(*q));
	if (!q || tset_add(&seen, *sa, *sb, *pos) < 0) {
		free(q);
		return false;
	}
	q[0] = (struct cnode){ *sa, *sb, *pos, UINT32_MAX, 0 };
	while (head < n && !found && n < CMAX) {
		struct cnode cur = q[head++];
		unsigned c;

		for (c = 0; c < 256 && n < CMAX && !found; c++) {
			uint8_t by = order ? order[c] : (uint8_t)c;
			int np = aa_enc_step(pclass, cur.pos, by);
			uint32_t na = next(&w->side_a, cur.sa, by);
			uint32_t nb = next(&w->side_b, cur.sb, by);

			if (np < 0 || (!na && !nb) || tset_add(&seen, na, nb, np) != 1)
				continue;
			q[n] = (struct cnode){ na, nb, np, (uint32_t)(head - 1), by };
			if (lookup_differs(w, pclass, np, na, nb)) {
				found = complete_to(w, q, n, wit, len);
				*sa = na;
				*sb = nb;
				*pos = np;
			}
			n++;
		}
	}
	free(q);
	tset_free(&seen);
	return found;
}

/*
 * A difference inside a request encoding becomes the first whole request
 * after it; each such request is reported once, however many partial
 * inputs lead to it. False: nothing to report.
 */
static bool enc_report(struct pwalk *w, int pclass, uint32_t *sa, uint32_t *sb,
		       const uint8_t *wit, size_t len)
{
	int pos = aa_enc_of(wit, len);

	if (!complete(w, pclass, sa, sb, &pos, wit, len))
		return false;
	return tset_add(&w->reported, *sa, *sb, pos) == 1;
}

static bool pair_report(void *arg, uint32_t sa, uint32_t sb, const uint8_t *wit,
			size_t len)
{
	struct pwalk *w = arg;
	int pclass = witness_class(wit, len);

	w->st.rules = w->kind;
	w->st.witness = wit;
	w->st.len = len;
	if (w->kind == AAMED_RULES_POLICY && aa_enc_known(pclass) &&
	    !enc_report(w, pclass, &sa, &sb, wit, len))
		return true;	/* no new request reads this difference */
	if (w->kind == AAMED_RULES_FILE) {
		w->st.pclass = AAMED_PCLASS_FILE;
		file_differ(w, sa, sb);	/* st holds this pair's entries */
	} else if (!fill_single(w, sa, sb)) {
		return true;
	}
	if (w->fn(&w->st, w->arg))
		w->stopped = true;
	return !w->stopped;
}

/* Bytes in the order an attachment walk tries them: the example path
 * it prints is then made of letters where the attachment allows. */
static void attach_order(uint8_t order[256])
{
	static const char first[] =
		"abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
		"/._-";
	bool seen[256] = { false };
	size_t n = 0, i;

	for (i = 0; first[i]; i++) {
		order[n++] = (uint8_t)first[i];
		seen[(uint8_t)first[i]] = true;
	}
	for (i = 0; i < 256; i++)
		if (!seen[i])
			order[n++] = (uint8_t)i;
}

/*
 * The side of one rule set. A profile without an attachment DFA
 * attaches by its own name (find_attach compares the name), so that is
 * its attachment: the literal automaton of the name.
 */
static void fill_side(struct aa_walk_side *d, const struct aa_profile *p,
		      const struct aa_policydb *pdb, enum aamed_rules_kind kind)
{
	int start = kind == AAMED_RULES_FILE ? AA_CLASS_FILE : 0;

	memset(d, 0, sizeof(*d));
	if (pdb) {
		d->dfa = pdb->dfa;
		d->start = pdb->start[start];
	} else if (kind == AAMED_RULES_ATTACH && p && p->bname) {
		d->lit = p->bname;
		d->lit_len = strlen(p->bname);
	}
}

/*
 * The policy walk's order after len bytes of class cls: a signal's or
 * ptrace's peer label, io_uring's credentials label and D-Bus's strings
 * letters first (the witness is then a name one can type); class bytes,
 * signal numbers and every other encoding in their own order.
 */
static const uint8_t *policy_order(void *arg, uint8_t cls, unsigned len)
{
	const struct pwalk *w = arg;
	unsigned from;

	switch (cls) {
	case AA_CLASS_SIGNAL:
	case AA_CLASS_LABEL:	/* ptrace: LABEL, PTRACE, then the peer */
		from = 2;
		break;
	case AA_CLASS_PTRACE:
	case AA_CLASS_IO_URING:
	case AA_CLASS_DBUS:
		from = 1;
		break;
	default:
		return NULL;
	}
	return len >= from ? w->order : NULL;
}

static long walk_kind(const struct aa_profile *a, const struct aa_profile *b,
		      enum aamed_rules_kind kind, size_t max, aamed_diff_fn fn,
		      void *arg, bool *stopped)
{
	long n;
	struct pwalk w;
	struct aa_product_ops ops = { pair_differ, pair_report, &w, NULL, NULL };
	uint8_t order[256];

	memset(&w, 0, sizeof(w));
	w.pa = to_rules(aamed_profile_rules(from_profile(a), kind));
	w.pb = to_rules(aamed_profile_rules(from_profile(b), kind));
	w.kind = kind;
	w.fn = fn;
	w.arg = arg;
	if (w.pa && !w.pa->dfa)
		w.pa = NULL;
	if (w.pb && !w.pb->dfa)
		w.pb = NULL;
	if (!w.pa && !w.pb && kind != AAMED_RULES_FILE &&
	    kind != AAMED_RULES_ATTACH)
		return 0;
	fill_side(&w.side_a, a, w.pa, kind);
	fill_side(&w.side_b, b, w.pb, kind);
	attach_order(order);
	w.order = order;
	if (kind == AAMED_RULES_ATTACH)
		ops.order = order;
	if (kind == AAMED_RULES_POLICY)
		ops.order_at = policy_order;
	n = aa_dfa_product_walk(&w.side_a, &w.side_b, &ops, max);
	free(w.cwit);
	tset_free(&w.reported);
	*stopped = w.stopped;
	return n;
}

long aamed_profile_diff(const aamed_profile *a, const aamed_profile *b,
			size_t max_states, aamed_diff_fn fn, void *arg)
{
	static const enum aamed_rules_kind kinds[] = {
		AAMED_RULES_FILE, AAMED_RULES_POLICY, AAMED_RULES_ATTACH,
	};
	long total = 0, n;
	bool hit = false, stopped = false;
	size_t i;

	if (!fn || !max_states)
		return -EINVAL;
	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]) && !stopped; i++) {
		n = walk_kind(to_profile(a), to_profile(b), kinds[i], max_states,
			      fn, arg, &stopped);
		if (n < 0)
			hit = true;
		else
			total += n;
	}
	return hit ? -E2BIG : total;
}
