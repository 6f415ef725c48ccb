// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * File mediation: the kernel's aa_path_perm(), link and rename checks,
 * and aa_audit_file().
 *
 * The hot path is the unconfined test in aamed_file_perm(); past it, each
 * confined member of the label walks its file DFA once. Nothing here
 * allocates, and a record is built only on the way to being emitted.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

static const char *const op_names[AAMED_OP__COUNT] = {
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
};

const char *aamed_file_op_name(enum aamed_file_op op)
{
	return (unsigned)op < AAMED_OP__COUNT ? op_names[op] : NULL;
}

int aamed_file_op_parse(const char *name)
{
	int i;

	for (i = 0; i < AAMED_OP__COUNT; i++)
		if (!strcmp(op_names[i], name))
			return i;
	return -1;
}

/* ------------------------------------------------------------------ */
/* The file record's fields (file_audit_cb). */

/* Bits the file record prints (AA_AUDIT_FILE_MASK). */
#define AUDIT_FILE_MASK                                                    \
	(AAMED_MAY_READ | AAMED_MAY_WRITE | AAMED_MAY_EXEC |               \
	 AAMED_MAY_APPEND | AAMED_MAY_CREATE | AAMED_MAY_DELETE |          \
	 AAMED_MAY_GETATTR | AAMED_MAY_SETATTR | AAMED_MAY_CHMOD |         \
	 AAMED_MAY_CHOWN | AAMED_MAY_LOCK | AAMED_EXEC_MMAP | AAMED_MAY_LINK)

#define PERMS_CHRS_MASK                                                    \
	(AAMED_MAY_READ | AAMED_MAY_WRITE | AAMED_MAY_CREATE |             \
	 AAMED_MAY_DELETE | AAMED_MAY_LINK | AAMED_MAY_LOCK |              \
	 AAMED_MAY_EXEC | AAMED_EXEC_MMAP | AAMED_MAY_APPEND)

/* aa_file_perm_chrs: one character per bit, ' ' for none. */
static const char file_chrs[] = "xwracd         km l     ";

size_t aa_file_perms_str(uint32_t mask, char *buf, size_t len)
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

void aa_file_audit_fields(struct aa_abuf *o, const struct aamed_audit *r)
{
	char s[40];

	if (r->request & AUDIT_FILE_MASK) {
		aa_file_perms_str(r->request, s, sizeof(s));
		aa_put(o, " requested_mask=\"%s\"", s);
	}
	if (r->denied & AUDIT_FILE_MASK) {
		aa_file_perms_str(r->denied, s, sizeof(s));
		aa_put(o, " denied_mask=\"%s\"", s);
	}
	if (r->request & AUDIT_FILE_MASK)
		/* %d, as file_audit_cb prints them */
		aa_put(o, " fsuid=%d ouid=%d", (int)r->fsuid, (int)r->ouid);
	if (r->target) {
		aa_put(o, " target=");
		aa_put_untrusted(o, r->target);
	}
}

/* ------------------------------------------------------------------ */

#define AUDIT_ALL_MASK 0xffffu	/* audit=all on success: low 16 bits only */

/* AA_AUDIT_FILE_MASK: the bits a link subset failure may add */
#define AUDIT_FILE_MASK_LINK                                               \
	(AAMED_MAY_READ | AAMED_MAY_WRITE | AAMED_MAY_EXEC |               \
	 AAMED_MAY_APPEND | AAMED_MAY_CREATE | AAMED_MAY_DELETE |          \
	 AAMED_MAY_GETATTR | AAMED_MAY_SETATTR | AAMED_MAY_CHMOD |         \
	 AAMED_MAY_CHOWN | AAMED_MAY_LOCK | AAMED_EXEC_MMAP | AAMED_MAY_LINK)

int aa_audit_file(const struct aa_audit_ctx *ctx,
		  const struct aa_profile *profile,
		  const struct aa_perms *perms, const char *op,
		  uint32_t request, const char *name, const char *target,
		  uint32_t fsuid, uint32_t ouid, const char *info, int error)
{
	enum aamed_audit_type type = AUDIT_AUTO;
	struct aamed_audit rec;

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
	memset(&rec, 0, sizeof(rec));
	rec.class = AAMED_CLASS_FILE;
	rec.op = op;
	rec.info = info;
	rec.error = error;
	rec.name = name;
	rec.request = request;
	rec.denied = request & ~perms->allow;
	rec.fsuid = fsuid;
	rec.ouid = ouid;
	rec.target = target;
	return aa_audit(ctx, type, profile, &rec);
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

static inline uint32_t file_start(const struct aa_profile *p)
{
	return p->file ? p->file->start[AA_CLASS_FILE] : DFA_NOMATCH;
}

/* One file request as the per-profile checks see it. */
struct freq {
	const struct aa_audit_ctx *ctx;
	const char *op;
	const char *name;
	uint32_t request;
	uint32_t fsuid, ouid;
};

/*
 * __aa_path_perm() for one confined profile. The allow path reads the
 * permissions in place and returns without building anything unless
 * the profile forces an audit of what was asked.
 */
static inline int profile_path_perm(const struct freq *r,
				    const struct aa_profile *profile)
{
	const struct aa_policydb *file = profile->file;
	const struct aa_perms *perms;
	struct aa_perms null_perms = { .allow = AAMED_MAY_GETATTR };
	uint32_t state;

	if (likely(file)) {
		state = aa_dfa_match(file->dfa, file->start[AA_CLASS_FILE],
				     r->name);
		perms = aa_lookup_fperms(file, state, r->fsuid == r->ouid);
	} else {
		/* the null DFA: no rules, but getattr as the compat map gives */
		perms = &null_perms;
	}
	if (likely(!(r->request & ~perms->allow)) &&
	    likely(!(r->request & perms->audit)) &&
	    likely(profile->audit != AUDIT_ALL))
		return 0;
	return aa_audit_file(r->ctx, profile, perms, r->op, r->request,
			     r->name, NULL, r->fsuid, r->ouid, NULL,
			     (r->request & ~perms->allow) ? -EACCES : 0);
}

/* Every confined member decides and audits; the last error wins. */
static int label_path_perm(const struct freq *r, const struct aa_label *label)
{
	int error;

	for_each_confined(label, p, error, profile_path_perm(r, p));
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
static int profile_path_link(const struct aa_audit_ctx *ctx,
			     const struct aa_profile *profile,
			     const char *lname, const char *tname,
			     uint32_t fsuid, uint32_t ouid)
{
	const struct aa_policydb *file = profile->file;
	struct aa_perms lperms, perms;
	uint32_t request = AAMED_MAY_LINK;
	const char *info = NULL;
	bool owner = fsuid == ouid;
	uint32_t state;
	int error = -EACCES;

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
		info = "target restricted";
		lperms = perms;
		goto audit;
	}
	if (!(perms.allow & AA_LINK_SUBSET))
		goto done;
	aa_str_perms(file, file_start(profile), tname, owner, &perms);
	/* link itself is not part of the subset test */
	request = lperms.allow & ~AAMED_MAY_LINK;
	lperms.allow &= perms.allow | AAMED_MAY_LINK;
	request |= AUDIT_FILE_MASK_LINK & (lperms.allow & ~perms.allow);
	if (request & ~lperms.allow) {
		goto audit;
	} else if ((lperms.allow & AAMED_MAY_EXEC) &&
		   !xindex_is_subset(lperms.xindex, perms.xindex)) {
		lperms.allow &= ~AAMED_MAY_EXEC;
		request |= AAMED_MAY_EXEC;
		info = "link not subset of target";
		goto audit;
	}
done:
	error = 0;
audit:
	return aa_audit_file(ctx, profile, &lperms, "link", request, lname,
			     tname, fsuid, ouid, info, error);
}

static int label_path_link(const struct aa_audit_ctx *ctx,
			   const struct aa_label *label, const char *lname,
			   const char *tname, uint32_t fsuid, uint32_t ouid)
{
	int error;

	for_each_confined(label, p, error,
			  profile_path_link(ctx, p, lname, tname, fsuid, ouid));
	return error;
}

#define RENAME_SRC_PERMS                                                   \
	(AAMED_MAY_READ | AAMED_MAY_GETATTR | AAMED_MAY_WRITE |            \
	 AAMED_MAY_SETATTR | AAMED_MAY_DELETE)
#define RENAME_DEST_PERMS                                                  \
	(AAMED_MAY_WRITE | AAMED_MAY_SETATTR | AAMED_MAY_CREATE)

__attribute__((noinline)) static int
file_perm_confined(const struct aa_label *label,
		   const struct aamed_file_req *req, aamed_audit_fn audit,
		   void *arg)
{
	struct aa_audit_ctx ctx = { audit, arg };
	struct freq r = {
		.ctx = &ctx,
		.name = req->path,
		.request = req->request,
		.fsuid = req->fsuid,
		.ouid = req->ouid,
	};
	int error;

	if (!req->path || req->path[0] == '\0')
		return -EINVAL;
	switch (req->op) {
	case AAMED_OP_LINK:
		if (!req->target)
			return -EINVAL;
		return label_path_link(&ctx, label, req->path, req->target,
				       req->fsuid, req->ouid);
	case AAMED_OP_RENAME:
		if (!req->target)
			return -EINVAL;
		/* both checks use the source's owner; stop at the first error */
		r.op = "rename_src";
		r.request = RENAME_SRC_PERMS;
		error = label_path_perm(&r, label);
		if (error)
			return error;
		r.op = "rename_dest";
		r.name = req->target;
		r.request = RENAME_DEST_PERMS;
		return label_path_perm(&r, label);
	default:
		if ((unsigned)req->op >= AAMED_OP__COUNT)
			return -EINVAL;
		r.op = op_names[req->op];
		return label_path_perm(&r, label);
	}
}

/*
 * The entry point. An unconfined label is the fast path: one load, one
 * test, no other work (seed 000's early-unconfined design).
 */
int aamed_file_perm(const aamed_label *l, const struct aamed_file_req *req,
		    aamed_audit_fn audit, void *arg)
{
	const struct aa_label *label = to_label(l);

	if (likely(label->flags & LFLAG_UNCONFINED))
		return 0;
	return file_perm_confined(label, req, audit, arg);
}
