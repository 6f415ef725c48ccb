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
