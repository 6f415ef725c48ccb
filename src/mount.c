// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Mount mediation (the kernel's mount.c): the ordered match of mount
 * point, source, filesystem type, flags and data in the policy DFA, the
 * mount audit fields and audit_mount()'s own choice of record.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "apparmor.h"
#include "audit.h"
#include "label.h"
#include "mount.h"
#include "perms.h"
#include "policy.h"

#define AA_MNT_CONT_MATCH 0x40u	/* allow: the data is matched too */
#define AA_AUDIT_DATA 0x40u	/* audit: the record carries options= */
#define AA_MS_IGNORE_MASK 0x70400000ul	/* KERNMOUNT|NOSEC|ACTIVE|BORN */
#define MS_MGC_MSK 0xffff0000ul
#define MS_MGC_VAL 0xC0ED0000ul

static void mount_fill(struct aamed_audit *rec,
		       const struct aa_audit_data *ad, char *buf, size_t len)
{
	(void)buf;
	(void)len;
	rec->name = ad->name;
	rec->fstype = ad->mnt.type;
	rec->srcname = ad->mnt.src_name;
	rec->trans = ad->mnt.trans;
	rec->mnt_flags = ad->mnt.flags;
	rec->options = ad->mnt.data;
}

/* audit_cb(): nosymfollow is a flag only 6.12 prints. */
static void mount_audit_fields(struct aa_abuf *o, const struct aamed_audit *r)
{
	char flags[256];

	if (r->fstype) {
		aa_put(o, " fstype=");
		aa_put_untrusted(o, r->fstype);
	}
	if (r->srcname) {
		aa_put(o, " srcname=");
		aa_put_untrusted(o, r->srcname);
	}
	if (r->trans) {
		aa_put(o, " trans=");
		aa_put_untrusted(o, r->trans);
	}
	if (r->mnt_flags) {
		aamed_mount_flags_str(r->mnt_flags, flags, sizeof(flags));
		aa_put(o, " flags=\"%s\"", flags);
	}
	if (r->options) {
		aa_put(o, " options=");
		aa_put_untrusted(o, r->options);
	}
}

/* The operation a mount-class bit stands for (records print no mask). */
static size_t mount_perms_str(uint32_t mask, char *buf, size_t len)
{
	const char *s = (mask & AAMED_MAY_MOUNT)       ? "mount"
			: (mask & AAMED_MAY_UMOUNT)    ? "umount"
			: (mask & AAMED_MAY_PIVOTROOT) ? "pivotroot"
						       : "";

	if (len)
		snprintf(buf, len, "%s", s);
	return strlen(s);
}

const struct aa_class_ops aa_mount_class = {
	.name = "mount",
	.perms_str = mount_perms_str,
	.fill = mount_fill,
	.print = mount_audit_fields,
};

/* ------------------------------------------------------------------ */

/* One mount(2) check as match_mnt_path_str() receives it. */
struct mnt_args {
	const char *mntpnt, *devname, *type, *data;
	unsigned long flags;
	bool binary;		/* the data is not text: never matched */
};

/*
 * audit_mount(): a success is logged only for the requested bits the
 * rule audits (all of them under audit=all); a failure for the bits not
 * allowed, less the quieted ones. A fully quieted failure returns its
 * error before aa_audit(), so complain mode does not turn it into
 * success. ad carries op, name and the mount fields.
 */
static int audit_mount(const struct aa_profile *profile,
		       struct aa_audit_data *ad, uint32_t request,
		       const struct aa_perms *perms, const char *info,
		       int error)
{
	enum aamed_audit_type type = AUDIT_AUTO;

	if (!error) {
		uint32_t mask = profile->audit == AUDIT_ALL ? 0xffffu
							    : perms->audit;

		request &= mask;
		if (!request)
			return 0;
		type = AAMED_AUDIT_AUDIT;
	} else {
		request &= ~perms->allow;
		if (request & perms->kill)
			type = AAMED_AUDIT_KILLED;
		if ((request & perms->quiet) &&
		    profile->audit != AUDIT_NOQUIET &&
		    profile->audit != AUDIT_ALL)
			request &= ~perms->quiet;
		if (!request)
			return error;
	}
	if (!(ad->mnt.data && (perms->audit & AA_AUDIT_DATA)))
		ad->mnt.data = NULL;
	ad->info = info;
	ad->error = error;
	ad->request = 0;	/* mount records print no masks */
	ad->denied = 0;
	return aa_audit(type, profile, ad);
}

static uint32_t match_mnt_flags(const struct aa_dfa *dfa, uint32_t state,
				unsigned long flags)
{
	unsigned i;

	for (i = 0; i <= 31; i++)
		if ((1ul << i) & flags)
			state = aa_dfa_next(dfa, state, (uint8_t)(i + 1));
	return state;
}

static const char *const mnt_info_table[] = {
	"match succeeded",	"failed mntpnt match", "failed srcname match",
	"failed type match",	"failed flags match",  "failed data match",
	"failed perms check",
};

/* do_match_mnt(): 0, or the index of the step that failed. */
static int do_match_mnt(const struct aa_policydb *pdb, uint32_t state,
			const struct mnt_args *m, struct aa_perms *perms)
{
	const struct aa_dfa *dfa = pdb->dfa;

	state = aa_dfa_null_transition(dfa, aa_dfa_match(dfa, state, m->mntpnt));
	if (!state)
		return 1;
	if (m->devname)
		state = aa_dfa_match(dfa, state, m->devname);
	state = aa_dfa_null_transition(dfa, state);
	if (!state)
		return 2;
	if (m->type)
		state = aa_dfa_match(dfa, state, m->type);
	state = aa_dfa_null_transition(dfa, state);
	if (!state)
		return 3;
	state = match_mnt_flags(dfa, state, m->flags);
	if (!state)
		return 4;
	*perms = *aa_lookup_perms(pdb, state);
	if (perms->allow & AAMED_MAY_MOUNT)
		return 0;
	if (m->data && !m->binary && (perms->allow & AA_MNT_CONT_MATCH)) {
		state = aa_dfa_null_transition(dfa, state);
		if (!state)
			return 4;
		state = aa_dfa_match(dfa, state, m->data);
		if (!state)
			return 5;
		*perms = *aa_lookup_perms(pdb, state);
		if (perms->allow & AAMED_MAY_MOUNT)
			return 0;
	}
	return 6;
}

/*
 * match_mnt_path_str(). 6.1 hands the data to the record even when it
 * is binary; 6.12 only text.
 */
static int match_mnt(const struct aa_profile *profile,
		     const struct mnt_args *m, aamed_audit_fn fn, void *arg)
{
	struct aa_perms perms = { 0 };
	struct aa_audit_data ad;
	const char *info = NULL;
	int pos, error = 0;

	if (!(profile->mediates & (1ull << AA_CLASS_MOUNT)))
		return 0;
	pos = do_match_mnt(profile->policy, profile->policy->start[AA_CLASS_MOUNT],
			   m, &perms);
	if (pos) {
		info = mnt_info_table[pos];
		error = -EACCES;
	}
	aa_audit_data_init(&ad, fn, arg, AAMED_CLASS_MOUNT, "mount");
	ad.name = m->mntpnt;
	ad.mnt.src_name = m->devname;
	ad.mnt.type = m->type;
	ad.mnt.trans = NULL;
	ad.mnt.flags = m->flags;
	ad.mnt.data = (!m->binary ||
		       !aa_kernel_has(aa_profile_kernel(profile),
				      AA_K_MOUNT_TEXT_DATA)) ? m->data : NULL;
	return audit_mount(profile, &ad, AAMED_MAY_MOUNT, &perms, info, error);
}

static int mount_each(const struct aa_label *label, const struct mnt_args *m,
		      aamed_audit_fn fn, void *arg)
{
	int error;

	for_each_confined(label, p, error, match_mnt(p, m, fn, arg));
	return error;
}

/* ------------------------------------------------------------------ */
/*
 * Filesystem types whose get_fs_type() flags matter: FS_REQUIRES_DEV
 * (the source is looked up as a path) and FS_BINARY_MOUNTDATA (the data
 * is not text). Any other known type (fstypes.c) is taken as a virtual
 * filesystem with text options (tmpfs, proc, overlay, ...); an unknown
 * one fails get_fs_type() with ENODEV.
 */
static const char *const dev_fstypes[] = {
	"adfs",	   "affs",    "befs",	"bfs",	   "btrfs",   "cramfs",
	"efs",	   "erofs",   "exfat",	"ext2",	   "ext3",    "ext4",
	"f2fs",	   "freevxfs", "fuseblk", "gfs2",  "hfs",     "hfsplus",
	"hpfs",	   "iso9660", "jfs",	"minix",   "msdos",   "nilfs2",
	"ntfs",	   "ntfs3",   "ocfs2",	"omfs",	   "qnx4",    "qnx6",
	"reiserfs", "romfs",  "squashfs", "sysv",  "udf",     "ufs",
	"vfat",	   "xfs",     "zonefs",
};
static const char *const binary_fstypes[] = { "coda", "nfs", "nfs4" };

static bool in_list(const char *const *v, size_t n, const char *s)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(v[i], s))
			return true;
	return false;
}

static bool fs_binary(const char *type)
{
	return type && in_list(binary_fstypes, ARRAY_SIZE(binary_fstypes), type);
}

/*
 * aa_new_mount(): without a type the data counts as binary; a type
 * that needs a device wants a source, the path it names.
 */
static int new_mount(const struct aa_label *label,
		     const struct aamed_mount_req *req, unsigned long flags,
		     aamed_audit_fn fn, void *arg)
{
	struct mnt_args m = { req->target, req->source, req->fstype,
			      req->data, flags, true };

	if (req->fstype) {
		if (!aa_fstype_known(label->vec[0]->ns->policy, req->fstype))
			return -ENODEV;	/* get_fs_type(), no record */
		m.binary = fs_binary(req->fstype);
		if (in_list(dev_fstypes, ARRAY_SIZE(dev_fstypes), req->fstype)) {
			if (!req->source || !*req->source)
				return -ENOENT;
			if (req->source[0] != '/')
				return -EINVAL;	/* not a name the kernel builds */
		}
	}
	return mount_each(label, &m, fn, arg);
}

int aa_sb_mount(const struct aa_label *label,
		const struct aamed_mount_req *req, aamed_audit_fn fn,
		void *arg)
{
	unsigned long flags = req->flags;
	struct mnt_args m = { req->target, NULL, NULL, NULL, 0, false };

	if ((flags & MS_MGC_MSK) == MS_MGC_VAL)
		flags &= ~MS_MGC_MSK;
	if (flags & AAMED_MS_NOUSER)
		return -EINVAL;	/* path_mount(), before the hook */
	flags &= ~AA_MS_IGNORE_MASK;
	switch (aamed_mount_kind(flags)) {
	case AAMED_MOUNT_REMOUNT:
		m.flags = flags;
		m.data = req->data;
		m.binary = fs_binary(req->fstype);
		break;
	case AAMED_MOUNT_BIND:
		/* kern_path() of it: the kernel's name is absolute */
		if (!req->source || req->source[0] != '/')
			return -EINVAL;
		m.devname = req->source;
		m.flags = flags & (AAMED_MS_REC | AAMED_MS_BIND);
		break;
	case AAMED_MOUNT_PROPAGATION:
		m.flags = flags & (AAMED_MS_REC | AAMED_MS_SILENT |
				   AAMED_MS_SHARED | AAMED_MS_PRIVATE |
				   AAMED_MS_SLAVE | AAMED_MS_UNBINDABLE);
		break;
	case AAMED_MOUNT_MOVE:
		return aa_move_mount(label, req->source ? req->source : "",
				     req->target, fn, arg);
	default:
		return new_mount(label, req, flags, fn, arg);
	}
	return mount_each(label, &m, fn, arg);
}

/*
 * aa_move_mount_old() wants a source, which kern_path() names (absolute);
 * aa_move_mount() takes none for a detached mount.
 */
int aa_move_mount(const struct aa_label *label, const char *from,
		  const char *to, aamed_audit_fn fn, void *arg)
{
	struct mnt_args m = { to, from, NULL, NULL, AAMED_MS_MOVE, false };

	if (from && from[0] != '/')
		return -EINVAL;
	return mount_each(label, &m, fn, arg);
}

/* ------------------------------------------------------------------ */

static int profile_umount(const struct aa_profile *profile, const char *name,
			  aamed_audit_fn fn, void *arg)
{
	const struct aa_policydb *pdb = profile->policy;
	struct aa_perms perms;
	struct aa_audit_data ad;
	int error = 0;

	if (!(profile->mediates & (1ull << AA_CLASS_MOUNT)))
		return 0;
	perms = *aa_lookup_perms(pdb, aa_dfa_match(pdb->dfa,
						   pdb->start[AA_CLASS_MOUNT],
						   name));
	if (AAMED_MAY_UMOUNT & ~perms.allow)
		error = -EACCES;
	aa_audit_data_init(&ad, fn, arg, AAMED_CLASS_MOUNT, "umount");
	ad.name = name;
	memset(&ad.mnt, 0, sizeof(ad.mnt));
	return audit_mount(profile, &ad, AAMED_MAY_UMOUNT, &perms, NULL, error);
}

int aa_umount(const struct aa_label *label, const char *target,
	      aamed_audit_fn fn, void *arg)
{
	int error;

	for_each_confined(label, p, error, profile_umount(p, target, fn, arg));
	return error;
}

/*
 * build_pivotroot(): the new root, a NUL, the old root's new place. The
 * kernel never sets a transition name: a rule's "-> profile" is not
 * followed and the record has no trans=.
 */
static int build_pivotroot(const struct aa_profile *profile,
			   const char *new_name, const char *old_name,
			   aamed_audit_fn fn, void *arg)
{
	const struct aa_policydb *pdb = profile->policy;
	struct aa_perms perms;
	struct aa_audit_data ad;
	uint32_t state;

	if (profile_unconfined(profile) ||
	    !(profile->mediates & (1ull << AA_CLASS_MOUNT)))
		return 0;
	state = aa_dfa_match(pdb->dfa, pdb->start[AA_CLASS_MOUNT], new_name);
	state = aa_dfa_null_transition(pdb->dfa, state);
	state = aa_dfa_match(pdb->dfa, state, old_name);
	perms = *aa_lookup_perms(pdb, state);
	aa_audit_data_init(&ad, fn, arg, AAMED_CLASS_MOUNT, "pivotroot");
	ad.name = new_name;
	memset(&ad.mnt, 0, sizeof(ad.mnt));
	ad.mnt.src_name = old_name;
	return audit_mount(profile, &ad, AAMED_MAY_PIVOTROOT, &perms, NULL,
			   (perms.allow & AAMED_MAY_PIVOTROOT) ? 0 : -EACCES);
}

int aa_pivotroot(const struct aa_label *label, const char *new_root,
		 const char *put_old, aamed_audit_fn fn, void *arg)
{
	uint32_t i;
	int error;

	for (i = 0; i < label->size; i++) {
		error = build_pivotroot(label->vec[i], new_root, put_old, fn,
					arg);
		if (error)
			return error;
	}
	return 0;
}
