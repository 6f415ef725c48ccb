#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/test-cmd/vm-mount.sh: mount rules of real profiles. The manifest
# tests/manifests/corpus/mount.yaml tests mount, umount, remount,
# propagation, bind and pivot_root rules of five profiles of the
# apparmor.d corpus (../shared/corpus/apparmor.d-corpus.tar.xz, or
# AAMED_CORPUS_SRC), compiled by AppArmor 5.0.2's parser (the
# AAMED_PARSERS_DIR layout, tests/parsers.sh) with the corpus's own
# abstractions and tunables, for each kernel's features: first offline
# (aamed alone, both kernels), then through `aamed test --vm` in Debian's
# 6.1 and 6.12 kernels (cache/kernels, scripts/fetch-kernels.sh), one
# boot each: every test must be performed and confirmed by the kernel.
# Without the corpus or the parser every check is skipped and counted;
# without a kernel image, that kernel's.
# Usage: sh tests/test-cmd/vm-mount.sh build/aamed
# Ends with "N passed, N failed".   Environment: BOOT_TIMEOUT (run.sh).
set -u
A=${1:-build/aamed}
case $A in /*) ;; *) A=$(pwd)/$A ;; esac
cd "$(dirname "$0")/../.."
T=$(mktemp -d "${TMPDIR:-/tmp}/aamed-vm-mount.XXXXXX")
trap 'rm -rf "$T"' EXIT
. tests/assert.sh
. tests/parsers.sh
M=tests/manifests/corpus/mount.yaml
PROFILES="groups/systemd/systemd-user-runtime-dir profiles-g-l/ip
profiles-a-f/finalrd profiles-s-z/slirp4netns groups/systemd/systemd-sysext"
NOFF=5		# offline checks: keep in step with the checks below
NVM=6		# per kernel
SRC=${AAMED_CORPUS_SRC:-../shared/corpus/apparmor.d-corpus.tar.xz}
P=$(parsers_dir "$(pwd)")/5.0.2/apparmor_parser
if [ ! -r "$SRC" ]; then
	echo "SKIP: the apparmor.d corpus $SRC is absent (AAMED_CORPUS_SRC; ../shared/corpus/README.md) ($((NOFF + 2 * NVM)) checks skipped)"
	echo "$pass passed, $fail failed"
	exit 0
fi
if [ ! -x "$P" ]; then
	echo "SKIP: AppArmor 5.0.2's parser $P is absent (AAMED_PARSERS_DIR) ($((NOFF + 2 * NVM)) checks skipped)"
	echo "$pass passed, $fail failed"
	exit 0
fi
files=
for f in $PROFILES; do
	files="$files apparmor.d/$f"
done
# the profiles, and everything they may include
# shellcheck disable=SC2086
tar -C "$T" -xJf "$SRC" apparmor.d/abi apparmor.d/abstractions \
	apparmor.d/tunables $files || { ko "cannot extract $SRC"; echo "$pass passed, $fail failed"; exit 1; }
C=$T/apparmor.d
prof=
for f in $PROFILES; do
	prof="$prof --profile $C/$f"
done
n=$(grep -c '^  - name:' $M)
nm=$(grep -cE '^    request: (mount|umount|pivot_root) ' $M)
nl=$(grep '^    label:' $M | sort -u | wc -l)
[ "$nm" -ge 20 ] && [ "$nl" -ge 3 ] && ok || ko "$nm mount expectations over $nl profiles: fewer than 20 over 3"
# offline: aamed's verdicts are the manifest's, for each kernel's features
for k in 6.1 6.12; do
	# shellcheck disable=SC2086
	"$A" test --kernel $k --features linux-$k --parser "$P" -I "$C" \
		--cache "$T/cache-$k" $prof $M >"$T/out" 2>"$T/err"
	rc=$?
	[ "$rc" -eq 0 ] && ok || { ko "offline $k: exit $rc, wanted 0"; grep -A8 '^not ok' "$T/out" | head -60; tail -n 5 "$T/err"; }
	has "offline $k" "# $n passed, 0 failed"
done
for k in 6.1 6.12; do
	img=cache/kernels/$k/vmlinuz
	if [ ! -r "$img" ]; then
		echo "SKIP: $img not found: scripts/fetch-kernels.sh fetches it ($NVM checks skipped)"
		continue
	fi
	# shellcheck disable=SC2086
	nice -n 10 "$A" test --kernel $k --features linux-$k --parser "$P" \
		-I "$C" --cache "$T/cache-$k" --junit "$T/j-$k.xml" $prof \
		--vm "$img" $M >"$T/out" 2>"$T/err"
	rc=$?
	[ "$rc" -eq 0 ] && ok || { ko "$k: exit $rc, wanted 0"; tail -n 30 "$T/err"; }
	echo "== $k: aamed test --kernel $k --features linux-$k --parser 5.0.2 --vm $img $M"
	grep '^# [0-9]* passed' "$T/out" | sed 's/^/  /'
	has "$k" "1..$n"
	# every test performed, and the kernel agreed with aamed and the
	# manifest
	c=$(grep -c '^ok ' "$T/out")
	[ "$c" -eq "$n" ] && ok || { ko "$k: $c tests ok, wanted $n"; sed -n '/^not ok/,/^  \.\.\./p' "$T/out" | head -200; }
	hasnt "$k" " # SKIP "
	has "$k" "# $n passed, 0 failed, 0 skipped (the kernel's verdicts too)"
	xmllint --noout --schema tests/test-cmd/junit.xsd "$T/j-$k.xml" 2>"$T/err" && ok ||
		{ ko "$k: junit not valid"; cat "$T/err"; }
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
