// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed query / aamed attach: decisions and records on the command line,
 * one at a time or one per input line (--batch).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "color.h"
#include "dash.h"
#include "qclass.h"
#include "opts.h"

static int decide(aamed_policy *policy, const struct query *q,
		  struct answer *a, unsigned fmt, char *err, size_t errlen)
{
	int lerr = 0;
	const aamed_label *label = aamed_label_get(policy, q->label, &lerr);

	answer_init(a, fmt, true);
	if (!label) {
		char hint[300] = "";

		if (lerr == -ENOENT)
			label_hint(policy, q->label, hint, sizeof(hint));
		snprintf(err, errlen, "label \"%s\": %s%s", q->label,
			 lerr == -ENOENT ? "no such profile" : "malformed label",
			 hint);
		return -1;
	}
	return answer_decide(policy, label, q, a, err, errlen);
}

/*
 * The errno a refusal returns, by name: the kernels refuse with EPERM
 * (no_new_privs, an unconfined change_hat, a missing capability), ENOENT
 * (a missing hat or target), ECHILD (a profile without hats), EINVAL (a
 * request the kernel refuses before asking the policy), not only EACCES.
 */
static void print_errno(FILE *f, int error)
{
	static const struct {
		int e;
		const char *name;
	} names[] = {
		{ EPERM, "EPERM" },	  { ENOENT, "ENOENT" },
		{ ECHILD, "ECHILD" },	  { EINVAL, "EINVAL" },
		{ ENOMEM, "ENOMEM" },	  { E2BIG, "E2BIG" },
		{ ELOOP, "ELOOP" },	  { EPROTO, "EPROTO" },
		{ ENAMETOOLONG, "ENAMETOOLONG" }, { ENODEV, "ENODEV" },
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (-error == names[i].e) {
			fprintf(f, " (%s)", names[i].name);
			return;
		}
	fprintf(f, " (error %d)", error);
}

static void print_text(FILE *f, const struct answer *a, char sep)
{
	int i;

	if (a->have_masks)
		fprintf(f, "allow 0x%08x deny 0x%08x audit 0x%08x quiet 0x%08x",
			a->masks.allow, a->masks.deny, a->masks.audit,
			a->masks.quiet);
	else
		color_verdict(f, a->not_mediated ? "NOT-MEDIATED"
				 : a->error	 ? "DENIED"
						 : "ALLOWED");
	/* the interactive answer only: batch lines keep their first field
	 * a bare verdict, which the suites and scripts compare */
	if (sep == '\n' && answer_complain_allowed(a))
		fputs(" (complain)", f);
	if (sep == '\n' && a->error && a->error != -EACCES && !a->have_masks)
		print_errno(f, a->error);
	if (a->have_inherit)
		fprintf(f, "%cinherit=%s", sep,
			(a->inherit & AAMED_INHERIT_REPLACED) ? "replaced" :
			(a->inherit & AAMED_INHERIT_CLOSED)   ? "closed" :
								"kept");
	if (a->have_inherit && (a->inherit & AAMED_INHERIT_TTY_DROPPED))
		fprintf(f, "%ctty=dropped", sep);
	if (a->have_x && !a->error && cli_xmode_name(a->x.mode))
		fprintf(f, "%ctransition=%s:%s", sep, cli_xmode_name(a->x.mode),
			a->x.name);
	if (a->have_x && !a->error)
		fprintf(f, "%csecure-exec=%d", sep, !a->x.unsafe);
	if (a->have_x && !a->error)
		rlimit_exec_text(f, &a->rl, sep);
	if (a->have_change && !a->error && a->change.name[0])
		fprintf(f, "%clabel=%s", sep, a->change.name);
	if (a->have_hat && !a->error && a->hat.name[0])
		fprintf(f, "%ctransition=hat:%s", sep, a->hat.name);
	for (i = 0; i < a->recs.n; i++)
		fprintf(f, "%c%s", sep, a->recs.text[i]);
	fputc('\n', f);
}

void query_json(FILE *f, const struct query *q, const struct answer *a)
{
	const struct qclass *row = qclass_of(q);
	bool first = true;
	char perms[200];
	int i;

	fputc('{', f);
	json_key(f, &first, "version");
	fputs("1", f);
	json_key(f, &first, "verdict");
	json_str(f, a->not_mediated ? "not-mediated"
		    : a->error	    ? "denied"
				    : "allowed");
	json_key(f, &first, "error");
	fprintf(f, "%d", a->error);
	json_key(f, &first, "label");
	json_str(f, q->label);
	json_key(f, &first, "class");
	json_str(f, q->class_word);
	if (q->peer_label) {
		json_key(f, &first, "peer_label");
		json_str(f, q->peer_label);
	}
	if (row->json)
		row->json(f, &first, q, a);
	if (a->have_masks) {
		json_key(f, &first, "masks");
		fprintf(f, "{\"allow\":%u,\"deny\":%u,\"audit\":%u,\"quiet\":%u}",
			a->masks.allow, a->masks.deny, a->masks.audit,
			a->masks.quiet);
	}
	if (!(row->flags & QF_FILE_KEYS))
		goto records;
	json_key(f, &first, "operation");
	json_str(f, aamed_file_op_name(q->file.op));
	json_key(f, &first, "path");
	json_str(f, q->file.path);
	if (q->file.target) {
		json_key(f, &first, "target");
		json_str(f, q->file.target);
	}
	aamed_perms_str(AAMED_CLASS_FILE, q->file.request, perms, sizeof(perms));
	json_key(f, &first, "requested");
	json_str(f, q->perms_text);
	if (q->xattrs.n) {
		size_t x;

		json_key(f, &first, "xattrs");
		fputc('{', f);
		for (x = 0; x < q->xattrs.n; x++) {
			if (x)
				fputc(',', f);
			json_str(f, q->xattrs.v[x].name);
			fputc(':', f);
			json_str(f, q->xattrs.v[x].value);
		}
		fputc('}', f);
	}
	json_key(f, &first, "fsuid");
	fprintf(f, "%u", q->file.fsuid);
	json_key(f, &first, "ouid");
	fprintf(f, "%u", q->file.ouid);
	if (row->flags & QF_EXEC) {
		/* the request's onexec label (as given) and no_new_privs */
		json_key(f, &first, "onexec");
		json_str(f, q->change.onexec);
		json_key(f, &first, "nnp");
		fputs(q->change.flags & AAMED_CHANGE_NNP ? "true" : "false", f);
		if (q->change.traced) {
			json_key(f, &first, "traced");
			json_str(f, q->change.traced);
		}
	}
	if (a->have_x) {
		bool xf = true;

		json_key(f, &first, "transition");
		fputc('{', f);
		json_key(f, &xf, "mode");
		json_str(f, cli_xmode_name(a->x.mode));
		json_key(f, &xf, "label");
		json_str(f, a->x.name[0] ? a->x.name : NULL);
		json_key(f, &xf, "unsafe");
		fputs(a->x.unsafe ? "true" : "false", f);
		json_key(f, &xf, "secure_exec");
		fputs(!a->error && !a->x.unsafe ? "true" : "false", f);
		json_key(f, &xf, "info");
		json_str(f, a->x.info);
		fputc('}', f);
		if (!a->error)
			rlimit_exec_json(f, &first, &a->rl);
	}
records:
	json_key(f, &first, "records");
	fputc('[', f);
	for (i = 0; i < a->recs.n; i++) {
		const struct aamed_audit *r = &a->recs.rec[i];
		bool rf = true;

		if (i)
			fputc(',', f);
		fputc('{', f);
		json_key(f, &rf, "type");
		json_str(f, cli_type_name(r->type));
		json_key(f, &rf, "profile");
		json_str(f, r->profile);
		json_key(f, &rf, "operation");
		json_str(f, r->op);
		aamed_perms_str(r->class, r->request, perms, sizeof(perms));
		json_key(f, &rf, "requested_mask");
		json_str(f, perms);
		aamed_perms_str(r->class, r->denied, perms, sizeof(perms));
		json_key(f, &rf, "denied_mask");
		json_str(f, perms);
		json_key(f, &rf, "info");
		json_str(f, r->info);
		json_key(f, &rf, "text");
		json_str(f, a->recs.text[i]);
		fputc('}', f);
	}
	fputs("]}\n", f);
}

static void print_error(FILE *f, bool json, long line, const char *msg)
{
	if (json) {
		bool first = true;
		char buf[600];

		if (line > 0)
			snprintf(buf, sizeof(buf), "line %ld: %s", line, msg);
		else
			snprintf(buf, sizeof(buf), "%s", msg);
		fputc('{', f);
		json_key(f, &first, "version");
		fputs("1", f);
		json_key(f, &first, "verdict");
		json_str(f, "error");
		json_key(f, &first, "message");
		json_str(f, buf);
		fputs("}\n", f);
	} else if (line > 0) {
		fprintf(f, "ERROR\tline %ld: %s\n", line, msg);
	} else {
		fprintf(f, "ERROR\t%s\n", msg);
	}
}

static int run_batch(aamed_policy *policy, FILE *in, const struct outopts *o,
		     const char *dflt_label)
{
	char *line = NULL;
	size_t cap = 0;
	long lineno = 0;
	ssize_t len;
	char *words = NULL;
	struct answer *a = malloc(sizeof(*a));

	if (!a) {
		fprintf(stderr, "aamed: out of memory\n");
		return EXIT_USAGE;
	}
	while ((len = getline(&line, &cap, in)) >= 0) {
		char *argv[MAX_WORDS + 2];
		const char *werr;
		char err[512];
		struct query q;
		int n, k = 0;

		lineno++;
		free(words);
		words = malloc((size_t)len + 2);
		if (!words) {
			print_error(stdout, o->json, lineno, "out of memory");
			continue;
		}
		if (dflt_label) {
			argv[k++] = "--label";
			argv[k++] = (char *)dflt_label;
		}
		n = split_words(line, words, (size_t)len + 2, argv + k, MAX_WORDS,
				&werr);
		if (n < 0) {
			print_error(stdout, o->json, lineno, werr);
			continue;
		}
		if (n == 0 || argv[k][0] == '#')
			continue;
		if (parse_query(n + k, argv, &q, err, sizeof(err)) ||
		    decide(policy, &q, a, o->fmt, err, sizeof(err))) {
			print_error(stdout, o->json, lineno, err);
			continue;
		}
		if (o->json)
			query_json(stdout, &q, a);
		else
			print_text(stdout, a, '\t');
	}
	free(words);
	free(line);
	free(a);
	fflush(stdout);
	return EXIT_ALLOWED;
}

static void query_usage(FILE *f)
{
	fputs("usage: aamed query --policy PATH [--policy PATH...] [--json]\n"
	      "                   [--kernel 6.1|6.12|upstream] [--fstypes FILE]\n"
	      "                   [--label L] QUERY\n"
	      "       aamed query --policy PATH --batch FILE|-\n",
	      f);
	qclass_usage(f);
	fputs("See docs/query-language.md.\n", f);
}

/* The options before the query words; the words themselves are not read. */
struct query_opts {
	const char *policies[64];
	int np;
	const char *batch, *label, *peer_label;
	const char *fstypes;	/* --fstypes: a /proc/filesystems */
	struct outopts o;
	char *words[MAX_WORDS + 2];	/* --label, --peer-label, then the words */
	int nwords;
};

enum {
	QO_POLICY = 256,
	QO_BATCH,
	QO_KERNEL,
	QO_JSON,
	QO_LABEL,
	QO_PEER_LABEL,
	QO_FSTYPES,
};

static const struct option query_longopts[] = {
	{ "policy", required_argument, NULL, QO_POLICY },
	{ "batch", required_argument, NULL, QO_BATCH },
	{ "kernel", required_argument, NULL, QO_KERNEL },
	{ "json", no_argument, NULL, QO_JSON },
	{ "label", required_argument, NULL, QO_LABEL },
	{ "peer-label", required_argument, NULL, QO_PEER_LABEL },
	{ "fstypes", required_argument, NULL, QO_FSTYPES },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static int query_opt(struct query_opts *qo, int c)
{
	switch (c) {
	case QO_POLICY:
		if (qo->np == 64) {
			cli_error("aamed query", "too many --policy");
			return EXIT_USAGE;
		}
		qo->policies[qo->np++] = optarg;
		return 0;
	case QO_BATCH:
		qo->batch = optarg;
		return 0;
	case QO_KERNEL:
		if (opt_kernel("query", optarg, &qo->o.kernel, &qo->o.fmt))
			return EXIT_USAGE;
		return 0;
	case QO_JSON:
		qo->o.json = true;
		return 0;
	case QO_LABEL:
		qo->label = optarg;
		return 0;
	case QO_PEER_LABEL:
		qo->peer_label = optarg;
		return 0;
	case QO_FSTYPES:
		qo->fstypes = optarg;
		return 0;
	case 'h':
		query_usage(stdout);
		return -1;
	default:	/* getopt named the option */
		return EXIT_USAGE;
	}
}

/* The query words: the labels given as options, then the words as typed. */
static int query_words(struct query_opts *qo, char **rest, int nrest)
{
	int extra = (qo->label ? 2 : 0) + (qo->peer_label ? 2 : 0);

	if (nrest > MAX_WORDS - extra) {
		cli_error("aamed query", "too many words");
		return EXIT_USAGE;
	}
	if (qo->label) {
		qo->words[qo->nwords++] = "--label";
		qo->words[qo->nwords++] = (char *)qo->label;
	}
	if (qo->peer_label) {
		qo->words[qo->nwords++] = "--peer-label";
		qo->words[qo->nwords++] = (char *)qo->peer_label;
	}
	memcpy(qo->words + qo->nwords, rest, (size_t)nrest * sizeof(*rest));
	qo->nwords += nrest;
	return 0;
}

/*
 * The options stop at the first word that is not one (the query class):
 * what follows belongs to the query language, "--" words included.
 * Returns 0, or the exit code (-1: --help printed, exit 0).
 */
static int parse_query_opts(int argc, char **argv, struct query_opts *qo)
{
	struct opt_scan s;
	char **rest;
	int c, rc = 0, nrest;

	memset(qo, 0, sizeof(*qo));
	if (opt_begin(&s, "aamed query", argc, argv)) {
		fprintf(stderr, "aamed: out of memory\n");
		return EXIT_USAGE;
	}
	while (!rc && (c = opt_next(&s, "+h", query_longopts)) != -1)
		rc = query_opt(qo, c);
	if (!rc) {
		rest = opt_rest(&s, &nrest);
		rc = query_words(qo, rest, nrest);
	}
	opt_end(&s);
	return rc;
}

/*
 * A query without --label is the unconfined task's, which every policy
 * allows: said once on stderr when the policy has profiles, so that an
 * ALLOWED is not taken for the profile's answer.
 */
static void note_unconfined(const aamed_policy *policy,
			    const struct query_opts *qo)
{
	size_t n = aamed_policy_profile_count(policy);
	int i;

	for (i = 0; i < qo->nwords; i++)
		if (!strcmp(qo->words[i], "--label"))
			return;
	if (n)
		fprintf(stderr, "aamed query: note: no --label, decided as "
			"unconfined (the policy has %zu profile%s: "
			"aamed profiles lists them)\n", n, n == 1 ? "" : "s");
}

static int query_one(aamed_policy *policy, const struct query_opts *qo)
{
	struct query q;
	struct answer *a = malloc(sizeof(*a));
	char err[512];
	int rc;

	if (!a)
		return EXIT_USAGE;
	if (parse_query(qo->nwords, (char **)qo->words, &q, err, sizeof(err)) ||
	    decide(policy, &q, a, qo->o.fmt, err, sizeof(err))) {
		cli_error("aamed query", "%s", err);
		rc = EXIT_USAGE;
	} else {
		note_unconfined(policy, qo);
		if (qo->o.json)
			query_json(stdout, &q, a);
		else
			print_text(stdout, a, '\n');
		rc = a->error ? EXIT_DENIED : EXIT_ALLOWED;
	}
	free(a);
	return rc;
}

static int query_batch(aamed_policy *policy, const struct query_opts *qo)
{
	FILE *in = dash_open(qo->batch, "r");
	int rc;

	if (!in) {
		cli_error("aamed query", "cannot open %s: %s", qo->batch,
			  strerror(errno));
		return EXIT_USAGE;
	}
	rc = run_batch(policy, in, &qo->o, qo->label);
	dash_close(in);
	return rc;
}

int cmd_query(int argc, char **argv)
{
	struct query_opts *qo = malloc(sizeof(*qo));
	aamed_policy *policy = NULL;
	int rc;

	if (!qo) {
		fprintf(stderr, "aamed: out of memory\n");
		return EXIT_USAGE;
	}
	rc = parse_query_opts(argc, argv, qo);
	if (rc) {
		rc = rc < 0 ? EXIT_ALLOWED : rc;
		goto out;
	}
	rc = EXIT_USAGE;
	if (!qo->np) {
		cli_error("aamed query", "--policy is required");
		query_usage(stderr);
		goto out;
	}
	/* a batch line's words are its own; only a default --label applies */
	if (qo->batch && (qo->peer_label ||
			  qo->nwords > (qo->label ? 2 : 0))) {
		cli_error("aamed query", "--batch takes no query words");
		goto out;
	}
	if (!qo->batch && !qo->nwords) {
		query_usage(stderr);
		goto out;
	}
	policy = load_policies(qo->policies, qo->np, qo->o.kernel, "aamed");
	if (!policy || (qo->fstypes &&
			load_fstypes(policy, qo->fstypes, "aamed query"))) {
		rc = EXIT_POLICY;
		goto out;
	}
	rc = qo->batch ? query_batch(policy, qo) : query_one(policy, qo);
out:
	aamed_policy_free(policy);
	free(qo);
	return rc;
}

static void attach_usage(FILE *f)
{
	fputs("usage: aamed attach --policy PATH [--ns NS] [--json]\n"
	      "                    [--xattr NAME=VALUE...] EXEC_PATH\n", f);
}

struct attach_opts {
	const char *policies[64], *path, *ns;
	int np;
	bool json;
	struct xattr_list xattrs;	/* the executable's */
};

enum { AO_POLICY = 256, AO_NS, AO_JSON, AO_XATTR };

static const struct option attach_longopts[] = {
	{ "policy", required_argument, NULL, AO_POLICY },
	{ "ns", required_argument, NULL, AO_NS },
	{ "json", no_argument, NULL, AO_JSON },
	{ "xattr", required_argument, NULL, AO_XATTR },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

/* Returns 0, or the exit code (-1: --help printed, exit 0). */
static int parse_attach_opts(int argc, char **argv, struct attach_opts *ao)
{
	struct opt_scan s;
	char **rest;
	int c, rc = 0, nrest;

	memset(ao, 0, sizeof(*ao));
	if (opt_begin(&s, "aamed attach", argc, argv)) {
		fprintf(stderr, "aamed: out of memory\n");
		return EXIT_USAGE;
	}
	while (!rc && (c = opt_next(&s, "h", attach_longopts)) != -1) {
		if (c == AO_POLICY) {
			/* more than 64 policies: the extra ones are ignored */
			if (ao->np < 64)
				ao->policies[ao->np++] = optarg;
		} else if (c == AO_NS) {
			ao->ns = optarg;
		} else if (c == AO_JSON) {
			ao->json = true;
		} else if (c == AO_XATTR) {
			char err[256];

			if (xattr_parse(optarg, &ao->xattrs, err, sizeof(err))) {
				fprintf(stderr, "aamed attach: %s\n", err);
				rc = EXIT_USAGE;
			}
		} else if (c == 'h') {
			attach_usage(stdout);
			rc = -1;
		} else {
			rc = EXIT_USAGE;
		}
	}
	if (!rc) {
		rest = opt_rest(&s, &nrest);
		if (nrest == 1)
			ao->path = rest[0];
		else
			rc = EXIT_USAGE;
	}
	opt_end(&s);
	return rc;
}

int cmd_attach(int argc, char **argv)
{
	const char *info = NULL;
	struct attach_opts ao;
	aamed_policy *policy;
	const aamed_label *l;
	int rc;

	rc = parse_attach_opts(argc, argv, &ao);
	if (rc < 0)
		return EXIT_ALLOWED;
	if (rc || !ao.np || ao.path[0] != '/') {
		attach_usage(stderr);
		return EXIT_USAGE;
	}
	policy = load_policies(ao.policies, ao.np, AAMED_KERNEL_6_1, "aamed");
	if (!policy)
		return EXIT_POLICY;
	l = aamed_attach_xattrs(policy, ao.ns, ao.path, ao.xattrs.v,
				ao.xattrs.n, &info);
	if (ao.json) {
		bool first = true;

		fputc('{', stdout);
		json_key(stdout, &first, "version");
		fputs("1", stdout);
		json_key(stdout, &first, "path");
		json_str(stdout, ao.path);
		json_key(stdout, &first, "label");
		json_str(stdout, aamed_label_name(l));
		json_key(stdout, &first, "mode");
		json_str(stdout, aamed_label_mode(l));
		json_key(stdout, &first, "info");
		json_str(stdout, info);
		fputs("}\n", stdout);
	} else {
		printf("%s (%s)", aamed_label_name(l), aamed_label_mode(l));
		if (info)
			printf("\tinfo=\"%s\"", info);
		putchar('\n');
	}
	aamed_policy_free(policy);
	return EXIT_ALLOWED;
}
