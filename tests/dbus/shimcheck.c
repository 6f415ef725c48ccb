// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tests/dbus: libaamed-apparmor's functions called directly, linked with
 * the drop-in (not libapparmor). One process per policy environment (the
 * drop-in loads its policy once), chosen by argv[1]:
 *   none      no AAMED_POLICY: AppArmor absent
 *   policy    AAMED_POLICY and AAMED_LABELS set by the caller
 *   stack     AAMED_LABELS puts this process in dbus_client//&dbus_service
 *   is L [WHAT]  aa_getcon gives label L
 *   badlabel E [WHAT]  aa_getcon fails with errno E (a bad labels file,
 *             policy or AAMED_KERNEL); WHAT names the check
 *   reload OTHER DIR FIRST  AAMED_RELOAD=1, AAMED_POLICY=DIR (holding
 *             FIRST, dbus.profile, as DIR/dbus.bin): renaming OTHER
 *             (a policy that lets dbus_client send Secret) into DIR
 *             changes the verdict within the period, in a second thread
 *             too, and in a forked child
 * Prints "ok: ..." or "FAIL: ..." per check.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/apparmor.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

static int failed;

static void check(int cond, const char *what)
{
	printf("%s: %s\n", cond ? "ok" : "FAIL", what);
	if (!cond)
		failed = 1;
}

static void absent(void)
{
	char *label = NULL, *mode = NULL, q[32] = { 0 };
	int a = 0, au = 0;

	errno = 0;
	check(aa_is_enabled() == 0 && errno == ENOSYS,
	      "no AAMED_POLICY: aa_is_enabled 0, ENOSYS");
	check(aa_getcon(&label, &mode) == -1 && !label,
	      "no AAMED_POLICY: aa_getcon fails");
	strcpy(q + AA_QUERY_CMD_LABEL_SIZE, "x");
	q[AA_QUERY_CMD_LABEL_SIZE + 2] = AA_CLASS_DBUS;
	check(aa_query_label(AA_DBUS_SEND, q, AA_QUERY_CMD_LABEL_SIZE + 3,
			     &a, &au) == -1,
	      "no AAMED_POLICY: aa_query_label fails");
}

static void splitcon(void)
{
	char a[] = "unconfined\n", b[] = "p//&q (enforce)\n", c[] = "bare";
	char d[] = "", *mode = (char *)1;

	check(aa_splitcon(a, &mode) == a && !strcmp(a, "unconfined") && !mode,
	      "splitcon unconfined");
	check(aa_splitcon(b, &mode) == b && !strcmp(b, "p//&q") &&
	      mode && !strcmp(mode, "enforce"), "splitcon a stack and its mode");
	check(aa_splitcon(c, &mode) == NULL && !mode, "splitcon no mode: NULL");
	check(aa_splitcon(d, &mode) == NULL, "splitcon empty: NULL");
}

/* the query dbus-daemon builds for a message */
static size_t dbus_query(char *q, size_t len, const char *label,
			 const char *const *parts, size_t n)
{
	size_t pos = AA_QUERY_CMD_LABEL_SIZE, i, l;

	memset(q, 0, len);
	l = strlen(label);
	memcpy(q + pos, label, l);
	pos += l + 1;
	q[pos++] = AA_CLASS_DBUS;
	for (i = 0; i < n; i++) {
		l = strlen(parts[i]);
		memcpy(q + pos, parts[i], l);
		pos += l + (i + 1 < n);
	}
	return pos;
}

static void queries(void)
{
	const char *hello[] = { "aamedtest", "org.example.Svc", "dbus_service",
		"/org/example/Svc", "org.example.Svc", "Hello" };
	const char *secret[] = { "aamedtest", "org.example.Svc", "dbus_service",
		"/org/example/Svc", "org.example.Svc", "Secret" };
	char q[512];
	size_t n;
	int a = -1, au = -1;

	n = dbus_query(q, sizeof(q), "dbus_client", hello, 6);
	check(aa_query_label(AA_DBUS_SEND, q, n, &a, &au) == 0 && a == 1 &&
	      au == 0, "query: dbus_client may send Hello, not audited");
	check(!memcmp(q, AA_QUERY_CMD_LABEL, AA_QUERY_CMD_LABEL_SIZE),
	      "query: the command written over the reserved bytes");
	n = dbus_query(q, sizeof(q), "dbus_client", secret, 6);
	check(aa_query_label(AA_DBUS_SEND, q, n, &a, &au) == 0 && a == 0 &&
	      au == 1, "query: dbus_client may not send Secret, audited");
	n = dbus_query(q, sizeof(q), "no_such_profile", hello, 6);
	errno = 0;
	check(aa_query_label(AA_DBUS_SEND, q, n, &a, &au) == -1 &&
	      errno == ENOENT, "query: unknown label, ENOENT");
	errno = 0;
	check(aa_query_label(0, q, n, &a, &au) == -1 && errno == EINVAL,
	      "query: no mask, EINVAL");
	errno = 0;
	check(aa_query_label(AA_DBUS_SEND, q, AA_QUERY_CMD_LABEL_SIZE, &a,
			     &au) == -1 && errno == EINVAL,
	      "query: nothing after the reserved bytes, EINVAL");
	check(aa_query_file_path(AA_MAY_READ, "dbus_client", "/etc/hostname",
				 &a, &au) == 0 && a == 1,
	      "file query: dbus_client may read /etc/hostname");
	check(aa_query_file_path(AA_MAY_WRITE, "dbus_client", "/etc/hostname",
				 &a, &au) == 0 && a == 0,
	      "file query: dbus_client may not write it");
	check(aa_query_link_path("dbus_client", "/etc/hostname", "/tmp/l",
				 &a, &au) == 0 && a == 0,
	      "link query: no link rule, not allowed");
}

/*
 * A stack (AAMED_LABELS gives this process dbus_client//&dbus_service):
 * the kernel's label query finds a stack only while a process is in it,
 * and the drop-in knows that once it has said so (aa_getcon).
 */
static void stack(void)
{
	const char *hello[] = { "aamedtest", "org.example.Svc", "dbus_service",
		"/org/example/Svc", "org.example.Svc", "Hello" };
	const char *st = "dbus_client//&dbus_service";
	char q[512], *label = NULL, *mode = NULL;
	size_t n;
	int a = -1, au = -1;

	n = dbus_query(q, sizeof(q), st, hello, 6);
	errno = 0;
	check(aa_query_label(AA_DBUS_SEND, q, n, &a, &au) == -1 &&
	      errno == ENOENT, "stack: no process in it yet, ENOENT");
	check(aa_getcon(&label, &mode) > 0 && label && !strcmp(label, st),
	      "stack: getcon gives it");
	free(label);
	n = dbus_query(q, sizeof(q), st, hello, 6);
	check(aa_query_label(AA_DBUS_SEND, q, n, &a, &au) == 0,
	      "stack: answered once a process is in it");
}

/* dbus_client's Secret: 1 allowed, 0 refused, -1 no answer */
static int secret_allowed(void)
{
	const char *secret[] = { "aamedtest", "org.example.Svc", "dbus_service",
		"/org/example/Svc", "org.example.Svc", "Secret" };
	char q[512];
	size_t n = dbus_query(q, sizeof(q), "dbus_client", secret, 6);
	int a = -1, au = -1;

	return aa_query_label(AA_DBUS_SEND, q, n, &a, &au) == 0 ? a : -1;
}

static void *ask_secret(void *out)
{
	*(int *)out = secret_allowed();
	return NULL;
}

/* copy file from into dir/dbus.bin by rename, as a policy is replaced */
static int install(const char *from, const char *dir)
{
	char tmp[4096], to[4096], buf[4096];
	FILE *in = fopen(from, "rb"), *out;
	size_t n;
	int rc = 0;

	snprintf(tmp, sizeof(tmp), "%s.tmp", from);
	snprintf(to, sizeof(to), "%s/dbus.bin", dir);
	out = fopen(tmp, "wb");
	while (in && out && (n = fread(buf, 1, sizeof(buf), in)) > 0)
		if (fwrite(buf, 1, n, out) != n)
			rc = -1;
	if (!in || !out)
		rc = -1;
	if (in)
		fclose(in);
	if (out && fclose(out))
		rc = -1;
	return rc ? rc : rename(tmp, to);
}

/*
 * AAMED_RELOAD=1. The reload is the drop-in's own thread's: a forked
 * child (a daemon forking after its first question) gets one of its own.
 * 2.5 s: the period and a margin.
 */
static void reload(const char *other, const char *dir, const char *first)
{
	pthread_t t;
	int got = -1, status;
	pid_t pid;

	check(secret_allowed() == 0, "reload: dbus_client may not send Secret");
	if (install(other, dir) != 0) {
		check(0, "reload: install the other policy");
		return;
	}
	usleep(2500000);
	check(secret_allowed() == 1, "reload: renamed into AAMED_POLICY, it may within the period");
	check(pthread_create(&t, NULL, ask_secret, &got) == 0 &&
	      pthread_join(t, NULL) == 0 && got == 1,
	      "reload: another thread gets the same answer");
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		failed = 0;
		if (install(first, dir) == 0)
			usleep(2500000);
		check(secret_allowed() == 0, "reload: in a forked child too (the first policy back)");
		fflush(stdout);
		_exit(failed);
	}
	check(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
	      WEXITSTATUS(status) == 0, "reload: the child's checks passed");
}

static void contexts(void)
{
	char *label = NULL, *mode = NULL, buf[64], small[4];
	socklen_t len;
	int sv[2], rc;

	rc = aa_getcon(&label, &mode);
	check(rc == (int)strlen("dbus_client (enforce)") + 1 && label &&
	      !strcmp(label, "dbus_client") && mode && !strcmp(mode, "enforce"),
	      "getcon: this process is dbus_client (enforce)");
	free(label);
	check(aa_is_enabled() == 1, "aa_is_enabled 1");
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) {
		check(0, "socketpair");
		return;
	}
	len = sizeof(buf);
	rc = aa_getpeercon_raw(sv[0], buf, &len, &mode);
	check(rc == (int)len && !strcmp(buf, "dbus_client") &&
	      !strcmp(mode, "enforce"), "getpeercon_raw: the peer's label");
	len = sizeof(small);
	errno = 0;
	rc = aa_getpeercon_raw(sv[0], small, &len, &mode);
	check(rc == -1 && errno == ERANGE &&
	      len == strlen("dbus_client (enforce)") + 1,
	      "getpeercon_raw: small buffer, ERANGE and the size needed");
	rc = aa_getpeercon(sv[1], &label, &mode);
	check(rc > 0 && !strcmp(label, "dbus_client"), "getpeercon");
	free(label);
	errno = 0;
	check(aa_getpeercon(-1, &label, &mode) == -1 && !label,
	      "getpeercon: a bad fd fails");
	close(sv[0]);
	close(sv[1]);
}

int main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "";
	char *label = NULL, *mode = NULL;
	int want = argc > 2 ? atoi(argv[2]) : 0;

	if (!strcmp(what, "none")) {
		absent();
		splitcon();
	} else if (!strcmp(what, "policy")) {
		queries();
		contexts();
	} else if (!strcmp(what, "stack")) {
		stack();
	} else if (!strcmp(what, "is") && argc > 2) {
		check(aa_getcon(&label, &mode) > 0 && !strcmp(label, argv[2]),
		      argc > 3 ? argv[3] : "getcon: the label expected");
		free(label);
	} else if (!strcmp(what, "reload") && argc > 4) {
		reload(argv[2], argv[3], argv[4]);
	} else if (!strcmp(what, "badlabel")) {
		errno = 0;
		check(aa_getcon(&label, &mode) == -1 && errno == want && !label,
		      argc > 3 ? argv[3] : "getcon fails");
	} else {
		fprintf(stderr, "usage: shimcheck none|policy|is LABEL [WHAT]|badlabel ERRNO [WHAT]|reload OTHER DIR FIRST\n");
		return 2;
	}
	return failed;
}
