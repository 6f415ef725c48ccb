// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed suggest: a denied request (as replay rebuilt it from its record)
 * turned into the rule of the profile language that grants it, one
 * function per class row (qclass.c's .rule). The rules are the narrowest
 * the request asks for: the exact path, the exact signal and peer, the
 * exact mount options. Generalising them (tunables, globs) and proving
 * them (compile, replay, diff) is the command's job (tools/authors/
 * suggest*.c); a rule that does not grant the request fails its proof
 * there, so these functions need not be sure, only precise.
 */
#include <stdarg.h>
#include <string.h>

#include "qclass.h"
#include "qclass_rows.h"
#include "qclass_netcap.h"

/* Append to r->text[r->n] (the rule being written). */
static void put(struct qrule *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void put(struct qrule *r, const char *fmt, ...)
{
	char *t = r->text[r->n];
	size_t o = strlen(t);
	va_list ap;

	if (o >= sizeof(r->text[0]) - 1)
		return;
	va_start(ap, fmt);
	vsnprintf(t + o, sizeof(r->text[0]) - o, fmt, ap);
	va_end(ap);
}

/* The rule being written is done, with what it means (or NULL). */
static void done(struct qrule *r, const char *means, bool proven)
{
	r->means[r->n] = means;
	r->proven[r->n] = proven;
	if (r->n < QRULE_ALTS - 1)
		r->n++;
	r->text[r->n][0] = 0;
}

/*
 * A name as one word of a rule: the characters the parser reads as
 * globbing or syntax escaped with '\', the whole quoted when it holds a
 * blank (AppArmor's quoted strings keep blanks, not escapes).
 */
static void word(struct qrule *r, const char *s)
{
	bool quote = strpbrk(s, " \t") != NULL;
	const char *p;

	if (quote)
		put(r, "\"");
	for (p = s; *p; p++) {
		if (strchr("*?[]{}^\\\"#,=()", *p))
			put(r, "\\%c", *p);
		else
			put(r, "%c", *p);
	}
	if (quote)
		put(r, "\"");
}

static void start(struct qrule *r)
{
	r->n = 0;
	r->text[0][0] = 0;
}

/* ---- files */

/* The permission letters of a file rule that grant request. */
static void file_letters(uint32_t req, char *out)
{
	size_t n = 0;

	if (req & (AAMED_MAY_READ | AAMED_MAY_GETATTR))
		out[n++] = 'r';
	if (req & (AAMED_MAY_WRITE | AAMED_MAY_CREATE | AAMED_MAY_DELETE |
		   AAMED_MAY_SETATTR | AAMED_MAY_CHMOD | AAMED_MAY_CHOWN |
		   AAMED_MAY_CHGRP | AAMED_MAY_RENAME))
		out[n++] = 'w';
	else if (req & AAMED_MAY_APPEND)
		out[n++] = 'a';
	if (req & AAMED_EXEC_MMAP)
		out[n++] = 'm';
	if (req & AAMED_MAY_LOCK)
		out[n++] = 'k';
	if (req & AAMED_MAY_LINK)
		out[n++] = 'l';
	out[n] = 0;
}

/*
 * A link denied by the subset test (an `l` permission or a `link subset`
 * rule asks it: the kernel's profile_path_link()): the link's own
 * permissions that its target lacks are the request, and only the
 * target getting them lets the link be made; a plain link rule beside
 * the subset one does not lift the test (the pair's permissions are
 * the union).
 */
static const char *subset_rule(const char *target, uint32_t req, bool owner,
			       struct qrule *r)
{
	char letters[16];

	file_letters(req & ~AAMED_MAY_LINK, letters);
	if (!letters[0])
		return "no file permission grants what the link's subset test asks";
	put(r, "%s", owner ? "owner " : "");
	word(r, target);
	put(r, " %s,", letters);
	done(r, "the link's target gets the link's permissions it lacks: a hard link may not have more than its target (the subset test of an l permission or a link subset rule)",
	     true);
	return NULL;
}

static const char *file_rule(const char *path, uint32_t req, bool owner,
			     const char *target, bool link_subset,
			     struct qrule *r)
{
	char letters[16];

	if (!path || path[0] != '/')
		return "the request names no absolute path";
	if (link_subset && target && target[0] == '/')
		return subset_rule(target, req, owner, r);
	if ((req & AAMED_MAY_LINK) && target && target[0] == '/') {
		put(r, "%slink ", owner ? "owner " : "");
		word(r, path);
		put(r, " -> ");
		word(r, target);
		put(r, ",");
		done(r, NULL, true);
		req &= ~AAMED_MAY_LINK;
		if (!req)
			return NULL;
	}
	file_letters(req, letters);
	if (!letters[0])
		return "no file permission grants what the request asks";
	put(r, "%s", owner ? "owner " : "");
	word(r, path);
	put(r, " %s,", letters);
	done(r, owner ? "only files the task's fsuid owns (the record's ouid is its fsuid)"
		      : NULL, true);
	return NULL;
}

/*
 * The owner qualifier: the kernel grants an owner rule when the task's
 * fsuid is the file's uid (apparmor.d(5)), so a record whose ouid is its
 * fsuid asks for one. Not for root (both 0): a root task's files are the
 * system's, owned by root or by whichever service account, and owner
 * would refuse the latter; apparmor.d's tooling writes owner only for a
 * uid other than 0 (its IsOwner), and its maintainers do the same.
 */
static bool owner_of(const struct query *q, const struct qrule_ctx *c)
{
	return c->uids && q->file.fsuid == q->file.ouid && q->file.fsuid != 0;
}

const char *qw_file(const struct query *q, const struct qrule_ctx *c,
		    struct qrule *r)
{
	bool owner = owner_of(q, c);

	/* a link record asking more than l: the subset test's denial */
	bool subset = q->file.op == AAMED_OP_LINK &&
		      !(q->file.request & AAMED_MAY_LINK);

	start(r);
	return file_rule(q->file.path, q->file.request, owner, q->file.target,
			 subset, r);
}

/* A socket's family and type as a network rule. */
static const char *net_rule(const struct aamed_sock *sk, struct qrule *r)
{
	const char *fam = aamed_family_name(sk->family);
	const char *type = aamed_sock_type_name(sk->type);

	if (!fam)
		return "a socket family the profile language has no name for";
	put(r, "network %s%s%s,", fam, type ? " " : "", type ? type : "");
	done(r, NULL, true);
	return NULL;
}

const char *qw_ofile(const struct query *q, const struct qrule_ctx *c,
		     struct qrule *r)
{
	bool owner = owner_of(q, c);

	start(r);
	if (q->ofile.is_sock)
		return net_rule(&q->ofile.sk, r);
	return file_rule(q->file.path, ofile_request(q), owner, NULL, false,
			 r);
}

/*
 * change_profile's target: a stack ("&NAME", or a stack request) is
 * matched by the kernel with its '&' (label_match() with stack), so the
 * rule names it with one: a plain "-> NAME" does not grant a stack.
 */
static void change_target(struct qrule *r, const char *t, bool stack)
{
	if (*t == '&') {
		t++;
		stack = true;
	}
	put(r, "%s", stack ? "&" : "");
	word(r, t);
}

/*
 * An exec after a change_profile onexec: the kernel checks the program
 * against the onexec target (profile_onexec(): the path's onexec
 * permission paired with the target), which a change_profile rule with
 * an exec condition grants; the exec rules are not asked.
 */
static const char *onexec_rule(const char *path, const char *target,
			       struct qrule *r)
{
	if (!*target || !strcmp(target, "&"))
		return "a change_profile onexec without a target";
	put(r, "change_profile ");
	word(r, path);
	put(r, " -> ");
	change_target(r, target, false);
	put(r, ",");
	done(r, "the program may be exec'd into the onexec target the task chose (change_profile with an exec condition)",
	     true);
	return NULL;
}

/*
 * An exec: Px (px) when a profile attaches to the program, else ix with
 * Cx and Ux as the alternatives. The letters of each say what becomes
 * of the task; the means say it in words.
 */
const char *qw_exec(const struct query *q, const struct qrule_ctx *c,
		    struct qrule *r)
{
	const char *path = q->file.path, *info = NULL;
	const aamed_label *to;
	const char *base;

	start(r);
	if (!path || path[0] != '/')
		return "the exec names no absolute path";
	if (q->change.onexec)
		return onexec_rule(path, q->change.onexec, r);
	to = aamed_attach(c->policy, NULL, path, &info);
	base = strrchr(path, '/') + 1;
	if (to && !aamed_label_is_unconfined(to)) {
		word(r, path);
		put(r, " Px,");
		done(r, "the program runs under the profile that attaches to it, its environment scrubbed",
		     true);
		word(r, path);
		put(r, " px,");
		done(r, "the same profile, the environment kept (LD_PRELOAD and the like pass)",
		     true);
		return NULL;
	}
	word(r, path);
	put(r, " ix,");
	done(r, "the program inherits this profile: it runs under the same rules",
	     true);
	word(r, path);
	put(r, " Cx -> ");
	word(r, *base ? base : "child");
	put(r, ",");
	done(r, "the program runs under a child profile of that name, which must be written (profile NAME { } in this block)",
	     false);
	word(r, path);
	put(r, " Ux,");
	done(r, "the program runs unconfined, its environment scrubbed: no AppArmor rule applies to it",
	     true);
	return NULL;
}

/* ---- sockets */

/* The words of a unix rule's access: those of the record's mask the
 * unix rule knows. */
static void unix_access(const char *mask, struct qrule *r)
{
	static const char *const known[] = {
		"create", "bind", "listen", "accept", "connect", "send",
		"receive", "getattr", "setattr", "getopt", "setopt",
		"shutdown", NULL,
	};
	const char *const *k;
	bool first = true;

	put(r, "(");
	for (k = known; *k; k++) {
		const char *p = mask ? strstr(mask, *k) : NULL;

		if (!p)
			continue;
		put(r, "%s%s", first ? "" : ", ", *k);
		first = false;
	}
	put(r, ")");
}

/*
 * A unix socket: the network rule always works (the kernels aamed knows
 * mediate AF_UNIX as a family); the unix rule, narrower, only where the
 * parser and kernel mediate AF_UNIX finely.
 */
/*
 * A unix socket: the network rule always works (the kernels aamed knows
 * mediate AF_UNIX as a family); the unix rule, narrower, is offered
 * beside it, proven only where the parser and kernel mediate AF_UNIX
 * finely (the profile has unix rules compiled).
 */
static void unix_alt(const struct aamed_sock *sk, const struct qrule_ctx *c,
		     struct qrule *r)
{
	const char *type = aamed_sock_type_name(sk->type);

	if (!c->sock_op)
		return;
	put(r, "unix ");
	unix_access(c->sock_op, r);
	if (type)
		put(r, " type=%s", type);
	if (c->addr && *c->addr) {
		put(r, " addr=");
		word(r, c->addr);
	}
	if ((c->peer && *c->peer) || (c->peer_addr && *c->peer_addr)) {
		put(r, " peer=(");
		if (c->peer && *c->peer) {
			put(r, "label=");
			word(r, c->peer);
		}
		if (c->peer_addr && *c->peer_addr) {
			put(r, "%saddr=", c->peer && *c->peer ? ", " : "");
			word(r, c->peer_addr);
		}
		put(r, ")");
	}
	put(r, ",");
	done(r, "only this operation, address and peer, where the parser and the kernel mediate AF_UNIX finely",
	     c->unix_rules);
}

const char *qw_unix(const struct query *q, const struct qrule_ctx *c,
		    struct qrule *r)
{
	const char *why;

	start(r);
	why = net_rule(&q->net.sk, r);
	if (!why)
		unix_alt(&q->net.sk, c, r);
	return why;
}

const char *qw_net(const struct query *q, const struct qrule_ctx *c,
		   struct qrule *r)
{
	const char *why, *fam = aamed_family_name(q->net.sk.family);

	start(r);
	why = net_rule(&q->net.sk, r);
	/* a raw socket's create meets CAP_NET_RAW after the rule */
	if (!why && q->net.op == AAMED_NET_CREATE)
		r->means[0] = qrule_net_next(&q->net.sk, c);
	if (!why && fam && !strcmp(fam, "unix"))
		unix_alt(&q->net.sk, c, r);
	return why;
}

/* ---- capabilities, signals, ptrace */

const char *qw_cap(const struct query *q, const struct qrule_ctx *c,
		   struct qrule *r)
{
	const char *n = aamed_cap_name(q->ipc.cap);

	(void)c;
	start(r);
	if (!n)
		return "a capability the profile language has no name for";
	put(r, "capability %s,", n);
	done(r, NULL, true);
	return NULL;
}

static void peer(struct qrule *r, const char *label)
{
	put(r, " peer=");
	word(r, label ? label : "unconfined");
}

const char *qw_signal(const struct query *q, const struct qrule_ctx *c,
		      struct qrule *r)
{
	const char *w = q->ipc.word ? q->ipc.word : aamed_signal_name(q->ipc.sig);

	start(r);
	if (!w)
		return "a signal the profile language has no name for";
	put(r, "signal (%s) set=(%s)", c->other_side ? "receive" : "send", w);
	peer(r, q->peer_label);
	put(r, ",");
	done(r, NULL, true);
	return NULL;
}

const char *qw_ptrace(const struct query *q, const struct qrule_ctx *c,
		      struct qrule *r)
{
	bool trace = q->ipc.request == AAMED_PTRACE_TRACE;

	start(r);
	/* the tracee's side: tracedby, readby */
	put(r, "ptrace (%s%s)", trace ? "trace" : "read",
	    !c->other_side ? "" : trace ? "dby" : "by");
	peer(r, q->peer_label);
	put(r, ",");
	done(r, NULL, true);
	return NULL;
}

/* ---- namespaces */

const char *qw_userns(const struct query *q, const struct qrule_ctx *c,
		      struct qrule *r)
{
	(void)q;
	(void)c;
	start(r);
	put(r, "userns,");
	done(r, NULL, true);
	return NULL;
}

const char *qw_uring(const struct query *q, const struct qrule_ctx *c,
		     struct qrule *r)
{
	(void)c;
	start(r);
	if (q->ns.op == AAMED_URING_OP_SQPOLL) {
		put(r, "io_uring sqpoll,");
	} else {
		put(r, "io_uring override_creds label=");
		word(r, q->peer_label ? q->peer_label : "unconfined");
		put(r, ",");
	}
	done(r, NULL, true);
	return NULL;
}

/* ---- dbus */

/* key=value, the value quoted (dbus names hold '.', ':' and '/'). */
static void kv(struct qrule *r, const char *key, const char *v)
{
	if (v && *v)
		put(r, " %s=\"%s\"", key, v);
}

const char *qw_dbus(const struct query *q, const struct qrule_ctx *c,
		    struct qrule *r)
{
	const struct aamed_dbus_req *d = &q->dbus.req;
	bool msg = d->op == AAMED_DBUS_SEND || d->op == AAMED_DBUS_RECEIVE;

	(void)c;
	start(r);
	if (strpbrk(d->bus ? d->bus : "", "\"") ||
	    strpbrk(d->path ? d->path : "", "\"") ||
	    strpbrk(d->name ? d->name : "", "\""))
		return "a dbus name with a quote, which a rule cannot spell";
	put(r, "dbus %s", aamed_dbus_op_name(d->op));
	kv(r, "bus", d->bus);
	if (d->op == AAMED_DBUS_BIND)
		kv(r, "name", d->name);
	if (msg) {
		kv(r, "path", d->path);
		kv(r, "interface", d->interface);
		kv(r, "member", d->member);
		put(r, " peer=(");
		/* a unique name (":1.42") changes at every start: not kept */
		if (d->name && *d->name && d->name[0] != ':')
			put(r, "name=\"%s\", ", d->name);
		put(r, "label=");
		word(r, d->peer_label ? d->peer_label : "unconfined");
		put(r, ")");
	}
	put(r, ",");
	done(r, NULL, true);
	return NULL;
}

/* ---- domain changes, limits, mounts */

const char *qw_change(const struct query *q, const struct qrule_ctx *c,
		      struct qrule *r)
{
	const char *t = q->change.target;

	(void)c;
	start(r);
	if (!t || !*t)
		return "a change_profile without a target";
	put(r, "change_profile -> ");
	change_target(r, t, q->change.flags & AAMED_CHANGE_STACK);
	put(r, ",");
	done(r, NULL, true);
	return NULL;
}

const char *qw_hat(const struct query *q, const struct qrule_ctx *c,
		   struct qrule *r)
{
	(void)q;
	(void)c;
	start(r);
	return "a change_hat is decided by the hats the profile has, not by a rule (a hat ^NAME { } in the profile is its target)";
}

const char *qw_rlimit(const struct query *q, const struct qrule_ctx *c,
		      struct qrule *r)
{
	const char *n = aamed_rlimit_name(q->rl.resource);

	start(r);
	/* another task's limits: the kernel's aa_task_setrlimit() asks
	 * CAP_SYS_RESOURCE of the label first and logs its refusal with
	 * info="cap_sys_resource"; no rlimit rule lifts that */
	if (c->info && !strcmp(c->info, "cap_sys_resource")) {
		put(r, "capability sys_resource,");
		done(r, "setting another task's limits (prlimit) needs the capability; the limit itself is then checked against the rlimit rules",
		     true);
		return NULL;
	}
	if (!n)
		return "a resource the profile language has no name for";
	if (!strcmp(n, "nice")) {
		/* the parser stores "nice <= N" as the limit 20 + N (the
		 * kernel oracle's rlimit.cases: "<= 10" allows 30, denies
		 * 31), N in -20..19: the least N whose limit reaches the
		 * hard limit asked */
		long long v = (long long)q->rl.hard - 20;

		if (q->rl.hard == AAMED_RLIM_INFINITY || v > 19)
			return "a nice limit above what a rule can set (nice <= 19, the limit 39)";
		put(r, "set rlimit nice <= %lld,", v < -20 ? -20 : v);
	} else if (q->rl.hard == AAMED_RLIM_INFINITY)
		put(r, "set rlimit %s <= infinity,", n);
	else
		put(r, "set rlimit %s <= %llu,", n,
		    (unsigned long long)q->rl.hard);
	done(r, "replaces the profile's rlimit rule of the resource (one rule per resource)",
	     true);
	return NULL;
}

static void mount_opts(struct qrule *r, const char *flags)
{
	if (flags && *flags)
		put(r, " options=(%s)", flags);
}

const char *qw_mount(const struct query *q, const struct qrule_ctx *c,
		     struct qrule *r)
{
	const struct aamed_mount_req *m = &q->mnt.req;

	(void)c;
	start(r);
	if (!m->target || m->target[0] != '/')
		return "a mount request without an absolute mount point";
	switch (q->mnt.op) {
	case MQ_UMOUNT:
		put(r, "umount ");
		word(r, m->target);
		break;
	case MQ_PIVOT_ROOT:
		put(r, "pivot_root");
		if (q->mnt.put_old) {
			put(r, " oldroot=");
			word(r, q->mnt.put_old);
		}
		put(r, " ");
		word(r, m->target);
		break;
	case MQ_MOVE_MOUNT:
		put(r, "mount options=(move) -> ");
		word(r, m->target);
		break;
	case MQ_MOUNT:
		put(r, "mount");
		if (m->fstype && *m->fstype)
			put(r, " fstype=%s", m->fstype);
		mount_opts(r, q->mnt.flags_text);
		if (m->source && *m->source) {
			put(r, " ");
			word(r, m->source);
		}
		put(r, " -> ");
		word(r, m->target);
		break;
	}
	put(r, ",");
	done(r, NULL, true);
	return NULL;
}
