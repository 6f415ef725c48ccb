// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed suggest: its report, as text (per profile: the proven rules with
 * their alternatives, what the change newly allows as aamed diff says
 * it, then the rules that failed their proof and the records that
 * cannot become rules, each with why) and as --json
 * (docs/json-schema/suggest.v1.json).
 */
#include <string.h>
#include <unistd.h>

#include "suggest.h"

/*
 * A difference as aamed diff prints it (to stdout), shown under the
 * rule it belongs to: caught in a temporary file, its "profile NAME:"
 * line dropped (the report names the profile), each line indented.
 */
struct caught {
	FILE *t;
	int saved;
};

static bool catch_begin(struct caught *c)
{
	fflush(stdout);
	c->t = tmpfile();
	c->saved = c->t ? dup(1) : -1;
	if (c->saved < 0 || dup2(fileno(c->t), 1) < 0) {
		if (c->t)
			fclose(c->t);
		if (c->saved >= 0)
			close(c->saved);
		return false;
	}
	return true;
}

/* The lines caught printed indented; their text kept in keep (NULL: not
 * kept; truncated at len). */
static void catch_keep(struct caught *c, const char *indent, char *keep,
		       size_t len)
{
	char line[4096];
	size_t o = 0;

	fflush(stdout);
	dup2(c->saved, 1);
	close(c->saved);
	rewind(c->t);
	while (fgets(line, sizeof(line), c->t)) {
		if (!strncmp(line, "profile ", 8))
			continue;
		printf("%s%s", indent, line);
		if (keep && o + strlen(line) < len) {
			memcpy(keep + o, line, strlen(line) + 1);
			o += strlen(line);
		}
	}
	fclose(c->t);
}

static void catch_end(struct caught *c, const char *indent)
{
	catch_keep(c, indent, NULL, 0);
}

/*
 * What names rule r's request in the diff's text: its exact path (a
 * file or exec rule), else its peer ("peer=NAME", the diff writes a
 * signal's "--peer-label NAME"); false: nothing to look for.
 */
static bool named(const struct sg_rule *r, const char *diff, char *key,
		  size_t len)
{
	const char *peer = strstr(r->exact, "peer="), *w;
	size_t b, e;
	char alt[1200];

	if (sg_rule_path(r->exact, &b, &e)) {
		snprintf(key, len, "%.*s", (int)(e - b), r->exact + b);
		/* a witness is followed by a comma, a blank or the line's end */
		for (w = diff; (w = strstr(w, key)); w += e - b)
			if (w[e - b] && strchr(", \n", w[e - b]))
				return true;
		return false;
	}
	if (!peer)
		return true;
	snprintf(key, len, "%.*s", (int)strcspn(peer, " ,)"), peer);
	snprintf(alt, sizeof(alt), "--peer-label %s", key + 5);
	return strstr(diff, key) || strstr(diff, alt);
}

/*
 * The diff names a few witnesses per group of equal permissions, so the
 * requests themselves may be left out (several rules of one permission,
 * a variable reaching another path through the same states): those the
 * witnesses do not name are listed, allowed now as the replay proved.
 */
static void text_requests(const struct suggest *s, const char *p,
			  const char *diff)
{
	static char seen[1 << 14];
	size_t i, o = 0;

	seen[0] = 0;
	for (i = 0; i < s->nrules; i++) {
		const struct sg_rule *r = &s->rules[i];
		char key[1100], word[1104];

		if (r->fail || strcmp(r->profile, p) || named(r, diff, key, sizeof(key)))
			continue;
		/* each once: two requests of one path (a read and an exec) */
		snprintf(word, sizeof(word), "\n%s\n", key);
		if (strstr(seen, word) || o + strlen(word) >= sizeof(seen))
			continue;
		printf("%s%s", o ? ", " : "    the requests themselves, which the witnesses above leave out: ",
		       key);
		memcpy(seen + o, word, strlen(word) + 1);
		o += strlen(word) - 1;
	}
	if (o)
		putchar('\n');
}

/* The profiles with rules, in the order their first rule came. */
static bool first_of_profile(const struct suggest *s, size_t i)
{
	size_t j;

	for (j = 0; j < i; j++)
		if (!strcmp(s->rules[j].profile, s->rules[i].profile))
			return false;
	return true;
}

static bool profile_proven(const struct suggest *s, const char *p)
{
	size_t i;

	for (i = 0; i < s->nrules; i++)
		if (!s->rules[i].fail && !strcmp(s->rules[i].profile, p))
			return true;
	return false;
}

/* The request of rule j and its exact rule, under line's text. */
static void text_for(const struct sg_rule *r, const char *line)
{
	printf("      for: %s (%ld record%s)\n", r->what, r->count,
	       r->count == 1 ? "" : "s");
	if (strcmp(r->exact, line))
		printf("      exact: %s\n", r->exact);
}

static void text_rule(struct suggest *s, size_t i)
{
	const struct sg_rule *r = &s->rules[i];
	size_t j;
	int a;

	printf("  %s\n", r->r.text[0]);
	text_for(r, r->r.text[0]);
	/* the rules joined into this line: one line, each request named */
	for (j = i + 1; j < s->nrules; j++)
		if (s->rules[j].head == (long)i + 1)
			text_for(&s->rules[j], r->r.text[0]);
	if (r->r.means[0])
		printf("      means: %s\n", r->r.means[0]);
	if (r->gfail[0])
		printf("      not generalised: %s\n", r->gfail);
	/* the alternatives are not proven against the logs: said once */
	for (a = 1; a < r->r.n; a++) {
		bool first = true;

		printf("      or (an alternative, not proven): %s\n",
		       r->r.text[a]);
		if (r->r.means[a])
			printf("          means: %s\n", r->r.means[a]);
		if (r->r.proven[a]) {
			struct caught c;

			puts("          beyond the suggestion (as aamed diff):");
			if (!catch_begin(&c))
				continue;
			sg_print_alt_diff(s, i, a, false, &first);
			catch_end(&c, "          ");
		}
	}
}

static void text_profile(struct suggest *s, const char *p)
{
	const struct sg_block *b = sg_block_of(s, p);
	size_t i;
	bool first = true;

	if (b && !b->fail)
		printf("profile %s (%s:%d-%d)\n", p, b->rel, b->open, b->close);
	else
		printf("profile %s\n", p);
	for (i = 0; i < s->nrules; i++)
		if (!s->rules[i].fail && !s->rules[i].head &&
		    !strcmp(s->rules[i].profile, p))
			text_rule(s, i);
	puts("  newly allowed (old => amended, as aamed diff):");
	{
		struct caught c;
		static char diff[1 << 16];

		diff[0] = 0;
		if (catch_begin(&c)) {
			sg_print_diff(s, p, false, &first);
			catch_keep(&c, "  ", diff, sizeof(diff));
			text_requests(s, p, diff);
		}
	}
}

void sg_print_text(struct suggest *s)
{
	size_t i;
	bool head = false;
	char deny[2048];

	for (i = 0; i < s->nrules; i++)
		if (first_of_profile(s, i) && profile_proven(s, s->rules[i].profile))
			text_profile(s, s->rules[i].profile);
	for (i = 0; i < s->nrules; i++) {
		const struct sg_rule *r = &s->rules[i];

		if (!r->fail)
			continue;
		if (!head)
			puts("not proposed (the proof failed):");
		head = true;
		printf("  %s: %s\n      for: %s\n      why: %s\n", r->profile,
		       r->r.text[0], r->what, r->fail);
		if (strstr(r->fail, "still") &&
		    sg_deny_rules(s, r, deny, sizeof(deny)))
			printf("      deny rules of its kind in the block (no allow rule overrides one): %s\n",
			       deny);
	}
	if (s->nnone)
		puts("records that cannot become rules:");
	for (i = 0; i < s->nnone; i++) {
		const struct sg_none *n = &s->none[i];

		printf("  %s%s%s\n      why: %s", n->profile ? n->profile : "",
		       n->profile ? ": " : "", n->what, n->reason);
		if (n->profile && n->count > 1)
			printf(" (%ld records)", n->count);
		putchar('\n');
	}
	{
		size_t ok = 0, lines = 0;

		/* a rule joined into another's line is not one more rule */
		for (i = 0; i < s->nrules; i++) {
			lines += !s->rules[i].head;
			ok += !s->rules[i].fail && !s->rules[i].head;
		}
		printf("%ld records, %ld requests rebuilt, %ld denied; %zu rules suggested, %zu proven\n",
		       s->records, s->rebuilt, s->denials, lines, ok);
	}
}

/* ------------------------------------------------------------------ */
static void json_rule(struct suggest *s, size_t i)
{
	const struct sg_rule *r = &s->rules[i];
	/* joined into another's line: that line is its rule */
	const struct sg_rule *line = r->head ? &s->rules[r->head - 1] : r;
	bool f = true;
	int a;

	putchar('{');
	json_key(stdout, &f, "profile");
	json_str(stdout, r->profile);
	json_key(stdout, &f, "class");
	json_str(stdout, r->cls);
	json_key(stdout, &f, "rule");
	json_str(stdout, line->r.text[0]);
	json_key(stdout, &f, "exact");
	json_str(stdout, r->exact);
	json_key(stdout, &f, "means");
	json_str(stdout, r->r.means[0]);
	json_key(stdout, &f, "request");
	json_str(stdout, r->what);
	json_key(stdout, &f, "records");
	printf("%ld", r->count);
	json_key(stdout, &f, "proven");
	fputs(r->fail ? "false" : "true", stdout);
	json_key(stdout, &f, "why");
	json_str(stdout, r->fail);
	json_key(stdout, &f, "alternatives");
	putchar('[');
	for (a = 1; !r->head && a < r->r.n; a++) {
		bool g = true;

		if (a > 1)
			putchar(',');
		putchar('{');
		json_key(stdout, &g, "rule");
		json_str(stdout, r->r.text[a]);
		json_key(stdout, &g, "means");
		json_str(stdout, r->r.means[a]);
		json_key(stdout, &g, "proven");
		fputs("false", stdout);
		json_key(stdout, &g, "beyond");
		putchar('[');
		if (r->r.proven[a]) {
			bool d = true;

			sg_print_alt_diff(s, i, a, true, &d);
		}
		fputs("]}", stdout);
	}
	fputs("]}", stdout);
}

void sg_print_json(struct suggest *s)
{
	size_t i;
	bool f = true;

	printf("{\"version\":%d,\"command\":\"suggest\",\"records\":%ld,"
	       "\"rebuilt\":%ld,\"denied\":%ld,\"rules\":[",
	       TL_JSON_VERSION, s->records, s->rebuilt, s->denials);
	for (i = 0; i < s->nrules; i++) {
		if (i)
			putchar(',');
		json_rule(s, i);
	}
	fputs("],\"profiles\":[", stdout);
	for (i = 0; i < s->nrules; i++) {
		const char *p = s->rules[i].profile;
		const struct sg_block *b = sg_block_of(s, p);
		bool g = true, d = true;

		if (!first_of_profile(s, i))
			continue;
		json_sep(stdout, &f);
		putchar('{');
		json_key(stdout, &g, "profile");
		json_str(stdout, p);
		json_key(stdout, &g, "file");
		json_str(stdout, b && !b->fail ? b->rel : NULL);
		json_key(stdout, &g, "block");
		if (b && !b->fail)
			printf("[%d,%d]", b->open, b->close);
		else
			fputs("null", stdout);
		json_key(stdout, &g, "newly_allows");
		putchar('[');
		if (profile_proven(s, p))
			sg_print_diff(s, p, true, &d);
		fputs("]}", stdout);
	}
	fputs("],\"cannot\":[", stdout);
	for (i = 0; i < s->nnone; i++) {
		bool g = true;

		if (i)
			putchar(',');
		putchar('{');
		json_key(stdout, &g, "profile");
		json_str(stdout, s->none[i].profile);
		json_key(stdout, &g, "request");
		json_str(stdout, s->none[i].what);
		json_key(stdout, &g, "why");
		json_str(stdout, s->none[i].reason);
		json_key(stdout, &g, "records");
		printf("%ld", s->none[i].count);
		putchar('}');
	}
	fputs("]}\n", stdout);
}
