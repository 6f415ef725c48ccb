// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed query / aamed attach: decisions and records on the command line,
 * one at a time or one per input line (--batch).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int load_policy(aamed_policy *policy, const char *path)
{
	struct aamed_error err;
	char msg[1024];

	if (aamed_policy_load_path(policy, path, &err)) {
		fprintf(stderr, "aamed: cannot load policy: %s\n",
			aamed_error_str(&err, msg, sizeof(msg)));
		return -1;
	}
	return 0;
}

static int decide(aamed_policy *policy, const struct query *q,
		  struct answer *a, unsigned fmt, char *err, size_t errlen)
{
	int lerr = 0;
	const aamed_label *label = aamed_label_get(policy, q->label, &lerr);

	memset(a, 0, sizeof(*a));
	a->recs.fmt = fmt;
	if (!label) {
		snprintf(err, errlen, "label \"%s\": %s", q->label,
			 lerr == -ENOENT ? "no such profile" : "malformed label");
		return -1;
	}
	a->recs.want_text = true;
	return answer_decide(policy, label, q, a, err, errlen);
}

static void print_text(FILE *f, const struct answer *a, char sep)
{
	int i;

	fputs(a->error ? "DENIED" : "ALLOWED", f);
	if (a->have_x && !a->error && cli_xmode_name(a->x.mode))
		fprintf(f, "%ctransition=%s:%s", sep, cli_xmode_name(a->x.mode),
			a->x.name);
	for (i = 0; i < a->recs.n; i++)
		fprintf(f, "%c%s", sep, a->recs.text[i]);
	fputc('\n', f);
}

static void print_json(FILE *f, const struct query *q, const struct answer *a)
{
	bool first = true;
	char perms[200];
	int i;

	fputc('{', f);
	json_key(f, &first, "version");
	fputs("1", f);
	json_key(f, &first, "verdict");
	json_str(f, a->error ? "denied" : "allowed");
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
	if (q->class == Q_NET || q->class == Q_UNIX)
		net_json(f, &first, q);
	else if (q->class >= Q_CAP)
		ipc_json(f, &first, q);
	if (q->class != Q_FILE && q->class != Q_EXEC)
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
	json_key(f, &first, "fsuid");
	fprintf(f, "%u", q->file.fsuid);
	json_key(f, &first, "ouid");
	fprintf(f, "%u", q->file.ouid);
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
		json_key(f, &xf, "info");
		json_str(f, a->x.info);
		fputc('}', f);
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
			print_json(stdout, &q, a);
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
	      "                   [--kernel 6.1|6.12|upstream] [--label L] QUERY\n"
	      "       aamed query --policy PATH --batch FILE|-\n"
	      "QUERY: file PATH PERMS [--op OP] [--target PATH] [--fsuid N] [--ouid N]\n"
	      "       net FAMILY TYPE OP | unix OP --type T [--addr A] [--peer-label L]\n"
	      "       capability NAME | signal NAME --peer-label L | ptrace read|trace --peer-label L\n"
	      "See docs/query-language.md.\n",
	      f);
}

/* Global options shared by query and attach; returns words consumed. */
static int parse_kernel(const char *v, struct outopts *o)
{
	if (!strcmp(v, "6.1")) {
		o->fmt = 0;
		o->kernel = AAMED_KERNEL_6_1;
	} else if (!strcmp(v, "6.12")) {
		o->fmt = AAMED_FMT_CLASS;
		o->kernel = AAMED_KERNEL_6_12;
	} else if (!strcmp(v, "upstream")) {
		o->fmt = AAMED_FMT_CLASS;
		o->kernel = AAMED_KERNEL_UPSTREAM;
	} else {
		return -1;
	}
	return 0;
}

int cmd_query(int argc, char **argv)
{
	const char *policies[64];
	int np = 0, i, rest = 0, rc;
	const char *batch = NULL, *label = NULL;
	struct outopts o = { 0 };
	char *qargv[MAX_WORDS + 2];
	int qn = 0;
	aamed_policy *policy;

	for (i = 0; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--policy") || !strcmp(a, "--batch") ||
		    !strcmp(a, "--kernel")) {
			if (i + 1 >= argc) {
				fprintf(stderr, "aamed query: %s needs a value\n", a);
				return EXIT_USAGE;
			}
			if (!strcmp(a, "--policy")) {
				if (np == 64) {
					fprintf(stderr, "aamed query: too many --policy\n");
					return EXIT_USAGE;
				}
				policies[np++] = argv[++i];
			} else if (!strcmp(a, "--batch")) {
				batch = argv[++i];
			} else if (parse_kernel(argv[++i], &o)) {
				fprintf(stderr, "aamed query: --kernel takes 6.1, 6.12 or upstream\n");
				return EXIT_USAGE;
			}
		} else if (!strcmp(a, "--json")) {
			o.json = true;
		} else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			query_usage(stdout);
			return EXIT_ALLOWED;
		} else {
			if (!strcmp(a, "--label") && i + 1 < argc)
				label = argv[i + 1];
			if (qn >= MAX_WORDS) {
				fprintf(stderr, "aamed query: too many words\n");
				return EXIT_USAGE;
			}
			qargv[qn++] = argv[i];
			rest++;
		}
	}
	if (!np) {
		fprintf(stderr, "aamed query: --policy is required\n");
		query_usage(stderr);
		return EXIT_USAGE;
	}
	if (batch && rest && !(rest == 2 && label)) {
		fprintf(stderr, "aamed query: --batch takes no query words\n");
		return EXIT_USAGE;
	}
	if (!batch && !rest) {
		query_usage(stderr);
		return EXIT_USAGE;
	}
	policy = aamed_policy_new();
	if (!policy) {
		fprintf(stderr, "aamed: out of memory\n");
		return EXIT_POLICY;
	}
	aamed_policy_set_kernel(policy, o.kernel);
	for (i = 0; i < np; i++)
		if (load_policy(policy, policies[i])) {
			aamed_policy_free(policy);
			return EXIT_POLICY;
		}
	if (batch) {
		FILE *in = strcmp(batch, "-") ? fopen(batch, "r") : stdin;

		if (!in) {
			fprintf(stderr, "aamed query: cannot open %s: %s\n", batch,
				strerror(errno));
			aamed_policy_free(policy);
			return EXIT_USAGE;
		}
		rc = run_batch(policy, in, &o, label);
		if (in != stdin)
			fclose(in);
	} else {
		struct query q;
		struct answer *a = malloc(sizeof(*a));
		char err[512];

		if (!a) {
			aamed_policy_free(policy);
			return EXIT_USAGE;
		}
		if (parse_query(qn, qargv, &q, err, sizeof(err)) ||
		    decide(policy, &q, a, o.fmt, err, sizeof(err))) {
			fprintf(stderr, "aamed query: %s\n", err);
			rc = EXIT_USAGE;
		} else {
			if (o.json)
				print_json(stdout, &q, a);
			else
				print_text(stdout, a, '\n');
			rc = a->error ? EXIT_DENIED : EXIT_ALLOWED;
		}
		free(a);
	}
	aamed_policy_free(policy);
	return rc;
}

int cmd_attach(int argc, char **argv)
{
	const char *policies[64], *path = NULL, *ns = NULL, *info = NULL;
	int np = 0, i;
	bool json = false;
	aamed_policy *policy;
	const aamed_label *l;

	for (i = 0; i < argc; i++) {
		if ((!strcmp(argv[i], "--policy") || !strcmp(argv[i], "--ns")) &&
		    i + 1 < argc) {
			if (!strcmp(argv[i], "--ns"))
				ns = argv[++i];
			else if (np < 64)
				policies[np++] = argv[++i];
		} else if (!strcmp(argv[i], "--json")) {
			json = true;
		} else if (argv[i][0] == '-' || path) {
			fprintf(stderr,
				"usage: aamed attach --policy PATH [--ns NS] [--json] EXEC_PATH\n");
			return EXIT_USAGE;
		} else {
			path = argv[i];
		}
	}
	if (!np || !path || path[0] != '/') {
		fprintf(stderr,
			"usage: aamed attach --policy PATH [--ns NS] [--json] EXEC_PATH\n");
		return EXIT_USAGE;
	}
	policy = aamed_policy_new();
	if (!policy)
		return EXIT_POLICY;
	for (i = 0; i < np; i++)
		if (load_policy(policy, policies[i])) {
			aamed_policy_free(policy);
			return EXIT_POLICY;
		}
	l = aamed_attach(policy, ns, path, &info);
	if (json) {
		bool first = true;

		fputc('{', stdout);
		json_key(stdout, &first, "version");
		fputs("1", stdout);
		json_key(stdout, &first, "path");
		json_str(stdout, path);
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
