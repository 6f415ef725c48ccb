// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Introspection of profiles: finding them, their scalar fields
 * (struct aamed_profile_info) and the kernel's name tables. Read only.
 */
#include <errno.h>
#include <string.h>

#include "introspect.h"
#include "versioned.h"

const aamed_profile *aamed_policy_profile(const aamed_policy *policy, size_t i)
{
	if (!policy || i >= policy->nprofiles)
		return NULL;
	return from_profile(policy->profiles[i]);
}

const aamed_profile *aamed_policy_profile_find(const aamed_policy *policy,
					       const char *ns,
					       const char *hname)
{
	size_t i;

	if (!policy || !hname)
		return NULL;
	if (!ns)
		ns = "";
	for (i = 0; i < policy->nprofiles; i++) {
		const struct aa_profile *p = policy->profiles[i];

		if (!strcmp(p->hname, hname) && !strcmp(p->ns->name, ns))
			return from_profile(p);
	}
	return NULL;
}

size_t aamed_label_profile_count(const aamed_label *label)
{
	const struct aa_label *l = to_label(label);

	if (!l || (aa_label_unconfined(l) && l->size == 0))
		return 0;
	return l->size;
}

const aamed_profile *aamed_label_profile(const aamed_label *label, size_t i)
{
	if (i >= aamed_label_profile_count(label))
		return NULL;
	return from_profile(to_label(label)->vec[i]);
}

const aamed_label *aamed_profile_label(const aamed_profile *profile)
{
	return profile ? from_label(to_profile(profile)->label) : NULL;
}

int aamed_profile_info(const aamed_profile *profile,
		       struct aamed_profile_info *info)
{
	const struct aa_profile *p = to_profile(profile);
	long len = aa_struct_len(info, sizeof(*info),
				 AA_V0_PROFILE_INFO);
	struct aamed_profile_info full;

	if (!p || len < 0)
		return len < 0 ? (int)len : -EINVAL;
	memset(&full, 0, sizeof(full));
	full.name = p->hname;
	full.ns = p->ns->name;
	full.attach = p->attach;
	full.disconnected = p->disconnected;
	full.mode = (enum aamed_profile_mode)p->mode;
	full.audit = (enum aamed_audit_mode)p->audit;
	full.hat = (p->flags & PFLAG_HAT) ? 1 : 0;
	full.path_flags = p->path_flags;
	full.caps_allow = p->caps_allow;
	full.caps_audit = p->caps_audit;
	full.caps_quiet = p->caps_quiet;
	full.caps_kill = p->caps_kill;
	full.mediates = p->mediates;
	full.abi = p->abi;
	full.xattr_count = p->xattr_count;
	full.rlimit_mask = p->rlimit_mask;
	memcpy(full.rlimits, p->rlimits, sizeof(full.rlimits));
	aa_struct_copy_out(info, &full, (size_t)len);
	return 0;
}

const char *aamed_profile_xattr(const aamed_profile *profile, size_t i)
{
	const struct aa_profile *p = to_profile(profile);

	if (!p || i >= p->xattr_count || !p->xattrs)
		return NULL;
	return p->xattrs[i];
}

/* ------------------------------------------------------------------ */
static const char *table_name(const char *const *t, size_t n, int i)
{
	return i >= 0 && (size_t)i < n ? t[i] : NULL;
}

const char *aamed_profile_mode_name(enum aamed_profile_mode mode)
{
	return table_name(aa_profile_mode_names, AA_MODE_MAX, (int)mode);
}

const char *aamed_audit_mode_name(enum aamed_audit_mode mode)
{
	return table_name(aa_audit_mode_names, AA_AUDIT_MODE_MAX, (int)mode);
}

const char *aamed_cap_name(int cap)
{
	return table_name(aa_cap_names, AA_CAP_MAX, cap);
}

const char *aamed_family_name(int family)
{
	return table_name(aa_family_names, AA_AF_MAX, family);
}

const char *aamed_sock_type_name(int type)
{
	return table_name(aa_sock_type_names, AA_SOCK_MAX, type);
}

const char *aamed_signal_name(int aa_sig)
{
	return table_name(aa_sig_names, AA_MAXMAPPED_SIG + 1, aa_sig);
}
