// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel's label queries (apparmorfs.c: query_label() and
 * profile_query_cb()), as libapparmor's aa_lq_verdict() asks them
 * through .access: a label, a NUL, then match bytes whose first byte
 * names the class. Every profile of the label in the label's namespace
 * answers from its DFA; the answers are accumulated the kernel's raw
 * way, starting from "everything allowed, everything quiet".
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "aamed.h"
#include "apparmor.h"
#include "dfa.h"
#include "label.h"
#include "perms.h"
#include "policy.h"

/* The kernel's aa_perms_accum_raw(), on the four masks a query reports. */
static void accum_raw(struct aamed_query_masks *acc, const struct aa_perms *p)
{
	acc->deny |= p->deny;
	acc->allow &= p->allow & ~p->deny;
	acc->audit |= p->audit & p->allow;
	acc->quiet &= p->quiet & ~p->allow;
}

/* The state where a class's rules start, DFA_NOMATCH: not mediated. */
static uint32_t class_start(const struct aa_policydb *pdb, uint8_t class)
{
	if (class <= AA_CLASS_LAST)
		return pdb->start[class];
	return aa_dfa_match_len(pdb->dfa, pdb->start[0], &class, 1);
}

/*
 * profile_query_cb(): a file-class query walks the file rules (owner
 * permissions: the querier is taken to have fsuid 0, as the kernel's
 * cond.uid 0 compares); any other class walks the policy rules from the
 * start state including the class byte, and a class the profile does not
 * mediate leaves the answer as it is.
 */
static void profile_query(const struct aa_profile *p,
			  struct aamed_query_masks *acc, const char *match,
			  size_t len, uint8_t class)
{
	struct aa_perms tmp = { 0 };
	uint32_t state;

	if (profile_unconfined(p))
		return;
	if (class == AA_CLASS_FILE) {
		if (p->file && p->file->dfa) {
			state = aa_dfa_match_len(p->file->dfa,
						 p->file->start[AA_CLASS_FILE],
						 match + 1, len - 1);
			if (state)
				tmp = *aa_lookup_fperms(p->file, state, true);
		}
	} else {
		if (!p->policy || !p->policy->dfa ||
		    !class_start(p->policy, class))
			return;
		state = aa_dfa_match_len(p->policy->dfa, p->policy->start[0],
					 match, len);
		if (state)
			tmp = *aa_lookup_perms(p->policy, state);
	}
	aa_apply_modes_to_perms(p, &tmp);
	accum_raw(acc, &tmp);
}

/*
 * aa_write_access(): the command that starts the query, the bytes it
 * takes. "profile" and "label" ask the members in the label's namespace,
 * "labelall" every member (query_label()'s view_only). Anything else is
 * libapparmor's layout, AAMED_QUERY_CMD_LABEL_SIZE bytes it reserves
 * (and fills with "label"), read as "label".
 */
static size_t query_cmd(const char *query, size_t size, bool *all_ns)
{
	*all_ns = false;
	if (size >= sizeof(AAMED_QUERY_CMD_PROFILE) &&
	    !memcmp(query, AAMED_QUERY_CMD_PROFILE,
		    sizeof(AAMED_QUERY_CMD_PROFILE)))
		return sizeof(AAMED_QUERY_CMD_PROFILE);
	if (size >= sizeof(AAMED_QUERY_CMD_LABELALL) &&
	    !memcmp(query, AAMED_QUERY_CMD_LABELALL,
		    sizeof(AAMED_QUERY_CMD_LABELALL))) {
		*all_ns = true;
		return sizeof(AAMED_QUERY_CMD_LABELALL);
	}
	return AAMED_QUERY_CMD_LABEL_SIZE;
}

int aa_lq_masks(aamed_policy *policy, const char *query, size_t size,
			 bool held, struct aamed_query_masks *out)
{
	const struct aa_label *label;
	const struct aa_ns *ns;
	const char *name, *match;
	size_t name_len, len, cmd, i;
	bool all_ns;
	uint8_t class;
	int error = 0;

	if (!policy || !query || !out)
		return -EINVAL;
	cmd = query_cmd(query, size, &all_ns);
	/* the command and at least one byte after it */
	if (size <= cmd)
		return -EINVAL;
	name = query + cmd;
	len = size - cmd;
	name_len = strnlen(name, len);
	if (!name_len || name_len == len)
		return -EINVAL;
	match = name + name_len + 1;
	len -= name_len + 1;
	label = aa_label_query_parse(policy, name, held, &error);
	if (!label)
		return error ? error : -ENOENT;
	/* an empty match: the kernel reads the zeroed byte past the query */
	class = len ? (uint8_t)match[0] : 0;
	*out = (struct aamed_query_masks){ ALL_PERMS_MASK, 0, 0,
					   ALL_PERMS_MASK };
	/* labels_ns(): the last member's (a child namespace's, in a stack
	 * with the root's), as the kernel's oracle answers lq-020 */
	ns = label->vec[label->size - 1]->ns;
	for (i = 0; i < label->size; i++)
		if (all_ns || label->vec[i]->ns == ns)
			profile_query(label->vec[i], out, match, len, class);
	return 0;
}

int aamed_query_label_masks(aamed_policy *policy, const char *query,
			    size_t size, struct aamed_query_masks *out)
{
	return aa_lq_masks(policy, query, size, false, out);
}

/* libapparmor's reading of the four masks. */
int aa_lq_verdict(aamed_policy *policy, uint32_t mask, const char *query,
		   size_t size, bool held, int *allowed, int *audited)
{
	struct aamed_query_masks m;
	int error;

	if (!allowed || !audited)
		return -EINVAL;
	error = aa_lq_masks(policy, query, size, held, &m);
	if (error)
		return error;
	*allowed = !(mask & ~(m.allow & ~m.deny));
	if (!*allowed)
		m.audit = ALL_PERMS_MASK;
	*audited = !(mask & ~(m.audit & ~m.quiet));
	return 0;
}

int aamed_query_label(aamed_policy *policy, uint32_t mask, char *query,
		      size_t size, int *allowed, int *audited)
{
	return aa_lq_verdict(policy, mask, query, size, false, allowed,
			      audited);
}

/*
 * label NUL class a NUL b: the query bytes for up to two strings; the
 * buffer is the caller's to free.
 */
static char *build_file_query(const char *label, const char *a,
			      const char *b, size_t *size)
{
	size_t ll = strlen(label), la = strlen(a), lb = b ? strlen(b) : 0;
	size_t n = AAMED_QUERY_CMD_LABEL_SIZE + ll + 2 + la + (b ? 1 + lb : 0);
	char *q = malloc(n), *p;

	if (!q)
		return NULL;
	memset(q, 0, AAMED_QUERY_CMD_LABEL_SIZE);
	p = q + AAMED_QUERY_CMD_LABEL_SIZE;
	memcpy(p, label, ll);
	p += ll;
	*p++ = '\0';
	*p++ = (char)AAMED_QUERY_CLASS_FILE;
	memcpy(p, a, la);
	p += la;
	if (b) {
		*p++ = '\0';
		memcpy(p, b, lb);
	}
	*size = n;
	return q;
}

static int file_query(aamed_policy *policy, uint32_t mask, const char *label,
		      const char *a, const char *b, int *allowed,
		      int *audited)
{
	size_t size;
	char *q;
	int error;

	if (!label || !a)
		return -EINVAL;
	q = build_file_query(label, a, b, &size);
	if (!q)
		return -ENOMEM;
	error = aamed_query_label(policy, mask, q, size, allowed, audited);
	free(q);
	return error;
}

int aamed_query_file_path(aamed_policy *policy, uint32_t mask,
			  const char *label, const char *path, int *allowed,
			  int *audited)
{
	return file_query(policy, mask, label, path, NULL, allowed, audited);
}

/* The link's path, then the target's, as the kernel's link check walks. */
int aamed_query_link_path(aamed_policy *policy, const char *label,
			  const char *target, const char *link, int *allowed,
			  int *audited)
{
	if (!target)
		return -EINVAL;
	return file_query(policy, AAMED_MAY_LINK, label, link, target, allowed,
			  audited);
}
