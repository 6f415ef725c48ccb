// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The hook layer (the kernel's lsm.c): every public decision enters
 * here. Each entry point first takes the unconfined short cut, before
 * anything else is looked at or built (only a hook the chosen kernel
 * lacks answers AAMED_NOT_MEDIATED before it), then says what the
 * request asks of which mediation file. The mediation files do not call each other
 * except where the kernel's do (af_unix.c falls back to net.c's coarse
 * rule; task.c asks capability.c for CAP_SYS_PTRACE).
 */
#include <errno.h>
#include <string.h>

#include "af_unix.h"
#include "apparmor.h"
#include "audit.h"
#include "capability.h"
#include "change_hat.h"
#include "change_profile.h"
#include "domain.h"
#include "file.h"
#include "file_ctx.h"
#include "io_uring.h"
#include "ipc.h"
#include "label.h"
#include "mount.h"
#include "names.h"
#include "net.h"
#include "policy.h"
#include "resource.h"
#include "task.h"
#include "userns.h"
#include "versioned.h"

/* ------------------------------------------------------------------ */
/* Files. */

#define RENAME_SRC_PERMS                                                   \
	(AAMED_MAY_READ | AAMED_MAY_GETATTR | AAMED_MAY_WRITE |            \
	 AAMED_MAY_SETATTR | AAMED_MAY_DELETE)
#define RENAME_DEST_PERMS                                                  \
	(AAMED_MAY_WRITE | AAMED_MAY_SETATTR | AAMED_MAY_CREATE)

/*
 * common_perm() and friends, apparmor_path_link(), apparmor_path_rename():
 * a rename checks the source then the destination, both with the
 * source's owner, and stops at the first error.
 */
__attribute__((noinline)) static int
file_hook(const struct aa_label *label, const struct aamed_file_req *req,
	  aamed_audit_fn audit, void *arg)
{
	struct aa_audit_data ad;
	int error;

	if (!req->path || req->path[0] == '\0')
		return -EINVAL;
	aa_audit_data_init(&ad, audit, arg, AAMED_CLASS_FILE, NULL);
	ad.name = req->path;
	ad.fs.fsuid = req->fsuid;
	ad.fs.ouid = req->ouid;
	/*
	 * The one-path operations, numbered below LINK, in one compare: it
	 * pays for the size test of aamed_file_perm().
	 */
	if (likely((unsigned)req->op < AAMED_OP_LINK))
		goto one_path;
	switch (req->op) {
	case AAMED_OP_LINK:
		if (!req->target)
			return -EINVAL;
		ad.op = "link";
		ad.fs.target = req->target;
		return aa_path_link(label, &ad);
	case AAMED_OP_RENAME:
		if (!req->target)
			return -EINVAL;
		ad.op = "rename_src";
		error = aa_path_perm(label, RENAME_SRC_PERMS, &ad);
		if (error)
			return error;
		ad.op = "rename_dest";
		ad.name = req->target;
		return aa_path_perm(label, RENAME_DEST_PERMS, &ad);
	default:
		if ((unsigned)req->op >= AAMED_OP__COUNT)
			return -EINVAL;
		break;
	}
one_path:
	ad.op = aa_file_op_names[req->op];
	return aa_path_perm(label, req->request, &ad);
}

/*
 * A request neither of size 0 nor of this version's: the hook reads its
 * copy. Out of line, so that the entry pays one test of the size for 0
 * and a second one for sizeof.
 */
__attribute__((noinline)) static int
file_hook_copy(const struct aa_label *label, const struct aamed_file_req *req,
	       aamed_audit_fn audit, void *arg)
{
	struct aamed_file_req local;
	int error = AA_STRUCT_COPY(&local, req, AA_V0_FILE_REQ);

	return error ? error : file_hook(label, &local, audit, arg);
}

/* The file hooks (file_permission, inode and path hooks) -> file.c. */
int aamed_file_perm(const aamed_label *l, const struct aamed_file_req *req,
		    aamed_audit_fn audit, void *arg)
{
	const struct aa_label *label = to_label(l);

	if (likely(aa_label_unconfined(label)))
		return 0;
	if (unlikely(AA_STRUCT_SLOW(req, AA_V0_FILE_REQ)) &&
	    !AA_STRUCT_AS_IS(req, AA_V0_FILE_REQ))
		return file_hook_copy(label, req, audit, arg);
	return file_hook(label, req, audit, arg);
}

/*
 * The caller's open file, and the socket it names, as this version reads
 * them: f itself, a copy in lf (with its socket's copy in ls), or NULL
 * with *err set.
 */
static const struct aamed_open_file *
open_file_in(const struct aamed_open_file *f, struct aamed_open_file *lf,
	     struct aamed_sock *ls, int *err)
{
	const struct aamed_sock *sk;

	f = AA_STRUCT_IN(f, lf, AA_V0_OPEN_FILE, err);
	if (!f || !f->sock)
		return f;
	sk = AA_STRUCT_IN(f->sock, ls, AA_V0_SOCK, err);
	if (sk == f->sock || !sk)
		return sk ? f : NULL;
	if (f != lf)
		*lf = *f;
	lf->sock = sk;
	return lf;
}

/*
 * common_file_perm() (apparmor_file_permission(), _lock(), mmap,
 * apparmor_file_receive()) -> file_ctx.c.
 */
__attribute__((noinline)) static int
open_file_hook(const struct aa_label *label, enum aamed_file_op op,
	       const struct aamed_open_file *f, uint32_t request,
	       aamed_audit_fn audit, void *arg)
{
	struct aamed_open_file lf;
	struct aamed_sock ls;
	int error;

	if (!f)
		return -EINVAL;
	f = open_file_in(f, &lf, &ls, &error);
	if (!f)
		return error;
	switch (op) {
	case AAMED_OP_FILE_RECEIVE:
		/* what the file is open for (O_CREAT is gone by then) */
		request = f->mode & ~AAMED_MAY_CREATE;
		/* fall through */
	case AAMED_OP_FILE_PERM:
	case AAMED_OP_FILE_LOCK:
	case AAMED_OP_FILE_MMAP:
	case AAMED_OP_FILE_MPROT:
	case AAMED_OP_FILE_INHERIT:
		return aa_file_ctx_perm(label, aa_file_op_names[op], f, request,
					audit, arg);
	default:
		return -EINVAL;
	}
}

/*
 * The revoked-descriptor test comes before the task's label in the
 * kernel too, so it holds for unconfined tasks.
 */
int aamed_open_file_perm(const aamed_label *l, enum aamed_file_op op,
			 const struct aamed_open_file *f, uint32_t request,
			 aamed_audit_fn audit, void *arg)
{
	const struct aa_label *label = to_label(l);

	if (unlikely(f && (f->flags & AAMED_OFILE_NULL)))
		return -EACCES;
	if (likely(aa_label_unconfined(label)))
		return 0;
	return open_file_hook(label, op, f, request, audit, arg);
}

/* apparmor_bprm_committing_creds(): nothing for an unconfined new label. */
int aamed_file_inherit(const aamed_label *l, const struct aamed_open_file *f,
		       unsigned *outcome, aamed_audit_fn audit, void *arg)
{
	const struct aa_label *label = to_label(l);
	struct aamed_open_file lf;
	struct aamed_sock ls;
	unsigned ignored;
	int error;

	if (!outcome)
		outcome = &ignored;
	*outcome = 0;
	if (likely(aa_label_unconfined(label)))
		return 0;
	if (!f)
		return -EINVAL;
	f = open_file_in(f, &lf, &ls, &error);
	if (!f)
		return error;
	return aa_file_ctx_inherit(label, f, outcome, audit, arg);
}

/*
 * apparmor_bprm_creds_for_exec() with the task's onexec label and
 * no_new_privs -> onexec.c, domain.c, into the library's full result.
 * Not a hot path: no short cut (an unconfined task's exec still decides
 * attachment).
 */
static int exec_request(const struct aa_label *label,
			const struct aamed_exec_req *r,
			struct aamed_exec_result *res, aamed_audit_fn audit,
			void *arg)
{
	struct aamed_exec_req local;
	struct aa_audit_data ad;
	struct aa_xattr_set xs;
	int error;

	if (!label || !r)
		return -EINVAL;
	r = AA_STRUCT_IN(r, &local, AA_V0_EXEC_REQ, &error);
	if (!r)
		return error;
	if (!r->path || r->path[0] != '/' ||
	    aa_xattr_set_init(&xs, r->xattrs, r->nxattrs))
		return -EINVAL;
	aa_audit_data_init(&ad, audit, arg, AAMED_CLASS_FILE, "exec");
	ad.name = r->path;
	ad.fs.fsuid = r->fsuid;
	ad.fs.ouid = r->ouid;
	if (r->onexec)
		error = aa_exec_onexec(label, to_label(r->onexec),
				       r->flags & AAMED_EXEC_ONEXEC_STACK,
				       res, &ad);
	else
		error = aa_exec_transition_x(label, res, &ad, &xs);
	if (r->flags & AAMED_EXEC_NNP)
		error = aa_exec_nnp(label, error, res, &ad);
	if (r->tracer)
		error = aa_exec_ptraced(label, to_label(r->tracer), error, res,
					&ad);
	return error;
}

/* The caller's result gets what its size covers, zeroed on every error. */
int aamed_exec_request(const aamed_label *l, const struct aamed_exec_req *r,
		       struct aamed_exec_result *res, aamed_audit_fn audit,
		       void *arg)
{
	long len = aa_struct_len(res, sizeof(*res),
				 AA_V0_EXEC_RESULT);
	struct aamed_exec_result full;
	int error;

	if (len < 0)
		return (int)len;
	memset(&full, 0, sizeof(full));
	error = exec_request(to_label(l), r, &full, audit, arg);
	aa_struct_copy_out(res, &full, (size_t)len);
	return error;
}

/* An exec without onexec label, no_new_privs or xattrs. */
int aamed_exec(const aamed_label *l, const char *path, uint32_t fsuid,
	       uint32_t ouid, struct aamed_exec_result *res,
	       aamed_audit_fn audit, void *arg)
{
	struct aamed_exec_req req = { .size = sizeof(req), .path = path,
				      .fsuid = fsuid, .ouid = ouid };

	return aamed_exec_request(l, &req, res, audit, arg);
}

/* aa_change_hat() (the "changehat" attr writes) -> change_hat.c. */
int aamed_change_hat(const aamed_label *l, const struct aamed_hat_req *req,
		     struct aamed_hat_result *res, aamed_audit_fn audit,
		     void *arg)
{
	long len = aa_struct_len(res, sizeof(*res),
				 AA_V0_HAT_RESULT);
	struct aamed_hat_result full;
	int error;

	if (len < 0)
		return (int)len;
	memset(&full, 0, sizeof(full));
	error = !l || !req ? -EINVAL
			   : aa_change_hat(to_label(l), req, &full, audit, arg);
	aa_struct_copy_out(res, &full, (size_t)len);
	return error;
}

/* aa_change_profile() (the attr writes) -> change_profile.c. */
int aamed_change_profile(const aamed_label *l,
			 const struct aamed_change_req *r,
			 struct aamed_change_result *res, aamed_audit_fn audit,
			 void *arg)
{
	long len = aa_struct_len(res, sizeof(*res),
				 AA_V0_CHANGE_RESULT);
	struct aamed_change_result full;
	struct aamed_change_req local;
	int error;

	if (!l || !r || len < 0)
		return len < 0 ? (int)len : -EINVAL;
	memset(&full, 0, sizeof(full));
	r = AA_STRUCT_IN(r, &local, AA_V0_CHANGE_REQ, &error);
	if (r && (!r->target || !r->target[0] ||
		  (r->target[0] == '&' && !r->target[1])))
		error = -EINVAL;
	else if (r)
		error = aa_change_profile(to_label(l), r, &full, audit, arg);
	aa_struct_copy_out(res, &full, (size_t)len);
	return error;
}

/* ------------------------------------------------------------------ */
/* Sockets. */

static inline bool upstream(const struct aa_label *label)
{
	return aa_kernel_has(aa_profile_kernel(label->vec[0]), AA_K_AF_UNIX);
}

/*
 * apparmor_socket_*(): AF_UNIX under the upstream kernel goes to
 * af_unix.c, everything else to net.c (the kernel's af_select()).
 */
__attribute__((noinline)) static int
net_hook(const struct aa_label *label, enum aamed_net_op op,
	 const struct aamed_sock *sk, aamed_audit_fn audit, void *arg)
{
	struct aa_audit_data ad;
	bool up;

	if ((unsigned)op >= AAMED_NET__COUNT)
		return -EINVAL;
	if (sk->family >= AA_AF_MAX || sk->type >= AA_SOCK_MAX)
		return -EINVAL;
	up = upstream(label);
	aa_audit_net_init(&ad, audit, arg, aa_net_op_names[op], op, sk, up);
	if (sk->family == AA_AF_UNIX && up)
		return aa_unix_sock_perm(label, op, sk, &ad);
	return aa_sk_perm(label, op, sk, &ad);
}

/* A socket of another size: as file_hook_copy(). */
__attribute__((noinline)) static int
net_hook_copy(const struct aa_label *label, enum aamed_net_op op,
	      const struct aamed_sock *sk, aamed_audit_fn audit, void *arg)
{
	struct aamed_sock local;
	int error = AA_STRUCT_COPY(&local, sk, AA_V0_SOCK);

	return error ? error : net_hook(label, op, &local, audit, arg);
}

/* apparmor_socket_*() -> net.c or af_unix.c. */
int aamed_net_perm(const aamed_label *subj, enum aamed_net_op op,
		   const struct aamed_sock *sk, aamed_audit_fn audit,
		   void *arg)
{
	const struct aa_label *label = to_label(subj);

	if (likely(aa_label_unconfined(label)))
		return 0;
	if (unlikely(!sk))
		return -EINVAL;
	if (unlikely(AA_STRUCT_SLOW(sk, AA_V0_SOCK)) &&
	    !AA_STRUCT_AS_IS(sk, AA_V0_SOCK))
		return net_hook_copy(label, op, sk, audit, arg);
	return net_hook(label, op, sk, audit, arg);
}

/*
 * One side of a unix peer check (unix_may_send, unix_stream_connect):
 * label on its socket sk towards peer_sk of peer_label.
 */
static int unix_peer_side(const struct aa_label *label, const char *op,
			  uint32_t request, const struct aamed_sock *sk,
			  const struct aamed_sock *peer_sk,
			  const struct aa_label *peer_label, uint32_t fsuid,
			  aamed_audit_fn audit, void *arg)
{
	struct aa_audit_data ad;

	aa_audit_net_init(&ad, audit, arg, op, AAMED_NET_SENDMSG, sk, true);
	ad.net.peer_addr = peer_sk->addr;
	return aa_unix_peer_perm(label, request, sk, peer_sk, peer_label,
				 fsuid, &ad);
}

/*
 * Both sockets of a peer check as this version reads them (copies in
 * local where the size is another); 0 or an errno.
 */
static int sock_pair_copy(const struct aamed_sock **sk,
			  const struct aamed_sock **peer,
			  struct aamed_sock local[2])
{
	int error = 0;

	if (!AA_STRUCT_AS_IS(*sk, AA_V0_SOCK)) {
		error = AA_STRUCT_COPY(&local[0], *sk, AA_V0_SOCK);
		*sk = &local[0];
	}
	if (!error && !AA_STRUCT_AS_IS(*peer, AA_V0_SOCK)) {
		error = AA_STRUCT_COPY(&local[1], *peer, AA_V0_SOCK);
		*peer = &local[1];
	}
	return error;
}

/* A two-socket hook: unix_send_hook() or unix_connect_hook(). */
typedef int sock_pair_hook(const struct aa_label *subj,
			   const struct aamed_sock *sk,
			   const struct aamed_sock *peer,
			   aamed_audit_fn audit, void *arg);

/* Sockets of other sizes: as file_hook_copy(). */
__attribute__((noinline)) static int
sock_pair_copy_call(sock_pair_hook *hook, const struct aa_label *subj,
		    const struct aamed_sock *sk, const struct aamed_sock *peer,
		    aamed_audit_fn audit, void *arg)
{
	struct aamed_sock local[2];
	int error = sock_pair_copy(&sk, &peer, local);

	return error ? error : hook(subj, sk, peer, audit, arg);
}

/*
 * The sockets' test, then the hook. Always inlined with a constant hook,
 * so a decision calls the hook directly, as if each had its own copy.
 */
static inline __attribute__((always_inline)) int
sock_pair_checked(sock_pair_hook *hook, const struct aa_label *subj,
		  const struct aamed_sock *sk, const struct aamed_sock *peer,
		  aamed_audit_fn audit, void *arg)
{
	if (unlikely(!sk || !peer))
		return -EINVAL;
	if (unlikely(AA_STRUCT_PAIR_SLOW(sk, peer, AA_V0_SOCK)) &&
	    !(AA_STRUCT_AS_IS(sk, AA_V0_SOCK) &&
	      AA_STRUCT_AS_IS(peer, AA_V0_SOCK)))
		return sock_pair_copy_call(hook, subj, sk, peer, audit, arg);
	return hook(subj, sk, peer, audit, arg);
}

/*
 * 6.1 and 6.12 have no unix_may_send hook: a send is the sender's own
 * sendmsg check. Upstream's apparmor_unix_may_send() checks each side
 * on its own label.
 */
__attribute__((noinline)) static int
unix_send_hook(const struct aa_label *sender, const struct aamed_sock *sk,
		 const struct aamed_sock *peer, aamed_audit_fn audit,
		 void *arg)
{
	const struct aa_label *any = sender, *pl;
	struct aa_audit_data ad;
	int error = 0, e;

	pl = peer->label ? to_label(peer->label) : NULL;
	if (!pl && aa_label_unconfined(sender))
		return 0;
	if (aa_label_unconfined(sender))
		any = pl;
	if (!upstream(any)) {
		if (aa_label_unconfined(sender))
			return 0;
		aa_audit_net_init(&ad, audit, arg, "sendmsg", AAMED_NET_SENDMSG,
				  sk, false);
		return aa_sk_perm(sender, AAMED_NET_SENDMSG, sk, &ad);
	}
	if (!aa_label_unconfined(sender))
		error = unix_peer_side(sender, "sendmsg", AAMED_MAY_SEND, sk,
				       peer, pl, sk->fsuid, audit, arg);
	if (!aa_label_unconfined_or_none(peer->label)) {
		e = unix_peer_side(pl, "sendmsg", AAMED_MAY_RECEIVE, peer, sk,
				   sender, sk->fsuid, audit, arg);
		if (e)
			error = e;
	}
	return error;
}

/* apparmor_unix_may_send() (upstream) or the sendmsg hook (6.1, 6.12). */
int aamed_unix_send(const aamed_label *sender, const struct aamed_sock *sk,
		    const struct aamed_sock *peer, aamed_audit_fn audit,
		    void *arg)
{
	const struct aa_label *s = to_label(sender);

	if (likely(aa_label_unconfined(s)) &&
	    likely(aa_label_unconfined_or_none(peer->label)))
		return 0;
	return sock_pair_checked(unix_send_hook, s, sk, peer, audit, arg);
}

/* Counts the records a decision emits, passing them on. */
struct counted {
	aamed_audit_fn fn;
	void *arg;
	unsigned n;
};

static void count_record(const struct aamed_audit *rec, void *arg)
{
	struct counted *c = arg;

	c->n++;
	if (c->fn)
		c->fn(rec, c->arg);
}

/*
 * The kernel keeps a socket's decided peer in its aa_sk_ctx; here the
 * caller's cache remembers a send allowed without a record (an audited
 * one logs each time).
 */
__attribute__((noinline)) static int
unix_send_fill(const struct aa_label *sender, const struct aamed_sock *sk,
	       const struct aamed_sock *peer, struct aamed_sock_cache *cache,
	       aamed_audit_fn audit, void *arg)
{
	struct counted c = { audit, arg, 0 };
	long len = aa_struct_len(cache, sizeof(*cache),
				 AA_V0_SOCK_CACHE);
	int error;

	/* every field written is the first version's */
	if (len < 0)
		return (int)len;
	error = sock_pair_checked(unix_send_hook, sender, sk, peer,
				  count_record, &c);
	if (!error && !c.n) {
		if (cache->gen != sender->gen || cache->subj != from_label(sender) ||
		    cache->peer != peer->label) {
			cache->gen = sender->gen;
			cache->subj = from_label(sender);
			cache->peer = peer->label;
			cache->ops = 0;
		}
		cache->ops |= 1u << AAMED_NET_SENDMSG;
	}
	return error;
}

/*
 * The unconfined test, then one compare per cache field. The generation
 * guards against a label of a replaced policy whose memory a new label
 * now reuses.
 */
int aamed_unix_send_cached(const aamed_label *sender,
			   const struct aamed_sock *sk,
			   const struct aamed_sock *peer,
			   struct aamed_sock_cache *cache,
			   aamed_audit_fn audit, void *arg)
{
	const struct aa_label *s = to_label(sender);

	if (likely(aa_label_unconfined(s)) &&
	    likely(aa_label_unconfined_or_none(peer->label)))
		return 0;
	if (likely(cache->subj == sender && cache->peer == peer->label &&
		   cache->gen == s->gen &&
		   (cache->ops & (1u << AAMED_NET_SENDMSG))))
		return 0;
	return unix_send_fill(s, sk, peer, cache, audit, arg);
}

/*
 * 6.1 and 6.12: the connect hook on the connecting socket. Upstream's
 * apparmor_unix_stream_connect(): the connector's side, and the
 * listener's side only for a listener not bound to a path.
 */
__attribute__((noinline)) static int
unix_connect_hook(const struct aa_label *subj, const struct aamed_sock *sk,
		    const struct aamed_sock *peer, aamed_audit_fn audit,
		    void *arg)
{
	const struct aa_label *any = subj, *pl;
	struct aa_audit_data ad;
	int error = 0, e;

	pl = peer->label ? to_label(peer->label) : NULL;
	if (aa_label_unconfined(subj)) {
		if (!pl)
			return 0;
		any = pl;
	}
	if (!upstream(any)) {
		if (aa_label_unconfined(subj))
			return 0;
		aa_audit_net_init(&ad, audit, arg, "connect", AAMED_NET_CONNECT,
				  sk, false);
		return aa_sk_perm(subj, AAMED_NET_CONNECT, sk, &ad);
	}
	if (!aa_label_unconfined(subj))
		error = unix_peer_side(subj, "connect",
				       AAMED_MAY_CONNECT | AAMED_MAY_SEND |
					       AAMED_MAY_RECEIVE,
				       sk, peer, pl, sk->fsuid, audit, arg);
	if (!(peer->addr && peer->addr[0] == '/') &&
	    !aa_label_unconfined_or_none(peer->label)) {
		e = unix_peer_side(pl, "connect",
				   AAMED_MAY_ACCEPT | AAMED_MAY_SEND |
					   AAMED_MAY_RECEIVE,
				   peer, sk, subj, sk->fsuid, audit, arg);
		if (e)
			error = e;
	}
	return error;
}

/* apparmor_unix_stream_connect() (upstream) or the connect hook. */
int aamed_unix_connect(const aamed_label *subj, const struct aamed_sock *sk,
		       const struct aamed_sock *peer, aamed_audit_fn audit,
		       void *arg)
{
	const struct aa_label *s = to_label(subj);

	if (likely(aa_label_unconfined(s)) &&
	    likely(aa_label_unconfined_or_none(peer->label)))
		return 0;
	return sock_pair_checked(unix_connect_hook, s, sk, peer, audit, arg);
}

/* ------------------------------------------------------------------ */
/* Capabilities, signals, ptrace. */

/* apparmor_capable() -> capability.c; an unconfined label is never asked. */
int aamed_capable(const aamed_label *subj, int cap, unsigned opts,
		  aamed_audit_fn audit, void *arg)
{
	const struct aa_label *label = to_label(subj);

	if (likely(aa_label_unconfined(label)))
		return 0;
	if ((unsigned)cap >= 64)
		return -EINVAL;
	return aa_capable(label, cap, opts, audit, arg);
}

/* apparmor_task_kill() -> ipc.c; nothing to ask when both are unconfined. */
int aamed_signal_side(const aamed_label *sender, const aamed_label *target,
		      int sig, unsigned sides, aamed_audit_fn audit, void *arg)
{
	const struct aa_label *s = to_label(sender), *t = to_label(target);

	if (likely(aa_label_unconfined(s) && aa_label_unconfined(t)))
		return 0;
	return aa_may_signal(s, t, sig, sides, audit, arg);
}

/* apparmor_task_kill(), both sides -> ipc.c. */
int aamed_signal(const aamed_label *sender, const aamed_label *target,
		 int sig, aamed_audit_fn audit, void *arg)
{
	return aamed_signal_side(sender, target, sig, AAMED_SIDE_BOTH, audit,
				 arg);
}

/* apparmor_ptrace_access_check() -> task.c; an unconfined tracer passes. */
int aamed_ptrace_side(const aamed_label *tracer, const aamed_label *tracee,
		      uint32_t request, unsigned sides, aamed_audit_fn audit,
		      void *arg)
{
	const struct aa_label *tr = to_label(tracer), *te = to_label(tracee);

	if (likely(aa_label_unconfined(tr)))
		return 0;
	if (request != AAMED_PTRACE_READ && request != AAMED_PTRACE_TRACE)
		return -EINVAL;
	return aa_may_ptrace(tr, te, request, sides, audit, arg);
}

/* apparmor_ptrace_access_check(), both sides -> task.c. */
int aamed_ptrace(const aamed_label *tracer, const aamed_label *tracee,
		 uint32_t request, aamed_audit_fn audit, void *arg)
{
	return aamed_ptrace_side(tracer, tracee, request, AAMED_SIDE_BOTH,
				 audit, arg);
}

/* ------------------------------------------------------------------ */
/*
 * User namespaces, io_uring: hooks 6.12 has and 6.1 does not. Where the
 * kernel has no hook nothing of AppArmor runs, so "not mediated" comes
 * before the unconfined short cut: it holds for every label.
 */

static inline bool has_hook(const struct aa_label *label,
			    enum aa_kbehaviour hook)
{
	return aa_kernel_has(aa_profile_kernel(label->vec[0]), hook);
}

/* apparmor_userns_create() -> userns.c. */
int aamed_userns_create(const aamed_label *l, aamed_audit_fn audit, void *arg)
{
	const struct aa_label *label = to_label(l);

	if (unlikely(!has_hook(label, AA_K_USERNS_HOOK)))
		return AAMED_NOT_MEDIATED;
	if (likely(aa_label_unconfined(label)))
		return 0;
	return aa_userns_create(label, audit, arg);
}

/*
 * apparmor_uring_sqpoll(), apparmor_uring_override_creds() -> io_uring.c.
 * The kernel walks every member; an unconfined one has no start state.
 */
int aamed_io_uring(const aamed_label *l, enum aamed_uring_op op,
		   const aamed_label *target, aamed_audit_fn audit, void *arg)
{
	const struct aa_label *label = to_label(l);

	if (unlikely(!has_hook(label, AA_K_URING_HOOKS)))
		return AAMED_NOT_MEDIATED;
	if (likely(aa_label_unconfined(label)))
		return 0;
	switch (op) {
	case AAMED_URING_OP_SQPOLL:
		return aa_uring_perm(label, AAMED_URING_SQPOLL, NULL, audit,
				     arg);
	case AAMED_URING_OP_OVERRIDE_CREDS:
		if (!target)
			return -EINVAL;
		return aa_uring_perm(label, AAMED_URING_OVERRIDE_CREDS,
				     to_label(target), audit, arg);
	default:
		return -EINVAL;
	}
}

/* ------------------------------------------------------------------ */
/* Resource limits. */

#define NR_OPEN_DEFAULT 1048576u	/* fs.nr_open: 1024 * 1024 */

/*
 * do_prlimit(): the argument checks, then capable(CAP_SYS_RESOURCE)
 * for a raised hard limit (an ordinary, audited capability check), then
 * the LSM hook -> resource.c. The hook asks every label, the target's
 * too, which is only compared with the caller's.
 */
__attribute__((noinline)) static int
setrlimit_hook(const struct aa_label *label,
	       const struct aamed_setrlimit_req *req, aamed_audit_fn audit,
	       void *arg)
{
	struct aamed_setrlimit_req local;
	const struct aa_label *target;
	int error;

	req = AA_STRUCT_IN(req, &local, AA_V0_SETRLIMIT_REQ, &error);
	if (!req)
		return error;
	if ((unsigned)req->resource >= AAMED_RLIMIT__COUNT ||
	    req->soft > req->hard)
		return -EINVAL;
	if (req->resource == AAMED_RLIMIT_NOFILE &&
	    req->hard > NR_OPEN_DEFAULT)
		return -EPERM;
	if (req->hard > req->old_hard) {
		error = aa_capable(label, CAP_SYS_RESOURCE, 0, audit, arg);
		if (error)
			return error;
	}
	target = req->target ? to_label(req->target) : label;
	return aa_task_setrlimit(label, target, req->resource, req->hard,
				 audit, arg);
}

/* apparmor_task_setrlimit(): nothing is asked of an unconfined task. */
int aamed_setrlimit(const aamed_label *l, const struct aamed_setrlimit_req *req,
		    aamed_audit_fn audit, void *arg)
{
	const struct aa_label *label = to_label(l);

	if (likely(aa_label_unconfined(label)))
		return 0;
	if (!req)
		return -EINVAL;
	return setrlimit_hook(label, req, audit, arg);
}

/*
 * apparmor_bprm_committing_creds(): nothing changes when the exec keeps
 * the label or enters an unconfined one. A learning profile (to NULL) is
 * a new label without rules: only the old profiles' resets apply.
 */
int aamed_exec_rlimits(const aamed_label *from, const aamed_label *to,
		       const struct aamed_rlimits *init,
		       struct aamed_rlimits *lim)
{
	const size_t ver0 = AA_V0_RLIMITS;
	struct aamed_rlimits dflt, now;
	struct aamed_rlimit stack;
	long len;
	int error;

	if (!from)
		return -EINVAL;
	len = aa_struct_len(lim, sizeof(*lim), ver0);
	if (len < 0)
		return (int)len;
	if (init) {
		init = AA_STRUCT_IN(init, &dflt, AA_V0_RLIMITS, &error);
		if (!init)
			return error;
	}
	if (from == to || (to && aa_label_unconfined(to_label(to))))
		return 0;
	if (!init) {
		aamed_rlimits_default(&dflt);
		init = &dflt;
	}
	/* lim is read and written: what its size covers */
	aa_struct_copy_in(&now, sizeof(now), ver0, lim);
	stack = now.lim[AAMED_RLIMIT_STACK];
	aa_transition_rlimits(to_label(from), to ? to_label(to) : NULL,
			      init->lim, now.lim);
	/*
	 * execve() pins the stack limit before the hook runs and writes it
	 * back when the new image is set up: no rule changes it.
	 */
	now.lim[AAMED_RLIMIT_STACK] = stack;
	aa_struct_copy_out(lim, &now, (size_t)len);
	return 1;
}

/*
 * Mounts: the mount hook and may_mount()'s ns_capable(CAP_SYS_ADMIN),
 * in the order of the system call (fs/namespace.c): path_mount() calls
 * the hook first, umount(2), pivot_root(2) and move_mount(2) check the
 * capability before anything else. An unconfined label is asked
 * neither.
 */

static bool bad_path(const char *s)
{
	return !s || s[0] != '/';
}

int aamed_mount(const aamed_label *l, const struct aamed_mount_req *req,
		aamed_audit_fn audit, void *arg)
{
	const struct aa_label *label = to_label(l);
	struct aamed_mount_req local;
	int error;

	if (likely(aa_label_unconfined(label)))
		return 0;
	if (!req)
		return -EINVAL;
	req = AA_STRUCT_IN(req, &local, AA_V0_MOUNT_REQ, &error);
	if (!req)
		return error;
	if (bad_path(req->target))
		return -EINVAL;
	error = aa_sb_mount(label, req, audit, arg);
	if (error)
		return error;
	return aa_capable(label, CAP_SYS_ADMIN, 0, audit, arg);
}

int aamed_umount(const aamed_label *l, const char *target,
		 aamed_audit_fn audit, void *arg)
{
	const struct aa_label *label = to_label(l);
	int error;

	if (likely(aa_label_unconfined(label)))
		return 0;
	if (bad_path(target))
		return -EINVAL;
	error = aa_capable(label, CAP_SYS_ADMIN, 0, audit, arg);
	if (error)
		return error;
	return aa_umount(label, target, audit, arg);
}

int aamed_pivot_root(const aamed_label *l, const char *new_root,
		     const char *put_old, aamed_audit_fn audit, void *arg)
{
	const struct aa_label *label = to_label(l);
	int error;

	if (likely(aa_label_unconfined(label)))
		return 0;
	if (bad_path(new_root) || bad_path(put_old))
		return -EINVAL;
	error = aa_capable(label, CAP_SYS_ADMIN, 0, audit, arg);
	if (error)
		return error;
	return aa_pivotroot(label, new_root, put_old, audit, arg);
}

/* 6.1 has no move_mount hook: the capability is all AppArmor sees. */
int aamed_move_mount(const aamed_label *l, const char *from, const char *to,
		     aamed_audit_fn audit, void *arg)
{
	const struct aa_label *label = to_label(l);
	int error;

	if (likely(aa_label_unconfined(label)))
		return 0;
	if ((from && bad_path(from)) || bad_path(to))
		return -EINVAL;
	error = aa_capable(label, CAP_SYS_ADMIN, 0, audit, arg);
	if (error || !has_hook(label, AA_K_MOVE_MOUNT_HOOK))
		return error;
	return aa_move_mount(label, from, to, audit, arg);
}
