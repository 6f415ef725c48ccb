// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Witnesses in the words aamed diff prints (see diff_witness.h): the
 * input a walk reached a difference with, read back as the request the
 * kernel would have matched it for.
 */
#include <stdio.h>
#include <string.h>

#include "diff_witness.h"

void diff_put_bytes(char *out, size_t len, const uint8_t *w, size_t n)
{
	size_t o = 0, i;

	for (i = 0; i < n && o + 5 < len; i++) {
		if (w[i] >= 0x20 && w[i] < 0x7f && w[i] != '\\')
			out[o++] = (char)w[i];
		else
			o += (size_t)snprintf(out + o, len - o, "\\x%02x", w[i]);
	}
	out[o] = 0;
}

/* A file witness: the path, and a link's target after its NUL. */
void diff_file_witness(const uint8_t *w, size_t n, char *out, size_t len)
{
	const uint8_t *z = memchr(w, 0, n);
	char a[256], b[256];

	if (!z) {
		diff_put_bytes(out, len, w, n);
		return;
	}
	diff_put_bytes(a, sizeof(a), w, (size_t)(z - w));
	diff_put_bytes(b, sizeof(b), z + 1, n - (size_t)(z - w) - 1);
	if (snprintf(out, len, "%s (link to %s)", a, b) >= (int)len)
		out[len - 1] = 0;
}

/* family, type and (upstream) protocol: big-endian words after the class */
static void net_witness(const uint8_t *w, size_t n, char *out, size_t len)
{
	unsigned fam = (unsigned)w[1] << 8 | w[2];
	const char *fn = aamed_family_name((int)fam);
	char f[32], t[48] = "", p[32] = "";

	if (fn)
		snprintf(f, sizeof(f), "%s", fn);
	else
		snprintf(f, sizeof(f), "family %u", fam);
	if (n >= 5) {
		unsigned ty = (unsigned)w[3] << 8 | w[4];
		const char *tn = aamed_sock_type_name((int)ty);

		if (tn)
			snprintf(t, sizeof(t), " %s", tn);
		else
			snprintf(t, sizeof(t), " type %u", ty);
	}
	if (n >= 7)
		snprintf(p, sizeof(p), " protocol %u", (unsigned)w[5] << 8 | w[6]);
	snprintf(out, len, "%s%s%s", f, t, p);
}

/*
 * The MS_* flag a mount rule's flag byte i + 1 stands for, by the query
 * language's names (aamed_mount_flag_parse() reads them back).
 */
static const char *const mnt_flags[32] = {
	"ro", "nosuid", "nodev", "noexec", "sync", "remount", "mand",
	"dirsync", "nosymfollow", NULL, "noatime", "nodiratime", "bind",
	"move", "rec", "silent", "acl", "unbindable", "private", "slave",
	"shared", "relatime", NULL, "iversion", "strictatime", "lazytime",
};

/* The flag bytes as --flags words; the MS_* bits in *bits. */
static void mount_flags(const uint8_t *f, size_t n, char *out, size_t len,
			unsigned long *bits)
{
	size_t o = 0, i;

	out[0] = 0;
	*bits = 0;
	for (i = 0; i < n && o + 16 < len; i++) {
		const char *nm = f[i] >= 1 && f[i] <= 32 ? mnt_flags[f[i] - 1] : NULL;

		if (f[i] >= 1 && f[i] <= 32)
			*bits |= 1ul << (f[i] - 1);
		if (nm)
			o += (size_t)snprintf(out + o, len - o, "%s%s", o ? "," : "", nm);
		else
			o += (size_t)snprintf(out + o, len - o, "%sbit%u", o ? "," : "",
					      f[i] - 1u);
	}
}

/*
 * Mount point NUL source NUL fstype NUL flag bytes [NUL data], as the
 * query words of the one mount(2) call that asks it; umount reads the
 * mount point alone, pivot_root the new root NUL put_old. The kernel
 * matches no type for a remount, a bind, a propagation change or a move
 * and no source for a remount or a propagation change: the words leave
 * out what the call would not pass on (a witness that needs them there
 * is one no call reaches).
 */
static void mount_witness(const uint8_t *w, size_t n, char *out, size_t len)
{
	const uint8_t *fld[5];
	size_t fl[5], k = 0, i, start = 1;
	char s[4][160], fs[200], data[200];
	unsigned long bits = 0;
	enum aamed_mount_kind kind;

	for (i = 1; i <= n && k < 5; i++)
		if (i == n || !w[i]) {
			fld[k] = w + start;
			fl[k++] = i - start;
			start = i + 1;
		}
	for (i = 0; i < k && i < 4; i++) {
		diff_put_bytes(s[i], sizeof(s[i]), fld[i], fl[i]);
		if (!fl[i])
			snprintf(s[i], sizeof(s[i]), "\"\"");
	}
	if (k == 1) {
		snprintf(out, len, "umount %s", s[0]);
		return;
	}
	if (k == 2) {
		snprintf(out, len, "pivot_root %s %s", s[0], s[1]);
		return;
	}
	if (k < 4) {
		diff_put_bytes(out, len, w + 1, n - 1);
		return;
	}
	mount_flags(fld[3], fl[3], fs, sizeof(fs), &bits);
	kind = aamed_mount_kind(bits);
	if (kind == AAMED_MOUNT_REMOUNT || kind == AAMED_MOUNT_PROPAGATION)
		fl[1] = 0;
	if (kind != AAMED_MOUNT_NEW)
		fl[2] = 0;
	data[0] = 0;
	if (k == 5)
		diff_put_bytes(data, sizeof(data), fld[4], fl[4]);
	if (snprintf(out, len, "mount %s %s%s%s%s%s%s%s",
		     fl[1] ? s[1] : "--no-source", s[0],
		     fl[2] ? " --fstype " : "", fl[2] ? s[2] : "",
		     fs[0] ? " --flags " : "", fs, k == 5 ? " --data " : "",
		     data) >= (int)len && len)
		out[len - 1] = 0;
}

/* The words of aamed query's signal request (the walk spells the peer
 * with letters where the rules allow, src/diff.c policy_order()). */
static void signal_witness(const uint8_t *w, size_t n, char *out, size_t len)
{
	const char *s = aamed_signal_name(w[1]);
	char peer[400], sb[32];

	if (w[1] >= AAMED_SIGRT_BASE)
		snprintf(sb, sizeof(sb), "rtmin+%d", w[1] - AAMED_SIGRT_BASE);
	else
		snprintf(sb, sizeof(sb), "%s", s ? s : "rtmin+");
	diff_put_bytes(peer, sizeof(peer), w + 2, n - 2);
	snprintf(out, len, "signal %s --peer-label %s", sb, n > 2 ? peer : "\"\"");
}

/*
 * The fields dbus-daemon's queries carry after the class: bus alone
 * (eavesdrop), bus NUL name (bind), or bus NUL name NUL peer label NUL
 * path NUL interface NUL member (send, receive).
 */
static void dbus_witness(const uint8_t *w, size_t n, char *out, size_t len)
{
	static const char *const keys[] = { "bus", "name", "peer_label",
					    "path", "interface", "member" };
	size_t o = 0, k = 0, start = 1, i;
	char v[300];

	out[0] = 0;
	for (i = 1; i <= n && k < 6; i++) {
		if (i < n && w[i])
			continue;
		diff_put_bytes(v, sizeof(v), w + start, i - start);
		if (o < len)
			o += (size_t)snprintf(out + o, len - o, "%s%s=%s",
					      k ? " " : "", keys[k],
					      i > start ? v : "\"\"");
		k++;
		start = i + 1;
	}
	if (o >= len && len)
		out[len - 1] = 0;
}

/* A policy witness in the words of its class (its first byte). */
void diff_policy_witness(const uint8_t *w, size_t n, char *out, size_t len)
{
	int cls = n ? w[0] : 0;

	if (cls == AAMED_PCLASS_NET && n >= 3) {
		net_witness(w, n, out, len);
	} else if (cls == AAMED_PCLASS_MOUNT && n >= 1) {
		mount_witness(w, n, out, len);
	} else if (cls == AAMED_PCLASS_NS && n == 1) {
		/* the kernel looks user namespace creation up at the class */
		snprintf(out, len, "userns create");
	} else if (cls == AAMED_PCLASS_IO_URING) {
		/* sqpoll is decided at the class state, override_creds by
		 * the label of the credentials after it */
		char label[400];

		diff_put_bytes(label, sizeof(label), w + 1, n - 1);
		if (n > 1)
			snprintf(out, len, "io_uring override_creds --peer-label %s",
				 label);
		else
			snprintf(out, len, "io_uring sqpoll");
	} else if (cls == AAMED_PCLASS_DBUS) {
		dbus_witness(w, n, out, len);
	} else if (cls == AAMED_PCLASS_SIGNAL && n >= 2) {
		signal_witness(w, n, out, len);
	} else if ((cls == AAMED_PCLASS_LABEL && n >= 2 &&
		    w[1] == AAMED_PCLASS_PTRACE) || cls == AAMED_PCLASS_PTRACE) {
		char peer[400];
		size_t skip = cls == AAMED_PCLASS_PTRACE ? 1 : 2;

		diff_put_bytes(peer, sizeof(peer), w + skip, n - skip);
		snprintf(out, len, "peer=%s", peer);
	} else {
		diff_put_bytes(out, len, n ? w + 1 : w, n ? n - 1 : 0);
	}
}

/* Mount permissions as the kernel's mount.h names them. */
void diff_mount_words(uint32_t m, char *buf, size_t len)
{
	static const struct {
		uint32_t bit;
		const char *name;
	} w[] = {
		{ 0x01, "pivot_root" }, { 0x02, "mount" }, { 0x04, "umount" },
		{ 0x40, "data" },
	};
	size_t o = 0, i;

	buf[0] = 0;
	for (i = 0; i < sizeof(w) / sizeof(w[0]) && o < len; i++)
		if (m & w[i].bit)
			o += (size_t)snprintf(buf + o, len - o, "%s%s",
					      o ? " " : "", w[i].name);
	m &= ~(0x01u | 0x02 | 0x04 | 0x40);
	if (m && o < len)
		snprintf(buf + o, len - o, "%s0x%x", o ? " " : "", m);
}
