// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Shared pieces of explain/replay/diff/coverage (see tl.h). Uses the
 * library's internal structures (src/internal.h): these tools are linked
 * with the static library on purpose.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tl.h"

void tl_collect(const struct aamed_audit *rec, void *arg)
{
	struct tl_records *r = arg;

	if (r->n == TL_MAX_RECORDS)
		return;
	if (r->want_text)
		aamed_audit_format(rec, r->text[r->n], sizeof(r->text[0]),
				   r->fmt, -1, NULL);
	r->rec[r->n++] = *rec;
}

const char *tl_xmode_name(enum aamed_xmode m)
{
	switch (m) {
	case AAMED_X_INHERIT:
		return "ix";
	case AAMED_X_PROFILE:
		return "px";
	case AAMED_X_CHILD:
		return "cx";
	case AAMED_X_UNCONFINED:
		return "ux";
	case AAMED_X_STACK:
		return "stack";
	case AAMED_X_ATTACH:
		return "attach";
	case AAMED_X_LEARN:
		return "learn";
	default:
		return NULL;
	}
}

const char *tl_type_name(enum aamed_audit_type t)
{
	static const char *const n[] = { "AUDIT", "ALLOWED", "DENIED", "HINT",
					 "STATUS", "ERROR", "KILLED" };

	return (unsigned)t < sizeof(n) / sizeof(n[0]) ? n[t] : "AUTO";
}

const char *tl_mode_name(enum aa_mode m)
{
	static const char *const n[] = { "enforce", "complain", "kill",
					 "unconfined", "user" };

	return (unsigned)m < 5 ? n[m] : "unknown";
}

const char *tl_audit_mode_name(enum aa_audit_mode m)
{
	static const char *const n[] = { "normal", "quiet_denied", "quiet",
					 "noquiet", "all" };

	return (unsigned)m < 5 ? n[m] : "unknown";
}

int tl_decide(aamed_policy *policy, const aamed_label *label,
	      const struct query *q, struct tl_answer *a, char *err,
	      size_t errlen)
{
	unsigned fmt = a->recs.fmt;
	bool want = a->recs.want_text;

	a->error = 0;
	a->have_x = false;
	a->recs.n = 0;
	a->recs.fmt = fmt;
	a->recs.want_text = want;
	switch (q->class) {
	case Q_EXEC:
		a->have_x = true;
		a->error = aamed_exec(label, q->file.path, q->file.fsuid,
				      q->file.ouid, &a->x, tl_collect, &a->recs);
		return 0;
	case Q_FILE:
		a->error = aamed_file_perm(label, &q->file, tl_collect, &a->recs);
		return 0;
	case Q_NET:
	case Q_UNIX:
		a->error = net_decide(policy, label, q, tl_collect, &a->recs,
				      err, errlen);
		break;
	default:
		a->error = ipc_decide(policy, label, q, tl_collect, &a->recs,
				      err, errlen);
		break;
	}
	return a->error == 1 ? -1 : 0;
}

int tl_parse_kernel(const char *v, enum aamed_kernel *k, unsigned *fmt)
{
	if (!strcmp(v, "6.1")) {
		*k = AAMED_KERNEL_6_1;
		*fmt = 0;
	} else if (!strcmp(v, "6.12")) {
		*k = AAMED_KERNEL_6_12;
		*fmt = AAMED_FMT_CLASS;
	} else if (!strcmp(v, "upstream")) {
		*k = AAMED_KERNEL_UPSTREAM;
		*fmt = AAMED_FMT_CLASS;
	} else {
		return -1;
	}
	return 0;
}

aamed_policy *tl_load(const char *const *paths, int n, enum aamed_kernel k,
		      const char *who)
{
	aamed_policy *p = aamed_policy_new();
	struct aamed_error err;
	char msg[1024];
	int i;

	if (!p) {
		fprintf(stderr, "%s: out of memory\n", who);
		return NULL;
	}
	aamed_policy_set_kernel(p, k);
	for (i = 0; i < n; i++)
		if (aamed_policy_load_path(p, paths[i], &err)) {
			fprintf(stderr, "%s: cannot load policy: %s\n", who,
				aamed_error_str(&err, msg, sizeof(msg)));
			aamed_policy_free(p);
			return NULL;
		}
	return p;
}

int tl_mktmp(char *dir, size_t len)
{
	const char *t = getenv("TMPDIR");

	snprintf(dir, len, "%s/aamed.XXXXXX", t && *t ? t : "/tmp");
	return mkdtemp(dir) ? 0 : -1;
}

void tl_rmtmp(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char p[4096];

	if (!d)
		return;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
		unlink(p);
	}
	closedir(d);
	rmdir(dir);
}

/* aamed compile (tools/compile.c) does the apparmor_parser run. */
int tl_compile(const char *src, const char *out, const char *features,
	       const char *const *incdirs, int nincs, bool quiet)
{
	char *argv[64];
	int n = 0, i, rc, saved = -1;

	if (features) {
		argv[n++] = "--features";
		argv[n++] = (char *)features;
	}
	for (i = 0; i < nincs && n < 56; i++) {
		argv[n++] = "-I";
		argv[n++] = (char *)incdirs[i];
	}
	argv[n++] = "-o";
	argv[n++] = (char *)out;
	argv[n++] = (char *)src;
	argv[n] = NULL;
	fflush(stderr);
	if (quiet) {
		int nul = open("/dev/null", O_WRONLY);

		saved = dup(2);
		if (nul >= 0) {
			dup2(nul, 2);
			close(nul);
		}
	}
	rc = cmd_compile(n, argv);
	if (saved >= 0) {
		fflush(stderr);
		dup2(saved, 2);
		close(saved);
	}
	return rc;
}

