// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the loader.
 *
 * The input is one policy stream. It is loaded into a fresh policy; if it
 * loads, every profile's label is resolved and asked a few file and exec
 * questions, the stream is loaded a second time (replacing every profile,
 * so the first labels go stale but must stay usable) and the old labels
 * are asked again. If it does not load, the error must be well formed:
 * origin, message, an offset inside the input or -1.
 *
 * Built by `make build/fuzz-load` with clang -fsanitize=fuzzer,address,
 * undefined; run by tests/fuzz/run.sh.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aamed.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_LABELS 64

static void audit_sink(const struct aamed_audit *rec, void *arg)
{
	char buf[256], perms[128];

	aamed_audit_format(rec, buf, sizeof(buf), AAMED_FMT_CLASS, 1, "fuzz");
	aamed_perms_str(rec->class, rec->request, perms, sizeof(perms));
	(*(unsigned *)arg)++;
}

static const char *const paths[] = {
	"/", "/etc/passwd", "/tmp/a/b", "/usr/bin/x", "/usr/sbin/nscd",
	"/srv/golden/exec/bin/child", "/srv/golden/basic/rw.txt",
	"/proc/1/attr/current", "/dev/null", "/home/u/.x/",
};

static const uint32_t requests[] = {
	AAMED_MAY_READ,
	AAMED_MAY_WRITE | AAMED_MAY_CREATE,
	AAMED_MAY_EXEC | AAMED_EXEC_MMAP,
	AAMED_MAY_APPEND | AAMED_MAY_LOCK | AAMED_MAY_GETATTR,
};

static void ask_path(const aamed_label *l, const char *path, unsigned k,
		     unsigned *records)
{
	struct aamed_exec_result res = { .size = sizeof(res) };
	struct aamed_file_req req = {
		.path = path,
		.request = requests[k % 4],
		.fsuid = k & 1 ? 1000 : 0,
		.ouid = k & 2 ? 1000 : 0,
		.op = AAMED_OP_OPEN,
	};

	aamed_file_perm(l, &req, audit_sink, records);
	req.op = AAMED_OP_LINK;
	req.request = AAMED_MAY_LINK;
	req.target = "/etc/shadow";
	aamed_file_perm(l, &req, audit_sink, records);
	req.op = AAMED_OP_RENAME;
	req.request = AAMED_MAY_WRITE;
	aamed_file_perm(l, &req, audit_sink, records);
	memset(&res, 0, sizeof(res));
	aamed_exec(l, path, req.fsuid, req.ouid, &res, audit_sink, records);
	if (res.label)
		(void)aamed_label_name(res.label);
}

static void ask(const aamed_label *l, const char *own, unsigned *records)
{
	size_t i;

	(void)aamed_label_name(l);
	(void)aamed_label_mode(l);
	for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++)
		ask_path(l, paths[i], (unsigned)i, records);
	/* a profile named like a path attaches to it: ask for that path */
	if (own && own[0] == '/')
		ask_path(l, own, 3, records);
}

static void check_error(int rc, const struct aamed_error *err, size_t size)
{
	char buf[1024];

	if (rc >= 0 || rc < -4095 || strcmp(err->origin, "fuzz") ||
	    !err->msg[0] || !memchr(err->msg, 0, sizeof(err->msg)) ||
	    err->offset < -1 || err->offset > (long long)size) {
		fprintf(stderr, "fuzz: malformed error: rc %d offset %lld: %.*s\n",
			rc, err->offset, (int)sizeof(err->msg), err->msg);
		abort();
	}
	aamed_error_str(err, buf, sizeof(buf));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const aamed_label *labels[MAX_LABELS];
	const char *names[MAX_LABELS];
	struct aamed_error err;
	unsigned records = 0;
	aamed_policy *p = aamed_policy_new();
	size_t n, i, nl = 0;
	int rc;

	if (!p)
		return 0;
	/* the last byte picks the kernel whose behaviour is reproduced */
	if (size && (data[size - 1] & 1))
		aamed_policy_set_kernel(p, AAMED_KERNEL_6_12);
	memset(&err, 0, sizeof(err));
	rc = aamed_policy_load_blob(p, data, size, "fuzz", &err);
	if (rc) {
		check_error(rc, &err, size);
		if (aamed_policy_profile_count(p)) {
			fprintf(stderr, "fuzz: failed load left profiles\n");
			abort();
		}
		aamed_policy_free(p);
		return 0;
	}
	n = aamed_policy_profile_count(p);
	for (i = 0; i < n && nl < MAX_LABELS; i++) {
		const char *name = aamed_policy_profile_name(p, i);
		const char *ns = aamed_policy_profile_ns(p, i);
		char text[1024];
		int error;
		const aamed_label *l;

		if (ns[0])
			snprintf(text, sizeof(text), ":%s:%s", ns, name);
		else
			snprintf(text, sizeof(text), "%s", name);
		l = aamed_label_get(p, text, &error);
		if (!l)
			continue;
		names[nl] = name;
		labels[nl++] = l;
		ask(l, name, &records);
	}
	ask(aamed_label_unconfined(p), NULL, &records);
	for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		const char *info;

		aamed_attach(p, NULL, paths[i], &info);
	}
	if (nl >= 2) {
		char stack[2048];
		const aamed_label *l;
		int error;

		snprintf(stack, sizeof(stack), "%s//&%s",
			 aamed_label_name(labels[0]), aamed_label_name(labels[1]));
		l = aamed_label_get(p, stack, &error);
		if (l)
			ask(l, NULL, &records);
	}

	/* again on top of itself: every profile replaced, old labels stale */
	rc = aamed_policy_load_blob(p, data, size, "fuzz", &err);
	if (rc) {
		fprintf(stderr, "fuzz: a stream that loaded does not load again: %s\n",
			err.msg);
		abort();
	}
	if (aamed_policy_profile_count(p) != n) {
		fprintf(stderr, "fuzz: reloading changed the profile count\n");
		abort();
	}
	for (i = 0; i < nl; i++)
		ask(labels[i], names[i], &records);
	aamed_policy_free(p);
	return 0;
}
