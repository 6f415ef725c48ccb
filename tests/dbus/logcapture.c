// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A preload for tests/dbus: dbus-daemon writes its AppArmor records with
 * syslog(), or to the kernel's audit socket when it may; a test has
 * neither a syslog daemon nor the audit log to read. This sends every
 * syslog message to stderr instead, one line each, and makes the audit
 * socket look absent (as in a container), so the records come out there.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>

void __syslog_chk(int pri, int flag, const char *fmt, ...);
void __vsyslog_chk(int pri, int flag, const char *fmt, va_list ap);
int audit_open(void);

static void put(const char *fmt, va_list ap)
{
	char msg[8192];
	size_t n;

	vsnprintf(msg, sizeof(msg), fmt, ap);
	n = strlen(msg);
	while (n && msg[n - 1] == '\n')
		msg[--n] = 0;
	fprintf(stderr, "syslog[%ld]: %s\n", (long)getpid(), msg);
	fflush(stderr);
}

void openlog(const char *ident, int option, int facility)
{
	(void)ident;
	(void)option;
	(void)facility;
}

void vsyslog(int pri, const char *fmt, va_list ap)
{
	(void)pri;
	put(fmt, ap);
}

void syslog(int pri, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsyslog(pri, fmt, ap);
	va_end(ap);
}

void __vsyslog_chk(int pri, int flag, const char *fmt, va_list ap)
{
	(void)flag;
	vsyslog(pri, fmt, ap);
}

void __syslog_chk(int pri, int flag, const char *fmt, ...)
{
	va_list ap;

	(void)flag;
	va_start(ap, fmt);
	vsyslog(pri, fmt, ap);
	va_end(ap);
}

int audit_open(void)
{
	errno = EPROTONOSUPPORT;
	return -1;
}
