// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the query words: one line of `aamed query
 * --batch` (docs/query-language.md). The line is split as a shell would
 * (split_words), parsed into a request by the class table (parse_query)
 * and decided with its records formatted (answer_decide), against the
 * fuzz policy (fuzz_policy.h); a label the policy lacks gets its hint
 * (label_hint), as aamed query prints it.
 *
 * Built by `make build/fuzz-words`; run by tests/fuzz/run.sh.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_policy.h"
#include "qclass.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_LINE 8192

static void decide(aamed_policy *p, const struct query *q)
{
	static struct answer a;	/* 32 KB of record text: not on the stack */
	const aamed_label *l;
	char err[512], hint[300];
	int lerr = 0;

	l = aamed_label_get(p, q->label, &lerr);
	if (!l) {
		if (lerr == -ENOENT)
			label_hint(p, q->label, hint, sizeof(hint));
		return;
	}
	answer_init(&a, AAMED_FMT_CLASS, true);
	err[0] = 0;
	if (answer_decide(p, l, q, &a, err, sizeof(err)) && !err[0]) {
		fprintf(stderr, "fuzz: a query not asked, and no reason\n");
		abort();
	}
	(void)answer_label_after(&a);
	(void)answer_complain_allowed(&a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *line, *words, *argv[MAX_WORDS + 2];
	const char *werr;
	struct query q;
	char err[512];
	int n;

	if (size > MAX_LINE)
		return 0;
	line = malloc(size + 1);
	words = malloc(size + 2);
	if (!line || !words)
		goto out;
	memcpy(line, data, size);
	line[size] = 0;
	line[strcspn(line, "\n")] = 0;	/* one line, as --batch reads */
	n = split_words(line, words, size + 2, argv, MAX_WORDS, &werr);
	if (n < 0) {
		if (!werr) {
			fprintf(stderr, "fuzz: split_words failed with no reason\n");
			abort();
		}
		goto out;
	}
	if (n == 0 || argv[0][0] == '#')
		goto out;
	err[0] = 0;
	if (parse_query(n, argv, &q, err, sizeof(err))) {
		if (!err[0]) {
			fprintf(stderr, "fuzz: parse_query failed with no reason\n");
			abort();
		}
		goto out;
	}
	decide(fuzz_policy(), &q);
out:
	free(line);
	free(words);
	return 0;
}
