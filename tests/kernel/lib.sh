# SPDX-License-Identifier: GPL-2.0-or-later
#
# Shared by tests/kernel/run.sh and tests/kernel/capture-features.sh:
# build the guest probe, pack an initramfs, boot it under QEMU.
# Plain POSIX sh; source it after setting $here (tests/kernel).

: "${QEMU:=qemu-system-x86_64}"
: "${BOOT_TIMEOUT:=90}"	# hard limit on one guest, seconds
: "${BUSYBOX:=$(command -v busybox || echo /bin/busybox)}"

# build_probe OUT - static guest program
build_probe() {
	${CC:-gcc} -std=c11 -static -O2 -Wall -Wextra -Werror \
		-o "$1" "$here/probe.c"
}

# init_root DIR PROBE ARGS... - a minimal root: busybox, probe, /init that
# mounts the pseudo file systems, runs "probe ARGS" and powers off
init_root() {
	r=$1 probe=$2
	shift 2
	rm -rf "$r"
	mkdir -p "$r/bin" "$r/proc" "$r/sys" "$r/dev" "$r/tmp"
	cp "$BUSYBOX" "$r/bin/busybox"
	for a in sh mount poweroff cat echo sleep sync; do
		ln -s busybox "$r/bin/$a"
	done
	cp "$probe" "$r/probe"
	printf '%s\n' "$*" >"$r/probe.args"
	cat >"$r/init" <<'INIT'
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
	chmod 755 "$r/init" "$r/probe"
}

# make_initrd DIR OUT
make_initrd() {
	(cd "$1" && find . | "$BUSYBOX" cpio -o -H newc -R 0:0 2>/dev/null) |
		gzip -1 >"$2"
}

# boot KERNEL INITRD CONSOLE OUT - boots, waits for poweroff; non-zero and
# the console's tail on stderr when the guest fails or hits the timeout
boot() {
	k=$1 i=$2 con=$3 out=$4
	rm -f "$con" "$out"
	: >"$out"
	rc=0
	timeout -k 5 "$BOOT_TIMEOUT" "$QEMU" -accel tcg -cpu max -m 512 \
		-smp 1 -nodefaults -display none -no-reboot \
		-kernel "$k" -initrd "$i" \
		-append "console=ttyS0 panic=-1 quiet" \
		-serial "file:$con" -serial "file:$out" || rc=$?
	if [ "$rc" -ne 0 ]; then
		echo "kernel oracle: qemu exit $rc (124: timeout ${BOOT_TIMEOUT}s)" >&2
	elif ! grep -q 'aamed-probe-exit=0' "$con"; then
		echo "kernel oracle: probe failed in the guest" >&2
		rc=1
	fi
	if [ "$rc" -ne 0 ]; then
		echo "---- console tail ($con) ----" >&2
		tail -n 40 "$con" | tr -d '\r' >&2
		return 1
	fi
	return 0
}
