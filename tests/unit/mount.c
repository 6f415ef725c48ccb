// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Mount mediation (src/mount.c, src/mount_flags.c, the lsm.c entries),
 * against a policy DFA built by hand from the kernel's encoding
 * (security/apparmor/mount.c do_match_mnt(), profile_umount(),
 * build_pivotroot()): class byte 7, the mount point, NUL, the source,
 * NUL, the type, NUL, one byte i + 1 per flag bit i, and after a state
 * with the continue-match bit a NUL and the data. The kernel oracle
 * (tests/kernel/cases/mount.cases) judges the same code with the parser's
 * DFAs; here are the steps no parser rule isolates.
 */
#include <errno.h>
#include <string.h>

#include "harness.h"
#include "tdfa.h"

#define MAY_PIVOT 0x01u
#define MAY_MOUNT 0x02u
#define MAY_UMOUNT 0x04u
#define CONT 0x40u
#define SYS_ADMIN (1u << 21)

/*
 *  1 -7-> 2 -'/'-> 3 (umount "/")
 *  3 -NUL-> 4 -NUL-> 5 (no source)    4 -'s'-> 9 -NUL-> 5
 *  4 -'/'-> 12 (pivot_root "/" "/")
 *  5 -NUL-> 6 (no type: mount)        5 -'t'-> 10 -NUL-> 6
 *  6 -\x01-> 7 (ro: continue, quiet)  7 -NUL-> 8 -'d'-> 11 (mount,
 *  data audited)                       6 -\x0e-> 13 (move: mount)
 *  6 -\x04-> 14 (noexec: continue)    14 -NUL-> 15 -'d'-> 16 (mount)
 *  12 -NUL-> 5 (source "/")
 */
static size_t mount_dfa(struct sbuf *out)
{
	static struct tdfa t;

	td_init(&t, 17);
	td_edge(&t, 1, 7, 2);
	td_edge(&t, 2, '/', 3);
	td_edge(&t, 3, 0, 4);
	td_edge(&t, 4, 0, 5);
	td_edge(&t, 4, 's', 9);
	td_edge(&t, 9, 0, 5);
	td_edge(&t, 4, '/', 12);
	td_edge(&t, 5, 0, 6);
	td_edge(&t, 5, 't', 10);
	td_edge(&t, 10, 0, 6);
	td_edge(&t, 6, 1, 7);
	td_edge(&t, 7, 0, 8);
	td_edge(&t, 8, 'd', 11);
	td_edge(&t, 6, 14, 13);
	td_edge(&t, 6, 4, 14);
	td_edge(&t, 14, 0, 15);
	td_edge(&t, 15, 'd', 16);
	td_edge(&t, 12, 0, 5);
	t.accept[3] = MAY_UMOUNT;
	t.accept[6] = MAY_MOUNT;
	t.accept[7] = CONT;
	t.accept2[7] = MAY_MOUNT << 7;		/* quiet */
	t.accept[11] = MAY_MOUNT;
	t.accept2[11] = MAY_MOUNT | CONT;	/* audit, with the data */
	t.accept[12] = MAY_PIVOT;
	t.accept[13] = MAY_MOUNT;
	t.accept[14] = CONT;
	t.accept[16] = MAY_MOUNT;
	return td_blob(&t, out);
}

static void mount_profile(struct sbuf *s, const char *name, uint32_t mode,
			  uint32_t caps)
{
	static struct sbuf dfa;
	size_t n;

	dfa.n = 0;
	n = mount_dfa(&dfa);

	prof_begin(s, NULL, name);
	prof_flags(s, 0, mode);
	prof_caps(s, caps);
	prof_policydb(s, dfa.b, n);
	prof_end(s);
}

/* m (enforce, sys_admin), c (complain, sys_admin), n (no capability) */
static aamed_policy *load(enum aamed_kernel k)
{
	static const char *const names[] = { "m", "c", "n" };
	static struct sbuf s;
	aamed_policy *pol = aamed_policy_new();
	int i;

	if (!pol)
		return NULL;
	aamed_policy_set_kernel(pol, k);
	/* a kernel that knows the made-up types t and z besides nfs, ext4 */
	if (aamed_policy_set_fstypes(pol, "nodev\tt\nnodev\tz\n"
				     "nodev\tnfs\n\text4\n")) {
		aamed_policy_free(pol);
		return NULL;
	}
	/* one load each: three of these DFAs do not fit one sbuf */
	for (i = 0; i < 3; i++) {
		s.n = 0;
		mount_profile(&s, names[i], i == 1, i < 2 ? SYS_ADMIN : 0);
		if (load_units(pol, &s, names[i])) {
			aamed_policy_free(pol);
			return NULL;
		}
	}
	return pol;
}

struct recs {
	char text[4][512];
	int n;
};

static void collect(const struct aamed_audit *r, void *arg)
{
	struct recs *rs = arg;

	if (rs->n < 4)
		aamed_audit_format(r, rs->text[rs->n++], sizeof(rs->text[0]), 0,
				   -1, NULL);
}

static int mnt(aamed_policy *pol, const char *label, const char *src,
	       const char *target, const char *type, unsigned long flags,
	       const char *data, struct recs *rs)
{
	struct aamed_mount_req req = { sizeof(req), src, target, type, flags,
				       data };
	const aamed_label *l = aamed_label_get(pol, label, NULL);

	rs->n = 0;
	return l ? aamed_mount(l, &req, collect, rs) : -999;
}

void unit_mount_flags(void)
{
	char buf[128];

	CHECK_EQ(aamed_mount_flag_parse("rw"), 0);
	CHECK_EQ(aamed_mount_flag_parse("ro"), AAMED_MS_RDONLY);
	CHECK_EQ(aamed_mount_flag_parse("rec"), AAMED_MS_REC);
	CHECK_EQ(aamed_mount_flag_parse("rbind"), AAMED_MS_BIND | AAMED_MS_REC);
	CHECK_EQ(aamed_mount_flag_parse("rslave"), AAMED_MS_SLAVE | AAMED_MS_REC);
	CHECK_EQ(aamed_mount_flag_parse("strictatime"), AAMED_MS_STRICTATIME);
	CHECK_EQ(aamed_mount_flag_parse("bogus"), -1);
	CHECK_EQ(aamed_mount_flag_parse(NULL), -1);
	aamed_mount_flags_str(0, buf, sizeof(buf));
	CHECK_STR(buf, "rw");
	aamed_mount_flags_str(AAMED_MS_RDONLY | AAMED_MS_NOSUID | AAMED_MS_BIND |
				      AAMED_MS_REC | AAMED_MS_PRIVATE,
			      buf, sizeof(buf));
	CHECK_STR(buf, "ro, nosuid, rbind, rprivate");
	/* truncated like snprintf, the length it needed */
	CHECK_EQ(aamed_mount_flags_str(AAMED_MS_NOSUID, buf, 4), 10);
	CHECK_STR(buf, "rw,");
	CHECK_EQ(aamed_mount_kind(AAMED_MS_REMOUNT | AAMED_MS_BIND),
		 AAMED_MOUNT_REMOUNT);
	CHECK_EQ(aamed_mount_kind(AAMED_MS_BIND | AAMED_MS_PRIVATE),
		 AAMED_MOUNT_BIND);
	CHECK_EQ(aamed_mount_kind(AAMED_MS_SHARED | AAMED_MS_MOVE),
		 AAMED_MOUNT_PROPAGATION);
	CHECK_EQ(aamed_mount_kind(AAMED_MS_MOVE), AAMED_MOUNT_MOVE);
	CHECK_EQ(aamed_mount_kind(AAMED_MS_NOSUID), AAMED_MOUNT_NEW);
}

/* Each step of do_match_mnt() and the info= it names. */
void unit_mount_match(void)
{
	aamed_policy *pol = load(AAMED_KERNEL_6_1);
	struct recs rs;

	if (!CHECK(pol != NULL))
		return;
	CHECK_EQ(mnt(pol, "m", NULL, "/", NULL, 0, NULL, &rs), 0);
	CHECK_EQ(rs.n, 0);
	CHECK_EQ(mnt(pol, "m", "s", "/", "t", 0, "x", &rs), 0);
	CHECK_EQ(mnt(pol, "m", NULL, "/x", NULL, 0, NULL, &rs), -EACCES);
	CHECK(rs.n == 1 && strstr(rs.text[0], "info=\"failed mntpnt match\""));
	CHECK_EQ(mnt(pol, "m", "q", "/", NULL, 0, NULL, &rs), -EACCES);
	CHECK(rs.n == 1 && strstr(rs.text[0], "failed srcname match"));
	CHECK_EQ(mnt(pol, "m", NULL, "/", "z", 0, NULL, &rs), -EACCES);
	CHECK(rs.n == 1 && strstr(rs.text[0], "failed type match"));
	CHECK_EQ(mnt(pol, "m", NULL, "/", NULL, AAMED_MS_NOSUID, NULL, &rs),
		 -EACCES);
	CHECK(rs.n == 1 && strstr(rs.text[0], "failed flags match"));
	/* ro: the continue bit; the data decides, the allow is audited */
	CHECK_EQ(mnt(pol, "m", NULL, "/", "t", AAMED_MS_RDONLY, "d", &rs), 0);
	if (CHECK_EQ(rs.n, 1))
		CHECK_STR(rs.text[0],
			  "apparmor=\"AUDIT\" operation=\"mount\" profile=\"m\""
			  " name=\"/\" fstype=\"t\" flags=\"ro\" options=\"d\"");
	/* a failed data match keeps the flags state's permissions: quiet */
	CHECK_EQ(mnt(pol, "m", NULL, "/", "t", AAMED_MS_RDONLY, "e", &rs),
		 -EACCES);
	CHECK_EQ(rs.n, 0);
	CHECK_EQ(mnt(pol, "m", NULL, "/", "t", AAMED_MS_NOEXEC, "d", &rs), 0);
	CHECK_EQ(rs.n, 0);
	CHECK_EQ(mnt(pol, "m", NULL, "/", "t", AAMED_MS_NOEXEC, "e", &rs),
		 -EACCES);
	CHECK(rs.n == 1 && strstr(rs.text[0], "failed data match") &&
	      !strstr(rs.text[0], "options="));
	/* without data: the perms check, quieted by the state */
	CHECK_EQ(mnt(pol, "m", NULL, "/", "t", AAMED_MS_RDONLY, NULL, &rs),
		 -EACCES);
	CHECK_EQ(rs.n, 0);
	/* no type: the data counts as binary, never matched */
	CHECK_EQ(mnt(pol, "m", NULL, "/", NULL, AAMED_MS_RDONLY, "d", &rs),
		 -EACCES);
	/* nfs data is binary too; a device filesystem needs a source */
	CHECK_EQ(mnt(pol, "m", NULL, "/", "nfs", AAMED_MS_RDONLY, "d", &rs),
		 -EACCES);
	CHECK_EQ(mnt(pol, "m", NULL, "/", "ext4", 0, NULL, &rs), -ENOENT);
	CHECK_EQ(rs.n, 0);
	/* get_fs_type() of an unknown type: ENODEV before any rule */
	CHECK_EQ(mnt(pol, "m", NULL, "/", "tmpfs", 0, NULL, &rs), -ENODEV);
	CHECK_EQ(rs.n, 0);
	CHECK_EQ(mnt(pol, "m", "s", "/", "vfat", 0, "x", &rs), -ENODEV);
	CHECK_EQ(rs.n, 0);
	/* the built-in list (Debian's kernels) knows tmpfs, not t */
	CHECK_EQ(aamed_policy_set_fstypes(pol, NULL), 0);
	CHECK_EQ(mnt(pol, "m", "s", "/", "t", 0, "x", &rs), -ENODEV);
	CHECK_EQ(rs.n, 0);
	CHECK_EQ(mnt(pol, "m", NULL, "/", "tmpfs", 0, NULL, &rs), -EACCES);
	CHECK(rs.n == 1 && strstr(rs.text[0], "failed type match"));
	CHECK_EQ(mnt(pol, "m", NULL, "/", "aamedfs", 0, NULL, &rs), -ENODEV);
	CHECK_EQ(rs.n, 0);
	CHECK_EQ(aamed_policy_set_fstypes(NULL, ""), -EINVAL);
	aamed_policy_free(pol);
}

/* path_mount()'s kinds: what each matches. */
void unit_mount_kinds(void)
{
	aamed_policy *pol = load(AAMED_KERNEL_6_12);
	struct recs rs;

	if (!CHECK(pol != NULL))
		return;
	/* a bind keeps only bind and rec: the flags do not reach state 6 */
	CHECK_EQ(mnt(pol, "m", "/", "/", "t", AAMED_MS_BIND | AAMED_MS_NOSUID,
		     NULL, &rs), -EACCES);
	if (CHECK_EQ(rs.n, 1))
		CHECK_STR(rs.text[0],
			  "apparmor=\"DENIED\" operation=\"mount\" info=\"failed flags match\""
			  " error=-13 profile=\"m\" name=\"/\" srcname=\"/\" flags=\"rw, bind\"");
	/* a bind's source is a path: none, empty or relative is no call */
	CHECK_EQ(mnt(pol, "m", NULL, "/", NULL, AAMED_MS_BIND, NULL, &rs),
		 -EINVAL);
	CHECK_EQ(mnt(pol, "m", "", "/", NULL, AAMED_MS_BIND, NULL, &rs),
		 -EINVAL);
	CHECK_EQ(mnt(pol, "m", "s", "/", NULL, AAMED_MS_BIND, NULL, &rs),
		 -EINVAL);
	CHECK_EQ(mnt(pol, "m", "dev", "/", "ext4", 0, NULL, &rs), -EINVAL);
	/* a propagation change: no source, no type */
	CHECK_EQ(mnt(pol, "m", "q", "/", "z", AAMED_MS_PRIVATE, NULL, &rs),
		 -EACCES);
	CHECK(rs.n == 1 && strstr(rs.text[0], "failed flags match") &&
	      !strstr(rs.text[0], "srcname"));
	/* a remount: every flag and the data; the type is not matched */
	CHECK_EQ(mnt(pol, "m", NULL, "/", "z", AAMED_MS_REMOUNT, NULL, &rs),
		 -EACCES);
	CHECK(rs.n == 1 && strstr(rs.text[0], "flags=\"rw, remount\""));
	/* a move: the source and the move flag */
	CHECK_EQ(mnt(pol, "m", "/", "/", "z", AAMED_MS_MOVE | AAMED_MS_NOSUID,
		     NULL, &rs), 0);
	CHECK_EQ(mnt(pol, "m", NULL, "/", NULL, AAMED_MS_MOVE, NULL, &rs),
		 -EINVAL);
	/* before the hook: MS_NOUSER; the magic number is dropped */
	CHECK_EQ(mnt(pol, "m", NULL, "/", NULL, AAMED_MS_NOUSER, NULL, &rs),
		 -EINVAL);
	CHECK_EQ(mnt(pol, "m", NULL, "/", NULL, 0xC0ED0000ul, NULL, &rs), 0);
	aamed_policy_free(pol);
}

/* The capability, complain mode, umount, pivot_root, move_mount. */
void unit_mount_calls(void)
{
	aamed_policy *pol = load(AAMED_KERNEL_6_1);
	const aamed_label *m, *c, *n, *u;
	struct recs rs = { .n = 0 };

	if (!CHECK(pol != NULL))
		return;
	m = aamed_label_get(pol, "m", NULL);
	c = aamed_label_get(pol, "c", NULL);
	n = aamed_label_get(pol, "n", NULL);
	u = aamed_label_unconfined(pol);
	/* mount: the rules first, then the capability */
	CHECK_EQ(mnt(pol, "n", NULL, "/", NULL, 0, NULL, &rs), -EPERM);
	CHECK(rs.n == 1 && strstr(rs.text[0], "operation=\"capable\""));
	CHECK_EQ(mnt(pol, "n", NULL, "/x", NULL, 0, NULL, &rs), -EACCES);
	CHECK(rs.n == 1 && strstr(rs.text[0], "operation=\"mount\""));
	/* complain: allowed with its record; a quieted denial stays */
	CHECK_EQ(mnt(pol, "c", NULL, "/x", NULL, 0, NULL, &rs), 0);
	CHECK(rs.n == 1 && strstr(rs.text[0], "apparmor=\"ALLOWED\""));
	CHECK_EQ(mnt(pol, "c", NULL, "/", "t", AAMED_MS_RDONLY, NULL, &rs),
		 -EACCES);
	CHECK_EQ(rs.n, 0);
	/* umount: the capability first */
	rs.n = 0;
	CHECK_EQ(aamed_umount(m, "/", collect, &rs), 0);
	CHECK_EQ(aamed_umount(m, "/x", collect, &rs), -EACCES);
	if (CHECK_EQ(rs.n, 1))
		CHECK_STR(rs.text[0], "apparmor=\"DENIED\" operation=\"umount\""
				      " profile=\"m\" name=\"/x\"");
	rs.n = 0;
	CHECK_EQ(aamed_umount(n, "/x", collect, &rs), -EPERM);
	CHECK(rs.n == 1 && strstr(rs.text[0], "capable"));
	CHECK_EQ(aamed_umount(c, "/x", NULL, NULL), 0);
	/* pivot_root: new root, NUL, put_old */
	rs.n = 0;
	CHECK_EQ(aamed_pivot_root(m, "/", "/", collect, &rs), 0);
	CHECK_EQ(aamed_pivot_root(m, "/", "/x", collect, &rs), -EACCES);
	if (CHECK_EQ(rs.n, 1))
		CHECK_STR(rs.text[0], "apparmor=\"DENIED\" operation=\"pivotroot\""
				      " profile=\"m\" name=\"/\" srcname=\"/x\"");
	CHECK_EQ(aamed_pivot_root(n, "/", "/", NULL, NULL), -EPERM);
	/* move_mount: 6.1 has no hook, only the capability */
	CHECK_EQ(aamed_move_mount(m, NULL, "/x", NULL, NULL), 0);
	CHECK_EQ(aamed_move_mount(n, NULL, "/", NULL, NULL), -EPERM);
	aamed_policy_set_kernel(pol, AAMED_KERNEL_6_12);
	CHECK_EQ(aamed_move_mount(m, NULL, "/x", NULL, NULL), -EACCES);
	CHECK_EQ(aamed_move_mount(m, "/", "/", NULL, NULL), 0);
	/* malformed requests of a confined label; unconfined is not asked */
	CHECK_EQ(aamed_mount(m, NULL, NULL, NULL), -EINVAL);
	CHECK_EQ(mnt(pol, "m", NULL, "rel", NULL, 0, NULL, &rs), -EINVAL);
	CHECK_EQ(aamed_umount(m, NULL, NULL, NULL), -EINVAL);
	CHECK_EQ(aamed_pivot_root(m, "/", "x", NULL, NULL), -EINVAL);
	CHECK_EQ(aamed_move_mount(m, "x", "/", NULL, NULL), -EINVAL);
	CHECK_EQ(aamed_move_mount(m, "", "/", NULL, NULL), -EINVAL);
	CHECK_EQ(aamed_mount(u, NULL, NULL, NULL), 0);
	CHECK_EQ(aamed_umount(u, NULL, NULL, NULL), 0);
	CHECK_EQ(aamed_pivot_root(u, NULL, NULL, NULL, NULL), 0);
	CHECK_EQ(aamed_move_mount(u, NULL, NULL, NULL, NULL), 0);
	aamed_policy_free(pol);
}
