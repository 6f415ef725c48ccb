// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * File mediation: the kernel's aa_path_perm(), aa_path_link() and
 * aa_audit_file(). lsm.c decides which checks a request asks for.
 *
 * Each confined member of the label walks its file DFA once. Nothing
 * here allocates, and a record is built only on the way to being
 * emitted.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "apparmor.h"
#include "audit.h"
#include "file.h"
#include "label.h"
#include "perms.h"
#include "policy.h"

const char *const aa_file_op_names[AAMED_OP__COUNT] = {
	[AAMED_OP_OPEN] = "open",
	[AAMED_OP_FILE_PERM] = "file_perm",
	[AAMED_OP_FILE_LOCK] = "file_lock",
	[AAMED_OP_FILE_MMAP] = "file_mmap",
	[AAMED_OP_FILE_MPROT] = "file_mprotect",
	[AAMED_OP_GETATTR] = "getattr",
	[AAMED_OP_SETATTR] = "setattr",
	[AAMED_OP_CHMOD] = "chmod",
	[AAMED_OP_CHOWN] = "chown",
	[AAMED_OP_TRUNC] = "truncate",
	[AAMED_OP_UNLINK] = "unlink",
	[AAMED_OP_RMDIR] = "rmdir",
	[AAMED_OP_MKDIR] = "mkdir",
	[AAMED_OP_MKNOD] = "mknod",
	[AAMED_OP_SYMLINK] = "symlink",
	[AAMED_OP_CREATE] = "create",
	[AAMED_OP_LINK] = "link",
	[AAMED_OP_RENAME] = "rename",
	[AAMED_OP_RENAME_SRC] = "rename_src",
	[AAMED_OP_RENAME_DEST] = "rename_dest",
	[AAMED_OP_EXEC] = "exec",
	[AAMED_OP_FILE_INHERIT] = "file_inherit",
	[AAMED_OP_FILE_RECEIVE] = "file_receive",
};

const char *aamed_file_op_name(enum aamed_file_op op)
{
	return (unsigned)op < AAMED_OP__COUNT ? aa_file_op_names[op] : NULL;
}

int aamed_file_op_parse(const char *name)
{
	int i;

	for (i = 0; i < AAMED_OP__COUNT; i++)
		if (!strcmp(aa_file_op_names[i], name))
			return i;
	return -1;
}

/* ------------------------------------------------------------------ */
/* The file record's fields (file_audit_cb). */

#define PERMS_CHRS_MASK                                                    \
	(AAMED_MAY_READ | AAMED_MAY_WRITE | AAMED_MAY_CREATE |             \
	 AAMED_MAY_DELETE | AAMED_MAY_LINK | AAMED_MAY_LOCK |              \
	 AAMED_MAY_EXEC | AAMED_EXEC_MMAP | AAMED_MAY_APPEND)

/* aa_file_perm_chrs: one character per bit, ' ' for none. */
static const char file_chrs[] = "xwracd         km l     ";

static size_t file_perms_str(uint32_t mask, char *buf, size_t len)
{
	char tmp[40];
	size_t n = 0;
	unsigned i;

	uint32_t m = mask & PERMS_CHRS_MASK;

	/* map_mask_to_chr_mask(): meta reads show as r, meta writes as w */
	if (mask & AAMED_MAY_GETATTR)
		m |= AAMED_MAY_READ;
	if (mask & (AAMED_MAY_SETATTR | AAMED_MAY_CHMOD | AAMED_MAY_CHOWN))
		m |= AAMED_MAY_WRITE;
	for (i = 0; i < sizeof(file_chrs) - 1; i++)
		if ((m & (1u << i)) && file_chrs[i] != ' ')
			tmp[n++] = file_chrs[i];
	tmp[n] = '\0';
	if (len)
		snprintf(buf, len, "%s", tmp);
	return n;
}

static void file_audit_fields(struct aa_abuf *o, const struct aamed_audit *r)
{
	char s[40];

	if (r->request & AA_AUDIT_FILE_MASK) {
		file_perms_str(r->request, s, sizeof(s));
		aa_put(o, " requested_mask=\"%s\"", s);
	}
	if (r->denied & AA_AUDIT_FILE_MASK) {
		file_perms_str(r->denied, s, sizeof(s));
		aa_put(o, " denied_mask=\"%s\"", s);
	}
	if (r->request & AA_AUDIT_FILE_MASK)
		/* %d, as file_audit_cb prints them */
		aa_put(o, " fsuid=%d ouid=%d", (int)r->fsuid, (int)r->ouid);
	if (r->target) {
		aa_put(o, " target=");
		aa_put_untrusted(o, r->target);
	}
}

static void file_fill(struct aamed_audit *rec, const struct aa_audit_data *ad,
		      char *buf, size_t len)
{
	(void)buf;
	(void)len;
	rec->name = ad->name;
	rec->fsuid = ad->fs.fsuid;
	rec->ouid = ad->fs.ouid;
	rec->target = ad->fs.target;
}

const struct aa_class_ops aa_file_class = {
	.name = "file",
	.perms_str = file_perms_str,
	.fill = file_fill,
	.print = file_audit_fields,
};

/* ------------------------------------------------------------------ */

#define AUDIT_ALL_MASK 0xffffu	/* audit=all on success: low 16 bits only */

int aa_audit_file(const struct aa_profile *profile,
		  const struct aa_perms *perms, uint32_t request, int error,
		  struct aa_audit_data *ad)
{
	enum aamed_audit_type type = AUDIT_AUTO;

	if (likely(!error)) {
		uint32_t mask = perms->audit;

		if (profile->audit == AUDIT_ALL)
			mask = AUDIT_ALL_MASK;
		request &= mask;
		if (likely(!request))
			return 0;
		type = AAMED_AUDIT_AUDIT;
	} else {
		/* only what was denied is reported */
		request &= ~perms->allow;
		if (request & perms->kill)
			type = AAMED_AUDIT_KILLED;
		/* a quieted denial stays enforced, silently, in every mode */
		if ((request & perms->quiet) && profile->audit != AUDIT_NOQUIET &&
		    profile->audit != AUDIT_ALL)
			request &= ~perms->quiet;
		if (!request)
			return error;
	}
	ad->class = AAMED_CLASS_FILE;
	ad->request = request;
	ad->denied = request & ~perms->allow;
	ad->error = error;
	return aa_audit(type, profile, ad);
}

/* Match name from start and return the state; perms for the owner case. */
uint32_t aa_str_perms(const struct aa_policydb *file, uint32_t start,
		      const char *name, bool owner, struct aa_perms *perms)
{
	uint32_t state;

	if (!file) {
		/* the null DFA: no rules, but getattr as the compat map gives */
		memset(perms, 0, sizeof(*perms));
		perms->allow = AAMED_MAY_GETATTR;
		return DFA_NOMATCH;
	}
	state = aa_dfa_match(file->dfa, start, name);
	*perms = *aa_lookup_fperms(file, state, owner);
	return state;
}

/*
 * No file DFA and no file rules in a policydb: 6.1 reads its null DFA
 * through aa_compute_fperms(), which grants getattr; 6.12's nullpdb has
 * an all-zero table, so even a stat is denied.
 */
const struct aa_perms *aa_null_fperms(const struct aa_profile *profile)
{
	static const struct aa_perms getattr_only = {
		.allow = AAMED_MAY_GETATTR,
	};
	static const struct aa_perms none;

	return !aa_kernel_has(aa_profile_kernel(profile), AA_K_NULLPDB) ?
		       &getattr_only : &none;
}

static inline uint32_t file_start(const struct aa_profile *p)
{
	return p->file ? p->file->start[AA_CLASS_FILE] : DFA_NOMATCH;
}

/*
 * __aa_path_perm() for one confined profile. The allow path reads the
 * permissions in place and returns without building anything unless
 * the profile forces an audit of what was asked.
 */
static inline int profile_path_perm(const struct aa_profile *profile,
				    uint32_t request, struct aa_audit_data *ad)
{
	const struct aa_policydb *file = profile->file;
	const struct aa_perms *perms;
	uint32_t state;

	if (likely(file)) {
		state = aa_dfa_match(file->dfa, file->start[AA_CLASS_FILE],
				     ad->name);
		perms = aa_lookup_fperms(file, state,
					 ad->fs.fsuid == ad->fs.ouid);
	} else {
		perms = aa_null_fperms(profile);
	}
	if (likely(!(request & ~perms->allow)) &&
	    likely(!(request & perms->audit)) &&
	    likely(profile->audit != AUDIT_ALL))
		return 0;
	ad->info = NULL;
	ad->fs.target = NULL;
	return aa_audit_file(profile, perms, request,
			     (request & ~perms->allow) ? -EACCES : 0, ad);
}

/* Every confined member decides and audits; the last error wins. */
int aa_path_perm(const struct aa_label *label, uint32_t request,
		 struct aa_audit_data *ad)
{
	int error;

	for_each_confined(label, p, error, profile_path_perm(p, request, ad));
	return error;
}

/* Is exec transition a a subset of b, for the link subset rule? */
static bool xindex_is_subset(uint32_t link, uint32_t target)
{
	if ((link & AA_X_UNSAFE) && !(target & AA_X_UNSAFE))
		return false;
	return (link & ~AA_X_UNSAFE) == (target & ~AA_X_UNSAFE);
}

/*
 * profile_path_link(): link name lname to the existing file tname. The
 * link name must grant link; the pair (lname \0 tname) must grant link
 * too; if it asks for link subset, what lname grants must be a subset of
 * what tname grants.
 */
static int profile_path_link(const struct aa_profile *profile,
			     struct aa_audit_data *ad)
{
	const struct aa_policydb *file = profile->file;
	const char *lname = ad->name, *tname = ad->fs.target;
	struct aa_perms lperms, perms;
	uint32_t request = AAMED_MAY_LINK;
	bool owner = ad->fs.fsuid == ad->fs.ouid;
	uint32_t state;
	int error = -EACCES;

	ad->info = NULL;
	memset(&lperms, 0, sizeof(lperms));
	state = aa_str_perms(file, file_start(profile), lname, owner, &lperms);
	if (!(lperms.allow & AAMED_MAY_LINK))
		goto audit;
	/* the target half of the pair */
	state = file ? aa_dfa_null_transition(file->dfa, state) : DFA_NOMATCH;
	aa_str_perms(file, state, tname, owner, &perms);
	/* force audit/quiet for a link live in the pair's second entry */
	lperms.audit = perms.audit;
	lperms.quiet = perms.quiet;
	lperms.kill = perms.kill;
	if (!(perms.allow & AAMED_MAY_LINK)) {
		ad->info = "target restricted";
		lperms = perms;
		goto audit;
	}
	if (!(perms.allow & AA_LINK_SUBSET))
		goto done;
	aa_str_perms(file, file_start(profile), tname, owner, &perms);
	/* link itself is not part of the subset test */
	request = lperms.allow & ~AAMED_MAY_LINK;
	lperms.allow &= perms.allow | AAMED_MAY_LINK;
	request |= AA_AUDIT_FILE_MASK & (lperms.allow & ~perms.allow);
	if (request & ~lperms.allow) {
		goto audit;
	} else if ((lperms.allow & AAMED_MAY_EXEC) &&
		   !xindex_is_subset(lperms.xindex, perms.xindex)) {
		lperms.allow &= ~AAMED_MAY_EXEC;
		request |= AAMED_MAY_EXEC;
		ad->info = "link not subset of target";
		goto audit;
	}
done:
	error = 0;
audit:
	return aa_audit_file(profile, &lperms, request, error, ad);
}

int aa_path_link(const struct aa_label *label, struct aa_audit_data *ad)
{
	int error;

	for_each_confined(label, p, error, profile_path_link(p, ad));
	return error;
}
