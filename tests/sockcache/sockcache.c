// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The per-socket decision cache must answer exactly what the uncached
 * decision answers: it may skip only a silent allow, it must log an
 * audited allow every time, never remember a denial, and forget
 * everything when the policy is replaced.
 *
 *   sockcache ALLOW.bin DENY.bin
 * ALLOW.bin: profiles s (network unix dgram) and a (audit network unix);
 * DENY.bin: profile s without network unix.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "aamed.h"

static int pass, fail;

#define CHECK(c)                                                           \
	do {                                                               \
		if (c)                                                     \
			pass++;                                            \
		else {                                                     \
			fail++;                                            \
			printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); \
		}                                                          \
	} while (0)

static int records;

static void count(const struct aamed_audit *rec, void *arg)
{
	(void)rec;
	(void)arg;
	records++;
}

static aamed_policy *load(const char *path, enum aamed_kernel k)
{
	aamed_policy *p = aamed_policy_new();
	struct aamed_error err;

	aamed_policy_set_kernel(p, k);
	if (aamed_policy_load_path(p, path, &err)) {
		printf("cannot load %s: %s\n", path, err.msg);
		exit(2);
	}
	return p;
}

int main(int argc, char **argv)
{
	aamed_policy *p, *q;
	struct aamed_sock_cache cache;
	struct aamed_sock sk = { .family = AF_UNIX, .type = SOCK_DGRAM };
	struct aamed_sock peer = { .family = AF_UNIX, .type = SOCK_DGRAM };
	const aamed_label *s, *a, *u;
	int i, e;

	if (argc != 3)
		return 2;
	p = load(argv[1], AAMED_KERNEL_6_12);
	s = aamed_label_get(p, "s", NULL);
	a = aamed_label_get(p, "a", NULL);
	u = aamed_label_unconfined(p);
	CHECK(s && a && u);
	sk.label = s;
	peer.label = u;

	/* a silent allow is remembered and replayed without records */
	memset(&cache, 0, sizeof(cache));
	for (i = 0; i < 3; i++) {
		records = 0;
		e = aamed_unix_send_cached(s, &sk, &peer, &cache, count, NULL);
		CHECK(e == aamed_unix_send(s, &sk, &peer, NULL, NULL));
		CHECK(e == 0 && records == 0);
	}
	CHECK(cache.gen == aamed_policy_generation(p));

	/* an audited allow logs on every call, cached or not */
	memset(&cache, 0, sizeof(cache));
	sk.label = a;
	for (i = 0; i < 3; i++) {
		records = 0;
		e = aamed_unix_send_cached(a, &sk, &peer, &cache, count, NULL);
		CHECK(e == 0 && records == 1);
	}
	CHECK(cache.ops == 0);

	/* a replaced policy: the old cache entry must not answer */
	memset(&cache, 0, sizeof(cache));
	sk.label = s;
	CHECK(aamed_unix_send_cached(s, &sk, &peer, &cache, NULL, NULL) == 0);
	q = load(argv[2], AAMED_KERNEL_6_12);
	{
		const aamed_label *s2 = aamed_label_get(q, "s", NULL);
		struct aamed_sock sk2 = sk;

		sk2.label = s2;
		peer.label = aamed_label_unconfined(q);
		records = 0;
		e = aamed_unix_send_cached(s2, &sk2, &peer, &cache, count, NULL);
		CHECK(e == -EACCES && records == 1);
		/* a denial is never remembered */
		records = 0;
		e = aamed_unix_send_cached(s2, &sk2, &peer, &cache, count, NULL);
		CHECK(e == -EACCES && records == 1);
	}
	aamed_policy_free(q);
	aamed_policy_free(p);
	printf("sockcache: %d passed, %d failed\n", pass, fail);
	return fail ? 1 : 0;
}
