// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * probe - the guest side of the aamed kernel oracle.
 *
 * Built statically on the host (tests/kernel/run.sh) and started by the
 * initramfs's /init inside a QEMU guest that runs a real AppArmor kernel.
 *
 *   probe features OUT
 *	write /sys/kernel/security/apparmor/features to OUT, flattened the way
 *	apparmor_parser --features-file reads it ("name {value}" nesting).
 *   probe run CASEFILE POLICY OUT
 *	register as the audit daemon, load the compiled POLICY through
 *	.replace, then run every case of CASEFILE (format: README.md) and write
 *	one result line per case to OUT.
 *   probe helper [inherit | rlimits RES...]
 *	the exec target of exec cases: tell the parent it runs (fd 4: "ok"
 *	and the new image's AT_SECURE, '0' or '1'; with rlimits, followed
 *	by its limits of RES...), then wait until the
 *	parent has read its label (EOF on fd 3).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <arpa/inet.h>
#include <linux/audit.h>
#include <linux/io_uring.h>
#include <linux/kcmp.h>
#include <linux/netlink.h>
#include <net/if.h>
#include <netinet/in.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/auxv.h>
#include <sys/fsuid.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/un.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define MAXW 64

/* ---- small helpers ---------------------------------------------------- */

struct buf {
	char *p;
	size_t len, cap;
};

static void buf_add(struct buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 256;
		while (b->len + n + 1 > cap)
			cap *= 2;
		b->p = realloc(b->p, cap);
		if (!b->p)
			abort();
		b->cap = cap;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = 0;
}

static void buf_str(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

__attribute__((format(printf, 2, 3)))
static void buf_fmt(struct buf *b, const char *fmt, ...)
{
	char tmp[4096];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= sizeof(tmp))
		n = sizeof(tmp) - 1;
	buf_add(b, tmp, n);
}

__attribute__((format(printf, 1, 2), noreturn))
static void die(const char *fmt, ...)
{
	va_list ap;

	fputs("probe: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			die("write: %s", strerror(errno));
		}
		p += w;
		n -= w;
	}
}

static int open_out(const char *path)
{
	struct termios t;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY,
		      0644);

	if (fd < 0)
		die("open %s: %s", path, strerror(errno));
	if (isatty(fd) && tcgetattr(fd, &t) == 0) {
		/* raw: no LF -> CR LF */
		cfmakeraw(&t);
		tcsetattr(fd, TCSANOW, &t);
	}
	return fd;
}

static void close_out(int fd)
{
	if (isatty(fd))
		tcdrain(fd);
	fsync(fd);
	close(fd);
}

static char *read_file(const char *path, size_t *lenp)
{
	struct buf b = { 0 };
	char tmp[4096];
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return NULL;
	buf_add(&b, "", 0);
	while ((n = read(fd, tmp, sizeof(tmp))) > 0)
		buf_add(&b, tmp, n);
	close(fd);
	if (n < 0) {
		free(b.p);
		return NULL;
	}
	if (lenp)
		*lenp = b.len;
	return b.p;
}

static const char *errname(int e)
{
	static char other[32];

	switch (e) {
#define E(x) case x: return #x
	E(EPERM); E(ENOENT); E(ESRCH); E(EINTR); E(EIO); E(ENXIO); E(E2BIG);
	E(ENOEXEC); E(EBADF); E(ECHILD); E(EAGAIN); E(ENOMEM); E(EACCES);
	E(EFAULT); E(EBUSY); E(EEXIST); E(EXDEV); E(ENODEV); E(ENOTDIR);
	E(EISDIR); E(EINVAL); E(ENFILE); E(EMFILE); E(ETXTBSY); E(EFBIG);
	E(ENOSPC); E(ESPIPE); E(EROFS); E(EMLINK); E(EPIPE); E(ENAMETOOLONG);
	E(ENOSYS); E(ENOTEMPTY); E(ELOOP); E(EOPNOTSUPP); E(EPROTO);
	E(ETIMEDOUT); E(ENOTSOCK); E(EAFNOSUPPORT); E(ENOTCONN);
	E(EDESTADDRREQ); E(ECONNREFUSED); E(EPROTONOSUPPORT); E(EISCONN);
	E(EADDRINUSE); E(EADDRNOTAVAIL); E(ENETUNREACH); E(ESOCKTNOSUPPORT);
	E(EPROTOTYPE); E(EINPROGRESS); E(ENOPROTOOPT);
#undef E
	}
	snprintf(other, sizeof(other), "E%d", e);
	return other;
}

static const char *signame(int s)
{
	static char other[32];

	switch (s) {
#define S(x) case x: return #x
	S(SIGSEGV); S(SIGKILL); S(SIGBUS); S(SIGILL); S(SIGABRT); S(SIGALRM);
	S(SIGTERM); S(SIGPIPE);
#undef S
	}
	snprintf(other, sizeof(other), "SIG%d", s);
	return other;
}

/* split s (modified) into blank-separated words */
static int split(char *s, char **w, int max)
{
	int n = 0;

	while (*s) {
		while (*s == ' ' || *s == '\t')
			*s++ = 0;
		if (!*s)
			break;
		if (n == max)
			return -1;
		w[n++] = s;
		while (*s && *s != ' ' && *s != '\t')
			s++;
	}
	return n;
}

static void chomp(char *s)
{
	size_t n = strlen(s);

	while (n && (s[n - 1] == '\n' || s[n - 1] == '\r' ||
		     s[n - 1] == ' ' || s[n - 1] == '\t'))
		s[--n] = 0;
}

/* ---- features ----------------------------------------------------------- */

static void flatten(int dirfd, struct buf *out)
{
	DIR *d = fdopendir(dirfd);
	struct dirent *e;

	if (!d)
		die("fdopendir: %s", strerror(errno));
	/* readdir order, as libapparmor's aa_features_new() walks it */
	while ((e = readdir(d))) {
		struct stat st;

		if (e->d_name[0] == '.' || !e->d_name[0])
			continue;
		if (fstatat(dirfd, e->d_name, &st, 0) < 0)
			die("stat %s: %s", e->d_name, strerror(errno));
		buf_fmt(out, "%s {", e->d_name);
		if (S_ISDIR(st.st_mode)) {
			int sub = openat(dirfd, e->d_name,
					 O_RDONLY | O_DIRECTORY | O_CLOEXEC);
			if (sub < 0)
				die("open %s: %s", e->d_name, strerror(errno));
			flatten(sub, out);
		} else if (S_ISREG(st.st_mode)) {
			char tmp[4096];
			ssize_t n;
			int fd = openat(dirfd, e->d_name, O_RDONLY | O_CLOEXEC);

			if (fd < 0)
				die("open %s: %s", e->d_name, strerror(errno));
			while ((n = read(fd, tmp, sizeof(tmp))) > 0)
				buf_add(out, tmp, n);
			close(fd);
		}
		buf_str(out, "}\n");
	}
	closedir(d);
}

static int cmd_features(const char *outpath)
{
	struct buf b = { 0 };
	int fd = open("/sys/kernel/security/apparmor/features",
		      O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int out;

	if (fd < 0)
		die("apparmor features: %s", strerror(errno));
	buf_add(&b, "", 0);
	flatten(fd, &b);
	out = open_out(outpath);
	write_all(out, b.p, b.len);
	close_out(out);
	return 0;
}

/* ---- audit ------------------------------------------------------------ */

static int audit_fd = -1;
static unsigned mark_seq;

static void audit_send(int type, int flags, const void *data, size_t len)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	struct {
		struct nlmsghdr h;
		char data[1024];
	} m;

	memset(&m, 0, sizeof(m));
	if (len > sizeof(m.data))
		die("audit message too long");
	m.h.nlmsg_len = NLMSG_LENGTH(len);
	m.h.nlmsg_type = type;
	m.h.nlmsg_flags = NLM_F_REQUEST | flags;
	m.h.nlmsg_seq = ++mark_seq;
	memcpy(NLMSG_DATA(&m.h), data, len);
	if (sendto(audit_fd, &m, m.h.nlmsg_len, 0, (struct sockaddr *)&sa,
		   sizeof(sa)) < 0)
		die("audit send: %s", strerror(errno));
}

/*
 * Receive one netlink datagram into buf; returns its length, 0 on timeout.
 * The kernel sets nlmsg_len of audit records to the payload length only,
 * so the datagram length is what counts.
 */
static ssize_t audit_recv(char *buf, size_t size, int timeout_ms)
{
	struct pollfd p = { .fd = audit_fd, .events = POLLIN };
	ssize_t n;

	for (;;) {
		int r = poll(&p, 1, timeout_ms);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			die("poll: %s", strerror(errno));
		if (r == 0)
			return 0;
		n = recv(audit_fd, buf, size - 1, 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			die("audit recv: %s", strerror(errno));
		buf[n] = 0;
		return n;
	}
}

static void audit_register(void)
{
	struct audit_status s;
	char buf[8192];

	audit_fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_AUDIT);
	if (audit_fd < 0)
		die("socket NETLINK_AUDIT: %s", strerror(errno));
	memset(&s, 0, sizeof(s));
	s.mask = AUDIT_STATUS_PID | AUDIT_STATUS_BACKLOG_LIMIT;
	s.pid = getpid();
	s.backlog_limit = 65536;
	audit_send(AUDIT_SET, NLM_F_ACK, &s, sizeof(s));
	for (;;) {
		ssize_t n = audit_recv(buf, sizeof(buf), 5000);
		struct nlmsghdr *h = (struct nlmsghdr *)buf;

		if (n == 0)
			die("audit: no ack for AUDIT_SET");
		if ((size_t)n < sizeof(*h))
			continue;
		if (h->nlmsg_type == NLMSG_ERROR) {
			struct nlmsgerr *e = NLMSG_DATA(h);
			if (e->error)
				die("AUDIT_SET: %s", strerror(-e->error));
			return;
		}
	}
}

/*
 * Send a marker through the audit queue and append every record that
 * arrives before it to out: TAB, then the text after "audit(...): " (1400
 * records), or "type=N " and that text for any other type.
 */
static int collect(struct buf *out)
{
	char text[64], want[80], buf[16384];
	int len = snprintf(text, sizeof(text), "aamed-mark %u", mark_seq + 1);
	int nrec = 0;

	snprintf(want, sizeof(want), "msg='%s'", text);
	audit_send(AUDIT_USER_AVC, 0, text, len + 1);
	for (;;) {
		ssize_t n = audit_recv(buf, sizeof(buf), 10000);
		struct nlmsghdr *h = (struct nlmsghdr *)buf;
		char *p;

		if (n == 0)
			die("audit: marker '%s' did not come back", text);
		if ((size_t)n < NLMSG_HDRLEN)
			continue;
		if (h->nlmsg_type == NLMSG_ERROR || h->nlmsg_type == NLMSG_DONE)
			continue;
		p = buf + NLMSG_HDRLEN;
		if (h->nlmsg_type == AUDIT_USER_AVC && strstr(p, want))
			return nrec;
		chomp(p);
		if (!strncmp(p, "audit(", 6)) {
			char *e = strstr(p, "): ");
			if (e)
				p = e + 3;
		}
		for (char *q = p; *q; q++)
			if (*q == '\t' || *q == '\n')
				*q = ' ';
		buf_str(out, "\t");
		if (h->nlmsg_type != AUDIT_AVC)
			buf_fmt(out, "type=%d ", h->nlmsg_type);
		buf_str(out, p);
		nrec++;
	}
}

/* ---- label handling ---------------------------------------------------- */

static int open_attr(const char *pid, const char *which, int flags)
{
	char path[128];
	int fd;

	snprintf(path, sizeof(path), "/proc/%s/attr/apparmor/%s", pid, which);
	fd = open(path, flags | O_CLOEXEC);
	if (fd < 0 && errno == ENOENT) {
		snprintf(path, sizeof(path), "/proc/%s/attr/%s", pid, which);
		fd = open(path, flags | O_CLOEXEC);
	}
	return fd;
}

static void read_label(pid_t pid, char *out, size_t size)
{
	char spid[32];
	ssize_t n;
	int fd;

	snprintf(spid, sizeof(spid), "%d", (int)pid);
	fd = open_attr(spid, "current", O_RDONLY);
	snprintf(out, size, "?");
	if (fd < 0)
		return;
	n = read(fd, out, size - 1);
	close(fd);
	if (n < 0) {
		snprintf(out, size, "?%s", errname(errno));
		return;
	}
	out[n] = 0;
	chomp(out);
	for (char *q = out; *q; q++)
		if (*q == '\t' || *q == '\n')
			*q = ' ';
}

/* ---- setup actions (unconfined, in the runner) ------------------------- */

static void parse_owner(const char *s, uid_t *u, gid_t *g)
{
	char *e;

	*u = strtoul(s, &e, 10);
	*g = *e == ':' ? strtoul(e + 1, NULL, 10) : 0;
}

static int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int mkdir_p(const char *path, mode_t mode)
{
	char tmp[4096];

	snprintf(tmp, sizeof(tmp), "%s", path);
	for (char *p = tmp + 1; ; p++) {
		int last = !*p;

		if (!last && *p != '/')
			continue;
		*p = 0;
		/* a file in the way (left by an earlier case) goes */
		if (mkdir(tmp, last ? mode : 0755) < 0) {
			if (errno != EEXIST)
				return -1;
			if (!is_dir(tmp) && (unlink(tmp) < 0 ||
					     mkdir(tmp, last ? mode : 0755) < 0))
				return -1;
		}
		if (last)
			return 0;
		*p = '/';
	}
}

static void mkdir_parent(const char *path)
{
	char tmp[4096], *s;

	snprintf(tmp, sizeof(tmp), "%s", path);
	s = strrchr(tmp, '/');
	if (s && s != tmp) {
		*s = 0;
		mkdir_p(tmp, 0755);
	}
}

static int rm_rf(const char *path);

static int copy_file(const char *src, const char *dst, mode_t mode)
{
	size_t len;
	char *data = read_file(src, &len);
	int fd;

	mkdir_parent(dst);
	if (!data)
		return -1;
	rm_rf(dst);
	fd = open(dst, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
	if (fd < 0) {
		free(data);
		return -1;
	}
	write_all(fd, data, len);
	free(data);
	close(fd);
	return 0;
}

/* rm -rf: 0 or -1 (absent is fine) */
static int rm_rf(const char *path)
{
	struct stat st;
	DIR *d;
	struct dirent *e;

	if (lstat(path, &st) < 0)
		return errno == ENOENT || errno == ENOTDIR ? 0 : -1;
	if (!S_ISDIR(st.st_mode))
		return unlink(path);
	d = opendir(path);
	if (!d)
		return -1;
	while ((e = readdir(d))) {
		char sub[4096];

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", path, e->d_name);
		if (rm_rf(sub) < 0) {
			closedir(d);
			return -1;
		}
	}
	closedir(d);
	return rmdir(path);
}

/* returns NULL or an error text */
static int xattr_setup(char **w);

static const char *do_setup(char **w, int n)
{
	static char err[256];
	mode_t mode;
	uid_t u = 0;
	gid_t g = 0;
	const char *what = w[0];
	int r = 0;

	if (n < 2)
		return "setup: missing arguments";
	if (!strcmp(what, "mkdir") || !strcmp(what, "file")) {
		int dir = what[0] == 'm';

		mode = n > 2 ? strtoul(w[2], NULL, 8) : (dir ? 0777 : 0666);
		if (n > 3)
			parse_owner(w[3], &u, &g);
		if (dir) {
			r = mkdir_p(w[1], mode);
		} else {
			mkdir_parent(w[1]);
			int fd = open(w[1], O_WRONLY | O_CREAT | O_TRUNC |
				      O_CLOEXEC, mode);
			if (fd >= 0) {
				write_all(fd, "aamed\n", 6);
				close(fd);
			} else {
				r = -1;
			}
		}
		if (!r)
			r = chmod(w[1], mode);
		if (!r)
			r = chown(w[1], u, g);
	} else if (!strcmp(what, "rm")) {
		r = rm_rf(w[1]);
	} else if (!strcmp(what, "copy") && n > 2) {
		mode = n > 3 ? strtoul(w[3], NULL, 8) : 0755;
		r = copy_file(w[1], w[2], mode);
		if (!r)
			r = chmod(w[2], mode);
		if (!r && n > 4) {
			parse_owner(w[4], &u, &g);
			r = chown(w[2], u, g);
		}
	} else if (!strcmp(what, "xattr") && n > 3) {
		r = xattr_setup(w);
	} else if (!strcmp(what, "symlink") && n > 2) {
		unlink(w[2]);
		r = symlink(w[1], w[2]);
	} else {
		snprintf(err, sizeof(err), "setup: unknown action %s", what);
		return err;
	}
	if (r < 0) {
		snprintf(err, sizeof(err), "setup %s %s: %s", what, w[1],
			 strerror(errno));
		return err;
	}
	return NULL;
}

/* ---- cases ------------------------------------------------------------- */

struct kase {
	char *id, *label, *query;
	char *op;
	char **arg;
	int narg;
	long fsuid;		/* -1: leave */
	int onexec;
	int stepwise;	/* enter a//&b by changeprofile a, stack b */
	int preopen;	/* flock/mmap: open before entering the label */
	int nnp;	/* prctl(PR_SET_NO_NEW_PRIVS) after entering the label */
	int fd;		/* the preopened descriptor, -1 */
	int ok[8];	/* ok=E1,E2: errnos that come after the hook passed */
	int nok;
	int sock;	/* sockop: the socket made before the label, -1 */
	struct sockaddr_storage to;	/* sockop: the target address */
	socklen_t tolen;
	pid_t helper;	/* kill/ptrace: the peer task, 0 */
	struct ring *ring;	/* uring-override: made before the label */
	char *qcmd;	/* query: cmd=CMD, the .access command ("label") */
	char *qlabel;	/* query: qlabel=TEXT, the label written (LABEL) */
	char *tracer;	/* traced=LABEL: a task in LABEL seizes the child */
};

/* qlabel=: "%20" is a blank (words are split at blanks) */
static void unescape_blanks(char *s)
{
	char *d = s;

	for (; *s; s++, d++) {
		if (s[0] == '%' && s[1] == '2' && s[2] == '0') {
			*d = ' ';
			s += 2;
		} else {
			*d = *s;
		}
	}
	*d = 0;
}

static int open_flags(const char *m)
{
	int r = !!strchr(m, 'r'), w = !!strchr(m, 'w'), a = !!strchr(m, 'a');
	int f;

	if ((w || a) && r)
		f = O_RDWR;
	else if (w || a)
		f = O_WRONLY;
	else
		f = O_RDONLY;
	if (a)
		f |= O_APPEND;
	if (strchr(m, 'c'))
		f |= O_CREAT;
	if (strchr(m, 'e'))
		f |= O_EXCL;
	if (strchr(m, 't'))
		f |= O_TRUNC;
	return f;
}


/* ---- sockets ------------------------------------------------------------ */

static const struct {
	const char *name;
	int num;
} families[] = {
	{ "unix", AF_UNIX }, { "local", AF_UNIX }, { "inet", AF_INET },
	{ "inet6", AF_INET6 }, { "netlink", AF_NETLINK },
	{ "packet", AF_PACKET }, { "key", AF_KEY }, { "alg", AF_ALG },
	{ "vsock", AF_VSOCK }, { "appletalk", AF_APPLETALK },
	{ "ax25", AF_AX25 }, { "ipx", AF_IPX }, { "x25", AF_X25 },
	{ "bluetooth", AF_BLUETOOTH }, { "can", AF_CAN }, { "tipc", AF_TIPC },
	{ "rds", AF_RDS }, { "llc", AF_LLC }, { "xdp", AF_XDP },
}, types[] = {
	{ "stream", SOCK_STREAM }, { "dgram", SOCK_DGRAM },
	{ "raw", SOCK_RAW }, { "rdm", SOCK_RDM },
	{ "seqpacket", SOCK_SEQPACKET }, { "dccp", SOCK_DCCP },
	{ "packet", SOCK_PACKET },
};

static int lookup(const char *s, int which)
{
	size_t n = which ? sizeof(types) / sizeof(types[0]) :
			   sizeof(families) / sizeof(families[0]);

	for (size_t i = 0; i < n; i++)
		if (!strcmp(s, which ? types[i].name : families[i].name))
			return which ? types[i].num : families[i].num;
	return (int)strtol(s, NULL, 0);
}

/* TYPE[:PROTO] */
static void parse_type(const char *s, int *type, int *proto)
{
	char tmp[64], *c;

	snprintf(tmp, sizeof(tmp), "%s", s);
	c = strchr(tmp, ':');
	*proto = 0;
	if (c) {
		*c = 0;
		*proto = (int)strtol(c + 1, NULL, 0);
	}
	*type = lookup(tmp, 1);
}

/*
 * An address: @abstract, /path, A.B.C.D:PORT or [V6]:PORT; returns its
 * length, 0 when it is none of these.
 */
static socklen_t parse_addr(const char *s, struct sockaddr_storage *ss)
{
	memset(ss, 0, sizeof(*ss));
	if (*s == '@' || *s == '/') {
		struct sockaddr_un *u = (struct sockaddr_un *)ss;
		size_t n = strlen(s);

		if (n >= sizeof(u->sun_path))
			return 0;
		u->sun_family = AF_UNIX;
		memcpy(u->sun_path, s, n);
		if (*s == '@') {
			u->sun_path[0] = 0;
			return offsetof(struct sockaddr_un, sun_path) + n;
		}
		return sizeof(*u);
	}
	if (*s == '[') {
		struct sockaddr_in6 *a = (struct sockaddr_in6 *)ss;
		char tmp[64], *e;

		snprintf(tmp, sizeof(tmp), "%s", s + 1);
		e = strstr(tmp, "]:");
		if (!e)
			return 0;
		*e = 0;
		a->sin6_family = AF_INET6;
		a->sin6_port = htons(atoi(e + 2));
		if (inet_pton(AF_INET6, tmp, &a->sin6_addr) != 1)
			return 0;
		return sizeof(*a);
	}
	if (strchr(s, ':')) {
		struct sockaddr_in *a = (struct sockaddr_in *)ss;
		char tmp[64], *e;

		snprintf(tmp, sizeof(tmp), "%s", s);
		e = strchr(tmp, ':');
		*e = 0;
		a->sin_family = AF_INET;
		a->sin_port = htons(atoi(e + 1));
		if (inet_pton(AF_INET, tmp, &a->sin_addr) != 1)
			return 0;
		return sizeof(*a);
	}
	return 0;
}

/* the loopback address of FAMILY, port 0 (unix: autobind) */
static socklen_t loop_addr(int family, struct sockaddr_storage *ss)
{
	memset(ss, 0, sizeof(*ss));
	if (family == AF_INET) {
		struct sockaddr_in *a = (struct sockaddr_in *)ss;

		a->sin_family = AF_INET;
		a->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		return sizeof(*a);
	}
	if (family == AF_INET6) {
		struct sockaddr_in6 *a = (struct sockaddr_in6 *)ss;

		a->sin6_family = AF_INET6;
		a->sin6_addr = in6addr_loopback;
		return sizeof(*a);
	}
	ss->ss_family = family;
	return sizeof(sa_family_t);
}

static int connection_type(int type)
{
	return type == SOCK_STREAM || type == SOCK_SEQPACKET;
}

/*
 * A peer for the case's socket, made before the label (so labelled
 * unconfined) and bound to ADDR, or to the loopback (unix: autobind) when
 * ADDR is NULL; listening when TYPE is connection-oriented. Its address
 * goes to *to. Returns the descriptor or -1 (errno).
 */
static int make_peer(int family, int type, int proto, const char *addr,
		     struct sockaddr_storage *to, socklen_t *tolen)
{
	int p = socket(family, type, proto);

	if (p < 0)
		return -1;
	if (addr) {
		*tolen = parse_addr(addr, to);
		if (!*tolen) {
			errno = EINVAL;
			return -1;
		}
		if (*addr == '/') {
			mkdir_parent(addr);
			unlink(addr);
		}
	} else {
		*tolen = loop_addr(family, to);
	}
	if (bind(p, (struct sockaddr *)to, *tolen) < 0)
		return -1;
	if (connection_type(type) && listen(p, 16) < 0)
		return -1;
	*tolen = sizeof(*to);
	if (getsockname(p, (struct sockaddr *)to, tolen) < 0)
		return -1;
	return p;
}

/*
 * sockop FAMILY TYPE[:PROTO] OP [ARG]: make the socket before the label
 * (unconfined), and what the operation needs around it (README.md).
 * Returns 0 or an errno.
 */
/*
 * io_uring, with the raw system calls (no liburing in the guest). A ring
 * of a few entries: its submission and completion rings and entries
 * mapped, for one NOP submitted under a personality.
 */
static int write_attr(const char *which, const char *verb, const char *label);

struct ring {
	int fd;
	struct io_uring_params p;
	unsigned char *sq, *cq;
	struct io_uring_sqe *sqes;
	int personality;
};

static struct ring the_ring;

static int ring_setup(unsigned flags)
{
	memset(&the_ring.p, 0, sizeof(the_ring.p));
	the_ring.p.flags = flags;
	the_ring.p.sq_thread_idle = 10;
	the_ring.fd = (int)syscall(__NR_io_uring_setup, 4, &the_ring.p);
	return the_ring.fd < 0 ? errno : 0;
}

static int ring_map(void)
{
	struct io_uring_params *p = &the_ring.p;
	size_t sqlen = p->sq_off.array + p->sq_entries * sizeof(unsigned);
	size_t cqlen = p->cq_off.cqes +
		       p->cq_entries * sizeof(struct io_uring_cqe);

	the_ring.sq = mmap(NULL, sqlen, PROT_READ | PROT_WRITE, MAP_SHARED,
			   the_ring.fd, IORING_OFF_SQ_RING);
	the_ring.cq = mmap(NULL, cqlen, PROT_READ | PROT_WRITE, MAP_SHARED,
			   the_ring.fd, IORING_OFF_CQ_RING);
	the_ring.sqes = mmap(NULL, p->sq_entries * sizeof(struct io_uring_sqe),
			     PROT_READ | PROT_WRITE, MAP_SHARED, the_ring.fd,
			     IORING_OFF_SQES);
	if (the_ring.sq == MAP_FAILED || the_ring.cq == MAP_FAILED ||
	    the_ring.sqes == MAP_FAILED)
		return errno;
	return 0;
}

/*
 * uring-override TARGET, before the label: the ring and a personality
 * registered with the credentials of TARGET (entered from unconfined, so
 * TARGET must allow change_profile and writing its attr file for the
 * case's label to be entered from it).
 */
static int uring_prepare(struct kase *c)
{
	int e;

	if (c->narg < 1)
		return EINVAL;
	if (strcmp(c->arg[0], "unconfined")) {
		e = write_attr("current", "changeprofile", c->arg[0]);
		if (e)
			return e;
	}
	e = ring_setup(0);
	if (!e)
		e = ring_map();
	if (e)
		return e;
	the_ring.personality = (int)syscall(__NR_io_uring_register,
					    the_ring.fd,
					    IORING_REGISTER_PERSONALITY, NULL, 0);
	if (the_ring.personality < 0)
		return errno;
	c->ring = &the_ring;
	return 0;
}

/* a NOP under the personality: the override_creds hook, then its CQE */
static int uring_override_do(struct kase *c)
{
	struct ring *r = c->ring;
	struct io_uring_params *p;
	unsigned *tail, *mask, *array, *chead, *ctail, idx;
	struct io_uring_cqe *cqe;
	long n;

	if (!r)
		return EINVAL;
	p = &r->p;
	tail = (unsigned *)(r->sq + p->sq_off.tail);
	mask = (unsigned *)(r->sq + p->sq_off.ring_mask);
	array = (unsigned *)(r->sq + p->sq_off.array);
	idx = *tail & *mask;
	memset(&r->sqes[idx], 0, sizeof(r->sqes[idx]));
	r->sqes[idx].opcode = IORING_OP_NOP;
	r->sqes[idx].user_data = 1;
	r->sqes[idx].personality = (__u16)r->personality;
	array[idx] = idx;
	__atomic_store_n(tail, *tail + 1, __ATOMIC_RELEASE);
	n = syscall(__NR_io_uring_enter, r->fd, 1, 1, IORING_ENTER_GETEVENTS,
		    NULL, 0);
	if (n < 0)
		return errno;
	chead = (unsigned *)(r->cq + p->cq_off.head);
	ctail = (unsigned *)(r->cq + p->cq_off.tail);
	if (__atomic_load_n(ctail, __ATOMIC_ACQUIRE) == *chead)
		return ENODATA;	/* no completion: a broken case */
	cqe = (struct io_uring_cqe *)(r->cq + p->cq_off.cqes) +
	      (*chead & *(unsigned *)(r->cq + p->cq_off.ring_mask));
	return cqe->res < 0 ? -cqe->res : 0;
}

/* uring-sqpoll: a ring with a kernel polling thread, in the label */
static int uring_sqpoll_do(void)
{
	int e = ring_setup(IORING_SETUP_SQPOLL);

	if (!e)
		close(the_ring.fd);
	return e;
}

static int sockop_prepare(struct kase *c)
{
	int family, type, proto, s, p;
	const char *op, *arg;

	if (c->narg < 3)
		return EINVAL;
	family = lookup(c->arg[0], 0);
	parse_type(c->arg[1], &type, &proto);
	op = c->arg[2];
	arg = c->narg > 3 ? c->arg[3] : NULL;
	if (arg && !strcmp(arg, "pair")) {
		int sv[2];

		if (socketpair(family, type, proto, sv) < 0)
			return errno;
		/* something to receive */
		if (write(sv[1], "x", 1) != 1)
			return errno;
		c->sock = sv[0];
		return 0;
	}
	s = socket(family, type, proto);
	if (s < 0)
		return errno;
	c->sock = s;
	if (!strcmp(op, "bind"))
		return 0;
	if (!strcmp(op, "accept")) {
		/* listening, with a connection waiting */
		c->tolen = loop_addr(family, &c->to);
		if (bind(s, (struct sockaddr *)&c->to, c->tolen) < 0 ||
		    listen(s, 4) < 0)
			return errno;
		c->tolen = sizeof(c->to);
		if (getsockname(s, (struct sockaddr *)&c->to, &c->tolen) < 0)
			return errno;
		p = socket(family, type, proto);
		if (p < 0 || connect(p, (struct sockaddr *)&c->to,
				     c->tolen) < 0)
			return errno;
		return 0;
	}
	if (!strcmp(op, "listen") && family == AF_UNIX) {
		/* unix_listen() wants a bound socket: autobind */
		c->tolen = loop_addr(family, &c->to);
		if (bind(s, (struct sockaddr *)&c->to, c->tolen) < 0)
			return errno;
		return 0;
	}
	if (!arg)
		return 0;
	if (!strcmp(arg, "peer") || !strcmp(arg, "conn") ||
	    (family == AF_UNIX && (*arg == '@' || *arg == '/'))) {
		int cn = !strcmp(arg, "conn");

		p = make_peer(family, type, proto,
			      cn || !strcmp(arg, "peer") ? NULL : arg,
			      &c->to, &c->tolen);
		if (p < 0)
			return errno;
		if (cn && connect(s, (struct sockaddr *)&c->to, c->tolen) < 0)
			return errno;
		return 0;
	}
	c->tolen = parse_addr(arg, &c->to);
	return c->tolen ? 0 : EINVAL;
}

/* the operation on the prepared socket, in the label */
static int sockop_do(struct kase *c)
{
	const char *op = c->arg[2];
	int s = c->sock, v = 1;
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);
	char b[16];
	struct iovec iov = { .iov_base = b, .iov_len = 1 };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1 };
	int r;

	b[0] = 'x';
	if (!strcmp(op, "bind")) {
		if (c->narg < 4)
			return EINVAL;
		len = parse_addr(c->arg[3], &ss);
		if (!len)
			return EINVAL;
		r = bind(s, (struct sockaddr *)&ss, len);
	} else if (!strcmp(op, "listen")) {
		r = listen(s, 4);
	} else if (!strcmp(op, "connect")) {
		r = connect(s, (struct sockaddr *)&c->to, c->tolen);
	} else if (!strcmp(op, "accept")) {
		r = accept4(s, NULL, NULL, SOCK_NONBLOCK);
	} else if (!strcmp(op, "getsockname")) {
		r = getsockname(s, (struct sockaddr *)&ss, &len);
	} else if (!strcmp(op, "getpeername")) {
		r = getpeername(s, (struct sockaddr *)&ss, &len);
	} else if (!strcmp(op, "getsockopt")) {
		len = sizeof(v);
		r = getsockopt(s, SOL_SOCKET, SO_TYPE, &v, &len);
	} else if (!strcmp(op, "setsockopt")) {
		r = setsockopt(s, SOL_SOCKET, SO_KEEPALIVE, &v, sizeof(v));
	} else if (!strcmp(op, "setsockopt-force")) {
		/* CAP_NET_ADMIN, after the hook */
		v = 65536;
		r = setsockopt(s, SOL_SOCKET, SO_RCVBUFFORCE, &v, sizeof(v));
	} else if (!strcmp(op, "shutdown")) {
		r = shutdown(s, SHUT_RDWR);
	} else if (!strcmp(op, "send")) {
		r = send(s, b, 1, MSG_DONTWAIT | MSG_NOSIGNAL);
	} else if (!strcmp(op, "sendto")) {
		r = sendto(s, b, 1, MSG_DONTWAIT | MSG_NOSIGNAL,
			   (struct sockaddr *)&c->to, c->tolen);
	} else if (!strcmp(op, "sendmsg")) {
		if (c->tolen) {
			m.msg_name = &c->to;
			m.msg_namelen = c->tolen;
		}
		r = sendmsg(s, &m, MSG_DONTWAIT | MSG_NOSIGNAL);
	} else if (!strcmp(op, "recvmsg")) {
		r = recvmsg(s, &m, MSG_DONTWAIT);
	} else if (!strcmp(op, "write")) {
		r = write(s, b, 1);
	} else if (!strcmp(op, "read")) {
		r = read(s, b, 1);
	} else {
		return ENOSYS;
	}
	return r < 0 ? errno : 0;
}

/* bring the loopback interface up (connect and sendto 127.0.0.1, ::1) */
static void loopback_up(void)
{
	struct ifreq ifr;
	int s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	if (s < 0)
		return;
	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "lo");
	if (ioctl(s, SIOCGIFFLAGS, &ifr) == 0) {
		ifr.ifr_flags |= IFF_UP | IFF_RUNNING;
		if (ioctl(s, SIOCSIFFLAGS, &ifr) < 0)
			fprintf(stderr, "probe: lo up: %s\n", strerror(errno));
	}
	close(s);
}

/* ---- rlimits ------------------------------------------------------------ */
/*
 * setrlimit RES SOFT HARD [R=S:H...]      setrlimit() in the label
 * prlimit PEER RES SOFT HARD [R=S:H...]   prlimit() on the helper in PEER
 * exec PATH [R=S:H...]                     the exec'd helper reports R's limits
 * R=S:H: limits set before the label (on the child, and for prlimit on the
 * helper too), so the capability check for a raised hard limit and the
 * limits after exec do not depend on what the runner inherited.
 */
static const char *const rl_names[] = {
	"cpu", "fsize", "data", "stack", "core", "rss", "nproc", "nofile",
	"memlock", "as", "locks", "sigpending", "msgqueue", "nice", "rtprio",
	"rttime",
};
#define RL_N ((int)(sizeof(rl_names) / sizeof(rl_names[0])))

static int rl_res(const char *s, size_t n)
{
	for (int i = 0; i < RL_N; i++)
		if (strlen(rl_names[i]) == n && !strncmp(s, rl_names[i], n))
			return i;
	return -1;
}

static int rl_val(const char *s, rlim_t *v)
{
	char *end;

	if (!strncmp(s, "infinity", 8)) {
		*v = RLIM_INFINITY;
		return 8;
	}
	*v = strtoull(s, &end, 10);
	return end == s ? -1 : (int)(end - s);
}

/* the resource of an R=S:H word, -1 for another word */
static int rl_word(const char *w)
{
	const char *eq = strchr(w, '=');

	return eq ? rl_res(w, (size_t)(eq - w)) : -1;
}

/* exec: how many R=S:H words follow PATH */
static int rl_count(struct kase *c)
{
	int n = 0;

	for (int i = 1; !strcmp(c->op, "exec") && i < c->narg; i++)
		n += rl_word(c->arg[i]) >= 0;
	return n;
}

/* R=S:H words (others are left to their ops): set on pid (0: the caller) */
static int rl_start(pid_t pid, char **a, int n)
{
	for (int i = 0; i < n; i++) {
		const char *eq = strchr(a[i], '='), *p;
		struct rlimit l;
		int r = rl_word(a[i]), k;

		if (r < 0)
			continue;
		p = eq + 1;
		if ((k = rl_val(p, &l.rlim_cur)) < 0 || p[k] != ':' ||
		    rl_val(p + k + 1, &l.rlim_max) < 0)
			return EINVAL;
		if (prlimit(pid, r, &l, NULL) < 0)
			return errno;
	}
	return 0;
}

/* before the label */
static int rl_prepare(struct kase *c)
{
	int e;

	if (!strcmp(c->op, "setrlimit") && c->narg > 3)
		return rl_start(0, c->arg + 3, c->narg - 3);
	if (!strcmp(c->op, "prlimit") && c->narg > 4) {
		e = rl_start(0, c->arg + 4, c->narg - 4);
		return e ? e : rl_start(c->helper, c->arg + 4, c->narg - 4);
	}
	if (rl_count(c))
		return rl_start(0, c->arg + 1, c->narg - 1);
	return 0;
}

/* setrlimit/prlimit in the label */
static int rl_do(struct kase *c, int other)
{
	char **a = c->arg + other;
	struct rlimit l;
	int r;

	if (c->narg < 3 + other || (r = rl_res(a[0], strlen(a[0]))) < 0 ||
	    rl_val(a[1], &l.rlim_cur) < 0 || rl_val(a[2], &l.rlim_max) < 0)
		return EINVAL;
	return prlimit(other ? c->helper : 0, r, &l, NULL) < 0 ? errno : 0;
}

/* the exec'd helper's argv: the resources to report after "rlimits" */
static void rl_argv(struct kase *c, char **argv, int max)
{
	int k = 2;

	if (!rl_count(c))
		return;
	argv[k++] = "rlimits";
	for (int i = 1; i < c->narg && k < max - 1; i++) {
		if (rl_word(c->arg[i]) < 0)
			continue;
		*strchr(c->arg[i], '=') = '\0';
		argv[k++] = c->arg[i];
	}
	argv[k] = NULL;
}

/*
 * the helper, after its "ok": rlimits=R:S:H,... (getrlimit) in one
 * write, in the resources' order
 */
static void rl_report(int fd, char **names, int n)
{
	struct buf b = { 0 };
	const char *sep = "";

	buf_str(&b, "rlimits=");
	for (int r = 0; r < RL_N; r++) {
		struct rlimit l = { 0, 0 };
		char v[2][24];
		int named = 0;

		for (int i = 0; i < n; i++)
			if (!strcmp(names[i], rl_names[r]))
				named = 1;
		if (!named)
			continue;
		getrlimit(r, &l);
		for (int j = 0; j < 2; j++) {
			rlim_t x = j ? l.rlim_max : l.rlim_cur;

			if (x == RLIM_INFINITY)
				snprintf(v[j], sizeof(v[j]), "infinity");
			else
				snprintf(v[j], sizeof(v[j]), "%llu",
					 (unsigned long long)x);
		}
		buf_fmt(&b, "%s%s:%s:%s", sep, rl_names[r], v[0], v[1]);
		sep = ",";
	}
	write_all(fd, b.p, b.len);
}

/* the runner: what the helper wrote after "ok", "" for none */
static void rl_read(int fd, char *out, size_t len)
{
	ssize_t n = read(fd, out, len - 1);

	out[n > 0 ? n : 0] = '\0';
}

/* ---- signals and ptrace --------------------------------------------------- */

static const char *const signames[] = {
	"exists", "hup", "int", "quit", "ill", "trap", "abrt", "bus", "fpe",
	"kill", "usr1", "segv", "usr2", "pipe", "alrm", "term", "stkflt",
	"chld", "cont", "stop", "stp", "ttin", "ttou", "urg", "xcpu", "xfsz",
	"vtalrm", "prof", "winch", "io", "pwr", "sys",
};

/* a signal name (apparmor.d's), rtmin+N or a number; -1 when unknown */
static int parse_sig(const char *s)
{
	char *e;
	long n;

	if (!strncmp(s, "rtmin+", 6))
		return 32 + atoi(s + 6);
	for (size_t i = 0; i < sizeof(signames) / sizeof(signames[0]); i++)
		if (!strcmp(s, signames[i]))
			return (int)i;
	n = strtol(s, &e, 10);
	return *e ? -1 : (int)n;
}

/* every signal blocked (SIGKILL and SIGSTOP cannot be), 32 and 33 too */
static void block_all(void)
{
	unsigned long all = ~0UL;

	syscall(SYS_rt_sigprocmask, SIG_SETMASK, &all, NULL, sizeof(all));
}

/*
 * The peer task of kill and ptrace cases: forked by the runner, enters
 * LABEL, reports on rdy ("ok", or the errno), and waits for EOF on rel.
 * Returns its pid, or -errno when it could not enter the label.
 */
static int write_attr(const char *which, const char *verb, const char *label);

static pid_t start_helper(const char *label, int *relw)
{
	int rel[2], rdy[2], e = 0;
	pid_t pid;
	ssize_t n;

	if (pipe2(rel, O_CLOEXEC) < 0 || pipe2(rdy, O_CLOEXEC) < 0)
		die("pipe: %s", strerror(errno));
	pid = fork();
	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (pid == 0) {
		char ch;

		close(rel[1]);
		close(rdy[0]);
		block_all();
		if (strcmp(label, "unconfined"))
			e = write_attr("current", "changeprofile", label);
		write_all(rdy[1], (char *)&e, sizeof(e));
		close(rdy[1]);
		while (read(rel[0], &ch, 1) != 0)
			;
		_exit(0);
	}
	close(rel[0]);
	close(rdy[1]);
	n = read(rdy[0], &e, sizeof(e));
	close(rdy[0]);
	*relw = rel[1];
	if (n != sizeof(e))
		e = EIO;
	return e ? -e : pid;
}

/* the helper's state letter from /proc/PID/stat, '?' */
static char task_state(pid_t pid)
{
	char path[64], *s, *p, st = '?';

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	s = read_file(path, NULL);
	if (s && (p = strrchr(s, ')')) && p[1] == ' ')
		st = p[2];
	free(s);
	return st;
}

/*
 * Let the helper go: EOF on its pipe. A helper that a case stopped
 * (SIGSTOP, a ptrace stop) is sent SIGCONT and SIGKILL; one that still
 * does not go is left behind. Audit records that
 * this makes are collected and dropped by the caller, so that the next
 * case starts clean.
 */
static void stop_helper(pid_t pid, int relw)
{
	int status;

	close(relw);
	for (int i = 0; i < 400; i++) {
		pid_t w = waitpid(pid, &status, WNOHANG);

		if (w == pid || (w < 0 && errno == ECHILD))
			return;
		if (i == 20 || i == 200) {
			char st = task_state(pid);

			if (st == 'T' || st == 't') {
				kill(pid, SIGCONT);
				kill(pid, SIGKILL);
			}
		}
		usleep(2000);
	}
	fprintf(stderr, "probe: helper %d left behind\n", (int)pid);
}

/* kill PEERLABEL SIG: kill(2) the helper */
static int kill_do(struct kase *c)
{
	int sig;

	if (c->narg < 2)
		return EINVAL;
	sig = parse_sig(c->arg[1]);
	if (sig < 0)
		return EINVAL;
	return kill(c->helper, sig) < 0 ? errno : 0;
}

/*
 * ptrace MODE PEERLABEL against the helper:
 *   read    open /proc/PID/environ (PTRACE_MODE_READ_FSCREDS; the file
 *           open is checked first: the profile must allow reading
 *           /proc/PID/environ)
 *   kcmp    kcmp(self, PID, KCMP_VM) (PTRACE_MODE_READ_REALCREDS, no file)
 *   mem     open /proc/PID/mem for reading (PTRACE_MODE_ATTACH_FSCREDS)
 *   attach  PTRACE_ATTACH, then wait for the stop and detach
 *   seize   PTRACE_SEIZE, then detach on exit
 */
static int ptrace_do(struct kase *c)
{
	const char *mode;
	char path[64];
	pid_t pid = c->helper;
	int fd, status;

	if (c->narg < 2)
		return EINVAL;
	mode = c->arg[0];
	if (!strcmp(mode, "read") || !strcmp(mode, "mem")) {
		snprintf(path, sizeof(path), "/proc/%d/%s", (int)pid,
			 mode[0] == 'r' ? "environ" : "mem");
		fd = open(path, O_RDONLY);
		return fd < 0 ? errno : 0;
	}
	if (!strcmp(mode, "kcmp")) {
		long r = syscall(SYS_kcmp, getpid(), pid, KCMP_VM, 0, 0);

		return r < 0 ? errno : 0;
	}
	if (!strcmp(mode, "attach")) {
		if (ptrace(PTRACE_ATTACH, pid, NULL, NULL) < 0)
			return errno;
		if (waitpid(pid, &status, __WALL) == pid)
			ptrace(PTRACE_DETACH, pid, NULL, NULL);
		return 0;
	}
	if (!strcmp(mode, "seize")) {
		if (ptrace(PTRACE_SEIZE, pid, NULL, NULL) < 0)
			return errno;
		return 0;
	}
	return EINVAL;
}

static const char *peer_label(struct kase *c)
{
	if (!strcmp(c->op, "kill") && c->narg > 0)
		return c->arg[0];
	if (!strcmp(c->op, "ptrace") && c->narg > 1)
		return c->arg[1];
	if (!strcmp(c->op, "prlimit") && c->narg > 0)
		return c->arg[0];
	/* a stack exists for the kernel's query only while a task has it */
	if (!strcmp(c->op, "query") && strcmp(c->label, "unconfined"))
		return c->label;
	return NULL;
}

/*
 * query CLASS FIELD...: the bytes libapparmor's aa_query_label() writes
 * to .access ("label", NUL, the label, NUL, the class byte, the fields
 * NUL-separated; `-` is an empty field), asked by the runner itself
 * (unconfined, fsuid 0). The verdict is the kernel's four masks, or
 * "ERROR E..." when the write is refused with that errno. cmd=CMD writes
 * another command ("profile", "labelall"), qlabel=TEXT another label than
 * the one a task is kept in (a stack no task holds, "name (enforce)").
 */
static void run_query(struct kase *c, char *verdict, size_t len)
{
	char q[4096], reply[256];
	unsigned allow, deny, audit, quiet;
	size_t n = 0, l;
	ssize_t r;
	int fd, i;

	if (c->narg < 1) {
		snprintf(verdict, len, "ERROR EINVAL");
		return;
	}
	l = strlen(c->qcmd ? c->qcmd : "label");
	if (l + 1 > 64)
		goto toolong;
	memcpy(q, c->qcmd ? c->qcmd : "label", l + 1);
	n = l + 1;
	l = strlen(c->qlabel ? c->qlabel : c->label);
	if (l + 2 > sizeof(q) - n)
		goto toolong;
	memcpy(q + n, c->qlabel ? c->qlabel : c->label, l + 1);
	n += l + 1;
	q[n++] = (char)(!strcmp(c->arg[0], "dbus") ? 32 :
			!strcmp(c->arg[0], "file") ? 2 : atoi(c->arg[0]));
	for (i = 1; i < c->narg; i++) {
		const char *f = strcmp(c->arg[i], "-") ? c->arg[i] : "";

		l = strlen(f);
		if (l + 1 > sizeof(q) - n)
			goto toolong;
		if (i > 1)
			q[n++] = 0;
		memcpy(q + n, f, l);
		n += l;
	}
	fd = open("/sys/kernel/security/apparmor/.access", O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		snprintf(verdict, len, "ERROR open-%s", errname(errno));
		return;
	}
	r = write(fd, q, n);
	if (r != (ssize_t)n) {
		snprintf(verdict, len, "ERROR %s", r < 0 ? errname(errno) : "short");
		close(fd);
		return;
	}
	r = read(fd, reply, sizeof(reply) - 1);
	close(fd);
	if (r <= 0) {
		snprintf(verdict, len, "ERROR read");
		return;
	}
	reply[r] = 0;
	if (sscanf(reply, "allow 0x%x\ndeny 0x%x\naudit 0x%x\nquiet 0x%x",
		   &allow, &deny, &audit, &quiet) != 4) {
		snprintf(verdict, len, "ERROR reply");
		return;
	}
	snprintf(verdict, len, "allow 0x%08x deny 0x%08x audit 0x%08x quiet 0x%08x",
		 allow, deny, audit, quiet);
	return;
toolong:
	snprintf(verdict, len, "ERROR E2BIG");
}

/* ---- open files ------------------------------------------------------------ */
/*
 * A descriptor kept across an exec, used after a label change, or
 * received with SCM_RIGHTS:
 *   fdperm OPENER OBJ FLAGS read|write  OBJ opened (or made) in OPENER before
 *                                        the label, then read or written
 *   fdrecv OPENER OBJ FLAGS              OBJ opened in OPENER and sent over the
 *                                        child's own socketpair before the
 *                                        label, then received in it
 *   inherit EXEC OBJ FLAGS               OBJ opened in the label at fd 6, then
 *                                        EXEC (a copy of /probe): the helper
 *                                        says whether fd 6 still names it
 *                                        (ALLOWED), names AppArmor's null
 *                                        device (DENIED EACCES) or is closed
 *                                        (DENIED EBADF)
 * OBJ is a path or sock:FAMILY:TYPE (unix: one end of a socketpair whose
 * other end has written one byte). OPENER is entered with one write of
 * changeprofile (unconfined stays), so it must allow the change to the
 * case's label and writing its attr file.
 */
#define OFILE_FD 6

static int ofile_open(const char *obj, const char *flags, int *peer)
{
	int type, proto, sv[2], fd;

	*peer = -1;
	if (strncmp(obj, "sock:", 5))
		return open(obj, open_flags(flags), 0666);
	{
		char fam[32], *t;

		snprintf(fam, sizeof(fam), "%s", obj + 5);
		t = strchr(fam, ':');
		if (!t)
			return -1;
		*t++ = 0;
		parse_type(t, &type, &proto);
		if (lookup(fam, 0) != AF_UNIX)
			return socket(lookup(fam, 0), type, proto);
		if (socketpair(AF_UNIX, type, 0, sv) < 0)
			return -1;
	}
	if (write(sv[1], "x", 1) != 1)
		return -1;
	*peer = sv[1];
	fd = sv[0];
	return fd;
}

/* before the label: enter OPENER, open the object (fdrecv: send it) */
static int ofile_prepare(struct kase *c)
{
	int peer, sv[2], e;
	char cbuf[CMSG_SPACE(sizeof(int))];
	struct msghdr mh = { 0 };
	struct iovec iov = { "f", 1 };
	struct cmsghdr *cm;

	if (strcmp(c->op, "fdperm") && strcmp(c->op, "fdrecv"))
		return 0;
	if (c->narg < 3)
		return EINVAL;
	if (!strcmp(c->op, "fdrecv") &&
	    socketpair(AF_UNIX, SOCK_DGRAM, 0, sv) < 0)
		return errno;
	if (strcmp(c->arg[0], "unconfined") &&
	    (e = write_attr("current", "changeprofile", c->arg[0])))
		return e;
	c->fd = ofile_open(c->arg[1], c->arg[2], &peer);
	if (c->fd < 0)
		return errno;
	if (!strcmp(c->op, "fdperm"))
		return 0;
	memset(cbuf, 0, sizeof(cbuf));
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	mh.msg_control = cbuf;
	mh.msg_controllen = sizeof(cbuf);
	cm = CMSG_FIRSTHDR(&mh);
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	cm->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(cm), &c->fd, sizeof(int));
	if (sendmsg(sv[0], &mh, 0) < 0)
		return errno;
	close(c->fd);
	c->fd = -1;
	c->sock = sv[1];
	return 0;
}

/* in the label: use the descriptor, or receive it (lost: EACCES) */
static int ofile_do(struct kase *c)
{
	char cbuf[CMSG_SPACE(sizeof(int))], b[8];
	struct msghdr mh = { 0 };
	struct iovec iov = { b, sizeof(b) };
	struct cmsghdr *cm;

	if (!strcmp(c->op, "fdperm")) {
		if (c->narg < 4)
			return EINVAL;
		if (!strcmp(c->arg[3], "read"))
			return read(c->fd, b, 1) < 0 ? errno : 0;
		return write(c->fd, "x", 1) < 0 ? errno : 0;
	}
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	mh.msg_control = cbuf;
	mh.msg_controllen = sizeof(cbuf);
	if (recvmsg(c->sock, &mh, MSG_DONTWAIT) < 0)
		return errno;
	cm = CMSG_FIRSTHDR(&mh);
	if (cm && cm->cmsg_type == SCM_RIGHTS)
		return 0;
	return (mh.msg_flags & MSG_CTRUNC) ? EACCES : EIO;
}

/* inherit, in the label just before the exec: the object at fd 6 */
static int ofile_inherit_open(struct kase *c)
{
	int peer, fd;

	if (c->narg < 3)
		return EINVAL;
	fd = ofile_open(c->arg[1], c->arg[2], &peer);
	if (fd < 0)
		return errno;
	/* only fd 6 is to be inherited (the kernel checks every descriptor) */
	if (peer >= 0)
		close(peer);
	if (fd != OFILE_FD && (dup2(fd, OFILE_FD) < 0 || close(fd) < 0))
		return errno;
	return 0;
}

/* the exec'd helper: "ok" (fd 6 absent or the file), "nl" (the null
 * device AppArmor put in its place), "cl" (closed by the kernel) */
static const char *ofile_state(int inherited)
{
	char path[64], link[256];
	ssize_t n;

	if (!inherited)
		return "ok";
	snprintf(path, sizeof(path), "/proc/self/fd/%d", OFILE_FD);
	n = readlink(path, link, sizeof(link) - 1);
	if (n < 0)
		return "cl";
	link[n] = 0;
	return strstr(link, "apparmor/.null") ? "nl" : "ok";
}

/* ---- domain changes ------------------------------------------------------ */

/*
 * changeprofile T / stack T: write "changeprofile T" or "stack T" to
 * attr/current as the confined task (the runner then reads its label);
 * onexec-set T / onexec-stack T: write "exec T" or "stack T" to attr/exec;
 * onexec-exec T PATH: "exec T" to attr/exec (a failure is an entry
 * error: the case asks the exec), then execve(PATH).
 */
static int domain_op(const char *op)
{
	return !strcmp(op, "changeprofile") || !strcmp(op, "stack") ||
	       !strcmp(op, "onexec-set") || !strcmp(op, "onexec-stack");
}

/* ops after which the runner reads the task's label */
static int domain_relabels(const char *op)
{
	return !strcmp(op, "changeprofile") || !strcmp(op, "stack");
}

static int domain_do(struct kase *c)
{
	const char *op = c->op;

	if (c->narg < 1)
		return EINVAL;
	if (!strcmp(op, "changeprofile") || !strcmp(op, "stack"))
		return write_attr("current", op, c->arg[0]);
	if (!strcmp(op, "onexec-set"))
		return write_attr("exec", "exec", c->arg[0]);
	return write_attr("exec", "stack", c->arg[0]);
}

static int domain_nnp(struct kase *c)
{
	if (!c->nnp)
		return 0;
	return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 ? errno : 0;
}

/* the exec of an exec case: its path, after an onexec write if asked */
static const char *exec_path(struct kase *c)
{
	if (!strcmp(c->op, "onexec-exec"))
		return c->narg > 1 ? c->arg[1] : NULL;
	return c->narg > 0 ? c->arg[0] : NULL;
}

static int exec_prepare(struct kase *c)
{
	if (strcmp(c->op, "onexec-exec"))
		return 0;
	if (c->narg < 2)
		return EINVAL;
	return write_attr("exec", "exec", c->arg[0]);
}

#define NEED(k) do { if (c->narg < (k)) return EINVAL; } while (0)

/* performs the operation; returns 0 or an errno (child side) */
/* ---- change_hat ---------------------------------------------------------- */

/*
 * changehat STEP...: each STEP is written to attr/current as
 * "changehat STEP" (TOKEN^HAT, TOKEN^H1,H2 for several names, which go
 * NUL-separated as libapparmor writes them, or TOKEN^ to return), or as
 * "permhat STEP" when written `permhat:STEP` (the test: no change, so
 * no label is reported after it), or is `nnp`
 * (prctl(PR_SET_NO_NEW_PRIVS)). The attr file is opened before the
 * label (a file opened unconfined is never revalidated, so the profiles
 * need no rule for it), and read back after the last step: the label
 * the task is then in, reported as an exec's.
 */
static int hat_wfd = -1, hat_rfd = -1;
static char hat_label[256];

static int hat_prepare(struct kase *c)
{
	(void)c;
	hat_wfd = open_attr("self", "current", O_WRONLY);
	hat_rfd = open_attr("self", "current", O_RDONLY);
	return hat_wfd < 0 || hat_rfd < 0 ? errno : 0;
}

static int hat_step(const char *step)
{
	char cmd[512];
	int len, i;

	if (!strcmp(step, "nnp"))
		return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 ? errno : 0;
	if (!strncmp(step, "permhat:", 8))
		len = snprintf(cmd, sizeof(cmd), "permhat %s", step + 8);
	else
		len = snprintf(cmd, sizeof(cmd), "changehat %s", step);
	if (len <= 0 || len >= (int)sizeof(cmd))
		return EINVAL;
	for (i = 0; i < len; i++)
		if (cmd[i] == ',')
			cmd[i] = '\0';
	return write(hat_wfd, cmd, len) == len ? 0 : errno;
}

static int changehat_do(struct kase *c)
{
	ssize_t n;
	int e = 0;

	if (c->narg < 1)
		return EINVAL;
	for (int i = 0; i < c->narg && !e; i++)
		e = hat_step(c->arg[i]);
	n = pread(hat_rfd, hat_label, sizeof(hat_label) - 1, 0);
	hat_label[n > 0 ? n : 0] = 0;
	chomp(hat_label);
	if (!strncmp(c->arg[c->narg - 1], "permhat:", 8))
		snprintf(hat_label, sizeof(hat_label), "-");
	return e;
}

/* after the report: the label read back (the runner reads it next) */
static void hat_report(struct kase *c)
{
	if (!strcmp(c->op, "changehat"))
		write_all(5, hat_label, sizeof(hat_label));
}

/* A failed change_hat answers with its own errno: all are refusals. */
static int hat_denial(struct kase *c, int e)
{
	/* aa_change_profile()'s "label not found" is a logged refusal too */
	if (e == ENOENT && (!strcmp(c->op, "changeprofile") ||
			    !strcmp(c->op, "stack") ||
			    !strcmp(c->op, "onexec-set") ||
			    !strcmp(c->op, "onexec-stack")))
		return 1;
	/* aa_new_mount()'s get_fs_type() of an unknown type, before the
	 * rules (an unconfined case says ok=ENODEV: do_new_mount()'s) */
	if (e == ENODEV && !strcmp(c->op, "mount"))
		return 1;
	return !strcmp(c->op, "changehat") && e;
}

/*
 * setup xattr PATH NAME VALUE: setxattr() as root, unconfined (VALUE `-`
 * is the empty value). The guest's root is tmpfs: security.* xattrs on
 * both kernels, user.* only from 6.6 on.
 */
static int xattr_setup(char **w)
{
	const char *v = strcmp(w[3], "-") ? w[3] : "";

	return setxattr(w[1], w[2], v, strlen(v), 0);
}

/* ---- mounts ------------------------------------------------------------ */
/*
 * mount SRC TARGET FSTYPE FLAGS DATA  (SRC, FSTYPE, FLAGS, DATA "-":
 *                                      NULL; SRC "none" is the string,
 *                                      as mount(8) passes it; FLAGS
 *                                      names, comma separated)
 * umount TARGET; pivot_root NEW PUT_OLD; move_mount SRC TARGET (SRC
 * cloned detached with open_tree() before the label).
 * Before the label, unconfined, the child moves to a mount namespace of
 * its own (private, so nothing reaches the runner's) and makes what the
 * call needs: a tmpfs at the mount a remount, a propagation change or an
 * umount acts on, at a move's source, at pivot_root's new root (and
 * PUT_OLD in it).
 */
static const struct {
	const char *name;
	unsigned long flag;
} mnt_flag_names[] = {
	{ "ro", MS_RDONLY },	   { "rw", 0 },
	{ "nosuid", MS_NOSUID },   { "nodev", MS_NODEV },
	{ "noexec", MS_NOEXEC },   { "sync", MS_SYNCHRONOUS },
	{ "remount", MS_REMOUNT }, { "mand", MS_MANDLOCK },
	{ "dirsync", MS_DIRSYNC }, { "noatime", MS_NOATIME },
	{ "nodiratime", MS_NODIRATIME }, { "bind", MS_BIND },
	{ "move", MS_MOVE },	   { "rec", MS_REC },
	{ "silent", MS_SILENT },   { "unbindable", MS_UNBINDABLE },
	{ "private", MS_PRIVATE }, { "slave", MS_SLAVE },
	{ "shared", MS_SHARED },   { "relatime", MS_RELATIME },
	{ "strictatime", MS_STRICTATIME },
};

static int mnt_flags(const char *s, unsigned long *flags)
{
	char tmp[256], *w, *save = NULL;
	size_t i;

	*flags = 0;
	if (!strcmp(s, "-"))
		return 0;
	snprintf(tmp, sizeof(tmp), "%s", s);
	for (w = strtok_r(tmp, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
		for (i = 0; i < sizeof(mnt_flag_names) / sizeof(mnt_flag_names[0]); i++)
			if (!strcmp(w, mnt_flag_names[i].name))
				break;
		if (i == sizeof(mnt_flag_names) / sizeof(mnt_flag_names[0]))
			return EINVAL;
		*flags |= mnt_flag_names[i].flag;
	}
	return 0;
}

static const char *dash(const char *s)
{
	return strcmp(s, "-") ? s : NULL;
}

static int tmpfs_at(const char *path)
{
	mkdir_p(path, 0755);
	return mount("aamed", path, "tmpfs", 0, NULL) < 0 ? errno : 0;
}

static int mount_prepare(struct kase *c)
{
	unsigned long flags = 0;
	int e;

	if (unshare(CLONE_NEWNS) < 0)
		return errno;
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
		return errno;
	if (!strcmp(c->op, "mount")) {
		if (c->narg != 5 || mnt_flags(c->arg[3], &flags))
			return EINVAL;
		if (flags & MS_REMOUNT || (!(flags & MS_BIND) &&
		    (flags & (MS_SHARED | MS_PRIVATE | MS_SLAVE | MS_UNBINDABLE))))
			return tmpfs_at(c->arg[1]);
		if (!(flags & MS_BIND) && (flags & MS_MOVE))
			return tmpfs_at(c->arg[0]);
		return 0;
	}
	if (!strcmp(c->op, "umount"))
		return c->narg == 1 ? tmpfs_at(c->arg[0]) : EINVAL;
	if (!strcmp(c->op, "pivot_root")) {
		if (c->narg != 2)
			return EINVAL;
		e = tmpfs_at(c->arg[0]);
		if (!e && mkdir_p(c->arg[1], 0755) < 0)
			e = errno;
		return e;
	}
	if (c->narg != 2)
		return EINVAL;
	c->fd = (int)syscall(SYS_open_tree, AT_FDCWD, c->arg[0],
			     1 /* OPEN_TREE_CLONE */ | O_CLOEXEC);
	return c->fd < 0 ? errno : 0;
}

static int mount_do(struct kase *c)
{
	unsigned long flags;

	if (!strcmp(c->op, "umount"))
		return umount2(c->arg[0], 0) < 0 ? errno : 0;
	if (!strcmp(c->op, "pivot_root"))
		return syscall(SYS_pivot_root, c->arg[0], c->arg[1]) < 0 ? errno : 0;
	if (!strcmp(c->op, "move_mount"))
		return syscall(SYS_move_mount, c->fd, "", AT_FDCWD, c->arg[1],
			       0x4 /* MOVE_MOUNT_F_EMPTY_PATH */) < 0 ? errno : 0;
	if (mnt_flags(c->arg[3], &flags))
		return EINVAL;
	return mount(dash(c->arg[0]), c->arg[1], dash(c->arg[2]), flags,
		     dash(c->arg[4])) < 0 ? errno : 0;
}

static int is_mount_op(const char *op)
{
	return !strcmp(op, "mount") || !strcmp(op, "umount") ||
	       !strcmp(op, "pivot_root") || !strcmp(op, "move_mount");
}

static int do_op(struct kase *c)
{
	const char *op = c->op;
	char **a = c->arg;
	int fd;

	if (!strcmp(op, "open")) {
		NEED(2);
		fd = open(a[0], open_flags(a[1]), 0666);
		return fd < 0 ? errno : 0;
	}
	if (!strcmp(op, "mkdir")) {
		NEED(1);
		return mkdir(a[0], 0777) < 0 ? errno : 0;
	}
	if (!strcmp(op, "rmdir")) {
		NEED(1);
		return rmdir(a[0]) < 0 ? errno : 0;
	}
	if (!strcmp(op, "unlink")) {
		NEED(1);
		return unlink(a[0]) < 0 ? errno : 0;
	}
	if (!strcmp(op, "mknod")) {
		NEED(1);
		return mknod(a[0], S_IFREG | 0666, 0) < 0 ? errno : 0;
	}
	if (!strcmp(op, "link")) {
		NEED(2);
		return link(a[0], a[1]) < 0 ? errno : 0;
	}
	if (!strcmp(op, "symlink")) {
		NEED(2);
		return symlink(a[0], a[1]) < 0 ? errno : 0;
	}
	if (!strcmp(op, "rename")) {
		NEED(2);
		return rename(a[0], a[1]) < 0 ? errno : 0;
	}
	if (!strcmp(op, "chmod")) {
		NEED(2);
		return chmod(a[0], strtoul(a[1], NULL, 8)) < 0 ? errno : 0;
	}
	if (!strcmp(op, "chown")) {
		uid_t u;
		gid_t g;

		NEED(2);
		parse_owner(a[1], &u, &g);
		return chown(a[0], u, g) < 0 ? errno : 0;
	}
	if (!strcmp(op, "truncate")) {
		NEED(1);
		return truncate(a[0], 0) < 0 ? errno : 0;
	}
	if (!strcmp(op, "access")) {
		/* access(2) asks the DAC check (and the capabilities that
		 * override it) and no AppArmor hook: with a root-owned 0444
		 * file and `w`, generic_permission()'s one question is
		 * CAP_DAC_OVERRIDE (DAC_READ_SEARCH is asked for reads only) */
		NEED(2);
		return access(a[0], (strchr(a[1], 'r') ? R_OK : 0) |
					    (strchr(a[1], 'w') ? W_OK : 0) |
					    (strchr(a[1], 'x') ? X_OK : 0)) < 0 ?
			       errno : 0;
	}
	if (!strcmp(op, "stat")) {
		struct stat st;

		NEED(1);
		return stat(a[0], &st) < 0 ? errno : 0;
	}
	if (!strcmp(op, "flock")) {
		/* flock PATH OPENMODE [sh] */
		NEED(2);
		fd = c->fd >= 0 ? c->fd : open(a[0], open_flags(a[1]));
		if (fd < 0)
			return errno;
		if (flock(fd, (c->narg > 2 && !strcmp(a[2], "sh") ?
			       LOCK_SH : LOCK_EX) | LOCK_NB) < 0)
			return errno;
		return 0;
	}
	if (!strcmp(op, "mmap")) {
		void *p;
		int prot = PROT_READ | PROT_EXEC;

		/* mmap PATH [x]: x maps PROT_EXEC only */
		NEED(1);
		if (c->narg > 1 && !strcmp(a[1], "x"))
			prot = PROT_EXEC;
		fd = c->fd >= 0 ? c->fd : open(a[0], O_RDONLY);
		if (fd < 0)
			return errno;
		p = mmap(NULL, 4096, prot, MAP_PRIVATE, fd, 0);
		return p == MAP_FAILED ? errno : 0;
	}
	if (!strcmp(op, "socket")) {
		int type, proto;

		/* socket FAMILY TYPE [PROTO] */
		NEED(2);
		parse_type(a[1], &type, &proto);
		if (c->narg > 2)
			proto = (int)strtol(a[2], NULL, 0);
		fd = socket(lookup(a[0], 0), type, proto);
		return fd < 0 ? errno : 0;
	}
	if (!strcmp(op, "unshare-userns"))
		return unshare(CLONE_NEWUSER) < 0 ? errno : 0;
	if (!strcmp(op, "uring-sqpoll"))
		return uring_sqpoll_do();
	if (!strcmp(op, "uring-override"))
		return uring_override_do(c);
	if (domain_op(op))
		return domain_do(c);
	if (!strcmp(op, "sockop"))
		return sockop_do(c);
	if (!strcmp(op, "kill"))
		return kill_do(c);
	if (!strcmp(op, "ptrace"))
		return ptrace_do(c);
	if (!strcmp(op, "fdperm") || !strcmp(op, "fdrecv"))
		return ofile_do(c);
	if (!strcmp(op, "setrlimit") || !strcmp(op, "prlimit"))
		return rl_do(c, !strcmp(op, "prlimit"));
	if (!strcmp(op, "changehat"))
		return changehat_do(c);
	if (is_mount_op(op))
		return mount_do(c);
	return ENOSYS;
}

static int write_attr(const char *which, const char *verb, const char *label)
{
	char cmd[512];
	int fd, len;

	len = snprintf(cmd, sizeof(cmd), "%s %s", verb, label);
	fd = open_attr("self", which, O_WRONLY);
	if (fd < 0)
		return errno;
	if (write(fd, cmd, len) != len) {
		int e = errno;
		close(fd);
		return e ? e : EIO;
	}
	close(fd);
	return 0;
}

static int enter_label(struct kase *c)
{
	char first[512], *p, *q;
	int e;

	if (!strcmp(c->label, "unconfined"))
		return 0;
	if (c->onexec)
		return write_attr("exec", "exec", c->label);
	if (!c->stepwise || !strstr(c->label, "//&"))
		return write_attr("current", "changeprofile", c->label);
	/* changeprofile a, then stack b (and c ...), as a confined task */
	snprintf(first, sizeof(first), "%s", c->label);
	p = strstr(first, "//&");
	*p = 0;
	e = write_attr("current", "changeprofile", first);
	for (p += 3; !e && p; p = q) {
		q = strstr(p, "//&");
		if (q) {
			*q = 0;
			q += 3;
		}
		e = write_attr("current", "stack", p);
	}
	return e;
}

/* the child's report on the status pipe */
struct report {
	char stage;		/* 'E' entering the label, 'R' the operation */
	int err;
};

static void keep_fds(int *keep, int n)
{
	for (int fd = 0; fd < 1024; fd++) {
		int k = 0;

		for (int i = 0; i < n; i++)
			if (keep[i] == fd)
				k = 1;
		if (!k)
			close(fd);
	}
}

static int is_ok(struct kase *c, int e);

/*
 * traced=LABEL: the child, in its label, says so on TR_RDY and waits on
 * TR_GO; meanwhile a tracer task enters LABEL and PTRACE_SEIZEs it (so
 * the tracer is the child's ptrace_parent() when it acts: the seize
 * itself must be allowed, trace from LABEL and tracedby from the
 * child's label), then reaps the child's events until it exits (a
 * traced task's exit reaches its real parent only once the tracer has
 * seen it). The tracer's errno comes back on its pipe.
 */
#define TR_RDY 8
#define TR_GO 9

static void traced_wait(struct kase *c)
{
	char ch = 'r';

	if (!c->tracer)
		return;
	write_all(TR_RDY, &ch, 1);
	close(TR_RDY);
	if (read(TR_GO, &ch, 1) != 1)
		_exit(1);
	close(TR_GO);
}

static pid_t start_tracer(const char *label, pid_t child, int *err)
{
	int rdy[2], e = 0, status;
	pid_t pid;

	if (pipe2(rdy, O_CLOEXEC) < 0)
		die("pipe: %s", strerror(errno));
	pid = fork();
	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (pid == 0) {
		int keep[4] = { 0, 1, 2, rdy[1] };

		/* the case's pipes too: a release pipe must reach EOF */
		keep_fds(keep, 4);
		if (strcmp(label, "unconfined"))
			e = write_attr("current", "changeprofile", label);
		if (!e && ptrace(PTRACE_SEIZE, child, NULL, NULL) < 0)
			e = errno;
		write_all(rdy[1], (char *)&e, sizeof(e));
		close(rdy[1]);
		if (e)
			_exit(1);
		/* pass on any signal stop; end when the child has */
		while (waitpid(child, &status, __WALL) == child) {
			if (WIFEXITED(status) || WIFSIGNALED(status))
				break;
			if (WIFSTOPPED(status))
				ptrace(PTRACE_CONT, child, NULL,
				       (void *)(long)(WSTOPSIG(status) == SIGTRAP
							      ? 0
							      : WSTOPSIG(status)));
		}
		_exit(0);
	}
	close(rdy[1]);
	if (read(rdy[0], &e, sizeof(e)) != sizeof(e))
		e = EIO;
	close(rdy[0]);
	*err = e;
	return pid;
}

static void run_case(struct kase *c, struct buf *out)
{
	int st[2], rel[2] = { -1, -1 }, rdy[2] = { -1, -1 };
	int trr[2] = { -1, -1 }, trg[2] = { -1, -1 }, trerr = 0;
	pid_t tracer = 0;
	int is_exec = !strcmp(c->op, "exec") || !strcmp(c->op, "inherit") ||
		      !strcmp(c->op, "onexec-exec");
	int relabel = domain_relabels(c->op);
	int waits = is_exec || relabel;	/* the child waits on fd 3 */
	char verdict[128] = "", xlabel[256] = "-", secure[24] = "";
	char rlrep[1024] = "";
	struct report rep;
	ssize_t n;
	pid_t pid;
	int status;

	const char *peer = peer_label(c);
	int relw = -1;

	if (peer) {
		pid = start_helper(peer, &relw);
		if (pid < 0) {
			buf_fmt(out, "%s\t%s\t%s\tERROR helper-%s\t-", c->id,
				c->label, c->query ? c->query : "-",
				errname(-pid));
			collect(out);
			buf_str(out, "\n");
			return;
		}
		c->helper = pid;
	}
	if (!strcmp(c->op, "query")) {
		run_query(c, verdict, sizeof(verdict));
		goto report;
	}
	if (pipe2(st, O_CLOEXEC) < 0)
		die("pipe: %s", strerror(errno));
	if (waits && (pipe(rel) < 0 || pipe(rdy) < 0))
		die("pipe: %s", strerror(errno));
	if (c->tracer && (pipe(trr) < 0 || pipe(trg) < 0))
		die("pipe: %s", strerror(errno));
	pid = fork();
	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (pid == 0) {
		int keep[5] = { 5, 3, 4 }, nkeep;
		int hs = fcntl(st[1], F_DUPFD_CLOEXEC, 100);
		int hrel = waits ? fcntl(rel[0], F_DUPFD, 100) : -1;
		int hrdy = waits ? fcntl(rdy[1], F_DUPFD, 100) : -1;
		int htr = c->tracer ? fcntl(trr[1], F_DUPFD_CLOEXEC, 100) : -1;
		int htg = c->tracer ? fcntl(trg[0], F_DUPFD_CLOEXEC, 100) : -1;

		/* status pipe at 5 (cloexec), release at 3, ready at 4 */
		if (hs < 0 || dup3(hs, 5, O_CLOEXEC) < 0)
			_exit(127);
		if (waits && (dup2(hrel, 3) < 0 || dup2(hrdy, 4) < 0))
			_exit(127);
		/* traced=: in the label at TR_RDY, traced at TR_GO */
		if (c->tracer && (dup3(htr, TR_RDY, O_CLOEXEC) < 0 ||
				  dup3(htg, TR_GO, O_CLOEXEC) < 0))
			_exit(127);
		nkeep = waits ? 3 : 1;
		if (c->tracer) {
			keep[nkeep++] = TR_RDY;
			keep[nkeep++] = TR_GO;
		}
		keep_fds(keep, nkeep);
		if (is_exec) {
			/*
			 * 0, 1 and 2 open (the null device): a secure exec's
			 * static libc opens /dev/full for missing ones, which
			 * the new profile may refuse (then it dies, SIGSEGV)
			 */
			int nul = open("/dev/null", O_RDWR);

			for (int fd = 0; nul >= 0 && fd < 3; fd++)
				if (fd != nul)
					dup2(nul, fd);
			if (nul > 2)
				close(nul);
		}
		alarm(10);
		if (c->preopen && c->narg > 0 && strcmp(c->label, "unconfined")) {
			/*
			 * open in the opener profile (run.sh loads it with
			 * every policy), then change to the label: the open
			 * file is revalidated against it on use. (A file
			 * opened unconfined is never revalidated.)
			 */
			int e = write_attr("current", "changeprofile",
					   "aamed_oracle_opener");

			if (e) {
				rep.stage = 'E';
				rep.err = e;
				write_all(5, (char *)&rep, sizeof(rep));
				_exit(1);
			}
			c->fd = open(c->arg[0], !strcmp(c->op, "flock") &&
				     c->narg > 1 ? open_flags(c->arg[1]) : O_RDONLY);
			if (c->fd < 0) {
				rep.stage = 'E';
				rep.err = errno;
				write_all(5, (char *)&rep, sizeof(rep));
				_exit(1);
			}
		}
		if (!strcmp(c->op, "uring-override")) {
			/* the ring and the personality before the label */
			int e = uring_prepare(c);

			if (e) {
				rep.stage = 'E';
				rep.err = e;
				write_all(5, (char *)&rep, sizeof(rep));
				_exit(1);
			}
		}
		if (!strcmp(c->op, "fdperm") || !strcmp(c->op, "fdrecv")) {
			/* the descriptor, opened in its own label, before */
			int e = ofile_prepare(c);

			if (e) {
				rep.stage = 'E';
				rep.err = e;
				write_all(5, (char *)&rep, sizeof(rep));
				_exit(1);
			}
		}
		if (is_mount_op(c->op)) {
			/* a mount namespace and the mounts, before the label */
			int e = mount_prepare(c);

			if (e) {
				rep.stage = 'E';
				rep.err = e;
				write_all(5, (char *)&rep, sizeof(rep));
				_exit(1);
			}
		}
		if (!strcmp(c->op, "changehat") && hat_prepare(c)) {
			rep.stage = 'E';
			rep.err = errno;
			write_all(5, (char *)&rep, sizeof(rep));
			_exit(1);
		}
		if (!strcmp(c->op, "sockop")) {
			/* the socket (and its peer) before the label */
			int e = sockop_prepare(c);

			if (e) {
				rep.stage = 'E';
				rep.err = e;
				write_all(5, (char *)&rep, sizeof(rep));
				_exit(1);
			}
		}
		rep.err = rl_prepare(c);
		if (rep.err) {
			rep.stage = 'E';
			write_all(5, (char *)&rep, sizeof(rep));
			_exit(1);
		}
		if (c->fsuid >= 0) {
			setfsuid(c->fsuid);
			if (setfsuid(-1) != (int)c->fsuid) {
				rep.stage = 'E';
				rep.err = EPERM;
				write_all(5, (char *)&rep, sizeof(rep));
				_exit(1);
			}
		}
		rep.stage = 'E';
		rep.err = enter_label(c);
		if (rep.err) {
			write_all(5, (char *)&rep, sizeof(rep));
			_exit(1);
		}
		/* the onexec write, then no_new_privs: the exec meets both */
		rep.err = is_exec ? exec_prepare(c) : 0;
		if (!rep.err)
			rep.err = domain_nnp(c);
		if (rep.err) {
			write_all(5, (char *)&rep, sizeof(rep));
			_exit(1);
		}
		traced_wait(c);
		rep.stage = 'R';
		if (is_exec) {
			char *argv[MAXW] = { "helper", "helper", NULL };
			char *envp[] = { NULL };
			const char *path = exec_path(c);

			rl_argv(c, argv, MAXW);

			if (!path)
				rep.err = EINVAL;
			else if (!strcmp(c->op, "inherit") &&
				 (argv[2] = "inherit") &&
				 (rep.err = ofile_inherit_open(c)))
				errno = rep.err;
			else
				execve(path, argv, envp);
			rep.err = errno;
		} else {
			rep.err = do_op(c);
		}
		write_all(5, (char *)&rep, sizeof(rep));
		hat_report(c);
		if (relabel && !rep.err) {
			/* stay until the runner has read the new label */
			char ch;

			while (read(3, &ch, 1) > 0)
				;
		}
		_exit(0);
	}
	close(st[1]);
	if (waits) {
		close(rel[0]);
		close(rdy[1]);
	}
	if (c->tracer) {
		char ch;

		close(trr[1]);
		close(trg[0]);
		/* EOF: the child failed before its label (reported below) */
		if (read(trr[0], &ch, 1) == 1) {
			tracer = start_tracer(c->tracer, pid, &trerr);
			if (!trerr)
				write_all(trg[1], &ch, 1);
		}
		close(trr[0]);
		close(trg[1]);	/* a child whose tracer failed ends here */
	}
	n = read(st[0], &rep, sizeof(rep));
	if (n == (ssize_t)sizeof(rep) && rep.stage == 'R' && !rep.err &&
	    !strcmp(c->op, "changehat") &&
	    read(st[0], xlabel, sizeof(xlabel)) > 0)
		xlabel[sizeof(xlabel) - 1] = 0;	/* the label after the change */
	close(st[0]);
	if (n == (ssize_t)sizeof(rep)) {
		if (rep.stage == 'E')
			snprintf(verdict, sizeof(verdict), "ERROR enter-%s",
				 errname(rep.err));
		else if (rep.err == 0) {
			snprintf(verdict, sizeof(verdict), "ALLOWED");
			if (relabel)
				read_label(pid, xlabel, sizeof(xlabel));
		}
		else if (is_ok(c, rep.err))
			snprintf(verdict, sizeof(verdict), "ALLOWED (%s)",
				 errname(rep.err));
		else if (rep.err == EACCES || rep.err == EPERM ||
			 hat_denial(c, rep.err))
			snprintf(verdict, sizeof(verdict), "DENIED %s",
				 errname(rep.err));
		else
			snprintf(verdict, sizeof(verdict), "ERROR %s",
				 errname(rep.err));
	} else if (is_exec) {
		/* execve succeeded: the helper says "ok" unless it died */
		char ok[3];

		n = read(rdy[0], ok, sizeof(ok));
		if (n == 3 && ok[0] != 'o') {
			/* inherit: fd 6 was replaced (EACCES) or closed (EBADF) */
			snprintf(verdict, sizeof(verdict), "%s",
				 ok[0] == 'n' ? "DENIED EACCES" : "DENIED EBADF");
			read_label(pid, xlabel, sizeof(xlabel));
		} else if (n == 3) {
			snprintf(verdict, sizeof(verdict), "ALLOWED");
			snprintf(secure, sizeof(secure), "\tsecure-exec=%c",
				 ok[2]);
			read_label(pid, xlabel, sizeof(xlabel));
			if (rl_count(c))
				rl_read(rdy[0], rlrep, sizeof(rlrep));
		} else {
			siginfo_t si;

			memset(&si, 0, sizeof(si));
			waitid(P_PID, pid, &si, WEXITED | WNOWAIT);
			read_label(pid, xlabel, sizeof(xlabel));
			if (si.si_code == CLD_KILLED || si.si_code == CLD_DUMPED)
				snprintf(verdict, sizeof(verdict), "KILLED %s",
					 signame(si.si_status));
			else
				snprintf(verdict, sizeof(verdict),
					 "ERROR exit-%d", si.si_status);
		}
	} else {
		snprintf(verdict, sizeof(verdict), "ERROR no-report");
	}
	if (waits) {
		close(rel[1]);
		close(rdy[0]);
	}
	if (waitpid(pid, &status, 0) < 0)
		die("waitpid: %s", strerror(errno));
	if (WIFSIGNALED(status) && !is_exec &&
	    (!strncmp(verdict, "ALLOWED", 7) ||
	     !strcmp(verdict, "ERROR no-report")))
		snprintf(verdict, sizeof(verdict), "KILLED %s",
			 signame(WTERMSIG(status)));
	if (tracer > 0 && waitpid(tracer, &status, 0) < 0)
		die("waitpid: %s", strerror(errno));
	if (trerr)
		snprintf(verdict, sizeof(verdict), "ERROR tracer-%s",
			 errname(trerr));
report:
	buf_fmt(out, "%s\t%s\t%s\t%s\t%s%s", c->id, c->label,
		c->query ? c->query : "-", verdict, xlabel, secure);
	if (rlrep[0])
		buf_fmt(out, "\t%s", rlrep);
	collect(out);
	buf_str(out, "\n");
	if (peer) {
		struct buf scratch = { 0 };

		stop_helper(c->helper, relw);
		buf_add(&scratch, "", 0);
		if (collect(&scratch))
			fprintf(stderr, "probe: %s: the helper's end logged%s\n",
				c->id, scratch.p);
		free(scratch.p);
	}
}

static int is_ok(struct kase *c, int e)
{
	for (int i = 0; i < c->nok; i++)
		if (c->ok[i] == e)
			return 1;
	return 0;
}

/* ok=E1,E2,...: errnos by name */
static int parse_ok(struct kase *c, char *s)
{
	for (char *t = strtok(s, ","); t; t = strtok(NULL, ",")) {
		int e;

		for (e = 1; e < 200 && strcmp(errname(e), t); e++)
			;
		if (e == 200 || c->nok == 8)
			return -1;
		c->ok[c->nok++] = e;
	}
	return 0;
}

static int parse_case(char *line, struct kase *c, char **w)
{
	char *q = strstr(line, " :: ");
	int n, i;

	memset(c, 0, sizeof(*c));
	c->fsuid = -1;
	c->fd = -1;
	c->sock = -1;
	if (q) {
		*q = 0;
		q += 4;
		while (*q == ' ' || *q == '\t')
			q++;
		c->query = q;
	}
	n = split(line, w, MAXW);
	if (n < 4)
		return -1;
	c->id = w[1];
	c->label = w[2];
	for (i = 3; i < n && strchr(w[i], '='); i++) {
		if (!strncmp(w[i], "fsuid=", 6))
			c->fsuid = strtol(w[i] + 6, NULL, 10);
		else if (!strncmp(w[i], "ok=", 3)) {
			if (parse_ok(c, w[i] + 3) < 0)
				return -1;
		} else if (!strncmp(w[i], "cmd=", 4)) {
			c->qcmd = w[i] + 4;
		} else if (!strncmp(w[i], "qlabel=", 7)) {
			c->qlabel = w[i] + 7;
			unescape_blanks(c->qlabel);
		} else if (!strncmp(w[i], "traced=", 7)) {
			c->tracer = w[i] + 7;
		} else
			return -1;
	}
	for (; i < n; i++) {
		if (!strcmp(w[i], "onexec"))
			c->onexec = 1;
		else if (!strcmp(w[i], "stepwise"))
			c->stepwise = 1;
		else if (!strcmp(w[i], "preopen"))
			c->preopen = 1;
		else if (!strcmp(w[i], "nnp"))
			c->nnp = 1;
		else
			break;
	}
	if (i >= n)
		return -1;
	c->op = w[i++];
	c->arg = w + i;
	c->narg = n - i;
	return 0;
}

/* remove every loaded profile (top-level names; children go with them) */
static void unload_all(void)
{
	char *list = read_file("/sys/kernel/security/apparmor/profiles", NULL);
	char *line, *save;

	if (!list)
		return;
	for (line = strtok_r(list, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *sp = strrchr(line, ' ');
		int fd;

		if (sp && sp[1] == '(')
			*sp = 0;
		if (strstr(line, "//"))
			continue;
		fd = open("/sys/kernel/security/apparmor/.remove",
			  O_WRONLY | O_CLOEXEC);
		if (fd < 0)
			continue;
		if (write(fd, line, strlen(line)) < 0) {
			/* already gone: fine */
		}
		close(fd);
	}
	free(list);
}

/*
 * NAME.pre.bin next to NAME.bin (a case file's @preload blocks): one
 * write of its own before the file's policy, since one write loads one
 * policy namespace. Absent is fine.
 */
static void preload(const char *policy)
{
	char path[600];
	size_t len = strlen(policy), plen;
	char *pol;
	ssize_t w;
	int fd;

	if (len < 4 || len + 5 > sizeof(path))
		return;
	snprintf(path, sizeof(path), "%.*s.pre.bin", (int)(len - 4), policy);
	pol = read_file(path, &plen);
	if (!pol)
		return;
	fd = open("/sys/kernel/security/apparmor/.replace",
		  O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		die(".replace: %s", strerror(errno));
	w = write(fd, pol, plen);
	close(fd);
	free(pol);
	if (w != (ssize_t)plen)
		die("preload failed (%s): %s", path,
		    w < 0 ? strerror(errno) : "short");
}

/* load POLICY, run CASEFILE's setup and cases; returns the case count */
static int run_file(const char *name, const char *casefile,
		    const char *policy, int out_fd, struct buf *out)
{
	size_t plen;
	char *pol, *cases, *line, *save;
	int fd, ncases = 0, in_policy = 0, lineno = 0;
	ssize_t w;

	if (name)
		buf_fmt(out, "#file\t%s\n", name);
	preload(policy);
	pol = read_file(policy, &plen);
	if (!pol)
		die("%s: %s", policy, strerror(errno));
	fd = open("/sys/kernel/security/apparmor/.replace",
		  O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		die(".replace: %s", strerror(errno));
	w = write(fd, pol, plen);
	buf_fmt(out, "#load\t%zu\t%s", plen,
		w == (ssize_t)plen ? "OK" : w < 0 ? errname(errno) : "SHORT");
	close(fd);
	free(pol);
	collect(out);
	buf_str(out, "\n");
	write_all(out_fd, out->p, out->len);
	out->len = 0;
	if (w != (ssize_t)plen)
		die("policy load failed (%s)", policy);

	cases = read_file(casefile, NULL);
	if (!cases)
		die("%s: %s", casefile, strerror(errno));
	for (line = cases; line; line = save) {
		save = strchr(line, '\n');
		if (save)
			*save++ = 0;
		char *words[MAXW];
		char copy[4096];
		struct kase c;
		int n;

		lineno++;
		chomp(line);
		while (*line == ' ' || *line == '\t')
			line++;
		if (in_policy) {
			if (!strcmp(line, "@end"))
				in_policy = 0;
			continue;
		}
		if (!*line || *line == '#')
			continue;
		if (!strcmp(line, "@policy") || !strcmp(line, "@preload")) {
			in_policy = 1;
			continue;
		}
		snprintf(copy, sizeof(copy), "%s", line);
		n = split(copy, words, MAXW);
		if (!strcmp(words[0], "setup")) {
			const char *e = do_setup(words + 1, n - 1);
			if (e)
				die("%s line %d: %s", casefile, lineno, e);
			continue;
		}
		/* oracle-side annotations (README.md) */
		if (!strcmp(words[0], "undecidable") ||
		    !strcmp(words[0], "golden") || !strcmp(words[0], "parser") ||
		    !strcmp(words[0], "features") || !strcmp(words[0], "blob"))
			continue;
		if (strcmp(words[0], "case"))
			die("%s line %d: unknown directive %s", casefile,
			    lineno, words[0]);
		snprintf(copy, sizeof(copy), "%s", line);
		if (parse_case(copy, &c, words) < 0)
			die("%s line %d: bad case", casefile, lineno);
		run_case(&c, out);
		write_all(out_fd, out->p, out->len);
		out->len = 0;
		ncases++;
	}
	free(cases);
	return ncases;
}

static void run_header(struct buf *out)
{
	struct utsname u;
	char *lsm;

	uname(&u);
	lsm = read_file("/sys/kernel/security/lsm", NULL);
	buf_fmt(out, "#kernel\t%s\t%s\n#lsm\t%s\n", u.release, u.version,
		lsm ? lsm : "?");
	free(lsm);
	audit_register();
	loopback_up();
	/* ptrace cases attach to a sibling: Yama's scope 1 would refuse */
	{
		int fd = open("/proc/sys/kernel/yama/ptrace_scope",
			      O_WRONLY | O_CLOEXEC);

		if (fd >= 0) {
			if (write(fd, "0", 1) != 1)
				fprintf(stderr, "probe: yama: %s\n",
					strerror(errno));
			close(fd);
		}
	}
	/* records from before (boot) */
	buf_str(out, "#boot");
	collect(out);
	buf_str(out, "\n");
}

static int cmd_run(const char *casefile, const char *policy,
		   const char *outpath)
{
	struct buf out = { 0 };
	int out_fd = open_out(outpath), n;

	buf_add(&out, "", 0);
	run_header(&out);
	n = run_file(NULL, casefile, policy, out_fd, &out);
	buf_fmt(&out, "#end\t%d\n", n);
	write_all(out_fd, out.p, out.len);
	close_out(out_fd);
	return 0;
}

/*
 * probe runall OUT NAME... - for each NAME, load /policy/NAME.bin (after
 * removing every profile the previous one loaded) and run /cases/NAME.cases
 */
static int cmd_runall(const char *outpath, char **names, int nnames)
{
	struct buf out = { 0 };
	int out_fd = open_out(outpath), n = 0;

	buf_add(&out, "", 0);
	run_header(&out);
	for (int i = 0; i < nnames; i++) {
		char cf[512], pf[512];

		snprintf(cf, sizeof(cf), "/cases/%s.cases", names[i]);
		snprintf(pf, sizeof(pf), "/policy/%s.bin", names[i]);
		struct timespec t0, t1;
		int k;

		clock_gettime(CLOCK_MONOTONIC, &t0);
		if (i)
			unload_all();
		k = run_file(names[i], cf, pf, out_fd, &out);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		/* guest time for the file: load and cases */
		buf_fmt(&out, "#time\t%s\t%d\t%.1f\n", names[i], k,
			(double)(t1.tv_sec - t0.tv_sec) +
			(t1.tv_nsec - t0.tv_nsec) / 1e9);
		n += k;
	}
	buf_fmt(&out, "#end\t%d\n", n);
	write_all(out_fd, out.p, out.len);
	close_out(out_fd);
	return 0;
}

/* ---- helper -------------------------------------------------------------- */

static int cmd_helper(int argc, char **argv)
{
	const char *state = ofile_state(argc > 2 &&
					!strcmp(argv[2], "inherit"));
	char c, ok[3] = { state[0], state[1], getauxval(AT_SECURE) ? '1' : '0' };

	if (write(4, ok, 3) != 3)
		_exit(3);
	if (argc > 2 && !strcmp(argv[2], "rlimits"))
		rl_report(4, argv + 3, argc - 3);
	while (read(3, &c, 1) > 0)
		;
	_exit(0);
}

int main(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "helper"))
		return cmd_helper(argc, argv);
	if (argc == 3 && !strcmp(argv[1], "features"))
		return cmd_features(argv[2]);
	if (argc == 5 && !strcmp(argv[1], "run"))
		return cmd_run(argv[2], argv[3], argv[4]);
	if (argc >= 4 && !strcmp(argv[1], "runall"))
		return cmd_runall(argv[2], argv + 3, argc - 3);
	fprintf(stderr, "usage: probe features OUT | "
		"probe run CASEFILE POLICY OUT | probe runall OUT NAME... | "
		"probe helper\n");
	return 2;
}
