// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Request encodings of the network and mount classes (see diff_enc.h).
 *
 * network (class 14): family and type as big-endian 16-bit words, looked
 * up after the type; the upstream kernel goes on with the protocol (16
 * bits) when the type's permissions say so.
 * mount (class 7), as the kernel's match_mnt_path_str() and friends:
 * mount point, NUL, device, NUL, fstype, NUL, then one byte i + 1 for
 * each set flag bit i in ascending order, looked up there; then NUL and
 * the data, looked up at its end. umount looks up right after the mount
 * point, pivot_root after new root, NUL, old root.
 *
 * A position is a small number: network, the bytes read after the class
 * byte; mount, 64 * the NULs read plus, in the flags, the last flag byte.
 */
#include "diff_enc.h"
#include "apparmor.h"

#define NET_TYPE_END 4
#define NET_PROTO_END 6
#define MNT_FIELD 64
#define MNT_FLAGS 3		/* NULs read before the flags */
#define MNT_DATA 4

bool aa_enc_known(int pclass)
{
	return pclass == AA_CLASS_NET || pclass == AA_CLASS_MOUNT;
}

int aa_enc_step(int pclass, int pos, uint8_t c)
{
	if (pos < 0)
		return -1;
	if (pclass == AA_CLASS_NET)
		return pos < NET_PROTO_END ? pos + 1 : -1;
	if (pclass != AA_CLASS_MOUNT)
		return pos;
	if (pos / MNT_FIELD == MNT_FLAGS) {
		int last = pos % MNT_FIELD;

		if (!c)
			return MNT_DATA * MNT_FIELD;
		return c > last && c <= 32 ? MNT_FLAGS * MNT_FIELD + c : -1;
	}
	if (!c)
		return pos / MNT_FIELD < MNT_DATA ? pos + MNT_FIELD : -1;
	return pos;
}

bool aa_enc_lookup(int pclass, int pos)
{
	int nuls = pos / MNT_FIELD;

	if (pos < 0)
		return false;
	if (pclass == AA_CLASS_NET)
		return pos == NET_TYPE_END || pos == NET_PROTO_END;
	if (pclass != AA_CLASS_MOUNT)
		return true;
	return nuls != 2;
}

int aa_enc_of(const uint8_t *w, size_t len)
{
	int pclass, pos = 0;
	size_t i;

	if (!len)
		return 0;
	pclass = w[0];
	for (i = 1; i < len && pos >= 0; i++)
		pos = aa_enc_step(pclass, pos, w[i]);
	return pos;
}
