// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed replay: from a record in auditd's form to the request it logged.
 * libapparmor's parse_record() reads the record. Each class of records
 * is a row of classes[] below: which records are its, the words
 * `aamed query` would take for them (parse_query() checks them the way
 * it checks a typed query), and optionally a direct path that fills the
 * same request straight from the record's fields (replay_direct.c),
 * without printing and parsing words. The direct path takes the records
 * it is sure of; every other one (anything malformed included) goes
 * through the words, which say exactly what is wrong with it.
 */
#include <stdlib.h>
#include <string.h>

#include "replay.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/*
 * Keys of Linux 6.12's namespace and io_uring records that libapparmor
 * 3.0 does not know, and the ones it reads in their place.
 */
static const struct {
	const char *from, *to;
} renamed_keys[] = {
	{ " requested=\"", " requested_mask=\"" },
	{ " denied=\"", " denied_mask=\"" },
	{ " tcontext=", " peer=" },
};

/*
 * The record with the keys above renamed (each once: a kernel record
 * has each key once), into a new string the caller frees; NULL when
 * memory ran out.
 */
static char *rename_keys(const char *text)
{
	size_t len = strlen(text), i, n;
	char *out = malloc(len + 16 * ARRAY_LEN(renamed_keys) + 1), *p;

	if (!out)
		return NULL;
	memcpy(out, text, len + 1);
	for (i = 0; i < ARRAY_LEN(renamed_keys); i++) {
		p = strstr(out, renamed_keys[i].from);
		if (!p)
			continue;
		n = strlen(renamed_keys[i].from);
		memmove(p + strlen(renamed_keys[i].to), p + n,
			strlen(p + n) + 1);
		memcpy(p, renamed_keys[i].to, strlen(renamed_keys[i].to));
	}
	return out;
}

/* Whether the record holds one of those keys (most do not). */
static bool renamed(const char *text)
{
	size_t i;

	for (i = 0; i < ARRAY_LEN(renamed_keys); i++)
		if (strstr(text, renamed_keys[i].from))
			return true;
	return false;
}

/* parse_record() of the record with its keys renamed (a copy). */
static aa_log_record *parse_renamed(const char *text)
{
	char *copy = rename_keys(text);
	aa_log_record *rec;

	if (!copy)
		return NULL;
	rec = parse_record(copy);
	free(copy);
	return rec;
}

/*
 * The first occurrence of w (n bytes) in s[0..len), found by its byte
 * w[at] (memchr): cheaper than a general search when that byte is rare
 * in records, and the same first occurrence.
 */
static char *find_by(char *s, size_t len, const char *w, size_t n, size_t at)
{
	char *k = s + at, *e = s + len;

	while (k < e && (k = memchr(k, w[at], (size_t)(e - k)))) {
		if ((size_t)(e - (k - at)) >= n && !memcmp(k - at, w, n))
			return k - at;
		k++;
	}
	return NULL;
}

/*
 * libapparmor 3.0 predates class= (Linux 6.12) and apparmor="KILLED":
 * drop the one and read the other as the denial it is (each at its
 * first occurrence, as a search of the whole text finds it).
 */
static void drop_class(char *text, size_t *len)
{
	char *p = text, *q;

	while ((p = find_by(p, *len - (size_t)(p - text), " class=\"", 8, 2))) {
		q = memchr(p + 8, '"', *len - (size_t)(p + 8 - text));
		if (!q)
			break;
		memmove(p, q + 1, *len - (size_t)(q + 1 - text) + 1);
		*len -= (size_t)(q + 1 - p);
		/* the 7 bytes before may now begin an occurrence */
		p = p - text > 7 ? p - 7 : text;
	}
}

aa_log_record *replay_parse_record(char *text, size_t len)
{
	char *k;

	drop_class(text, &len);
	k = find_by(text, len, "apparmor=\"KILLED\"", 17, 10);
	if (k)
		memcpy(k + 10, "DENIED", 6);
	if (strstr(text, " rlimit="))
		return replay_parse_rlimit(text);
	return renamed(text) ? parse_renamed(text) : parse_record(text);
}

/* The label as aamed_label_get() reads it: ":NS:PROFILE" outside root. */
static const char *ns_label(const aa_log_record *rec, char *buf, size_t len)
{
	const char *ns = rec->namespace;

	if (!ns || !*ns || !strcmp(ns, "root"))
		return rec->profile;
	if (!strncmp(ns, "root//", 6))
		ns += 6;
	snprintf(buf, len, ":%s:%s", ns, rec->profile);
	return buf;
}

/* An id the record logged ((unsigned long)-1: not logged). */
static void add_uid(char **argv, int *n, const char *opt, unsigned long v,
		    char *buf)
{
	if (v == (unsigned long)-1)
		return;
	snprintf(buf, 24, "%lu", v & 0xffffffffUL);
	argv[(*n)++] = (char *)opt;
	argv[(*n)++] = buf;
}

/* libapparmor prints the protocol by name (getprotobynumber) */
static const char *proto_num(const char *p, char *buf)
{
	int v = replay_name(RN_PROTOCOL, p);

	if (v < 0)
		return p;
	snprintf(buf, 24, "%d", v);
	return buf;
}

/*
 * The class words of each kind of record, after --label. Each returns
 * the number of words (n included), or 0 with *reason set.
 */
static int words_capability(const aa_log_record *rec,
			    struct replay_request *req, int n,
			    const char **reason)
{
	if (!rec->name) {
		*reason = "capability without capname";
		return 0;
	}
	req->klass = "capability";
	req->argv[n++] = "capability";
	req->argv[n++] = rec->name;
	return n;
}

/* The receiver's record of a signal says requested_mask="receive". */
static int words_signal(const aa_log_record *rec, struct replay_request *req,
			int n, const char **reason)
{
	if (!rec->signal || !rec->peer) {
		*reason = "signal without signal= or peer=";
		return 0;
	}
	req->klass = "signal";
	req->other_side = rec->requested_mask &&
			  strstr(rec->requested_mask, "receive");
	req->argv[n++] = "--peer-label";
	req->argv[n++] = rec->peer;
	req->argv[n++] = "signal";
	req->argv[n++] = rec->signal;
	return n;
}

/* The tracee's record says "tracedby" or "readby". */
static int words_ptrace(const aa_log_record *rec, struct replay_request *req,
			int n, const char **reason)
{
	const char *m = rec->requested_mask ? rec->requested_mask : "";

	if (!rec->peer) {
		*reason = "ptrace without peer=";
		return 0;
	}
	req->klass = "ptrace";
	req->other_side = strstr(m, "by") != NULL;
	req->argv[n++] = "--peer-label";
	req->argv[n++] = rec->peer;
	req->argv[n++] = "ptrace";
	req->argv[n++] = strstr(m, "trace") ? "trace" : "read";
	return n;
}

/* An open file's use; the record says which member checked it. */
static bool ofile_op(const char *op)
{
	return !strcmp(op, "file_perm") || !strcmp(op, "file_receive") ||
	       !strcmp(op, "file_inherit") || !strcmp(op, "file_lock") ||
	       !strcmp(op, "file_mmap") || !strcmp(op, "file_mprotect");
}

/*
 * A socket's descriptor used, received or inherited:
 * file socket:FAMILY:TYPE:PROTOCOL PERMS --op OP --opened-elsewhere
 * (send is w, receive r).
 */
static int words_sock_file(const aa_log_record *rec,
			   struct replay_request *req, int n,
			   const char **reason)
{
	const char *m = rec->requested_mask ? rec->requested_mask : "";
	bool snd = strstr(m, "send") != NULL, rcv = strstr(m, "receive") != NULL;

	if (!snd && !rcv) {
		*reason = "socket descriptor record without send or receive";
		return 0;
	}
	snprintf(req->sock, sizeof(req->sock), "socket:%s:%s:%s",
		 rec->net_family, rec->net_sock_type,
		 rec->net_protocol ? proto_num(rec->net_protocol, req->num[1]) :
				     "0");
	req->klass = !strcmp(rec->net_family, "unix") ? "unix" : "net";
	req->argv[n++] = "file";
	req->argv[n++] = req->sock;
	req->argv[n++] = snd && rcv ? "rw" : snd ? "w" : "r";
	req->argv[n++] = "--op";
	req->argv[n++] = rec->operation;
	req->argv[n++] = "--opened-elsewhere";
	return n;
}

static int words_net(const aa_log_record *rec, struct replay_request *req,
		     int n, const char **reason)
{
	if (!rec->net_sock_type) {
		*reason = "network record without sock_type";
		return 0;
	}
	if (ofile_op(rec->operation))
		return words_sock_file(rec, req, n, reason);
	req->klass = !strcmp(rec->net_family, "unix") ? "unix" : "net";
	req->argv[n++] = "net";
	req->argv[n++] = rec->net_family;
	req->argv[n++] = rec->net_sock_type;
	req->argv[n++] = rec->operation;
	if (rec->net_protocol) {
		req->argv[n++] = "--protocol";
		req->argv[n++] = (char *)proto_num(rec->net_protocol, req->num[1]);
	}
	return n;
}

/* Linux 6.12's user namespace and io_uring records. */
static int words_ns(const aa_log_record *rec, struct replay_request *req,
		    int n, const char **reason)
{
	const char *op = rec->operation;

	if (!strcmp(op, "userns_create")) {
		req->klass = "userns";
		req->argv[n++] = "userns";
		req->argv[n++] = "create";
		return n;
	}
	req->klass = "io_uring";
	if (!strcmp(op, "uring_sqpoll")) {
		req->argv[n++] = "io_uring";
		req->argv[n++] = "sqpoll";
		return n;
	}
	if (!rec->peer) {
		*reason = "uring_override without tcontext=";
		return 0;
	}
	req->argv[n++] = "--peer-label";
	req->argv[n++] = rec->peer;
	req->argv[n++] = "io_uring";
	req->argv[n++] = "override_creds";
	return n;
}

/*
 * setrlimit: replay_parse_rlimit() left the resource in name and the
 * hard limit in name2. The limit before is taken as the one asked for,
 * so only AppArmor's hook decides again (the record is the hook's).
 */
static int words_rlimit(const aa_log_record *rec, struct replay_request *req,
			int n, const char **reason)
{
	if (!rec->name || !rec->name2) {
		*reason = "setrlimit without rlimit= or value=";
		return 0;
	}
	req->klass = "rlimit";
	if (rec->peer) {
		req->argv[n++] = "--peer-label";
		req->argv[n++] = rec->peer;
	}
	req->argv[n++] = "rlimit";
	req->argv[n++] = rec->name;
	req->argv[n++] = rec->name2;
	snprintf(req->start, sizeof(req->start), "%s=%s:%s", rec->name,
		 rec->name2, rec->name2);
	req->argv[n++] = "--rlimit";
	req->argv[n++] = req->start;
	return n;
}

/*
 * The kernel's flags="rw, nosuid, rbind" as the words of --flags (the
 * names of the record are the query's). false: too long for the buffer.
 */
static bool mount_flag_words(const char *text, char *out, size_t len)
{
	size_t n = 0;

	for (; *text; text++) {
		if (*text == ' ')
			continue;
		if (n + 1 >= len)
			return false;
		out[n++] = *text;
	}
	out[n] = 0;
	return true;
}

/*
 * Mount records: the mount point is name=, a bind's or a move's source
 * and pivot_root's put_old srcname=. A move without a source is 6.12's
 * move_mount of a detached mount. The options are only in a record the
 * policy audits with its data: a request rebuilt without them is one
 * without data.
 */
static int words_mount(const aa_log_record *rec, struct replay_request *req,
		       int n, const char **reason)
{
	const char *op = rec->operation;

	if (!rec->name) {
		*reason = "mount record without name=";
		return 0;
	}
	req->klass = "mount";
	if (!strcmp(op, "umount")) {
		req->argv[n++] = "umount";
		req->argv[n++] = rec->name;
		return n;
	}
	if (!strcmp(op, "pivotroot")) {
		if (!rec->src_name) {
			*reason = "pivotroot record without srcname=";
			return 0;
		}
		req->argv[n++] = "pivot_root";
		req->argv[n++] = rec->name;
		req->argv[n++] = rec->src_name;
		return n;
	}
	if (rec->flags && !mount_flag_words(rec->flags, req->mnt_flags,
					    sizeof(req->mnt_flags))) {
		*reason = "mount flags too long";
		return 0;
	}
	if (!rec->src_name && rec->flags && strstr(rec->flags, "move") &&
	    !strstr(rec->flags, "remount")) {
		req->argv[n++] = "move_mount";
		req->argv[n++] = rec->name;
		return n;
	}
	req->argv[n++] = "mount";
	/* a record without srcname= is a call without a source */
	req->argv[n++] = rec->src_name ? rec->src_name : "--no-source";
	req->argv[n++] = rec->name;
	if (rec->fs_type) {
		req->argv[n++] = "--fstype";
		req->argv[n++] = rec->fs_type;
	}
	if (rec->flags) {
		req->argv[n++] = "--flags";
		req->argv[n++] = req->mnt_flags;
	}
	return n;
}

/*
 * dbus-daemon's records (USER_AVC): libapparmor 3.0 reads mask= as the
 * denied mask and peer_label= as the peer profile. A record is the
 * logging side's own query: the subject's side is what is replayed.
 */
static int words_dbus(const aa_log_record *rec, struct replay_request *req,
		      int n, const char **reason)
{
	const char *op = rec->operation + 5, *mask = rec->denied_mask;
	bool message = strcmp(op, "bind") && strcmp(op, "eavesdrop");

	if (!rec->dbus_bus || !mask) {
		*reason = "dbus record without bus= or mask=";
		return 0;
	}
	if (message && strcmp(mask, "send") && strcmp(mask, "receive")) {
		*reason = "dbus message record without mask=send or receive";
		return 0;
	}
	req->klass = "dbus";
	if (message) {
		req->argv[n++] = "--peer-label";
		req->argv[n++] = rec->peer_profile ? rec->peer_profile
						   : "unconfined";
	}
	req->argv[n++] = "dbus";
	req->argv[n++] = message ? (char *)mask : (char *)op;
	req->argv[n++] = "--bus";
	req->argv[n++] = rec->dbus_bus;
	if (message) {
		req->argv[n++] = "--type";
		req->argv[n++] = (char *)op;
	}
	if (rec->name && strcmp(op, "eavesdrop")) {
		req->argv[n++] = "--name";
		req->argv[n++] = rec->name;
	}
	if (message && rec->dbus_path) {
		req->argv[n++] = "--path";
		req->argv[n++] = rec->dbus_path;
	}
	if (message && rec->dbus_interface) {
		req->argv[n++] = "--interface";
		req->argv[n++] = rec->dbus_interface;
	}
	if (message && rec->dbus_member) {
		req->argv[n++] = "--member";
		req->argv[n++] = rec->dbus_member;
	}
	return n;
}

/*
 * A change_profile record: name= is the target as written ("&" kept),
 * the operation says now or onexec, plain or stack.
 */
static int words_change(const aa_log_record *rec, struct replay_request *req,
			int n, const char **reason)
{
	const char *op = rec->operation;

	if (!rec->name || !*rec->name) {
		*reason = "change_profile record without name=";
		return 0;
	}
	req->klass = "change_profile";
	req->argv[n++] = "change_profile";
	req->argv[n++] = rec->name;
	if (strstr(op, "onexec"))
		req->argv[n++] = "--onexec";
	if (!strncmp(op, "stack", 5))
		req->argv[n++] = "--stack";
	return n;
}

/*
 * The exec records of an onexec change (info="change_profile onexec",
 * no masks: target= is the onexec label) and of no_new_privs.
 */
static int words_exec_info(const aa_log_record *rec,
			   struct replay_request *req, int n)
{
	if (!rec->info || strcmp(rec->operation, "exec"))
		return n;
	if (!strcmp(rec->info, "no new privs")) {
		req->argv[n++] = "--nnp";
	} else if (strstr(rec->info, "change_onexec") ||
		   !strcmp(rec->info, "change_profile onexec")) {
		if (rec->name2) {
			req->argv[n++] = "--onexec";
			req->argv[n++] = rec->name2;
		}
	}
	return n;
}

/* name2 of an exec record is the transition's result, not a target. */
static int words_file(const aa_log_record *rec, struct replay_request *req,
		      int n, const char **reason)
{
	const char *op = rec->operation;

	if (!rec->name || rec->name[0] != '/') {
		*reason = "file record without an absolute name";
		return 0;
	}
	/* may_change_ptraced_domain()'s refusal: the tracer is not named */
	if (!strcmp(op, "exec") && rec->info &&
	    !strcmp(rec->info, "ptrace prevents transition")) {
		*reason = "exec refused for its tracer, which the record does not name";
		return 0;
	}
	if ((!rec->requested_mask || !*rec->requested_mask) &&
	    (strcmp(op, "exec") || !rec->info || !strstr(rec->info, "onexec"))) {
		*reason = "file record without requested_mask";
		return 0;
	}
	req->klass = "file";
	req->argv[n++] = "file";
	req->argv[n++] = rec->name;
	req->argv[n++] = rec->requested_mask && *rec->requested_mask
				 ? rec->requested_mask : "x";
	req->argv[n++] = "--op";
	req->argv[n++] = (char *)op;
	if (rec->name2 && strcmp(op, "exec")) {
		req->argv[n++] = "--target";
		req->argv[n++] = rec->name2;
	}
	/* a use of an open file: the member that logged checked the path */
	if (ofile_op(op))
		req->argv[n++] = "--opened-elsewhere";
	add_uid(req->argv, &n, "--fsuid", rec->fsuid, req->num[0]);
	add_uid(req->argv, &n, "--ouid", rec->ouid, req->num[1]);
	return words_exec_info(rec, req, n);
}

/*
 * change_hat records name the hat only when one was found or learnt
 * (the search failures and token mismatches name none): those replay.
 */
static int words_hat(const aa_log_record *rec, struct replay_request *req,
		     int n, const char **reason)
{
	if (!rec->name || !*rec->name) {
		*reason = "change_hat record without a hat name";
		return 0;
	}
	if (rec->info && !strcmp(rec->info, "conflicting targets types")) {
		/* a mix of hats and profiles in a stack: the record has one */
		*reason = "change_hat conflict of a stacked label's members";
		return 0;
	}
	req->klass = "change_hat";
	req->argv[n++] = "change_hat";
	req->argv[n++] = rec->name;
	return n;
}

/* ------------------------------------------------------------------ */
static bool is_hat(const aa_log_record *rec)
{
	return !strcmp(rec->operation, "change_hat");
}

static bool is_capability(const aa_log_record *rec)
{
	return !strcmp(rec->operation, "capable");
}

static bool is_signal(const aa_log_record *rec)
{
	return !strcmp(rec->operation, "signal");
}

static bool is_ptrace(const aa_log_record *rec)
{
	return !strcmp(rec->operation, "ptrace");
}

static bool is_ns(const aa_log_record *rec)
{
	return !strcmp(rec->operation, "userns_create") ||
	       !strcmp(rec->operation, "uring_sqpoll") ||
	       !strcmp(rec->operation, "uring_override");
}

static bool is_rlimit(const aa_log_record *rec)
{
	return !strcmp(rec->operation, "setrlimit");
}

static bool is_mount(const aa_log_record *rec)
{
	return !strcmp(rec->operation, "mount") ||
	       !strcmp(rec->operation, "umount") ||
	       !strcmp(rec->operation, "pivotroot");
}

static bool is_dbus(const aa_log_record *rec)
{
	return !strncmp(rec->operation, "dbus_", 5);
}

static bool is_net(const aa_log_record *rec)
{
	return rec->net_family != NULL;
}

static bool is_change(const aa_log_record *rec)
{
	const char *op = rec->operation;

	return !strcmp(op, "change_profile") || !strcmp(op, "change_onexec") ||
	       !strcmp(op, "stack") || !strcmp(op, "stack_onexec");
}

static bool is_file(const aa_log_record *rec)
{
	return replay_name(RN_FILE_OP, rec->operation) >= 0;
}

/*
 * The classes of records, tried in order: the first that matches a
 * record rebuilds it. words: the query words after --label L, their
 * number (n included) or 0 with *reason set. direct: NULL, or the
 * request filled from the record (false: the words decide).
 */
static const struct replay_class {
	bool (*match)(const aa_log_record *rec);
	int (*words)(const aa_log_record *rec, struct replay_request *req,
		     int n, const char **reason);
	bool (*direct)(const aa_log_record *rec, struct replay_request *req);
} classes[] = {
	{ is_capability, words_capability, replay_direct_capability },
	{ is_signal, words_signal, replay_direct_signal },
	{ is_ptrace, words_ptrace, replay_direct_ptrace },
	{ is_ns, words_ns, NULL },
	{ is_rlimit, words_rlimit, NULL },
	{ is_mount, words_mount, NULL },
	{ is_dbus, words_dbus, NULL },
	{ is_change, words_change, NULL },
	{ is_hat, words_hat, NULL },
	{ is_net, words_net, replay_direct_net },
	{ is_file, words_file, replay_direct_file },
};

/* The request through the query words of class c. */
static const char *rebuild_words(const aa_log_record *rec,
				 struct replay_request *req,
				 const struct replay_class *c, const char *label)
{
	const char *reason = NULL;
	char err[512];
	int n = 0;

	req->argv[n++] = "--label";
	req->argv[n++] = (char *)label;
	n = c->words(rec, req, n, &reason);
	if (!n)
		return reason;
	if (parse_query(n, req->argv, &req->q, err, sizeof(err))) {
		snprintf(req->reason, sizeof(req->reason),
			 "request not rebuildable: %s", err);
		return req->reason;
	}
	return NULL;
}

#define OP_REASON_MAX 256	/* an unknown operation's reason, cut there */
const char *replay_rebuild(const aa_log_record *rec,
			   struct replay_request *req)
{
	const char *label;
	size_t i;

	req->klass = NULL;
	req->other_side = false;
	if (!rec->profile)
		return "no profile or label";
	if (!rec->operation)
		return "no operation";
	label = ns_label(rec, req->label, sizeof(req->label));
	for (i = 0; i < sizeof(classes) / sizeof(classes[0]); i++) {
		const struct replay_class *c = &classes[i];

		if (!c->match(rec))
			continue;
		if (c->direct) {
			memset(&req->q, 0, sizeof(req->q));
			req->q.label = label;
			if (c->direct(rec, req))
				return NULL;
			req->klass = NULL;
			req->other_side = false;
		}
		return rebuild_words(rec, req, c, label);
	}
	snprintf(req->reason, OP_REASON_MAX,
		 "operation \"%s\" not decided by aamed", rec->operation);
	return req->reason;
}
