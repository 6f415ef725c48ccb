#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/api: the introspection API of include/aamed.h, built against the
# static library with the public header only (-Iinclude).
# Usage: sh tests/api/run.sh BUILD_DIR     Ends with "N passed, N failed".
set -u
B=${1:-build}
cd "$(dirname "$0")/../.."
case $B in /*) ;; *) B=$(pwd)/$B ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/aamed-api.XXXXXX")
trap 'rm -rf "$T"' EXIT
FEAT=tests/features/linux-6.1

fail() { echo "$*"; echo "0 passed, 1 failed"; exit 1; }

${CC:-cc} -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -Iinclude \
	-o "$T/api" tests/api/api.c "$B/libaamed.a" -lpthread ||
	fail "FAIL: build tests/api/api.c"

cat >"$T/t.sd" <<'SD'
profile t1 {
  /etc/x r,
  deny /etc/z w,
  owner /home/*/n r,
  capability chown,
  signal send set=(term) peer=t2,
  ptrace trace peer=t2,
  network inet stream,
  /usr/bin/a pix -> t2,
  /usr/bin/b px -> t2,
  /usr/bin/c ix,
  /usr/bin/d cux -> kid,
  profile kid { }
  ^h { }
}
profile t2 flags=(complain) { }
SD
printf 'profile d {\n  /a r,\n  /bin/x pix -> t2,\n}\n' >"$T/a.sd"
printf 'profile d {\n  /a rw,\n  /bin/x px -> t2,\n}\n' >"$T/b.sd"
for f in t a b; do
	"$B/aamed" compile --features "$FEAT" -o "$T/$f.bin" "$T/$f.sd" ||
		fail "FAIL: compile $f.sd"
done
cat >"$T/dq.sd" <<'SD'
profile q {
  dbus send bus=session path=/org/x interface=org.x.I member=Get peer=(name=org.x.Svc label=svc),
  dbus bind bus=session name=org.x.*,
  deny dbus bind bus=session name=org.x.No,
  /srv/q r,
  link /srv/l -> /srv/t,
}
profile svc {
  dbus receive bus=session,
}
SD
"$B/aamed" compile --features "$FEAT-dbus" -o "$T/dq.bin" "$T/dq.sd" ||
	fail "FAIL: compile dq.sd"
# attachment by xattrs (the kernel oracle: tests/kernel/cases/xattr.cases)
cat >"$T/x.sd" <<'SD'
profile xa_one /srv/x/* xattrs=(security.a=one) { }
profile xa_two /srv/x/* xattrs=(security.a=one security.b=two) { }
profile xa_plain /srv/x/* { }
profile xa_only /srv/y/* xattrs=(security.a=v*) { }
profile xa_src {
  /srv/** px,
}
SD
"$B/aamed" compile --features "$FEAT" -o "$T/x.bin" "$T/x.sd" ||
	fail "FAIL: compile x.sd"
# t.sd with equivalence classes and diff encoding: the DFA lookups that
# are not the plain 16-bit table (aamed_rules_row)
"$B/aamed" compile --features "$FEAT" -O equiv -O diff-encode \
	-o "$T/t-ec.bin" "$T/t.sd" || fail "FAIL: compile t.sd -O equiv"

"$T/api" "$T"
