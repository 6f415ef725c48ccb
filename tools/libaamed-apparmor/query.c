// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The label queries libapparmor writes to apparmorfs .access, answered by
 * aamed_query_label() from the loaded policy.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/apparmor.h>

#include "shim.h"

/*
 * aa_query_label, under both versions libapparmor exports: APPARMOR_2.9
 * (the default) and APPARMOR_1.1, which programs linked before 2.9 ask
 * for. The names are bound by .symver, so the C names differ.
 */
int shim_query_label(uint32_t mask, char *query, size_t size, int *allowed,
		     int *audited);
int shim_query_label_v1(uint32_t mask, char *query, size_t size,
			int *allowed, int *audited);
__asm__(".symver shim_query_label,aa_query_label@@APPARMOR_2.9");
__asm__(".symver shim_query_label_v1,aa_query_label@APPARMOR_1.1");

int shim_query_label(uint32_t mask, char *query, size_t size, int *allowed,
		     int *audited)
{
	aamed_policy *policy;
	int rc;

	if (!mask || !query || size <= AA_QUERY_CMD_LABEL_SIZE || !allowed ||
	    !audited) {
		errno = EINVAL;
		return -1;
	}
	policy = shim_policy_get();
	if (!policy)
		return -1;
	/* libapparmor writes its command there too: callers expect it */
	memcpy(query, AA_QUERY_CMD_LABEL, AA_QUERY_CMD_LABEL_SIZE);
	rc = aamed_query_label(policy, mask, query, size, allowed, audited);
	shim_policy_put();
	if (rc < 0) {
		errno = -rc;
		return -1;
	}
	return 0;
}

int shim_query_label_v1(uint32_t mask, char *query, size_t size,
			int *allowed, int *audited)
	__attribute__((alias("shim_query_label")));

/* A query of class cls: the label, a NUL, the class byte, then parts. */
static int ask(uint32_t mask, const char *label, size_t label_len,
	       unsigned char cls, const char *a, size_t a_len,
	       const char *b, size_t b_len, int *allowed, int *audited)
{
	size_t size = AA_QUERY_CMD_LABEL_SIZE + label_len + 2 + a_len;
	char *query, *p;
	int rc, saved;

	if (b)
		size += 1 + b_len;
	query = malloc(size);
	if (!query)
		return -1;
	p = query + AA_QUERY_CMD_LABEL_SIZE;
	memcpy(p, label, label_len);
	p += label_len;
	*p++ = 0;
	*p++ = (char)cls;
	memcpy(p, a, a_len);
	if (b) {
		p[a_len] = 0;
		memcpy(p + a_len + 1, b, b_len);
	}
	rc = shim_query_label(mask, query, size, allowed, audited);
	saved = errno;
	free(query);
	errno = saved;
	return rc;
}

int aa_query_file_path_len(uint32_t mask, const char *label, size_t label_len,
			   const char *path, size_t path_len, int *allowed,
			   int *audited)
{
	if (!label || !path) {
		errno = EINVAL;
		return -1;
	}
	return ask(mask, label, label_len, AA_CLASS_FILE, path, path_len,
		   NULL, 0, allowed, audited);
}

int aa_query_file_path(uint32_t mask, const char *label, const char *path,
		       int *allowed, int *audited)
{
	if (!label || !path) {
		errno = EINVAL;
		return -1;
	}
	return aa_query_file_path_len(mask, label, strlen(label), path,
				      strlen(path), allowed, audited);
}

/* The link's path, a NUL, then its target: the kernel's link query. */
int aa_query_link_path_len(const char *label, size_t label_len,
			   const char *target, size_t target_len,
			   const char *link, size_t link_len, int *allowed,
			   int *audited)
{
	if (!label || !target || !link) {
		errno = EINVAL;
		return -1;
	}
	return ask(AA_MAY_LINK, label, label_len, AA_CLASS_FILE, link,
		   link_len, target, target_len, allowed, audited);
}

int aa_query_link_path(const char *label, const char *target,
		       const char *link, int *allowed, int *audited)
{
	if (!label || !target || !link) {
		errno = EINVAL;
		return -1;
	}
	return aa_query_link_path_len(label, strlen(label), target,
				      strlen(target), link, strlen(link),
				      allowed, audited);
}
