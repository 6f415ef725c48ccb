// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed replay --policy NEW LOG...: decide every AppArmor record of the
 * logs again against NEW and report the decisions that change.
 *
 * Inputs, detected line by line (or by the first line for the journal's
 * export format): auditd's audit.log ("type=AVC msg=audit(...): ..."),
 * kernel log lines (dmesg, kern.log, syslog: "... audit: type=1400
 * audit(...): ..."), `journalctl -o json` (one object per line, the
 * record in MESSAGE) and `journalctl -o export` (KEY=VALUE blocks,
 * binary fields length-prefixed). Each record is normalised to auditd's
 * form and parsed by libapparmor's own parser (parse_record(),
 * libapparmor-dev); the request is rebuilt as query words (the same
 * words `aamed query` takes, so parse_query() checks them) and decided.
 *
 * Streaming: one line in memory at a time; what grows is only the table
 * of distinct changed requests and the reasons records could not be
 * rebuilt (a few examples each).
 *
 * Uses src/internal.h through tl.h (names tables).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <aalogparse/aalogparse.h>

#include "tl.h"

/* ------------------------------------------------------------------ */
/* A string-keyed counting table (changes, reasons). */
#define MAX_EXAMPLES 3
struct entry {
	char *key;
	long count;
	char *examples[MAX_EXAMPLES];
	int nex;
	/* change groups */
	int dir;		/* 1: now denied, 2: now allowed */
	char *fields[7];	/* profile, operation, class, name, target,
				 * requested, extra */
};

struct table {
	struct entry **v;
	size_t n, cap;		/* open addressing */
	struct entry **order;
	size_t norder;
};

static uint64_t hash(const char *s)
{
	uint64_t h = 1469598103934665603ull;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

static struct entry *table_get(struct table *t, const char *key, bool *isnew)
{
	size_t i;

	if (t->n * 2 >= t->cap) {
		size_t nc = t->cap ? t->cap * 2 : 256, j;
		struct entry **nv = calloc(nc, sizeof(*nv));

		if (!nv)
			exit(EXIT_USAGE);
		for (j = 0; j < t->cap; j++)
			if (t->v[j]) {
				size_t k = hash(t->v[j]->key) & (nc - 1);

				while (nv[k])
					k = (k + 1) & (nc - 1);
				nv[k] = t->v[j];
			}
		free(t->v);
		t->v = nv;
		t->cap = nc;
	}
	i = hash(key) & (t->cap - 1);
	while (t->v[i]) {
		if (!strcmp(t->v[i]->key, key)) {
			*isnew = false;
			return t->v[i];
		}
		i = (i + 1) & (t->cap - 1);
	}
	t->v[i] = calloc(1, sizeof(struct entry));
	if (!t->v[i] || !(t->v[i]->key = strdup(key)))
		exit(EXIT_USAGE);
	t->n++;
	t->order = realloc(t->order, (t->norder + 1) * sizeof(*t->order));
	if (!t->order)
		exit(EXIT_USAGE);
	t->order[t->norder++] = t->v[i];
	*isnew = true;
	return t->v[i];
}

static void table_free(struct table *t)
{
	size_t i;
	int j;

	for (i = 0; i < t->norder; i++) {
		struct entry *e = t->order[i];

		free(e->key);
		for (j = 0; j < e->nex; j++)
			free(e->examples[j]);
		for (j = 0; j < 7; j++)
			free(e->fields[j]);
		free(e);
	}
	free(t->v);
	free(t->order);
}

static void add_example(struct entry *e, const char *file, long line)
{
	char buf[4200];

	e->count++;
	if (e->nex == MAX_EXAMPLES)
		return;
	snprintf(buf, sizeof(buf), "%s:%ld", file, line);
	e->examples[e->nex++] = strdup(buf);
}

/* ------------------------------------------------------------------ */
struct replay {
	aamed_policy *policy;
	struct table changes, reasons;
	long lines, records, rebuilt, changed, skipped_lines, input_errors;
	long now_denied, now_allowed;
	double decide_ns;
	bool stats;
	/* label cache: label text -> label of NEW */
	struct {
		char *text;
		const aamed_label *l;
		int err;
	} lc[64];
	unsigned lc_next;
	/* outcome of the last record parsed, for the memo */
	int last_kind;		/* 0 unchanged, 1 changed, 2 not rebuilt */
	struct entry *last_entry;
	bool last_denied;
	struct memo *memo;	/* MEMO_SLOTS, direct-mapped */
	long memo_hits;
	/* aamed coverage: called for every rebuilt request */
	void (*hook)(void *arg, const struct query *q, const aamed_label *l);
	void *hook_arg;
};

static void unrebuildable(struct replay *r, const char *reason,
			  const char *file, long line)
{
	bool isnew;
	struct entry *e = table_get(&r->reasons, reason, &isnew);

	add_example(e, file, line);
	r->last_kind = 2;
	r->last_entry = e;
}

static const aamed_label *label_of(struct replay *r, const char *text, int *err)
{
	unsigned i;

	for (i = 0; i < 64; i++)
		if (r->lc[i].text && !strcmp(r->lc[i].text, text)) {
			*err = r->lc[i].err;
			return r->lc[i].l;
		}
	i = r->lc_next++ & 63;
	free(r->lc[i].text);
	r->lc[i].text = strdup(text);
	r->lc[i].err = 0;
	r->lc[i].l = aamed_label_get(r->policy, text, &r->lc[i].err);
	*err = r->lc[i].err;
	return r->lc[i].l;
}

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

static void add_uid(char **argv, int *n, const char *opt, unsigned long v,
		    char *buf)
{
	if (v == (unsigned long)-1)
		return;
	snprintf(buf, 24, "%lu", v & 0xffffffffUL);
	argv[(*n)++] = (char *)opt;
	argv[(*n)++] = buf;
}

static const char *proto_num(const char *p, char *buf);

/*
 * Rebuild the query words of a record. Returns the number of words, or
 * 0 with *reason set.
 */
static int rebuild(const aa_log_record *rec, char **argv, char *bufs,
		   const char **reason, const char **klass, const char **label,
		   bool *other_side)
{
	static char lbuf[4096];
	const char *op = rec->operation;
	int n = 0;

	*klass = NULL;
	*other_side = false;
	if (!rec->profile) {
		*reason = "no profile or label";
		return 0;
	}
	if (!op) {
		*reason = "no operation";
		return 0;
	}
	*label = ns_label(rec, lbuf, sizeof(lbuf));
	argv[n++] = "--label";
	argv[n++] = (char *)*label;
	if (!strcmp(op, "capable")) {
		if (!rec->name) {
			*reason = "capability without capname";
			return 0;
		}
		*klass = "capability";
		argv[n++] = "capability";
		argv[n++] = rec->name;
		return n;
	}
	if (!strcmp(op, "signal")) {
		bool recv = rec->requested_mask && strstr(rec->requested_mask, "receive");

		if (!rec->signal || !rec->peer) {
			*reason = "signal without signal= or peer=";
			return 0;
		}
		*klass = "signal";
		*other_side = recv;
		argv[n++] = "--peer-label";
		argv[n++] = rec->peer;
		argv[n++] = "signal";
		argv[n++] = rec->signal;
		return n;
	}
	if (!strcmp(op, "ptrace")) {
		const char *m = rec->requested_mask ? rec->requested_mask : "";
		bool by = strstr(m, "by") != NULL;

		if (!rec->peer) {
			*reason = "ptrace without peer=";
			return 0;
		}
		*klass = "ptrace";
		*other_side = by;
		argv[n++] = "--peer-label";
		argv[n++] = rec->peer;
		argv[n++] = "ptrace";
		argv[n++] = strstr(m, "trace") ? "trace" : "read";
		return n;
	}
	if (rec->net_family) {
		if (!rec->net_sock_type) {
			*reason = "network record without sock_type";
			return 0;
		}
		*klass = !strcmp(rec->net_family, "unix") ? "unix" : "net";
		argv[n++] = "net";
		argv[n++] = rec->net_family;
		argv[n++] = rec->net_sock_type;
		argv[n++] = (char *)op;
		if (rec->net_protocol) {
			argv[n++] = "--protocol";
			argv[n++] = (char *)proto_num(rec->net_protocol, bufs + 24);
		}
		return n;
	}
	if (aamed_file_op_parse(op) >= 0) {
		if (!rec->name || rec->name[0] != '/') {
			*reason = "file record without an absolute name";
			return 0;
		}
		if (!rec->requested_mask || !*rec->requested_mask) {
			*reason = "file record without requested_mask";
			return 0;
		}
		*klass = "file";
		argv[n++] = "file";
		argv[n++] = rec->name;
		argv[n++] = rec->requested_mask;
		argv[n++] = "--op";
		argv[n++] = (char *)op;
		if (rec->name2 && strcmp(op, "exec")) {
			argv[n++] = "--target";
			argv[n++] = rec->name2;
		}
		add_uid(argv, &n, "--fsuid", rec->fsuid, bufs);
		add_uid(argv, &n, "--ouid", rec->ouid, bufs + 24);
		return n;
	}
	*reason = "operation not decided by aamed";
	return 0;
}

/* libapparmor prints the protocol by name (getprotobynumber) */
static const char *proto_num(const char *p, char *buf)
{
	static const struct { const char *n; int v; } t[] = {
		{ "ip", 0 }, { "icmp", 1 }, { "igmp", 2 }, { "tcp", 6 }, { "udp", 17 },
		{ "ipv6", 41 }, { "gre", 47 }, { "esp", 50 }, { "ah", 51 },
		{ "icmpv6", 58 }, { "ipv6-icmp", 58 }, { "sctp", 132 },
		{ "udplite", 136 }, { "raw", 255 },
	};
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (!strcmp(t[i].n, p)) {
			snprintf(buf, 24, "%d", t[i].v);
			return buf;
		}
	return p;
}

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}


/*
 * A signal or ptrace record is one side's check (the sender's or the
 * receiver's, the tracer's or the tracee's): the logging profile's own
 * decision is replayed, not the other side's (which logs its own record).
 */
static int side_decide(const aamed_label *label, const aamed_label *peer,
		       const struct query *q, bool other_side)
{
	if (q->class == Q_SIGNAL)
		return other_side ?
			       aamed_signal_side(peer, label, q->ipc.sig,
						 AAMED_SIDE_PEER, NULL, NULL) :
			       aamed_signal_side(label, peer, q->ipc.sig,
						 AAMED_SIDE_SUBJECT, NULL, NULL);
	return other_side ? aamed_ptrace_side(peer, label, q->ipc.request,
					      AAMED_SIDE_PEER, NULL, NULL) :
			    aamed_ptrace_side(label, peer, q->ipc.request,
					      AAMED_SIDE_SUBJECT, NULL, NULL);
}

/* Decide q against NEW, without records (as fast as the library goes). */
static int decide_fast(struct replay *r, const aamed_label *label,
		       const struct query *q, bool other_side, char *err,
		       size_t errlen)
{
	if (q->class == Q_SIGNAL || q->class == Q_PTRACE) {
		int lerr = 0;
		const aamed_label *peer = aamed_label_get(r->policy, q->peer_label,
							  &lerr);

		if (!peer) {
			snprintf(err, errlen, "peer label \"%s\": %s", q->peer_label,
				 lerr == -ENOENT ? "no such profile" : "malformed label");
			return 1;
		}
		return side_decide(label, peer, q, other_side);
	}
	switch (q->class) {
	case Q_EXEC: {
		struct aamed_exec_result x;

		return aamed_exec(label, q->file.path, q->file.fsuid, q->file.ouid,
				  &x, NULL, NULL);
	}
	case Q_FILE:
		return aamed_file_perm(label, &q->file, NULL, NULL);
	case Q_NET:
	case Q_UNIX:
		return net_decide(r->policy, label, q, NULL, NULL, err, errlen);
	default:
		return ipc_decide(r->policy, label, q, NULL, NULL, err, errlen);
	}
}

static void parse_one(struct replay *r, char *text, const char *file,
		      long line)
{
	aa_log_record *rec;
	char *argv[MAX_WORDS], bufs[48], err[512], key[8192];
	const char *reason = NULL, *klass = NULL, *label = NULL;
	struct query q;
	int n, e, lerr = 0;
	bool was_denied, now_denied, killed, isnew, other_side;
	const aamed_label *l;
	struct entry *en;
	char *p;

	r->last_kind = 0;
	/* libapparmor 3.0 predates class= (Linux 6.12) and KILLED */
	while ((p = strstr(text, " class=\""))) {
		char *q2 = strchr(p + 8, '"');

		if (!q2)
			break;
		memmove(p, q2 + 1, strlen(q2 + 1) + 1);
	}
	killed = (p = strstr(text, "apparmor=\"KILLED\"")) != NULL;
	if (killed)
		memcpy(p, "apparmor=\"DENIED\"", 17);
	rec = parse_record(text);
	if (!rec || rec->event == AA_RECORD_INVALID) {
		unrebuildable(r, "libapparmor could not parse the record", file, line);
		if (rec)
			free_record(rec);
		return;
	}
	if (rec->event != AA_RECORD_DENIED && rec->event != AA_RECORD_ALLOWED &&
	    rec->event != AA_RECORD_AUDIT) {
		unrebuildable(r, "not a decision (STATUS, HINT or ERROR record)",
			      file, line);
		free_record(rec);
		return;
	}
	was_denied = rec->event == AA_RECORD_DENIED;
	n = rebuild(rec, argv, bufs, &reason, &klass, &label, &other_side);
	if (!n) {
		char rb[256];

		if (!strcmp(reason, "operation not decided by aamed")) {
			snprintf(rb, sizeof(rb), "operation \"%s\" not decided by aamed",
				 rec->operation);
			reason = rb;
		}
		unrebuildable(r, reason, file, line);
		free_record(rec);
		return;
	}
	if (parse_query(n, argv, &q, err, sizeof(err))) {
		char rb[600];

		snprintf(rb, sizeof(rb), "request not rebuildable: %s", err);
		unrebuildable(r, rb, file, line);
		free_record(rec);
		return;
	}
	l = label_of(r, q.label, &lerr);
	if (!l) {
		unrebuildable(r, lerr == -ENOENT ? "profile not in the new policy"
						 : "malformed label", file, line);
		free_record(rec);
		return;
	}
	if (r->stats) {
		double t0 = now_ns();

		e = decide_fast(r, l, &q, other_side, err, sizeof(err));
		r->decide_ns += now_ns() - t0;
	} else {
		e = decide_fast(r, l, &q, other_side, err, sizeof(err));
	}
	if (e == 1) {
		char rb[600];

		snprintf(rb, sizeof(rb), "request not decidable: %s", err);
		unrebuildable(r, rb, file, line);
		free_record(rec);
		return;
	}
	if (r->hook)
		r->hook(r->hook_arg, &q, l);
	r->rebuilt++;
	now_denied = e != 0;
	r->last_denied = now_denied;
	if (now_denied == was_denied) {
		free_record(rec);
		return;
	}
	r->changed++;
	if (now_denied)
		r->now_denied++;
	else
		r->now_allowed++;
	snprintf(key, sizeof(key), "%d\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s",
		 now_denied ? 1 : 2, q.label, rec->operation,
		 rec->name ? rec->name : "", rec->name2 ? rec->name2 : "",
		 rec->requested_mask ? rec->requested_mask : "",
		 rec->signal ? rec->signal : "", rec->peer ? rec->peer : "");
	en = table_get(&r->changes, key, &isnew);
	if (isnew) {
		en->dir = now_denied ? 1 : 2;
		en->fields[0] = strdup(q.label);
		en->fields[1] = strdup(rec->operation);
		en->fields[2] = strdup(klass);
		en->fields[3] = rec->name ? strdup(rec->name) : NULL;
		en->fields[4] = rec->name2 ? strdup(rec->name2) : NULL;
		en->fields[5] = rec->requested_mask ? strdup(rec->requested_mask) : NULL;
		if (rec->signal || rec->peer || rec->net_family) {
			char x[1024];

			snprintf(x, sizeof(x), "%s%s%s%s%s%s%s",
				 rec->net_family ? rec->net_family : "",
				 rec->net_family ? " " : "",
				 rec->net_sock_type ? rec->net_sock_type : "",
				 rec->signal ? "signal=" : "",
				 rec->signal ? rec->signal : "",
				 rec->peer ? " peer=" : "", rec->peer ? rec->peer : "");
			en->fields[6] = strdup(x);
		}
		en->fields[6] = en->fields[6];
	}
	(void)killed;
	add_example(en, file, line);
	r->last_kind = 1;
	r->last_entry = en;
	free_record(rec);
}


/*
 * Logs repeat the same request many times (the same denial, from
 * another pid). libapparmor's parser costs microseconds a record, so the
 * outcome of a record is remembered by its text without pid=, comm= and
 * the timestamp: a direct-mapped table of MEMO_SLOTS, fixed in size
 * (memory does not grow with the log).
 */
#define MEMO_SLOTS 4096
#define MEMO_KEY 512
struct memo {
	uint64_t h;
	int kind;
	bool denied;
	struct entry *entry;
	char key[MEMO_KEY];
};

/* The record without the fields that cannot change its outcome. */
static bool memo_key(const char *text, char *key)
{
	const char *s = strstr(text, "apparmor=");
	size_t n = 0;

	if (!s)
		return false;
	while (*s) {
		if (*s == ' ' && (!strncmp(s, " pid=", 5) || !strncmp(s, " comm=", 6))) {
			s++;
			s += strcspn(s, "=") + 1;
			if (*s == '"') {
				const char *e = strchr(s + 1, '"');

				s = e ? e + 1 : s + strlen(s);
			} else {
				s += strcspn(s, " ");
			}
			continue;
		}
		if (n + 1 >= MEMO_KEY)
			return false;
		key[n++] = *s++;
	}
	key[n] = 0;
	return true;
}

static void one_record(struct replay *r, char *text, const char *file,
		       long line)
{
	char key[MEMO_KEY];
	struct memo *m = NULL;
	uint64_t h;

	r->records++;
	if (r->memo && memo_key(text, key)) {
		h = hash(key);
		struct memo *m2 = &r->memo[(h & (MEMO_SLOTS - 1)) ^ 1];

		m = &r->memo[h & (MEMO_SLOTS - 1)];
		if (!(m->kind >= 0 && m->h == h) && m2->kind >= 0 && m2->h == h)
			m = m2;	/* two-way: the pair of slots */
		else if (m->kind >= 0 && m->h != h)
			m = m2->kind < 0 || (h >> 32 & 1) ? m2 : m;
		if (m->kind >= 0 && m->h == h && !strcmp(m->key, key)) {
			r->memo_hits++;
			if (m->kind != 2)
				r->rebuilt++;
			if (m->kind == 1) {
				r->changed++;
				if (m->denied)
					r->now_denied++;
				else
					r->now_allowed++;
			}
			if (m->entry)
				add_example(m->entry, file, line);
			return;
		}
	}
	r->last_entry = NULL;
	parse_one(r, text, file, line);
	if (m) {
		m->h = h;
		m->kind = r->last_kind;
		m->denied = r->last_denied;
		m->entry = r->last_kind ? r->last_entry : NULL;
		memcpy(m->key, key, strlen(key) + 1);
	}
}
/* ------------------------------------------------------------------ */
/* Finding the record in a line of any of the formats. */

/* The record in a text line, rewritten as auditd's form. 0: no record. */
static int normalise(const char *msg, char *out, size_t len)
{
	const char *a = strstr(msg, "apparmor=");
	const char *ts = strstr(msg, "audit(");
	const char *end;
	int tl = 0;

	if (!a)
		return 0;
	if (ts && ts < a) {
		end = strchr(ts, ')');
		if (end && end < a)
			tl = (int)(end - ts - 6);
	}
	end = strchr(a, '\x1d');	/* auditd's ENRICHED part */
	if (!end)
		end = a + strlen(a);
	while (end > a && (end[-1] == '\n' || end[-1] == '\r' || end[-1] == '\''))
		end--;
	if (tl > 0)
		snprintf(out, len, "type=AVC msg=audit(%.*s): %.*s", tl, ts + 6,
			 (int)(end - a), a);
	else
		snprintf(out, len, "type=AVC msg=audit(0.000:0): %.*s",
			 (int)(end - a), a);
	return 1;
}

static void input_error(struct replay *r, const char *file, long line,
			const char *msg)
{
	r->input_errors++;
	if (line > 0)
		fprintf(stderr, "aamed replay: %s:%ld: %s\n", file, line, msg);
	else
		fprintf(stderr, "aamed replay: %s: %s\n", file, msg);
}

static void text_line(struct replay *r, const char *s, const char *file,
		      long line, char *buf, size_t blen)
{
	if (normalise(s, buf, blen))
		one_record(r, buf, file, line);
	else
		r->skipped_lines++;
}

/* A MESSAGE from the journal (string, or an array of bytes). */
static void journal_message(struct replay *r, const struct tj *m,
			    const char *file, long line, char *buf, size_t blen)
{
	char *msg;
	size_t i;

	if (m->type == TJ_STR) {
		text_line(r, m->str, file, line, buf, blen);
		return;
	}
	if (m->type != TJ_ARR) {
		input_error(r, file, line, "MESSAGE is neither a string nor an array of bytes");
		return;
	}
	msg = malloc(m->len + 1);
	if (!msg)
		return;
	for (i = 0; i < m->len; i++)
		msg[i] = m->kids[i].type == TJ_NUM ? (char)(int)m->kids[i].num : '?';
	msg[m->len] = 0;
	text_line(r, msg, file, line, buf, blen);
	free(msg);
}

static void json_line(struct replay *r, const char *s, size_t len,
		      const char *file, long line, char *buf, size_t blen)
{
	const char *err;
	size_t pos;
	struct tj *v = tj_parse(s, len, &err, &pos);
	const struct tj *m;

	if (!v) {
		char msg[256];

		snprintf(msg, sizeof(msg), "malformed JSON: %s at column %zu", err,
			 pos + 1);
		input_error(r, file, line, msg);
		return;
	}
	m = tj_get(v, "MESSAGE");
	if (!m)
		r->skipped_lines++;
	else
		journal_message(r, m, file, line, buf, blen);
	tj_free(v);
}

static int replay_file(struct replay *r, const char *file, char *buf,
		       size_t blen)
{
	FILE *f = strcmp(file, "-") ? fopen(file, "r") : stdin;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	long lineno = 0;
	bool export = false, first = true;
	char *msg = NULL;	/* export: the entry's MESSAGE */
	long msgline = 0;

	if (!f) {
		input_error(r, file, 0, strerror(errno));
		return -1;
	}
	while ((len = getline(&line, &cap, f)) >= 0) {
		lineno++;
		r->lines++;
		if (first) {
			first = false;
			export = !strncmp(line, "__CURSOR=", 9);
		}
		if (export) {
			char *eq;

			if (len && line[len - 1] == '\n')
				line[--len] = 0;
			if (!len) {	/* end of an entry */
				if (msg)
					text_line(r, msg, file, msgline, buf, blen);
				else
					r->skipped_lines++;
				free(msg);
				msg = NULL;
				continue;
			}
			eq = strchr(line, '=');
			if (!eq) {
				/* binary field: NAME \n le64 size, data, \n */
				unsigned char sz[8];
				uint64_t n = 0;
				int i;
				char *data;

				if (fread(sz, 1, 8, f) != 8) {
					input_error(r, file, lineno,
						    "export format: truncated binary field");
					break;
				}
				for (i = 7; i >= 0; i--)
					n = n << 8 | sz[i];
				if (n > (1u << 24)) {
					input_error(r, file, lineno,
						    "export format: binary field larger than 16 MiB");
					break;
				}
				data = malloc((size_t)n + 1);
				if (!data || fread(data, 1, (size_t)n, f) != n ||
				    fgetc(f) != '\n') {
					free(data);
					input_error(r, file, lineno,
						    "export format: truncated binary field");
					break;
				}
				data[n] = 0;
				if (!strcmp(line, "MESSAGE")) {
					free(msg);
					msg = data;
					msgline = lineno;
				} else {
					free(data);
				}
				continue;
			}
			if (!strncmp(line, "MESSAGE=", 8)) {
				free(msg);
				msg = strdup(eq + 1);
				msgline = lineno;
			}
			continue;
		}
		if (len && line[len - 1] == '\n')
			line[--len] = 0;
		if (len && line[0] == '{') {
			json_line(r, line, (size_t)len, file, lineno, buf, blen);
			continue;
		}
		if (memchr(line, 0, (size_t)len)) {
			input_error(r, file, lineno, "NUL byte in a text line");
			continue;
		}
		text_line(r, line, file, lineno, buf, blen);
	}
	if (msg) {
		text_line(r, msg, file, msgline, buf, blen);
		free(msg);
	}
	if (ferror(f))
		input_error(r, file, lineno, "read error");
	free(line);
	if (f != stdin)
		fclose(f);
	return 0;
}

/* ------------------------------------------------------------------ */
static int cmp_count(const void *a, const void *b)
{
	const struct entry *x = *(struct entry *const *)a, *y = *(struct entry *const *)b;

	if (x->dir != y->dir)
		return x->dir - y->dir;
	return x->count < y->count ? 1 : x->count > y->count ? -1 : 0;
}

static void print_text(struct replay *r)
{
	size_t i;
	int j, dir = 0;

	qsort(r->changes.order, r->changes.norder, sizeof(struct entry *), cmp_count);
	qsort(r->reasons.order, r->reasons.norder, sizeof(struct entry *), cmp_count);
	for (i = 0; i < r->changes.norder; i++) {
		struct entry *e = r->changes.order[i];

		if (e->dir != dir) {
			dir = e->dir;
			printf("%s (%ld)\n", dir == 1 ? "now DENIED, was allowed"
						      : "now ALLOWED, was denied",
			       dir == 1 ? r->now_denied : r->now_allowed);
		}
		printf("  %6ld  %s  %s %s", e->count, e->fields[0], e->fields[1],
		       e->fields[3] ? e->fields[3] : "");
		if (e->fields[4])
			printf(" -> %s", e->fields[4]);
		if (e->fields[5])
			printf("  \"%s\"", e->fields[5]);
		if (e->fields[6])
			printf("  %s", e->fields[6]);
		printf("  (%s)\n", e->examples[0]);
	}
	if (r->reasons.norder)
		printf("not rebuilt (%ld)\n", r->records - r->rebuilt);
	for (i = 0; i < r->reasons.norder; i++) {
		struct entry *e = r->reasons.order[i];

		printf("  %6ld  %s  (", e->count, e->key);
		for (j = 0; j < e->nex; j++)
			printf("%s%s", j ? ", " : "", e->examples[j]);
		printf("%s)\n", e->count > e->nex ? ", ..." : "");
	}
	printf("%ld records, %ld rebuilt, %ld changed (%ld now denied, %ld now allowed), %ld not rebuilt, %ld other lines, %ld input errors\n",
	       r->records, r->rebuilt, r->changed, r->now_denied, r->now_allowed,
	       r->records - r->rebuilt, r->skipped_lines, r->input_errors);
}

static void print_json(struct replay *r)
{
	static const char *const fk[] = { "label", "operation", "class", "name",
					  "target", "requested", "detail" };
	FILE *f = stdout;
	bool first = true;
	size_t i;
	int j;

	fputc('{', f);
	json_key(f, &first, "version");
	fprintf(f, "%d", TL_JSON_VERSION);
	json_key(f, &first, "command");
	json_str(f, "replay");
	json_key(f, &first, "records");
	fprintf(f, "%ld", r->records);
	json_key(f, &first, "rebuilt");
	fprintf(f, "%ld", r->rebuilt);
	json_key(f, &first, "changed");
	fprintf(f, "%ld", r->changed);
	json_key(f, &first, "now_denied");
	fprintf(f, "%ld", r->now_denied);
	json_key(f, &first, "now_allowed");
	fprintf(f, "%ld", r->now_allowed);
	json_key(f, &first, "not_rebuilt");
	fprintf(f, "%ld", r->records - r->rebuilt);
	json_key(f, &first, "other_lines");
	fprintf(f, "%ld", r->skipped_lines);
	json_key(f, &first, "input_errors");
	fprintf(f, "%ld", r->input_errors);
	json_key(f, &first, "changes");
	fputc('[', f);
	qsort(r->changes.order, r->changes.norder, sizeof(struct entry *), cmp_count);
	qsort(r->reasons.order, r->reasons.norder, sizeof(struct entry *), cmp_count);
	for (i = 0; i < r->changes.norder; i++) {
		struct entry *e = r->changes.order[i];
		bool ef = true;

		if (i)
			fputc(',', f);
		fputc('{', f);
		json_key(f, &ef, "change");
		json_str(f, e->dir == 1 ? "now-denied" : "now-allowed");
		json_key(f, &ef, "count");
		fprintf(f, "%ld", e->count);
		for (j = 0; j < 7; j++) {
			json_key(f, &ef, fk[j]);
			json_str(f, e->fields[j]);
		}
		json_key(f, &ef, "examples");
		fputc('[', f);
		for (j = 0; j < e->nex; j++) {
			if (j)
				fputc(',', f);
			json_str(f, e->examples[j]);
		}
		fputs("]}", f);
	}
	fputc(']', f);
	json_key(f, &first, "unrebuildable");
	fputc('[', f);
	for (i = 0; i < r->reasons.norder; i++) {
		struct entry *e = r->reasons.order[i];
		bool ef = true;

		if (i)
			fputc(',', f);
		fputc('{', f);
		json_key(f, &ef, "reason");
		json_str(f, e->key);
		json_key(f, &ef, "count");
		fprintf(f, "%ld", e->count);
		json_key(f, &ef, "examples");
		fputc('[', f);
		for (j = 0; j < e->nex; j++) {
			if (j)
				fputc(',', f);
			json_str(f, e->examples[j]);
		}
		fputs("]}", f);
	}
	fputs("]}\n", f);
}

static void usage(FILE *f)
{
	fputs("usage: aamed replay --policy NEW [--policy NEW...] [--json]\n"
	      "                    [--kernel 6.1|6.12|upstream] [--stats] LOG...\n"
	      "LOG: audit.log, kernel log (dmesg, kern.log, syslog), journalctl -o json\n"
	      "     or -o export output; - for standard input.\n"
	      "Exit codes: 0 no decision changes, 1 changes, 2 usage or input error,\n"
	      "3 policy could not be loaded.\n",
	      f);
}

int cmd_replay(int argc, char **argv)
{
	const char *logs[256];
	struct tl_opts o = { .allowed = TL_OPT_POLICY | TL_OPT_KERNEL |
					TL_OPT_JSON };
	int nl = 0, i, rc, t;
	struct replay *r;
	char *buf;
	const size_t blen = 1 << 20;
	double t0;

	for (i = 0; i < argc; i++) {
		const char *a = argv[i];

		t = tl_opt(&o, "replay", argc, argv, &i);
		if (t < 0)
			return EXIT_USAGE;
		if (t > 0)
			continue;
		if (!strcmp(a, "--stats") || !strcmp(a, "--no-memo")) {
			nl += 0;
		} else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			return EXIT_ALLOWED;
		} else if (a[0] == '-' && a[1]) {
			fprintf(stderr, "aamed replay: unknown option %s\n", a);
			usage(stderr);
			return EXIT_USAGE;
		} else if (nl < 256) {
			logs[nl++] = a;
		}
	}
	if (!o.np || !nl) {
		usage(stderr);
		return EXIT_USAGE;
	}
	r = calloc(1, sizeof(*r));
	buf = malloc(blen);
	if (!r || !buf)
		return EXIT_USAGE;
	for (i = 0; i < argc; i++)
		if (!strcmp(argv[i], "--stats"))
			r->stats = true;
	r->memo = malloc(MEMO_SLOTS * sizeof(*r->memo));
	if (r->memo)
		for (i = 0; i < MEMO_SLOTS; i++)
			r->memo[i].kind = -1;
	for (i = 0; i < argc; i++)
		if (!strcmp(argv[i], "--no-memo")) {
			free(r->memo);
			r->memo = NULL;
		}
	r->policy = tl_load(o.policies, o.np, o.k, "aamed replay");
	if (!r->policy) {
		free(r);
		free(buf);
		return EXIT_POLICY;
	}
	t0 = now_ns();
	for (i = 0; i < nl; i++)
		replay_file(r, logs[i], buf, blen);
	if (r->stats) {
		double total = (now_ns() - t0) / 1e9;

		fprintf(stderr,
			"stats: %ld lines, %ld records (%ld from the memo) in %.3f s (%.0f records/s); %ld decisions in %.3f s (%.0f decisions/s)\n",
			r->lines, r->records, r->memo_hits, total, r->records / (total > 0 ? total : 1e-9),
			r->rebuilt - r->memo_hits, r->decide_ns / 1e9,
			(r->rebuilt - r->memo_hits) / (r->decide_ns > 0 ? r->decide_ns / 1e9 : 1e-9));
	}
	if (o.json)
		print_json(r);
	else
		print_text(r);
	rc = r->input_errors ? EXIT_USAGE : r->changed ? 1 : 0;
	for (i = 0; i < 64; i++)
		free(r->lc[i].text);
	table_free(&r->changes);
	table_free(&r->reasons);
	free(r->memo);
	aamed_policy_free(r->policy);
	free(r);
	free(buf);
	return rc;
}

/*
 * The reading half of replay for aamed coverage (tools/authors/coverage.c):
 * every rebuilt request of the logs goes to hook. No memo (each record
 * counts). Returns the number of input errors.
 */
long tl_replay_each(aamed_policy *policy, const char *const *logs, int n,
		    void (*hook)(void *, const struct query *, const aamed_label *),
		    void *arg, long *records, long *rebuilt)
{
	struct replay *r = calloc(1, sizeof(*r));
	char *buf = malloc(1 << 20);
	long errors;
	int i;

	if (!r || !buf) {
		free(r);
		free(buf);
		return -1;
	}
	r->policy = policy;
	r->hook = hook;
	r->hook_arg = arg;
	for (i = 0; i < n; i++)
		replay_file(r, logs[i], buf, 1 << 20);
	errors = r->input_errors;
	*records = r->records;
	*rebuilt = r->rebuilt;
	for (i = 0; i < 64; i++)
		free(r->lc[i].text);
	table_free(&r->changes);
	table_free(&r->reasons);
	free(r);
	free(buf);
	return errors;
}
