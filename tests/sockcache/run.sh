#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#   tests/sockcache/run.sh LIBDIR   (the directory of libaamed.a)
set -u
cd "$(dirname "$0")/../.."
LIB=${1:-build}
t=$(mktemp -d "${TMPDIR:-/tmp}/aamed-sc.XXXXXX")
trap 'rm -rf "$t"' EXIT
F=tests/features/debian-default
printf 'profile s { network unix dgram, }\nprofile a { audit network unix dgram, }\n' > "$t/allow.sd"
printf 'profile s { network inet stream, }\n' > "$t/deny.sd"
apparmor_parser -Q -S -K --features-file $F "$t/allow.sd" > "$t/allow.bin" &&
	apparmor_parser -Q -S -K --features-file $F "$t/deny.sd" > "$t/deny.bin" &&
	cc -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -Iinclude -o "$t/sc" \
		tests/sockcache/sockcache.c "$LIB/libaamed.a" -lpthread &&
	"$t/sc" "$t/allow.bin" "$t/deny.bin" || { echo "0 passed, 1 failed"; exit 1; }
