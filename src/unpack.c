// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unpacking profiles from a policy stream, in the kernel's field order
 * (policy_unpack.c): header, then one "profile" struct per unit. Optional
 * fields are tried in order; anything left unread before the profile's
 * end is an error, as it is for the kernel.
 *
 * The result is a list of fully built, verified profiles that no policy
 * owns yet; policy.c links them in only when the whole stream is good.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "apparmor.h"
#include "compat.h"
#include "dfa.h"
#include "file.h"
#include "label.h"
#include "net.h"
#include "policy.h"
#include "stream.h"

#define K_ABI_MASK 0x3ffu
#define FORCE_COMPLAIN_FLAG 0x800u
#define MAXMAPPED_SIG 35

void aa_policydb_free(struct aa_policydb *pdb)
{
	uint32_t i;

	if (!pdb)
		return;
	aa_dfa_free(pdb->dfa);
	free(pdb->perms);
	for (i = 0; i < pdb->xsize; i++)
		free(pdb->xtable[i]);
	free(pdb->xtable);
	free(pdb);
}

void aa_profile_free(struct aa_profile *p)
{
	uint32_t i;

	if (!p)
		return;
	free(p->hname);
	free(p->rename);
	free(p->attach);
	free(p->disconnected);
	aa_policydb_free(p->xmatch);
	for (i = 0; i < p->xattr_count; i++)
		free(p->xattrs[i]);
	free(p->xattrs);
	aa_policydb_free(p->file);
	aa_policydb_free(p->policy);
	if (p->label)
		aa_label_free(p->label);
	free(p);
}

/* An explicit permission table (parser 4.x and later; ABI 8/9). */
static bool unpack_perms_table(struct aa_ext *e, struct aa_policydb *pdb)
{
	const uint8_t *pos = e->pos;
	uint32_t version;
	uint16_t size, i;

	if (!aa_unpack_nameX(e, AA_STRUCT, "perms"))
		return true;
	if (!aa_unpack_u32(e, &version, "version"))
		return aa_ext_fail(e, e->pos, "perms table: missing version");
	if (version != 1)
		return aa_ext_fail(e, pos, "perms table: unsupported version %u",
				   version);
	if (!aa_unpack_array(e, NULL, &size))
		return aa_ext_fail(e, e->pos, "perms table: missing array");
	pdb->perms = calloc(size ? size : 1, sizeof(*pdb->perms));
	if (!pdb->perms)
		return aa_ext_fail(e, pos, "out of memory");
	pdb->nperms = size;
	pdb->table = true;
	for (i = 0; i < size; i++) {
		struct aa_perms *p = &pdb->perms[i];
		uint32_t skip;

		/* reserved, allow, deny, subtree, cond, kill, complain,
		 * prompt, audit, quiet, hide, xindex, tag, label */
		if (!aa_unpack_u32(e, &skip, NULL) ||
		    !aa_unpack_u32(e, &p->allow, NULL) ||
		    !aa_unpack_u32(e, &p->deny, NULL) ||
		    !aa_unpack_u32(e, &skip, NULL) ||
		    !aa_unpack_u32(e, &skip, NULL) ||
		    !aa_unpack_u32(e, &p->kill, NULL) ||
		    !aa_unpack_u32(e, &p->complain, NULL) ||
		    !aa_unpack_u32(e, &skip, NULL) ||
		    !aa_unpack_u32(e, &p->audit, NULL) ||
		    !aa_unpack_u32(e, &p->quiet, NULL) ||
		    !aa_unpack_u32(e, &skip, NULL) ||
		    !aa_unpack_u32(e, &p->xindex, NULL) ||
		    !aa_unpack_u32(e, &skip, NULL) ||
		    !aa_unpack_u32(e, &skip, NULL))
			return aa_ext_fail(e, e->pos,
					   "perms table: entry %u of %u truncated",
					   i, size);
	}
	if (!aa_unpack_nameX(e, AA_ARRAYEND, NULL) ||
	    !aa_unpack_nameX(e, AA_STRUCTEND, NULL))
		return aa_ext_fail(e, e->pos, "perms table: missing end");
	return true;
}

/* The DFA blob, recovering the parser's 8-byte alignment pad. */
static bool unpack_dfa(struct aa_ext *e, struct aa_policydb *pdb, bool accept2)
{
	const uint8_t *blob = NULL;
	const uint8_t *at = e->pos;
	size_t size = aa_unpack_blob(e, &blob, "aadfa");
	size_t sz, pad;

	if (!size) {
		/*
		 * No DFA, or one whose size runs past the end (a truncated
		 * stream): the load fails either way, but say why here rather
		 * than at the element after it.
		 */
		if (aa_unpack_nameX(e, AA_BLOB, "aadfa")) {
			size_t left = (size_t)(e->end - e->pos);
			uint32_t n = left >= 4 ? (uint32_t)e->pos[0] |
					(uint32_t)e->pos[1] << 8 |
					(uint32_t)e->pos[2] << 16 |
					(uint32_t)e->pos[3] << 24 : 0;

			e->pos = at;
			if (left < 4)
				return aa_ext_fail(e, at,
						   "DFA blob size cut off by the end of the stream");
			if (n > left - 4)
				return aa_ext_fail(e, at,
						   "DFA blob of %u bytes runs past the end of the stream (%zu bytes left)",
						   n, left - 4);
		}
		return true;
	}
	/* aligned to 8 from the stream start, measured from the blob's end */
	sz = (size_t)(blob - e->start) - ((size_t)(e->pos - e->start) & 7);
	pad = ((sz + 7) & ~(size_t)7) - sz;
	if (pad >= size)
		return aa_ext_fail(e, at, "DFA blob of %zu bytes is all padding",
				   size);
	pdb->dfa = aa_dfa_unpack(e, blob + pad, size - pad, accept2);
	return pdb->dfa != NULL;
}

static bool unpack_xtable(struct aa_ext *e, struct aa_policydb *pdb)
{
	const uint8_t *at = e->pos;
	uint16_t size, i;

	if (!aa_unpack_nameX(e, AA_STRUCT, "xtable"))
		return true;
	if (!aa_unpack_array(e, NULL, &size))
		return aa_ext_fail(e, e->pos, "xtable: missing array");
	pdb->xtable = calloc(size ? size : 1, sizeof(char *));
	if (!pdb->xtable)
		return aa_ext_fail(e, at, "out of memory");
	for (i = 0; i < size; i++) {
		const uint8_t *spos = e->pos;
		char *str;
		int len = aa_unpack_strdup(e, &str, NULL);
		int c = 0, j, nul = 0;

		if (!len)
			return aa_ext_fail(e, spos,
					   "xtable: entry %u of %u is not a string",
					   i, size);
		pdb->xtable[i] = str;
		pdb->xsize = i + 1;
		if (isspace((unsigned char)*str))
			return aa_ext_fail(e, spos,
					   "xtable: entry %u starts with white space",
					   i);
		for (j = 0; j < len - 1; j++) {
			if (!str[j]) {
				nul = j;
				c++;
			}
		}
		if (*str == ':') {
			/* ":ns\0name": the one embedded NUL closes the ns */
			if (!str[1] || c > 1)
				return aa_ext_fail(e, spos,
						   "xtable: entry %u has a malformed namespace",
						   i);
			if (c == 1)
				str[nul] = ':';
		} else if (c) {
			return aa_ext_fail(e, spos,
					   "xtable: entry %u has an embedded NUL", i);
		}
	}
	if (!aa_unpack_nameX(e, AA_ARRAYEND, NULL) ||
	    !aa_unpack_nameX(e, AA_STRUCTEND, NULL))
		return aa_ext_fail(e, e->pos, "xtable: missing end");
	return true;
}

/*
 * The file rules of an explicit permission table without ACCEPT2 owner
 * flags (permsv < 3: permstable32_version 2): the kernel's
 * aa_lookup_fperms() reads every file state as a pair, the owner entry at
 * the accept index and the other one after it. Flag each state whose pair
 * lies inside the table so that file lookups pair as there (non-file
 * lookups never read the flag).
 */
static void pair_file_entries(struct aa_policydb *pdb)
{
	uint32_t s;

	for (s = 0; s < pdb->dfa->nstates; s++)
		if (pdb->dfa->accept[s] + 1 < pdb->nperms)
			pdb->dfa->accept2[s] = ACCEPT_FLAG_OWNER;
}

/*
 * One policy database: [perms table] [permsv] [aadfa] [start] [dfa_start]
 * [xtable]. *out stays NULL when there is no DFA and none is required.
 * An xtable without a DFA (apparmor_parser 3.0.x writes the profile's
 * xtable, pivot_root targets included, even when it writes no file DFA)
 * goes to *stray when stray is given (the caller frees it), else is
 * dropped.
 */
static bool unpack_pdb(struct aa_ext *e, struct aa_policydb **out,
		       bool required_dfa, const char *what,
		       struct aa_policydb **stray)
{
	struct aa_policydb *pdb = calloc(1, sizeof(*pdb));
	const uint8_t *at = e->pos;
	uint32_t permsv = 0;
	bool accept2 = true;
	int c;

	*out = NULL;
	if (!pdb)
		return aa_ext_fail(e, at, "out of memory");
	if (!unpack_perms_table(e, pdb))
		goto fail;
	if (pdb->table) {
		accept2 = aa_unpack_u32(e, &permsv, "permsv") && permsv > 2;
	}
	if (!unpack_dfa(e, pdb, accept2))
		goto fail;
	if (!pdb->dfa) {
		if (required_dfa) {
			aa_ext_fail(e, at, "%s: missing required DFA", what);
			goto fail;
		}
		/* an old userspace could write an xtable without a DFA */
		if (!unpack_xtable(e, pdb))
			goto fail;
		if (stray && pdb->xsize)
			*stray = pdb;
		else
			aa_policydb_free(pdb);
		return true;
	}
	pdb->unpaired = pdb->table && !accept2;
	if (!aa_unpack_u32(e, &pdb->start[0], "start"))
		pdb->start[0] = DFA_START;
	if (!aa_unpack_u32(e, &pdb->start[AA_CLASS_FILE], "dfa_start"))
		pdb->start[AA_CLASS_FILE] = DFA_START;
	/* start states index every table: the 2026 bounds fix */
	if (pdb->start[0] >= pdb->dfa->nstates ||
	    pdb->start[AA_CLASS_FILE] >= pdb->dfa->nstates) {
		aa_ext_fail(e, at, "%s: start state %u/%u beyond %u states", what,
			    pdb->start[0], pdb->start[AA_CLASS_FILE],
			    pdb->dfa->nstates);
		goto fail;
	}
	for (c = AA_CLASS_FILE + 1; c <= AA_CLASS_LAST; c++)
		pdb->start[c] = aa_dfa_next(pdb->dfa, pdb->start[0], (uint8_t)c);
	if (!unpack_xtable(e, pdb))
		goto fail;
	*out = pdb;
	return true;
fail:
	aa_policydb_free(pdb);
	return false;
}

/* Split ":ns:name" into a namespace and a name, as aa_splitn_fqname. */
static int split_fqname(const char *fq, char **ns, const char **name)
{
	*ns = NULL;
	*name = fq;
	if (*fq == ':') {
		const char *end = strchr(fq + 1, ':');

		if (!end || end == fq + 1)
			return -1;
		*ns = strndup(fq + 1, (size_t)(end - fq - 1));
		if (!*ns)
			return -1;
		*name = end + 1;
		/* ":ns://name" is accepted by the kernel too */
		if ((*name)[0] == '/' && (*name)[1] == '/')
			*name += 2;
	}
	if (!**name) {
		/* ":ns:" with no name: the caller gets no namespace to free */
		free(*ns);
		*ns = NULL;
		return -1;
	}
	return 0;
}

static const char *hname_tail(const char *hname)
{
	const char *split;

	while ((split = strstr(hname, "//")) != NULL)
		hname = split + 2;
	return hname;
}

static bool unpack_caps(struct aa_ext *e, struct aa_profile *p)
{
	uint32_t lo[4], hi[4];
	int i;

	for (i = 0; i < 4; i++)
		if (!aa_unpack_u32(e, &lo[i], NULL))
			return aa_ext_fail(e, e->pos,
					   "profile \"%s\": missing capability word %d",
					   p->hname, i);
	p->caps_allow = lo[0];
	p->caps_audit = lo[1];
	p->caps_quiet = lo[2];
	if (aa_unpack_nameX(e, AA_STRUCT, "caps64")) {
		for (i = 0; i < 4; i++)
			if (!aa_unpack_u32(e, &hi[i], NULL))
				return aa_ext_fail(e, e->pos,
						   "profile \"%s\": caps64 word %d missing",
						   p->hname, i);
		if (!aa_unpack_nameX(e, AA_STRUCTEND, NULL))
			return aa_ext_fail(e, e->pos,
					   "profile \"%s\": caps64 not closed",
					   p->hname);
		p->caps_allow |= (uint64_t)hi[0] << 32;
		p->caps_audit |= (uint64_t)hi[1] << 32;
		p->caps_quiet |= (uint64_t)hi[2] << 32;
	}
	if (aa_unpack_nameX(e, AA_STRUCT, "capsx")) {
		if (!aa_unpack_u32(e, &lo[0], NULL) ||
		    !aa_unpack_u32(e, &hi[0], NULL) ||
		    !aa_unpack_nameX(e, AA_STRUCTEND, NULL))
			return aa_ext_fail(e, e->pos,
					   "profile \"%s\": malformed capsx",
					   p->hname);
		p->capsx_allow = lo[0] | (uint64_t)hi[0] << 32;
	}
	return true;
}

static bool unpack_xattrs(struct aa_ext *e, struct aa_profile *p)
{
	uint16_t size, i;

	if (!aa_unpack_nameX(e, AA_STRUCT, "xattrs"))
		return true;
	if (!aa_unpack_array(e, NULL, &size))
		return aa_ext_fail(e, e->pos, "profile \"%s\": xattrs without array",
				   p->hname);
	p->xattrs = calloc(size ? size : 1, sizeof(char *));
	if (!p->xattrs)
		return aa_ext_fail(e, e->pos, "out of memory");
	for (i = 0; i < size; i++) {
		if (!aa_unpack_strdup(e, &p->xattrs[i], NULL))
			return aa_ext_fail(e, e->pos,
					   "profile \"%s\": xattr %u is not a string",
					   p->hname, i);
		p->xattr_count = i + 1u;
	}
	if (!aa_unpack_nameX(e, AA_ARRAYEND, NULL) ||
	    !aa_unpack_nameX(e, AA_STRUCTEND, NULL))
		return aa_ext_fail(e, e->pos, "profile \"%s\": xattrs not closed",
				   p->hname);
	return true;
}

static bool unpack_rlimits(struct aa_ext *e, struct aa_profile *p)
{
	uint16_t size, i;

	if (!aa_unpack_nameX(e, AA_STRUCT, "rlimits"))
		return true;
	if (!aa_unpack_u32(e, &p->rlimit_mask, NULL) ||
	    !aa_unpack_array(e, NULL, &size))
		return aa_ext_fail(e, e->pos, "profile \"%s\": malformed rlimits",
				   p->hname);
	if (size > ARRAY_SIZE(p->rlimits))
		return aa_ext_fail(e, e->pos,
				   "profile \"%s\": %u rlimits, at most %zu",
				   p->hname, size, ARRAY_SIZE(p->rlimits));
	for (i = 0; i < size; i++)
		if (!aa_unpack_u64(e, &p->rlimits[i], NULL))
			return aa_ext_fail(e, e->pos,
					   "profile \"%s\": rlimit %u missing",
					   p->hname, i);
	if (!aa_unpack_nameX(e, AA_ARRAYEND, NULL) ||
	    !aa_unpack_nameX(e, AA_STRUCTEND, NULL))
		return aa_ext_fail(e, e->pos, "profile \"%s\": rlimits not closed",
				   p->hname);
	return true;
}

static bool unpack_secmark(struct aa_ext *e, struct aa_profile *p)
{
	uint16_t size, i;

	if (!aa_unpack_nameX(e, AA_STRUCT, "secmark"))
		return true;
	if (!aa_unpack_array(e, NULL, &size))
		return aa_ext_fail(e, e->pos, "profile \"%s\": malformed secmark",
				   p->hname);
	for (i = 0; i < size; i++) {
		const char *label;

		if (!aa_unpack_u8(e, NULL, NULL) ||
		    !aa_unpack_u8(e, NULL, NULL) ||
		    !aa_unpack_str(e, &label, NULL))
			return aa_ext_fail(e, e->pos,
					   "profile \"%s\": secmark entry %u", p->hname,
					   i);
	}
	if (!aa_unpack_nameX(e, AA_ARRAYEND, NULL) ||
	    !aa_unpack_nameX(e, AA_STRUCTEND, NULL))
		return aa_ext_fail(e, e->pos, "profile \"%s\": secmark not closed",
				   p->hname);
	return true;
}

static bool unpack_data(struct aa_ext *e, struct aa_profile *p)
{
	if (!aa_unpack_nameX(e, AA_STRUCT, "data"))
		return true;
	for (;;) {
		const char *key;
		const uint8_t *blob;

		if (!aa_unpack_str(e, &key, NULL))
			break;
		if (!aa_unpack_blob(e, &blob, NULL))
			return aa_ext_fail(e, e->pos,
					   "profile \"%s\": data key \"%s\" has no value",
					   p->hname, key);
	}
	if (!aa_unpack_nameX(e, AA_STRUCTEND, NULL))
		return aa_ext_fail(e, e->pos, "profile \"%s\": data not closed",
				   p->hname);
	return true;
}

static bool unpack_flags(struct aa_ext *e, struct aa_profile *p,
			 uint32_t version)
{
	uint32_t flags, mode, audit;

	if (!aa_unpack_nameX(e, AA_STRUCT, "flags"))
		return aa_ext_fail(e, e->pos, "profile \"%s\": missing flags",
				   p->hname);
	if (!aa_unpack_u32(e, &flags, NULL) || !aa_unpack_u32(e, &mode, NULL) ||
	    !aa_unpack_u32(e, &audit, NULL) ||
	    !aa_unpack_nameX(e, AA_STRUCTEND, NULL))
		return aa_ext_fail(e, e->pos,
				   "profile \"%s\": failed to unpack profile flags",
				   p->hname);
	p->flags = flags & PFLAG_HAT;
	if (mode == APPARMOR_COMPLAIN || (version & FORCE_COMPLAIN_FLAG))
		p->mode = APPARMOR_COMPLAIN;
	else if (mode == APPARMOR_ENFORCE || mode == APPARMOR_KILL ||
		 mode == APPARMOR_UNCONFINED || mode == APPARMOR_USER)
		p->mode = (enum aa_mode)mode;
	else
		return aa_ext_fail(e, e->pos, "profile \"%s\": unknown mode %u",
				   p->hname, mode);
	if (audit)
		p->audit = AUDIT_ALL;
	return true;
}

/*
 * The largest permission index a state reads: its ACCEPT entry, plus one
 * for an owner pair. One vectorised pass; the state at fault, if any, is
 * found by the slow loop after it.
 */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((noinline, optimize("tree-vectorize")))
#endif
static uint32_t max_perm_index(const uint32_t *restrict accept,
			       const uint32_t *restrict accept2, uint32_t n,
			       bool owner_pairs)
{
	uint32_t i, m = 0, mp = 0, any = 0, pairs = owner_pairs ? 1 : 0;

	/* branch-free, for the vectoriser: a mask per paired state */
	for (i = 0; i < n; i++) {
		uint32_t idx = accept[i];
		uint32_t p = 0u - (accept2[i] & ACCEPT_FLAG_OWNER & pairs);

		m = idx > m ? idx : m;
		mp = (idx & p) > mp ? (idx & p) : mp;
		any |= p;
	}
	/* a paired state reads idx + 1 too; UINT32_MAX + 1 fails as well */
	if (any && (mp == UINT32_MAX || mp + 1 > m))
		m = mp == UINT32_MAX ? UINT32_MAX : mp + 1;
	return m;
}

/*
 * The kernel's verify_profile(): ACCEPT indexes inside the permission
 * table, transition indexes inside the xtable.
 */
static bool verify_pdb(struct aa_ext *e, const struct aa_profile *p,
		       const struct aa_policydb *pdb, const char *what,
		       bool owner_pairs)
{
	uint32_t i;

	if (!pdb)
		return true;
	if (pdb->nperms &&
	    max_perm_index(pdb->dfa->accept, pdb->dfa->accept2,
			   pdb->dfa->nstates, owner_pairs) < pdb->nperms)
		goto perms;
	for (i = 0; i < pdb->dfa->nstates; i++) {
		uint32_t idx = pdb->dfa->accept[i];
		bool pair = owner_pairs &&
			    (pdb->dfa->accept2[i] & ACCEPT_FLAG_OWNER);

		if (idx >= pdb->nperms || (pair && idx + 1 >= pdb->nperms))
			return aa_ext_fail(e, NULL,
					   "profile \"%s\": %s state %u permission index %u out of range (%u entries)",
					   p->hname, what, i, idx, pdb->nperms);
	}
perms:
	for (i = 0; i < pdb->nperms; i++) {
		const struct aa_perms *pm = &pdb->perms[i];

		if ((pm->xindex & AA_X_TYPE_MASK) == AA_X_TABLE &&
		    (pm->xindex & AA_X_INDEX_MASK) >= pdb->xsize)
			return aa_ext_fail(e, NULL,
					   "profile \"%s\": %s named transition %u beyond the xtable (%u entries)",
					   p->hname, what,
					   pm->xindex & AA_X_INDEX_MASK, pdb->xsize);
		if (pdb->table && ((pm->allow & pm->deny) ||
				   (pm->kill & pm->allow) ||
				   (pm->complain & (pm->allow | pm->deny))))
			return aa_ext_fail(e, NULL,
					   "profile \"%s\": %s permission entry %u is contradictory",
					   p->hname, what, i);
	}
	return true;
}

static uint64_t mediates_of(const struct aa_profile *p)
{
	uint64_t m = 0;
	int c;

	if (p->policy)
		for (c = AA_CLASS_FILE; c <= AA_CLASS_LAST; c++)
			if (p->policy->start[c])
				m |= 1ull << c;
	if (p->file && p->file->dfa)
		m |= 1ull << AA_CLASS_FILE;
	return m;
}

/*
 * No file DFA: the file rules are in the policydb that starts at at,
 * which is unpacked again into rules of their own, read the way the
 * policy's kernel reads them (aa_compat_file_policydb()). stray: the
 * xtable written without a file DFA, or NULL. 6.1's unpack_profile()
 * reads that xtable as the profile's file transitions whatever DFA the
 * file rules then use, so its verify_profile() measures the policydb's
 * indices (a 3.0.x pivot_root rule's "-> target") against it; 6.12's
 * unpack_pdb() discards it ("a bug in earlier userspaces"). Both kernels
 * load such a profile (tests/kernel/cases/pivot-xtable.cases).
 */
static bool unpack_file_policydb(struct aa_ext *e, struct aa_profile *p,
				 const uint8_t *at, struct aa_policydb *stray)
{
	uint32_t class_start = p->policy->start[AA_CLASS_FILE];
	const uint8_t *resume = e->pos;
	bool ok;

	if (!class_start && !aa_kernel_has(e->kernel, AA_K_FILE_POLICYDB))
		return true;	/* the null DFA */
	e->pos = at;
	ok = unpack_pdb(e, &p->file, true, "policydb file rules", NULL);
	e->pos = resume;
	if (ok && stray && !p->file->xsize &&
	    !aa_kernel_has(e->kernel, AA_K_FILE_POLICYDB)) {
		p->file->xtable = stray->xtable;
		p->file->xsize = stray->xsize;
		stray->xtable = NULL;
		stray->xsize = 0;
	}
	return ok && aa_compat_file_policydb(e, p->file, class_start, p->abi);
}

static struct aa_profile *unpack_profile(struct aa_ext *e, uint32_t version,
					 char **ns_name)
{
	struct aa_profile *p;
	const char *name = NULL, *tail;
	const uint8_t *at = e->pos, *policy_at = NULL;
	struct aa_policydb *stray = NULL;
	char *tmp = NULL;

	*ns_name = NULL;
	if (!aa_unpack_nameX(e, AA_STRUCT, "profile"))
		return aa_ext_fail(e, at, "expected the \"profile\" struct"), NULL;
	at = e->pos;
	if (!aa_unpack_str(e, &name, NULL) || !*name)
		return aa_ext_fail(e, at, "profile name missing or empty"), NULL;
	if (strlen(name) + 1 != (size_t)(e->pos - at - 3))
		return aa_ext_fail(e, at, "profile name has an embedded NUL"), NULL;
	if (split_fqname(name, ns_name, &tail))
		return aa_ext_fail(e, at, "malformed profile name \"%s\"", name),
		       NULL;
	p = calloc(1, sizeof(*p));
	if (!p || !(p->hname = strdup(tail))) {
		free(p);
		free(*ns_name);
		*ns_name = NULL;
		return aa_ext_fail(e, at, "out of memory"), NULL;
	}
	p->bname = hname_tail(p->hname);
	p->abi = version & K_ABI_MASK;

	aa_unpack_strdup(e, &p->rename, "rename");
	aa_unpack_strdup(e, &p->attach, "attach");
	if (e->failed)
		goto fail;
	if (!unpack_pdb(e, &p->xmatch, false, "xmatch", NULL))
		goto fail;
	if (p->xmatch) {
		if (!aa_unpack_u32(e, &p->xmatch_len, NULL)) {
			aa_ext_fail(e, e->pos, "profile \"%s\": missing xmatch length",
				    p->hname);
			goto fail;
		}
		if (!p->xmatch->perms && !aa_compat_xmatch(e, p->xmatch))
			goto fail;
	}
	aa_unpack_strdup(e, &tmp, "disconnected");
	p->disconnected = tmp;
	if (aa_unpack_u32(e, &p->kill_signal, "kill") &&
	    (p->kill_signal < 1 || p->kill_signal > MAXMAPPED_SIG)) {
		aa_ext_fail(e, e->pos, "profile \"%s\": kill signal %u invalid",
			    p->hname, p->kill_signal);
		goto fail;
	}
	if (e->failed || !unpack_flags(e, p, version))
		goto fail;
	aa_unpack_u32(e, &p->path_flags, "path_flags");
	if (!unpack_caps(e, p) || !unpack_xattrs(e, p) ||
	    !unpack_rlimits(e, p) || !unpack_secmark(e, p))
		goto fail;
	if (aa_unpack_nameX(e, AA_STRUCT, "policydb")) {
		policy_at = e->pos;
		if (!unpack_pdb(e, &p->policy, true, "policydb", NULL))
			goto fail;
		if (!aa_unpack_nameX(e, AA_STRUCTEND, NULL)) {
			aa_ext_fail(e, e->pos, "profile \"%s\": policydb not closed",
				    p->hname);
			goto fail;
		}
		/* file rules may live in the policydb under class FILE */
		p->policy->start[AA_CLASS_FILE] =
			aa_dfa_next(p->policy->dfa, p->policy->start[0],
				    AA_CLASS_FILE);
		if (!p->policy->perms &&
		    !aa_compat_policy(e, p->policy, p->abi))
			goto fail;
	}
	if (!unpack_pdb(e, &p->file, false, "file rules", &stray))
		goto fail;
	if (p->file) {
		if (!p->file->perms && !aa_compat_file(e, p->file))
			goto fail;
	} else if (p->policy &&
		   !unpack_file_policydb(e, p, policy_at, stray)) {
		goto fail;
	}
	aa_policydb_free(stray);
	stray = NULL;
	if (p->file && p->file->unpaired)
		pair_file_entries(p->file);
	if (!unpack_data(e, p))
		goto fail;
	if (!aa_unpack_nameX(e, AA_STRUCTEND, NULL)) {
		if (!aa_inbounds(e, 1))
			aa_ext_fail(e, e->pos,
				    "profile \"%s\": the stream ends before the end of the profile",
				    p->hname);
		else
			aa_ext_fail(e, e->pos,
				    "profile \"%s\": unexpected element 0x%02x before the end of the profile",
				    p->hname, *e->pos);
		goto fail;
	}
	if (!verify_pdb(e, p, p->xmatch, "xmatch", false) ||
	    !verify_pdb(e, p, p->policy, "policydb", false) ||
	    !verify_pdb(e, p, p->file, "file rules", true))
		goto fail;
	p->mediates = mediates_of(p);
	aa_net_cache_fill(p);
	return p;
fail:
	aa_policydb_free(stray);
	if (!e->failed)
		aa_ext_fail(e, e->pos, "profile \"%s\": malformed", p->hname);
	aa_profile_free(p);
	free(*ns_name);
	*ns_name = NULL;
	return NULL;
}

/* The stream header: version (first unit only) and namespace. */
static bool unpack_header(struct aa_ext *e, bool first, uint32_t *version,
			  char **ns)
{
	const uint8_t *at = e->pos;
	const char *name;
	uint32_t v, max;

	if (aa_unpack_u32(e, &v, "version"))
		*version = v;
	else if (first)
		return aa_ext_fail(e, at,
				   "invalid profile format: no \"version\" header");
	/* 6.1 knows no ABI 9 (verify_header: v5 to v8) */
	max = aa_kernel_has(e->kernel, AA_K_ABI9) ? 9 : 8;
	if ((*version & K_ABI_MASK) < 5 || (*version & K_ABI_MASK) > max)
		return aa_ext_fail(e, at,
				   "unsupported interface version %u (header 0x%08x): the kernel accepts ABI 5 to %u",
				   *version & K_ABI_MASK, *version, max);
	at = e->pos;
	if (aa_unpack_str(e, &name, "namespace")) {
		if (!*name)
			return aa_ext_fail(e, at, "invalid namespace name \"\"");
		/*
		 * A different namespace in a later unit: the kernel logs
		 * "invalid ns change" and keeps the first; not an error.
		 */
		if (!*ns && !(*ns = strdup(name)))
			return aa_ext_fail(e, at, "out of memory");
	}
	return true;
}

long aa_unpack_stream(struct aa_ext *e, struct aa_loadent **out)
{
	struct aa_loadent *ents = NULL;
	long n = 0, cap = 0;
	uint32_t version = 0;
	char *ns = NULL;

	*out = NULL;
	if (e->pos >= e->end) {
		aa_ext_fail(e, e->pos, "empty policy");
		return -1;
	}
	while (e->pos < e->end) {
		struct aa_profile *p;
		char *pns = NULL;

		if (!unpack_header(e, e->pos == e->start, &version, &ns))
			goto fail;
		p = unpack_profile(e, version, &pns);
		if (!p)
			goto fail;
		if (n == cap) {
			long ncap = cap ? cap * 2 : 8;
			struct aa_loadent *t = realloc(ents, (size_t)ncap * sizeof(*t));

			if (!t) {
				aa_profile_free(p);
				free(pns);
				aa_ext_fail(e, NULL, "out of memory");
				goto fail;
			}
			ents = t;
			cap = ncap;
		}
		ents[n].profile = p;
		ents[n].ns_name = pns;
		n++;
	}
	/*
	 * A load targets one namespace (aa_replace_profiles): every name's
	 * namespace must agree, and with no header namespace a profile
	 * without one may not precede the first that has one.
	 */
	for (long i = 0; i < n; i++) {
		if (!ns && ents[i].ns_name && i > 0) {
			aa_ext_fail(e, NULL,
				    "policy load has mixed namespaces (\"\" and \"%s\")",
				    ents[i].ns_name);
			goto fail;
		}
		if (ns && ents[i].ns_name && strcmp(ns, ents[i].ns_name)) {
			aa_ext_fail(e, NULL,
				    "policy load has mixed namespaces (\"%s\" and \"%s\")",
				    ns, ents[i].ns_name);
			goto fail;
		}
		if (!ns && ents[i].ns_name)
			ns = strdup(ents[i].ns_name);
		if (ents[i].ns_name && !ns) {
			aa_ext_fail(e, NULL, "out of memory");
			goto fail;
		}
	}
	for (long i = 0; i < n; i++) {
		free(ents[i].ns_name);
		ents[i].ns_name = ns ? strdup(ns) : NULL;
		if (ns && !ents[i].ns_name) {
			aa_ext_fail(e, NULL, "out of memory");
			goto fail;
		}
	}
	free(ns);
	*out = ents;
	return n;
fail:
	for (long i = 0; i < n; i++) {
		aa_profile_free(ents[i].profile);
		free(ents[i].ns_name);
	}
	free(ents);
	free(ns);
	return -1;
}
