// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One apparmor_parser run for many small profiles (check_batch.h), each
 * compiled alone when the batch fails, so one profile the parser
 * refuses spoils only itself.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_batch.h"

static void append(struct check_batch *b, const char *s)
{
	size_t l = strlen(s);

	if (b->len + l + 1 > b->cap) {
		char *nt = realloc(b->text, b->cap = (b->len + l + 1) * 2);

		if (!nt) {
			fputs("aamed check: out of memory\n", stderr);
			exit(EXIT_USAGE);
		}
		b->text = nt;
	}
	memcpy(b->text + b->len, s, l + 1);
	b->len += l;
}

size_t check_batch_add(struct check_batch *b, const char *body)
{
	char head[64];
	size_t *ns = realloc(b->start, (b->n + 1) * sizeof(*ns));

	if (!ns) {
		fputs("aamed check: out of memory\n", stderr);
		exit(EXIT_USAGE);
	}
	b->start = ns;
	b->start[b->n] = b->len;
	snprintf(head, sizeof(head), "profile __aamed_c%zu {\n", b->n);
	append(b, head);
	append(b, body);
	append(b, "}\n");
	return b->n++;
}

static int write_src(const char *path, const char *preamble,
		     const char *text, size_t len)
{
	FILE *f = fopen(path, "w");
	int rc = 0;

	if (!f)
		return -1;
	if (preamble)
		fputs(preamble, f);
	if (len && fwrite(text, 1, len, f) != len)
		rc = -1;
	if (fclose(f))
		rc = -1;
	return rc;
}

static int compile_load(aamed_policy *p, const char *dir,
			const char *preamble, const char *text,
			size_t len, const struct check_ctx *c)
{
	char sp[4200], bp[4200];
	struct aamed_error err;
	int rc = -1;

	snprintf(sp, sizeof(sp), "%s/batch", dir);
	snprintf(bp, sizeof(bp), "%s/batch.bin", dir);
	if (!write_src(sp, preamble, text, len) &&
	    !tl_compile(sp, bp, c->features, c->incs, c->ni, true) &&
	    !aamed_policy_load_path(p, bp, &err))
		rc = 0;
	unlink(sp);
	unlink(bp);
	return rc;
}

aamed_policy *check_batch_compile(struct check_batch *b,
				  const char *preamble,
				  const struct check_ctx *c)
{
	aamed_policy *p;
	char dir[4096];
	size_t i, ok = 0;

	if (!b->n || tl_mktmp(dir, sizeof(dir)))
		return NULL;
	p = aamed_policy_new();
	if (!p) {
		tl_rmtmp(dir);
		return NULL;
	}
	aamed_policy_set_kernel(p, c->k);
	if (!compile_load(p, dir, preamble, b->text, b->len, c)) {
		tl_rmtmp(dir);
		return p;
	}
	for (i = 0; i < b->n; i++) {
		size_t end = i + 1 < b->n ? b->start[i + 1] : b->len;

		if (!compile_load(p, dir, preamble, b->text + b->start[i],
				  end - b->start[i], c))
			ok++;
	}
	tl_rmtmp(dir);
	if (!ok) {
		aamed_policy_free(p);
		return NULL;
	}
	return p;
}

const aamed_profile *check_batch_profile(const aamed_policy *p, size_t i)
{
	char name[64];

	snprintf(name, sizeof(name), "__aamed_c%zu", i);
	return aamed_policy_profile_find(p, NULL, name);
}

void check_batch_free(struct check_batch *b)
{
	free(b->text);
	free(b->start);
	memset(b, 0, sizeof(*b));
}
