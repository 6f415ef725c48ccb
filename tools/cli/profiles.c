// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed profiles: the profiles of a policy, with the label a query names
 * each by, its mode and what an exec attaches it to, so that nobody has
 * to guess a --label.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "opts.h"

static void profiles_usage(FILE *f)
{
	fputs("usage: aamed profiles --policy PATH [--policy PATH...] [--json]\n",
	      f);
}

/*
 * What an exec attaches the profile to: its attachment expression, or,
 * for a top-level profile named by a path, that path (the kernel compares
 * the name); NULL for the rest, which only a transition reaches.
 */
static const char *attachment(const struct aamed_profile_info *in)
{
	if (in->attach)
		return in->attach;
	if (!in->hat && in->name[0] == '/' && !strstr(in->name, "//"))
		return in->name;
	return NULL;
}

/*
 * The blob keeps an attachment pattern as a DFA only (3.0.8 writes no
 * "attach" string): a shortest path it attaches to, found breadth first,
 * says it best. Printable bytes only, letters first, so the example reads
 * like a path. Empty when none is found.
 */
static void attach_example(const aamed_profile *p, char *out, size_t len)
{
	static const char order[] = "/abcdefghijklmnopqrstuvwxyz0123456789"
				    "._-ABCDEFGHIJKLMNOPQRSTUVWXYZ+@:,%~";
	const aamed_rules *r = aamed_profile_rules(p, AAMED_RULES_ATTACH);
	uint32_t n = aamed_rules_state_count(r), *prev, *queue, head = 0, tail = 0;
	uint32_t s, start = aamed_rules_start(r, AAMED_PCLASS_NONE), found = 0;
	unsigned char *by;

	out[0] = '\0';
	prev = calloc(n + 1, sizeof(*prev));
	queue = calloc(n + 1, sizeof(*queue));
	by = calloc(n + 1, 1);
	if (!r || !start || start >= n || !prev || !queue || !by)
		goto out;
	prev[start] = start;
	queue[tail++] = start;
	while (head < tail && !found) {
		struct aamed_perms pm;
		size_t i;

		s = queue[head++];
		if (!aamed_rules_perms(r, s, 0, &pm) && (pm.allow & AAMED_MAY_EXEC)) {
			found = s;
			break;
		}
		for (i = 0; order[i]; i++) {
			uint32_t t = aamed_rules_next(r, s, (uint8_t)order[i]);

			if (t && t < n && !prev[t]) {
				prev[t] = s;
				by[t] = (unsigned char)order[i];
				queue[tail++] = t;
			}
		}
	}
	if (found) {
		size_t k = 0;

		/* the bytes from the end back to the start, then reversed */
		for (s = found; s != start && k + 1 < len; s = prev[s])
			out[k++] = (char)by[s];
		out[k] = '\0';
		for (size_t i = 0; i < k / 2; i++) {
			char c = out[i];

			out[i] = out[k - 1 - i];
			out[k - 1 - i] = c;
		}
	}
out:
	free(prev);
	free(queue);
	free(by);
}

/* The label that names the profile in a query: ":ns:name" outside the
 * root namespace. */
static void label_of(const struct aamed_profile_info *in, char *buf,
		     size_t len)
{
	if (in->ns[0])
		snprintf(buf, len, ":%s:%s", in->ns, in->name);
	else
		snprintf(buf, len, "%s", in->name);
}

static void print_one_json(FILE *f, const aamed_profile *p,
			   const struct aamed_profile_info *in)
{
	char label[4200], example[256];
	bool first = true;
	const char *x;
	size_t i;

	label_of(in, label, sizeof(label));
	fputc('{', f);
	json_key(f, &first, "label");
	json_str(f, label);
	json_key(f, &first, "name");
	json_str(f, in->name);
	json_key(f, &first, "ns");
	json_str(f, in->ns);
	json_key(f, &first, "mode");
	json_str(f, aamed_profile_mode_name(in->mode));
	json_key(f, &first, "audit");
	json_str(f, aamed_audit_mode_name(in->audit));
	json_key(f, &first, "hat");
	fputs(in->hat ? "true" : "false", f);
	json_key(f, &first, "attach");
	json_str(f, attachment(in));
	json_key(f, &first, "attach_pattern");
	fputs(!in->attach && aamed_profile_rules(p, AAMED_RULES_ATTACH)
	      ? "true" : "false", f);
	json_key(f, &first, "attach_example");
	attach_example(p, example, sizeof(example));
	json_str(f, example[0] ? example : attachment(in));
	json_key(f, &first, "xattrs");
	fputc('[', f);
	for (i = 0; (x = aamed_profile_xattr(p, i)); i++) {
		if (i)
			fputc(',', f);
		json_str(f, x);
	}
	fputs("]}", f);
}

static void print_one_text(FILE *f, const aamed_profile *p,
			   const struct aamed_profile_info *in)
{
	char label[4200], example[256];
	const char *x;
	size_t i;

	label_of(in, label, sizeof(label));
	fprintf(f, "%s (%s)", label, aamed_profile_mode_name(in->mode));
	if (attachment(in)) {
		fprintf(f, "\tattach=%s", attachment(in));
	} else if (aamed_profile_rules(p, AAMED_RULES_ATTACH)) {
		attach_example(p, example, sizeof(example));
		if (example[0])
			fprintf(f, "\tattach=(a pattern, e.g. %s)", example);
		else
			fputs("\tattach=(a pattern)", f);
	}
	for (i = 0; (x = aamed_profile_xattr(p, i)); i++)
		fprintf(f, "\txattr=%s", x);
	if (in->hat)
		fputs("\that", f);
	fputc('\n', f);
}

static int list_profiles(const aamed_policy *policy, bool json)
{
	size_t i, n = aamed_policy_profile_count(policy);
	bool first = true;

	if (json) {
		fputc('{', stdout);
		json_key(stdout, &first, "version");
		fputs("1", stdout);
		json_key(stdout, &first, "command");
		json_str(stdout, "profiles");
		json_key(stdout, &first, "profiles");
		fputc('[', stdout);
	}
	for (i = 0; i < n; i++) {
		const aamed_profile *p = aamed_policy_profile(policy, i);
		struct aamed_profile_info in = { .size = sizeof(in) };

		if (!p || aamed_profile_info(p, &in))
			continue;	/* not in this policy: cannot happen */
		if (json && i)
			fputc(',', stdout);
		if (json)
			print_one_json(stdout, p, &in);
		else
			print_one_text(stdout, p, &in);
	}
	if (json)
		fputs("]}\n", stdout);
	return EXIT_ALLOWED;
}

enum { PO_POLICY = 256, PO_JSON };

static const struct option profiles_longopts[] = {
	{ "policy", required_argument, NULL, PO_POLICY },
	{ "json", no_argument, NULL, PO_JSON },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

struct profiles_opts {
	const char *policies[64];
	int np;
	bool json;
};

/* Returns 0, or the exit code (-1: --help printed, exit 0). */
static int parse_profiles_opts(int argc, char **argv,
			       struct profiles_opts *po)
{
	struct opt_scan s;
	int c, rc = 0, nrest;

	memset(po, 0, sizeof(*po));
	if (opt_begin(&s, "aamed profiles", argc, argv)) {
		fprintf(stderr, "aamed: out of memory\n");
		return EXIT_USAGE;
	}
	while (!rc && (c = opt_next(&s, "h", profiles_longopts)) != -1) {
		if (c == PO_POLICY && po->np < 64) {
			po->policies[po->np++] = optarg;
		} else if (c == PO_POLICY) {
			cli_error("aamed profiles", "too many --policy");
			rc = EXIT_USAGE;
		} else if (c == PO_JSON) {
			po->json = true;
		} else if (c == 'h') {
			profiles_usage(stdout);
			rc = -1;
		} else {
			rc = EXIT_USAGE;
		}
	}
	opt_rest(&s, &nrest);
	if (!rc && (nrest || !po->np)) {
		profiles_usage(stderr);
		rc = EXIT_USAGE;
	}
	opt_end(&s);
	return rc;
}

int cmd_profiles(int argc, char **argv)
{
	struct profiles_opts po;
	aamed_policy *policy;
	int rc;

	rc = parse_profiles_opts(argc, argv, &po);
	if (rc)
		return rc < 0 ? EXIT_ALLOWED : rc;
	policy = load_policies(po.policies, po.np, AAMED_KERNEL_6_1, "aamed");
	if (!policy)
		return EXIT_POLICY;
	rc = list_profiles(policy, po.json);
	aamed_policy_free(policy);
	return rc;
}
