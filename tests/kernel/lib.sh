# SPDX-License-Identifier: GPL-2.0-or-later
#
# Shared by tests/kernel/run.sh and tests/kernel/capture-features.sh:
# build the guest probe, pack an initramfs, boot it under QEMU.
# Plain POSIX sh; source it after setting $here (tests/kernel).

: "${QEMU:=qemu-system-x86_64}"
: "${BOOT_TIMEOUT:=240}"	# hard limit on one guest, seconds (a hang guard:
			# a run takes ~60-100 s, more on a loaded host)
: "${BUSYBOX:=$(command -v busybox || echo /bin/busybox)}"

# build_probe OUT - static guest program
build_probe() {
	${CC:-gcc} -std=c11 -static -O2 -Wall -Wextra -Werror \
		-o "$1" "$here/probe.c"
}

# init_root DIR PROBE ARGS... - a minimal root: busybox, probe, /init that
# mounts the pseudo file systems, runs "probe ARGS" and powers off
init_root() {
	_r=$1 _p=$2
	shift 2
	rm -rf "$_r"
	mkdir -p "$_r/bin" "$_r/proc" "$_r/sys" "$_r/dev" "$_r/tmp"
	cp "$BUSYBOX" "$_r/bin/busybox"
	for a in sh mount poweroff cat echo sleep sync; do
		ln -s busybox "$_r/bin/$a"
	done
	cp "$_p" "$_r/probe"
	printf '%s\n' "$*" >"$_r/probe.args"
	cat >"$_r/init" <<'INIT'
#!/bin/sh
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t securityfs none /sys/kernel/security
mount -t devtmpfs dev /dev
/probe $(cat /probe.args)
echo "aamed-probe-exit=$?"
sync
poweroff -f
INIT
	chmod 755 "$_r/init" "$_r/probe"
}

# make_initrd DIR OUT
make_initrd() {
	(cd "$1" && find . | "$BUSYBOX" cpio -o -H newc -R 0:0 2>/dev/null) |
		gzip -1 >"$2"
}

# boot KERNEL INITRD CONSOLE OUT - boots, waits for poweroff; non-zero and
# the console's tail on stderr when the guest fails or hits the timeout
boot() {
	_bk=$1 _bi=$2 _bcon=$3 _bout=$4
	rm -f "$_bcon" "$_bout"
	: >"$_bout"
	_brc=0
	timeout -k 5 "$BOOT_TIMEOUT" "$QEMU" -accel tcg -cpu max -m 512 \
		-smp 1 -nodefaults -display none -no-reboot \
		-kernel "$_bk" -initrd "$_bi" \
		-append "console=ttyS0 panic=-1 quiet" \
		-serial "file:$_bcon" -serial "file:$_bout" || _brc=$?
	if [ "$_brc" -ne 0 ]; then
		echo "kernel oracle: qemu exit $_brc (124: timeout ${BOOT_TIMEOUT}s)" >&2
	elif ! grep -q 'aamed-probe-exit=0' "$_bcon"; then
		echo "kernel oracle: probe failed in the guest" >&2
		_brc=1
	fi
	if [ "$_brc" -ne 0 ]; then
		echo "---- console tail ($_bcon) ----" >&2
		tail -n 40 "$_bcon" | tr -d '\r' >&2
		return 1
	fi
	return 0
}

# check_cases CASEFILE - check a case file on the host (a mistake found in
# the guest costs a boot); messages on stdout, non-zero when bad
check_cases() {
	awk '
	function bad(msg) { printf "%s:%d: %s\n", FILENAME, FNR, msg; err = 1 }
	/^[ \t]*@end[ \t]*$/ { inp = 0; next }
	inp { next }
	/^[ \t]*@policy[ \t]*$/ { inp = 1; npol++; next }
	/^[ \t]*@preload[ \t]*$/ { inp = 1; next }
	/^[ \t]*(#|$)/ { next }
	$1 == "setup" { next }
	$1 == "blob" {
		if (NF < 2) bad("blob PATH")
		npol++
		next
	}
	$1 == "parser" {
		if (NF != 2 || $2 !~ /^[0-9][0-9.]*$/) bad("parser VERSION")
		if (npar++) bad("parser given twice")
		next
	}
	$1 == "features" {
		if (NF != 2 || $2 !~ /^[a-z0-9-]+$/) bad("features SUFFIX")
		if (nfeat++) bad("features given twice")
		next
	}
	$1 == "case" {
		if (NF < 4) bad("case: too few words")
		if ($2 in seen) bad("case " $2 ": duplicate id")
		seen[$2] = 1
		if (index($0, " :: ") == 0) bad("case " $2 ": no \" :: \" and query")
		next
	}
	$1 == "undecidable" {
		if (NF < 4) bad("undecidable ID KERNELS REASON...")
		if ($3 !~ /^(all|[0-9][0-9.]*(,[0-9][0-9.]*)*)$/)
			bad("undecidable " $2 ": KERNELS is all or VER[,VER...]")
		und[$2] = FNR
		next
	}
	$1 == "golden" {
		# a parser-dependent one: DEFAULT|P:OTHER (tests/for_parser.awk)
		if (NF < 4 || $3 !~ /^(ALLOWED|DENIED)(\|[0-9]+\+?:(ALLOWED|DENIED))*$/)
			bad("golden ID ALLOWED|DENIED[|P:ALLOWED|DENIED] [transition=M:T] FILE:LINE")
		gold[$2] = FNR
		next
	}
	{ bad("unknown directive " $1) }
	END {
		if (inp) bad("@policy without @end")
		if (!npol) bad("no @policy block or blob line")
		for (id in und) if (!(id in seen)) {
			FNR = und[id]; bad("undecidable " id ": no such case")
		}
		for (id in gold) if (!(id in seen)) {
			FNR = gold[id]; bad("golden " id ": no such case")
		}
		exit err
	}
	' "$1" >&2
}

# parsers_dir ROOT - the newer apparmor_parser builds (tests/parsers.sh)
. "$here/../parsers.sh"

# compile_cases CASEFILE FEATURES PREFIX - compile every @policy block of
# CASEFILE on its own (PREFIX.N.sd, includes resolved from
# APPARMOR_INCLUDE) and concatenate the blobs into PREFIX.bin (after the
# compiled blobs its `blob PATH` lines name), followed by
# opener.sd (the profile `preopen` cases open their file in). A
# `parser VERSION` line names one of the newer parsers (parsers_dir) for
# the whole file, opener.sd included, with its own apparmor.d: for rules
# apparmor_parser 3.0.8 cannot compile (userns, io_uring).
compile_cases() {
	_cf=$1 _feat=$2 _pre=$3
	rm -f "$_pre".[0-9]*.sd "$_pre".p[0-9]*.sd "$_pre.bin" "$_pre.pre.bin"
	_parser=${APPARMOR_PARSER:-apparmor_parser}
	_inc=${APPARMOR_INCLUDE:-/etc/apparmor.d}
	_ver=$(awk '$1 == "parser" { print $2; exit }' "$_cf")
	# `features SUFFIX`: compile with FEATURES-SUFFIX (e.g. linux-6.1-dbus:
	# the kernel's features plus the dbus class it does not advertise)
	_fx=$(awk '$1 == "features" { print $2; exit }' "$_cf")
	if [ -n "$_fx" ]; then
		_feat=$_feat-$_fx
		[ -r "$_feat" ] || { echo "kernel oracle: $_cf needs $_feat" >&2; return 1; }
	fi
	if [ -n "$_ver" ]; then
		_pd=$(parsers_dir "$here/../..")/$_ver
		if [ ! -x "$_pd/apparmor_parser" ]; then
			echo "kernel oracle: $_cf needs apparmor_parser $_ver, not found in $(parsers_dir "$here/../..") (set AAMED_PARSERS_DIR)" >&2
			return 1
		fi
		_parser=$_pd/apparmor_parser
		_inc=$_pd/apparmor.d
	fi
	awk -v pre="$_pre" '
		/^[ \t]*@end[ \t]*$/ { if (inp) close(f); inp = 0; next }
		inp { print > f }
		/^[ \t]*@policy[ \t]*$/ { inp = 1; f = pre "." ++n ".sd"; printf "" > f }
		/^[ \t]*@preload[ \t]*$/ { inp = 1; f = pre ".p" ++np ".sd"; printf "" > f }
	' "$_cf"
	# @preload blocks: PREFIX.pre.bin, loaded in a write of its own first
	_i=1
	while [ -f "$_pre.p$_i.sd" ]; do
		if ! "$_parser" -Q -S --features-file "$_feat" -I "$_inc" \
			"$_pre.p$_i.sd" >>"$_pre.pre.bin" 2>"$_pre.parser.log"; then
			cat "$_pre.parser.log" >&2
			echo "kernel oracle: $_parser failed on $_pre.p$_i.sd ($_cf)" >&2
			return 1
		fi
		_i=$((_i + 1))
	done
	# `blob PATH` lines: compiled policy loaded as it is (aamed test --vm)
	awk '$1 == "blob" { sub(/^[ \t]*blob[ \t]+/, ""); print }' "$_cf" >"$_pre.blobs"
	: >"$_pre.bin"
	while IFS= read -r _b; do
		cat "$_b" >>"$_pre.bin" || return 1
	done <"$_pre.blobs"
	_i=1
	while [ -f "$_pre.$_i.sd" ]; do
		_sd=$_pre.$_i.sd
		_i=$((_i + 1))
		if ! "$_parser" -Q -S \
			--features-file "$_feat" \
			-I "$_inc" \
			"$_sd" >>"$_pre.bin" 2>"$_pre.parser.log"; then
			cat "$_pre.parser.log" >&2
			echo "kernel oracle: $_parser failed on $_sd ($_cf)" >&2
			return 1
		fi
	done
	"$_parser" -Q -S --features-file "$_feat" \
		"$here/opener.sd" >>"$_pre.bin" || return 1
}
