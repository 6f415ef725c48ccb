// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for `aamed test`'s manifest reader (test_manifest.c,
 * libyaml underneath): the input is written to a file in a private
 * directory and read with manifest_read(), which must either fill the
 * manifest or count its errors (every error printed with its place),
 * and free everything either way.
 *
 * Built by `make build/fuzz-manifest`; run by tests/fuzz/run.sh.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static char file[4096];

static void remove_dir(void)
{
	char dir[4096];

	unlink(file);
	snprintf(dir, sizeof(dir), "%s", file);
	*strrchr(dir, '/') = 0;
	rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *tmp = getenv("TMPDIR");
	char dir[4000];

	(void)argc;
	(void)argv;
	snprintf(dir, sizeof(dir), "%s/aamed-fuzz-manifest.XXXXXX",
		 tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir)) {
		perror("fuzz: mkdtemp");
		abort();
	}
	snprintf(file, sizeof(file), "%s/manifest.yaml", dir);
	atexit(remove_dir);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct manifest m;
	FILE *f = fopen(file, "wb");
	int errors;

	if (!f)
		abort();
	if (size && fwrite(data, 1, size, f) != size)
		abort();
	if (fclose(f))
		abort();
	errors = manifest_read(file, &m);
	if (errors < 0) {
		fprintf(stderr, "fuzz: manifest_read returned %d\n", errors);
		abort();
	}
	if (!errors && !m.ntests) {
		/* bad/no-tests.yaml: a manifest with no test is an error */
		fprintf(stderr, "fuzz: a manifest read with no error and no test\n");
		abort();
	}
	manifest_free(&m);
	return 0;
}
