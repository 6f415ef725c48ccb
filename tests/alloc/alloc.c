// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Allocation failures in libaamed.
 *
 *   alloc BLOB...      (tests/alloc/run.sh compiles the blobs)
 *
 * For each operation: count the allocations it makes, then for k = 1..N
 * make the k-th fail once and check that the call reports a clean error
 * (a negative errno, a filled struct aamed_error, NULL as documented),
 * that the policy answers exactly as before the call (profiles, names,
 * modes, decisions and their records), that the same call succeeds once
 * memory is back, and that nothing leaked (LeakSanitizer, per k). An
 * operation whose call still succeeds despite the failure must leave the
 * state a clean call leaves.
 *
 * One check per (operation, k) and one for the clean call; ends with
 * "N passed, N failed".
 */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include <sanitizer/lsan_interface.h>

#include "aamed.h"
#include "state.h"
#include "wrap.h"

struct blob {
	const char *path;
	const char *name;	/* the file name, for messages */
	void *data;
	size_t len;
};

static struct blob *blobs;
static int nblobs;
static unsigned long npass, nfail;

/* Everything one operation works on; reset before each call. */
struct ctx {
	const struct blob *blob;	/* the blob a load loads */
	const char *text;		/* a label text, an exec path */
	const char *subject;		/* who decides (default demo-daemon) */
	aamed_policy *pol;
	aamed_policy *fresh;		/* a replacement being built */
	aamed_engine *eng;
	aamed_reader *rd;
	const aamed_label *subj;
	struct aamed_error err;
	struct state *records;		/* audit records of a decision */
};

struct op {
	const char *what;
	void (*setup)(struct ctx *c);
	/* 0: done; a negative errno: failed */
	int (*run)(struct ctx *c);
	/* the error as the API documents it */
	int (*clean_error)(const struct ctx *c, int rc);
	void (*observe)(struct ctx *c, struct state *st);
	void (*teardown)(struct ctx *c);
	/* after a failure, the same call on the same objects must succeed */
	int retry;
};

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void fail(const char *fmt, ...)
{
	va_list ap;

	nfail++;
	printf("FAIL ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

static int load(aamed_policy *pol, const struct blob *b,
		struct aamed_error *err)
{
	return aamed_policy_load_blob(pol, b->data, b->len, b->name, err);
}

/* ------------------------------------------------------------------ */
/* Policies. */

static void setup_empty(struct ctx *c)
{
	c->pol = aamed_policy_new();
}

static void setup_nothing(struct ctx *c)
{
	(void)c;
}

static int run_new(struct ctx *c)
{
	c->pol = aamed_policy_new();
	return c->pol ? 0 : -ENOMEM;
}

/* A policy that may not exist (yet). */
static void observe_maybe(struct ctx *c, struct state *st)
{
	if (c->pol) {
		state_of(c->pol, st);
		return;
	}
	st->n = (size_t)snprintf(st->text, sizeof(st->text), "no policy\n");
}

static void setup_all(struct ctx *c)
{
	struct aamed_error err;
	int i;

	c->pol = aamed_policy_new();
	for (i = 0; c->pol && i < nblobs; i++)
		if (load(c->pol, &blobs[i], &err))
			fprintf(stderr, "alloc: %s does not load: %s\n",
				blobs[i].name, err.msg);
}

static int run_load(struct ctx *c)
{
	return load(c->pol, c->blob, &c->err);
}

/* A directory (or file) by path: the blob's directory when text is NULL. */
static int run_load_path(struct ctx *c)
{
	char dir[4096];
	const char *slash = strrchr(c->blob->path, '/');

	if (c->text)
		return aamed_policy_load_path(c->pol, c->text, &c->err);
	snprintf(dir, sizeof(dir), "%.*s",
		 slash ? (int)(slash - c->blob->path) : 1,
		 slash ? c->blob->path : ".");
	return aamed_policy_load_path(c->pol, dir, &c->err);
}

static int path_error(const struct ctx *c, int rc)
{
	return rc < 0 && c->err.msg[0] && c->err.origin[0];
}

static int load_error(const struct ctx *c, int rc)
{
	return rc < 0 && c->err.msg[0] && !strcmp(c->err.origin, c->blob->name);
}

static void observe_policy(struct ctx *c, struct state *st)
{
	state_of(c->pol, st);
}

static void teardown_policy(struct ctx *c)
{
	aamed_policy_free(c->pol);
}

/* ------------------------------------------------------------------ */
/* Engines. */

static void setup_engine(struct ctx *c)
{
	struct aamed_error err;

	c->pol = aamed_policy_new();
	if (c->pol && load(c->pol, &blobs[0], &err))
		fprintf(stderr, "alloc: %s does not load\n", blobs[0].name);
}

/* Build a policy from the blob and install it: the replacer's path. */
static int run_replace(struct ctx *c)
{
	int rc;

	c->fresh = aamed_policy_new();
	if (!c->fresh)
		return -ENOMEM;
	rc = load(c->fresh, c->blob, &c->err);
	if (rc) {
		aamed_policy_free(c->fresh);
		c->fresh = NULL;
		return rc;
	}
	rc = aamed_policy_replace(c->eng, c->fresh);
	c->fresh = NULL;
	return rc;
}

static int nomem(const struct ctx *c, int rc)
{
	(void)c;
	return rc == -ENOMEM;
}

static int replace_error(const struct ctx *c, int rc)
{
	return rc == -ENOMEM || load_error(c, rc);
}

static void setup_running_engine(struct ctx *c)
{
	setup_engine(c);
	c->eng = aamed_engine_new(c->pol);
	c->pol = NULL;
	c->rd = c->eng ? aamed_reader_new(c->eng) : NULL;
}

/*
 * An engine and a reader. A failed aamed_engine_new() leaves the policy
 * with the caller, who still holds it.
 */
static int run_engine_new(struct ctx *c)
{
	c->eng = aamed_engine_new(c->pol);
	if (!c->eng)
		return -ENOMEM;
	c->pol = NULL;
	c->rd = aamed_reader_new(c->eng);
	return c->rd ? 0 : -ENOMEM;
}

static void observe_engine(struct ctx *c, struct state *st)
{
	aamed_reader *r = c->rd;

	if (c->pol) {
		state_of(c->pol, st);
		return;
	}
	if (!r)
		r = aamed_reader_new(c->eng);
	if (!r) {
		snprintf(st->text, sizeof(st->text), "no reader");
		return;
	}
	state_of(aamed_read_begin(r), st);
	aamed_read_end(r);
	if (r != c->rd)
		aamed_reader_free(r);
}

static void teardown_engine(struct ctx *c)
{
	aamed_reader_free(c->rd);
	aamed_engine_free(c->eng);
	aamed_policy_free(c->pol);
}

/* ------------------------------------------------------------------ */
/* Labels and decisions. */

static int run_label(struct ctx *c)
{
	int error = 0;

	return aamed_label_get(c->pol, c->text, &error) ? 0 : error;
}

static void setup_subject(struct ctx *c)
{
	int error;

	setup_all(c);
	c->subj = aamed_label_get(c->pol,
				  c->subject ? c->subject : "demo-daemon",
				  &error);
	if (!c->subj)
		fprintf(stderr, "alloc: no label %s\n", c->subject);
}

/* The decision's verdict and records join the state compared. */
static void observe_decision(struct ctx *c, struct state *st)
{
	state_of(c->pol, st);
	if (c->records && st->n + c->records->n < sizeof(st->text)) {
		memcpy(st->text + st->n, c->records->text, c->records->n + 1);
		st->n += c->records->n;
	}
}

static struct state decision_records;

static int verdict(struct ctx *c, int rc)
{
	char v[64];
	size_t n = (size_t)snprintf(v, sizeof(v), "verdict %d\n", rc);

	if (c->records->n + n < sizeof(c->records->text)) {
		memcpy(c->records->text + c->records->n, v, n + 1);
		c->records->n += n;
	}
	return 0;
}

static int run_file_deny(struct ctx *c)
{
	struct aamed_file_req req = { .path = "/etc/shadow",
				      .request = AAMED_MAY_READ,
				      .op = AAMED_OP_OPEN };

	c->records = &decision_records;
	c->records->n = 0;
	c->records->text[0] = '\0';
	return verdict(c, aamed_file_perm(c->subj, &req, state_record,
					  c->records));
}

static int run_exec(struct ctx *c)
{
	struct aamed_exec_result xr = { .size = sizeof(xr) };
	char v[700];
	int rc;

	c->records = &decision_records;
	c->records->n = 0;
	c->records->text[0] = '\0';
	rc = aamed_exec(c->subj, c->text, 0, 0, &xr, state_record, c->records);
	if (rc == -ENOMEM) {
		c->records = NULL;	/* a failed call's records do not count */
		return rc;
	}
	snprintf(v, sizeof(v), "exec %s: %d mode %d unsafe %d name %s\n",
		 c->text, rc, (int)xr.mode, xr.unsafe, rc ? "-" : xr.name);
	memcpy(c->records->text + c->records->n, v, strlen(v) + 1);
	c->records->n += strlen(v);
	return 0;
}

/* change_profile of the subject to c->text ("&": a stack, interned) */
static int run_change(struct ctx *c)
{
	struct aamed_change_req req = { .size = sizeof(req), .target = c->text };
	struct aamed_change_result cr = { .size = sizeof(cr) };
	char v[700];
	int rc;

	c->records = &decision_records;
	c->records->n = 0;
	c->records->text[0] = '\0';
	rc = aamed_change_profile(c->subj, &req, &cr, state_record,
				  c->records);
	if (rc == -ENOMEM) {
		c->records = NULL;	/* a failed call's records do not count */
		return rc;
	}
	snprintf(v, sizeof(v), "change_profile %s: %d name %s\n", c->text,
		 rc, rc ? "-" : cr.name);
	memcpy(c->records->text + c->records->n, v, strlen(v) + 1);
	c->records->n += strlen(v);
	return 0;
}

static int run_net(struct ctx *c)
{
	struct aamed_sock sk = { .label = c->subj, .family = AF_PACKET,
				 .type = SOCK_RAW };

	c->records = &decision_records;
	c->records->n = 0;
	c->records->text[0] = '\0';
	return verdict(c, aamed_net_perm(c->subj, AAMED_NET_CREATE, &sk,
					 state_record, c->records));
}

/* A descriptor opened under demo-helper, kept across an exec into the
 * subject (file_inherit). */
static int run_inherit(struct ctx *c)
{
	struct aamed_open_file f = { .size = sizeof(f),
				     .label = aamed_label_get(c->pol,
							      "demo-helper",
							      NULL),
				     .allow = AAMED_MAY_READ,
				     .mode = AAMED_MAY_READ,
				     .path = "/etc/shadow" };
	unsigned outcome;

	c->records = &decision_records;
	c->records->n = 0;
	c->records->text[0] = '\0';
	return verdict(c, aamed_file_inherit(c->subj, &f, &outcome,
					     state_record, c->records));
}

static int run_signal(struct ctx *c)
{
	c->records = &decision_records;
	c->records->n = 0;
	c->records->text[0] = '\0';
	return verdict(c, aamed_signal(c->subj, aamed_label_unconfined(c->pol),
				       SIGKILL, state_record, c->records));
}

static int run_mount(struct ctx *c)
{
	struct aamed_mount_req req = { sizeof(req), NULL, "/mnt/", "tmpfs",
				       AAMED_MS_NOSUID, "size=1m" };

	c->records = &decision_records;
	c->records->n = 0;
	c->records->text[0] = '\0';
	return verdict(c, aamed_mount(c->subj, &req, state_record,
				      c->records));
}

/* ------------------------------------------------------------------ */
/* The driver. */

static struct state before, clean, now, ptrs_before, ptrs_now;

static int leaked(void)
{
	return __lsan_do_recoverable_leak_check() != 0;
}

/* Why the call with allocation k failing went wrong, or NULL. */
static const char *judge(const struct op *op, struct ctx *c, int rc)
{
	int rc2;

	op->observe(c, &now);
	if (rc == 0)
		return strcmp(now.text, clean.text) ?
			       "succeeded, but not as a clean call does" : NULL;
	if (!inject_hit())
		return "failed with no allocation failing";
	if (!op->clean_error(c, rc))
		return "not the documented error";
	if (strcmp(now.text, before.text))
		return "the state changed";
	if (c->pol) {
		/* the labels callers hold stay valid and the same */
		state_labels(c->pol, &ptrs_now);
		if (strcmp(ptrs_now.text, ptrs_before.text))
			return "labels were replaced";
	}
	if (!op->retry)
		return NULL;
	rc2 = op->run(c);
	if (rc2)
		return "the same call fails with memory back";
	op->observe(c, &now);
	return strcmp(now.text, clean.text) ?
		       "the call with memory back does not do what a clean one does" :
		       NULL;
}

static void one(const struct op *op, const struct ctx *tmpl,
		const char *what, long k)
{
	struct ctx c = *tmpl;
	const char *why;
	int rc;

	op->setup(&c);
	op->observe(&c, &before);
	if (c.pol)
		state_labels(c.pol, &ptrs_before);
	inject_arm(k);
	rc = op->run(&c);
	inject_disarm();
	why = judge(op, &c, rc);
	if (why && strstr(why, "state") && strcmp(now.text, before.text))
		printf("     %s\n", state_diff(&now, &before));
	op->teardown(&c);
	if (!why && leaked())
		why = "leak (LeakSanitizer's report above)";
	if (why)
		fail("%s, allocation %ld failing (returned %d): %s", what, k,
		     rc, why);
	else
		npass++;
}

/* The allocations the clean call made (each then made to fail in
 * turn), or -1 when the clean call failed or leaked. */
static long run_op(const struct op *op, const struct ctx *tmpl,
		   const char *what)
{
	struct ctx c = *tmpl;
	long n, k;
	int rc;

	op->setup(&c);
	inject_arm(0);
	rc = op->run(&c);
	n = inject_disarm();
	op->observe(&c, &clean);
	op->teardown(&c);
	if (rc) {
		fail("%s: fails with no allocation failing: %d %s", what, rc,
		     c.err.msg);
		return -1;
	}
	if (leaked()) {
		fail("%s: leaks with no allocation failing", what);
		return -1;
	}
	npass++;
	printf("%s: %ld allocations\n", what, n);
	for (k = 1; k <= n; k++)
		one(op, tmpl, what, k);
	return n;
}

/* A decision that interns no label: it must not allocate at all
 * (include/aamed.h: "decisions read only: they never allocate"). */
static void run_decision(const struct op *op, const struct ctx *tmpl,
			 const char *what)
{
	long n = run_op(op, tmpl, what);

	if (n > 0)
		fail("%s: a decision made %ld allocations, none allowed", what, n);
	else if (n == 0)
		npass++;
}

/* ------------------------------------------------------------------ */

static const struct op policy_new = {
	"new policy", setup_nothing, run_new, nomem, observe_maybe,
	teardown_policy, 0,
};
static const struct op load_empty = {
	"load", setup_empty, run_load, load_error, observe_policy,
	teardown_policy, 1,
};
static const struct op load_again = {
	"replace", setup_all, run_load, load_error, observe_policy,
	teardown_policy, 1,
};
static const struct op load_path = {
	"load path", setup_empty, run_load_path, path_error, observe_policy,
	teardown_policy, 1,
};
static const struct op engine_replace = {
	"engine replace", setup_running_engine, run_replace, replace_error,
	observe_engine, teardown_engine, 1,
};
static const struct op engine_new = {
	"engine new", setup_engine, run_engine_new, nomem, observe_engine,
	teardown_engine, 0,
};
static const struct op label_get = {
	"label", setup_all, run_label, nomem, observe_policy,
	teardown_policy, 1,
};
static const struct op decide_file = {
	"file deny", setup_subject, run_file_deny, nomem, observe_decision,
	teardown_policy, 1,
};
static const struct op decide_exec = {
	"exec", setup_subject, run_exec, nomem, observe_decision,
	teardown_policy, 1,
};
static const struct op decide_change = {
	"change_profile", setup_subject, run_change, nomem, observe_decision,
	teardown_policy, 1,
};
static const struct op decide_net = {
	"net", setup_subject, run_net, nomem, observe_decision,
	teardown_policy, 1,
};
static const struct op decide_inherit = {
	"inherit", setup_subject, run_inherit, nomem, observe_decision,
	teardown_policy, 1,
};
static const struct op decide_signal = {
	"signal", setup_subject, run_signal, nomem, observe_decision,
	teardown_policy, 1,
};

static const struct op decide_mount = {
	"mount", setup_subject, run_mount, nomem, observe_decision,
	teardown_policy, 1,
};

static int read_blob(struct blob *b, const char *path)
{
	FILE *f = fopen(path, "rb");
	long n;

	b->path = path;
	b->name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) <= 0 ||
	    fseek(f, 0, SEEK_SET)) {
		fprintf(stderr, "alloc: %s: cannot read\n", path);
		if (f)
			fclose(f);
		return -1;
	}
	b->len = (size_t)n;
	b->data = malloc(b->len);
	if (!b->data || fread(b->data, 1, b->len, f) != b->len) {
		fprintf(stderr, "alloc: %s: cannot read\n", path);
		fclose(f);
		return -1;
	}
	fclose(f);
	return 0;
}

static void run_labels(void)
{
	static const char *const texts[] = {
		"demo-daemon//&demo-helper",
		"demo-helper//&demo-daemon//&demo-daemon//worker",
		"demo-daemon//&:alloc-ns:nsprof",
	};
	struct ctx t = { 0 };
	char what[300];
	size_t i;

	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		t.text = texts[i];
		snprintf(what, sizeof(what), "label %s", texts[i]);
		run_op(&label_get, &t, what);
	}
}

static void run_decisions(void)
{
	static const struct {
		const char *subject, *path;
	} execs[] = {
		{ "demo-daemon", "/usr/local/bin/demo-worker" },	/* cx */
		{ "demo-daemon", "/usr/local/bin/demo-helper" },	/* px */
		{ "demo-daemon", "/usr/bin/gzip" },			/* ix */
		{ "demo-daemon", "/usr/bin/ls" },			/* denied */
		{ "unconfined", "/usr/local/bin/demo-daemon" },		/* attach */
		{ "unconfined", "/opt/alloc/ns" },
		/* a stack's transition is a new stack */
		{ "demo-daemon//&demo-helper", "/usr/local/bin/demo-worker" },
		{ "demo-daemon//&demo-helper", "/usr/bin/gzip" },
		{ "stack-a//&stack-b", "/opt/alloc/tool" },
		{ "stack-a//&stack-b", "/usr/bin/gzip" },
	};
	static const struct {
		const char *subject, *path;	/* path: the target */
	} changes[] = {
		{ "unconfined", "demo-daemon" },
		{ "unconfined", "&demo-helper" },	/* a new stack */
		{ "unconfined", "stack-a//&stack-b" },
		{ "demo-daemon", "demo-helper" },
		{ "demo-daemon", "no-such-profile" },
	};
	static const char *const subjects[] = {
		"demo-daemon", "demo-daemon//&demo-helper", "stack-a//&stack-b",
	};
	struct ctx t = { 0 };
	char what[300];
	size_t i;

	for (i = 0; i < sizeof(subjects) / sizeof(subjects[0]); i++) {
		t.subject = subjects[i];
		snprintf(what, sizeof(what), "%s: file deny", subjects[i]);
		run_decision(&decide_file, &t, what);
		snprintf(what, sizeof(what), "%s: net create", subjects[i]);
		run_decision(&decide_net, &t, what);
		snprintf(what, sizeof(what), "%s: signal", subjects[i]);
		run_decision(&decide_signal, &t, what);
		snprintf(what, sizeof(what), "%s: file inherit", subjects[i]);
		run_decision(&decide_inherit, &t, what);
		snprintf(what, sizeof(what), "%s: mount", subjects[i]);
		run_decision(&decide_mount, &t, what);
	}
	for (i = 0; i < sizeof(execs) / sizeof(execs[0]); i++) {
		t.subject = execs[i].subject;
		t.text = execs[i].path;
		snprintf(what, sizeof(what), "%s: exec %s", execs[i].subject,
			 execs[i].path);
		run_op(&decide_exec, &t, what);
	}
	for (i = 0; i < sizeof(changes) / sizeof(changes[0]); i++) {
		t.subject = changes[i].subject;
		t.text = changes[i].path;
		snprintf(what, sizeof(what), "%s: change_profile %s",
			 changes[i].subject, changes[i].path);
		run_op(&decide_change, &t, what);
	}
}

int main(int argc, char **argv)
{
	struct ctx t = { 0 };
	char what[300];
	int i;

	if (argc < 3) {
		fprintf(stderr, "usage: alloc BLOB BLOB...\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	nblobs = argc - 1;
	blobs = calloc((size_t)nblobs, sizeof(*blobs));
	if (!blobs)
		return 2;
	for (i = 0; i < nblobs; i++)
		if (read_blob(&blobs[i], argv[i + 1]))
			return 2;
	run_op(&policy_new, &t, "a new policy");
	for (i = 0; i < nblobs; i++) {
		t.blob = &blobs[i];
		snprintf(what, sizeof(what), "load %s into an empty policy",
			 blobs[i].name);
		run_op(&load_empty, &t, what);
		snprintf(what, sizeof(what), "load %s again (replacement)",
			 blobs[i].name);
		run_op(&load_again, &t, what);
	}
	t.blob = &blobs[0];
	run_op(&load_path, &t, "load the blobs' directory");
	t.text = blobs[0].path;
	snprintf(what, sizeof(what), "load the file %s", blobs[0].name);
	run_op(&load_path, &t, what);
	t.text = NULL;
	t.blob = &blobs[1];
	run_op(&engine_replace, &t, "engine: replace the policy");
	run_op(&engine_new, &t, "engine: new engine and reader");
	run_labels();
	run_decisions();
	for (i = 0; i < nblobs; i++)
		free(blobs[i].data);
	free(blobs);
	printf("%lu passed, %lu failed\n", npass, nfail);
	return nfail ? 1 : 0;
}
