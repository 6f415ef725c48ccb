// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the label-query bytes: what dbus-daemon (through
 * libapparmor's aa_query_label(), or the drop-in) hands aamed for every
 * message. The input's first 4 bytes are the mask (little-endian); the
 * rest is the query after the reserved command bytes: label, NUL, class
 * byte, match bytes. It is asked for verdicts (aamed_query_label) and
 * for the four masks (aamed_query_label_masks); the answer must be 0 or
 * a negative errno, the verdicts 0 or 1. The same bytes split at their
 * first NUL are also asked as a file path and a link query.
 *
 * Built by `make build/fuzz-query-label`; run by tests/fuzz/run.sh.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_policy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_QUERY 65536

static void check_rc(int rc, int allowed, int audited, const char *what)
{
	if (rc > 0 || rc < -4095 ||
	    (rc == 0 && ((allowed != 0 && allowed != 1) ||
			 (audited != 0 && audited != 1)))) {
		fprintf(stderr, "fuzz: %s: rc %d allowed %d audited %d\n", what,
			rc, allowed, audited);
		abort();
	}
}

/* the bytes up to the first NUL as a string, and the rest as another */
static void paths(aamed_policy *p, uint32_t mask, const char *q, size_t n)
{
	const char *nul = memchr(q, 0, n);
	char *label, *path;
	int allowed = -1, audited = -1, rc;

	if (!nul)
		return;
	label = strndup(q, (size_t)(nul - q));
	path = strndup(nul + 1, n - (size_t)(nul - q) - 1);
	if (label && path) {
		rc = aamed_query_file_path(p, mask, label, path, &allowed,
					   &audited);
		check_rc(rc, allowed, audited, "aamed_query_file_path");
		rc = aamed_query_link_path(p, label, path, "/tmp/fuzz-link",
					   &allowed, &audited);
		check_rc(rc, allowed, audited, "aamed_query_link_path");
	}
	free(label);
	free(path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	aamed_policy *p;
	struct aamed_query_masks masks;
	uint32_t mask;
	size_t n;
	char *q;
	int allowed = -1, audited = -1, rc;

	if (size < 4 || size - 4 > MAX_QUERY)
		return 0;
	mask = (uint32_t)data[0] | (uint32_t)data[1] << 8 |
	       (uint32_t)data[2] << 16 | (uint32_t)data[3] << 24;
	n = AAMED_QUERY_CMD_LABEL_SIZE + size - 4;
	/* exactly the input's bytes: ASan sees any read past them */
	q = malloc(n);
	if (!q)
		return 0;
	memset(q, 'x', AAMED_QUERY_CMD_LABEL_SIZE);
	memcpy(q + AAMED_QUERY_CMD_LABEL_SIZE, data + 4, size - 4);
	p = fuzz_policy();
	rc = aamed_query_label(p, mask, q, n, &allowed, &audited);
	check_rc(rc, allowed, audited, "aamed_query_label");
	/* the query is the caller's again: ask once more, same answer */
	memcpy(q + AAMED_QUERY_CMD_LABEL_SIZE, data + 4, size - 4);
	{
		int a2 = -1, au2 = -1, rc2;

		rc2 = aamed_query_label(p, mask, q, n, &a2, &au2);
		if (rc2 != rc || (rc == 0 && (a2 != allowed || au2 != audited))) {
			fprintf(stderr, "fuzz: the same query answered twice differently\n");
			abort();
		}
	}
	memcpy(q + AAMED_QUERY_CMD_LABEL_SIZE, data + 4, size - 4);
	rc = aamed_query_label_masks(p, q, n, &masks);
	check_rc(rc, 0, 0, "aamed_query_label_masks");
	paths(p, mask, (const char *)data + 4, size - 4);
	free(q);
	return 0;
}
