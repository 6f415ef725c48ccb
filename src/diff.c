// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Product walks of two DFAs (see diff.h). Breadth first over the pairs
 * of states, 256 input bytes each; a pair is visited once (open
 * addressing on the pair), its parent and byte kept for the witness.
 */
#include <stdlib.h>

#include "diff.h"

struct pnode {
	uint32_t sa, sb;
	uint32_t parent;	/* index of the parent pair, UINT32_MAX: root */
	uint8_t byte;
};

static inline uint32_t next(const struct aa_dfa *d, uint32_t s, uint8_t c)
{
	return d && s ? aa_dfa_next(d, s, c) : 0;
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

long aa_dfa_product_walk(const struct aa_dfa *a, uint32_t sa,
			 const struct aa_dfa *b, uint32_t sb,
			 const struct aa_product_ops *ops, size_t max_pairs)
{
	struct pnode *q = NULL;
	uint32_t *tab = NULL;	/* index+1 into q, 0: empty */
	size_t n = 0, qcap = 0, tcap = 0, head = 0;
	uint8_t *w = NULL;
	long ret = 0;
	bool stop = false;

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
			tab[h_] = (uint32_t)++n;                              \
		}                                                             \
	} while (0)

	ADD(sa, sb, UINT32_MAX, 0);
	while (head < n && !stop) {
		struct pnode cur = q[head];
		uint32_t idx = (uint32_t)head++;
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
		for (c = 0; c < 256; c++) {
			uint32_t na = next(a, cur.sa, (uint8_t)c);
			uint32_t nb = next(b, cur.sb, (uint8_t)c);

			if (!na && !nb)
				continue;
			ADD(na, nb, idx, (uint8_t)c);
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
