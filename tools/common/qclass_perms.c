// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * explain's matchers, one per row of the class table (qclass.c): the
 * permission entry a profile's walk ends in, for the classes whose walk
 * is a plain match (modes are not applied). The others have none.
 */
#include <string.h>

#include "qclass_rows.h"

static bool path_perms(const aamed_profile *p, const struct query *q,
		       struct aamed_perms *perms, uint32_t *owner_allow)
{
	struct aamed_perms own;

	aamed_profile_file_perms(p, q->file.path, q->file.fsuid, q->file.ouid,
				 perms);
	/* what the owner entry allows: fsuid as the owner */
	aamed_profile_file_perms(p, q->file.path, 0, 0, &own);
	*owner_allow = own.allow;
	return true;
}

/* the class 15 walk of newer kernels is not a plain match */
static bool sock_perms(aamed_policy *policy, const aamed_profile *p,
		       const struct aamed_sock *sk, struct aamed_perms *perms)
{
	return aamed_policy_kernel(policy) != AAMED_KERNEL_UPSTREAM &&
	       !aamed_profile_net_perms(p, sk->family, sk->type, perms);
}

bool qp_file(aamed_policy *policy, const aamed_profile *p,
	     const aamed_label *peer, const struct query *q, uint32_t request,
	     struct aamed_perms *perms, uint32_t *owner_allow)
{
	(void)policy;
	(void)peer;
	(void)request;
	return path_perms(p, q, perms, owner_allow);
}

/* an open socket as its net class; a path as a file request */
bool qp_ofile(aamed_policy *policy, const aamed_profile *p,
	      const aamed_label *peer, const struct query *q, uint32_t request,
	      struct aamed_perms *perms, uint32_t *owner_allow)
{
	(void)peer;
	(void)request;
	if (q->ofile.is_sock)
		return sock_perms(policy, p, &q->ofile.sk, perms);
	return path_perms(p, q, perms, owner_allow);
}

bool qp_net(aamed_policy *policy, const aamed_profile *p,
	    const aamed_label *peer, const struct query *q, uint32_t request,
	    struct aamed_perms *perms, uint32_t *owner_allow)
{
	(void)peer;
	(void)request;
	(void)owner_allow;
	return sock_perms(policy, p, &q->net.sk, perms);
}

bool qp_cap(aamed_policy *policy, const aamed_profile *p,
	    const aamed_label *peer, const struct query *q, uint32_t request,
	    struct aamed_perms *perms, uint32_t *owner_allow)
{
	(void)policy;
	(void)peer;
	(void)request;
	(void)owner_allow;
	return !aamed_profile_cap_perms(p, q->ipc.cap, perms);
}

bool qp_signal(aamed_policy *policy, const aamed_profile *p,
	       const aamed_label *peer, const struct query *q,
	       uint32_t request, struct aamed_perms *perms,
	       uint32_t *owner_allow)
{
	(void)policy;
	(void)owner_allow;
	return peer && !aamed_profile_signal_perms(p, peer, q->ipc.sig,
						   request, perms);
}

bool qp_ptrace(aamed_policy *policy, const aamed_profile *p,
	       const aamed_label *peer, const struct query *q,
	       uint32_t request, struct aamed_perms *perms,
	       uint32_t *owner_allow)
{
	(void)policy;
	(void)q;
	(void)owner_allow;
	return peer && !aamed_profile_ptrace_perms(p, peer, request, perms);
}

bool qp_userns(aamed_policy *policy, const aamed_profile *p,
	       const aamed_label *peer, const struct query *q,
	       uint32_t request, struct aamed_perms *perms,
	       uint32_t *owner_allow)
{
	(void)policy;
	(void)peer;
	(void)q;
	(void)request;
	(void)owner_allow;
	return !aamed_profile_userns_perms(p, perms);
}

bool qp_uring(aamed_policy *policy, const aamed_profile *p,
	      const aamed_label *peer, const struct query *q, uint32_t request,
	      struct aamed_perms *perms, uint32_t *owner_allow)
{
	(void)policy;
	(void)request;
	(void)owner_allow;
	return !aamed_profile_io_uring_perms(p, q->ns.op, peer, perms);
}

/* the member's own side of the request, its audit modes applied as the
 * kernel's answer has them */
bool qp_dbus(aamed_policy *policy, const aamed_profile *p,
	     const aamed_label *peer, const struct query *q, uint32_t request,
	     struct aamed_perms *perms, uint32_t *owner_allow)
{
	struct aamed_query_masks m;

	(void)peer;
	(void)request;
	(void)owner_allow;
	if (aamed_dbus_query_masks(policy, aamed_profile_label(p), &q->dbus.req,
				   &m))
		return false;
	perms->allow = m.allow;
	perms->deny = m.deny;
	perms->audit = m.audit;
	perms->quiet = m.quiet;
	return true;
}

/* the target's own name in the file rules (a one-profile target: a
 * stack's components are walked by the decision) */
bool qp_change(aamed_policy *policy, const aamed_profile *p,
	       const aamed_label *peer, const struct query *q,
	       uint32_t request, struct aamed_perms *perms,
	       uint32_t *owner_allow)
{
	(void)policy;
	(void)peer;
	(void)request;
	(void)owner_allow;
	return !change_perms(p, q, perms);
}
