#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Live replacement under ThreadSanitizer and under ASan+UBSan.
#   tests/concurrency/run.sh
set -u
cd "$(dirname "$0")/../.."
t=$(mktemp -d "${TMPDIR:-/tmp}/aamed-conc.XXXXXX")
trap 'rm -rf "$t"' EXIT
F=tests/features/debian-default
echo 'profile t { /alpha r, }' > "$t/a.sd"
echo 'profile t { /beta r, }' > "$t/b.sd"
apparmor_parser -Q -S -K --features-file "$F" "$t/a.sd" > "$t/a.bin" &&
	apparmor_parser -Q -S -K --features-file "$F" "$t/b.sd" > "$t/b.bin" || {
	echo "apparmor_parser failed"; echo "0 passed, 1 failed"; exit 1; }
SRC="tests/concurrency/replace.c src/*.c"
pass=0
fail=0
for san in thread "address,undefined"; do
	echo "== -fsanitize=$san"
	# shellcheck disable=SC2086
	if ! clang -std=c11 -D_GNU_SOURCE -g -O1 -Iinclude -Isrc \
		-fsanitize=$san -fno-sanitize-recover=all -o "$t/replace" $SRC -lpthread; then
		fail=$((fail + 1))
		continue
	fi
	TSAN_OPTIONS="halt_on_error=1 exitcode=66" \
		"$t/replace" "$t/a.bin" "$t/b.bin" 2 2000 > "$t/out" 2>&1
	rc=$?
	cat "$t/out" | tail -n 30
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$t/out" | tail -n 1)
	if [ "$rc" -eq 0 ] && [ -n "$line" ]; then
		pass=$((pass + ${line%% passed*}))
	else
		echo "replace under $san: exit $rc"
		fail=$((fail + 1))
	fi
done
echo "concurrency: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
