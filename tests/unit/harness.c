// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aamed unit tests: the runner.
 *
 * Expectations come from the kernel's documented behaviour (the KUnit
 * suite security/apparmor/policy_unpack_test.c, match.c,
 * policy_compat.c, lib.c, audit.c), never from running aamed.
 *
 *   unit                  run every case; the last line is "N passed, N failed"
 *                         (N counts checks, not cases)
 *   unit NAME...          run the cases named NAME or starting with NAME
 *   unit --list           print the case names
 *   unit --json-lines F   check that every line of F ("-": stdin) is a JSON
 *                         object whose first key is "version" (for run.sh)
 *   unit --dfa-walk B...  every DFA of the policy blobs B against a
 *                         reference walk (dfa_flat.c; for run.sh)
 */
#include <stdio.h>
#include <string.h>

#include "harness.h"

struct unit_case {
	const char *name;
	void (*run)(void);
};

static const struct unit_case cases[] = {
#define UNIT_CASE(name) { #name, unit_##name },
#include "cases.h"
#undef UNIT_CASE
};

#define NCASES (sizeof(cases) / sizeof(cases[0]))

static unsigned passed, failed;
static const char *current = "";

bool unit_check(bool ok, const char *expr, const char *file, int line)
{
	if (ok) {
		passed++;
	} else {
		failed++;
		printf("FAIL [%s] %s:%d: %s\n", current, file, line, expr);
	}
	return ok;
}

bool unit_check_eq(unsigned long long got, unsigned long long want,
		   const char *expr, const char *file, int line)
{
	if (!unit_check(got == want, expr, file, line)) {
		printf("     expected %lld (0x%llx), got %lld (0x%llx)\n",
		       (long long)want, want, (long long)got, got);
		return false;
	}
	return true;
}

static void show(const char *label, const char *s)
{
	if (s)
		printf("     %s\"%s\"\n", label, s);
	else
		printf("     %s(null)\n", label);
}

bool unit_check_str(const char *got, const char *want, const char *expr,
		    const char *file, int line)
{
	bool ok = got && want ? !strcmp(got, want) : got == want;

	if (!unit_check(ok, expr, file, line)) {
		show("expected ", want);
		show("got      ", got);
		return false;
	}
	return true;
}

static bool selected(const char *name, int argc, char **argv)
{
	int i;

	if (argc == 1)
		return true;
	for (i = 1; i < argc; i++)
		if (!strncmp(name, argv[i], strlen(argv[i])))
			return true;
	return false;
}

static int usage(void)
{
	fprintf(stderr, "usage: unit [CASE-OR-PREFIX...] | --list | "
			"--json-lines FILE | --dfa-walk BLOB...\n");
	return 2;
}

int main(int argc, char **argv)
{
	unsigned ran = 0;
	size_t i;

	if (argc == 3 && !strcmp(argv[1], "--json-lines"))
		return unit_json_lines(argv[2]);
	if (argc >= 3 && !strcmp(argv[1], "--dfa-walk"))
		return unit_dfa_walk_blobs(argc - 2, argv + 2);
	if (argc == 2 && !strcmp(argv[1], "--list")) {
		for (i = 0; i < NCASES; i++)
			printf("%s\n", cases[i].name);
		return 0;
	}
	for (i = 1; i < (size_t)argc; i++)
		if (argv[i][0] == '-')
			return usage();
	setvbuf(stdout, NULL, _IOLBF, 0);
	for (i = 0; i < NCASES; i++) {
		if (!selected(cases[i].name, argc, argv))
			continue;
		current = cases[i].name;
		cases[i].run();
		ran++;
	}
	if (!ran) {
		fprintf(stderr, "unit: no case matches\n");
		return usage();
	}
	printf("%u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
