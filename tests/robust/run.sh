#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Robustness tests of the loader: truncated, corrupted and hand-damaged
# policy blobs must be rejected cleanly and leave the loaded policy as it
# was.
#
#   tests/robust/run.sh AAMED_BINARY          (e.g. build/aamed, build-asan/aamed)
#
# Builds tests/robust/robust.c against $(dirname AAMED_BINARY)/libaamed.a
# (with -fsanitize=address,undefined when that library was built with
# them, as build-asan/ is), compiles real profiles with apparmor_parser
# into blobs, runs the program, then checks `aamed query` on bad blobs:
# exit code 3 and an error naming the file and the offset.
#
# Prints one line per failure and ends with "N passed, N failed"; exit
# status 1 on any failure.
#
# Environment: APPARMOR_PARSER (default apparmor_parser), CC (default cc),
# ROBUST_ONLY (space-separated groups to run: version dfa start xtable perms ns dir
# query truncate corrupt), ROBUST_KEEP=1 keeps the work directory.

set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

if [ $# -ne 1 ]; then
    echo "usage: $0 AAMED_BINARY" >&2
    exit 2
fi
aamed=$1
case $aamed in
    /*) ;;
    *) aamed=$(pwd)/$aamed ;;
esac
libdir=$(dirname "$aamed")
lib=$libdir/libaamed.a
parser=${APPARMOR_PARSER:-apparmor_parser}
cc=${CC:-cc}
feat=$root/tests/features

if [ ! -f "$lib" ]; then
    echo "robust: $lib not found (run make first)" >&2
    exit 2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/aamed-robust.XXXXXX") || exit 2
if [ "${ROBUST_KEEP:-}" = 1 ]; then
    echo "# work directory $tmp"
else
    trap 'rm -rf "$tmp"' EXIT
fi
trap 'exit 130' INT TERM

# ---------------------------------------------------------------- build
san=
case $(basename "$libdir") in
    *asan*) san=1 ;;
esac
if nm "$lib" 2>/dev/null | grep -q '__asan_report'; then
    san=1
fi
flags="-std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes -g"
if [ -n "$san" ]; then
    flags="$flags -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"
else
    flags="$flags -O2"
fi
prog=$libdir/tests/robust
mkdir -p "$libdir/tests"
# shellcheck disable=SC2086  # flags is a word list
if ! $cc $flags -I"$root/include" -o "$prog" "$here/robust.c" "$lib" -lpthread; then
    echo "robust: cannot build $prog"
    echo "0 passed, 1 failed"
    exit 1
fi

# ---------------------------------------------------------------- blobs
# compile OUT FEATURES [PARSER OPTIONS...] PROFILE
compile() {
    out=$1 f=$2
    shift 2
    if ! "$parser" -Q -S --features-file "$feat/$f" -I /etc/apparmor.d "$@" \
            > "$tmp/$out" 2> "$tmp/parser.err"; then
        echo "robust: apparmor_parser failed for $out: $(head -n 1 "$tmp/parser.err")"
        echo "0 passed, 1 failed"
        exit 1
    fi
}

gp=$root/tests/golden/profiles
for p in g_exec g_basic g_hat g_target g_owner; do
    compile "base-$p.bin" debian-default "$gp/$p.profile"
done
cat "$tmp/base-g_exec.bin" "$tmp/base-g_basic.bin" "$tmp/base-g_hat.bin" \
    "$tmp/base-g_target.bin" "$tmp/base-g_owner.bin" > "$tmp/base.bin"
compile multi.bin debian-default "$gp/g_exec.profile"
compile robust.bin debian-default "$here/robust.profile"
compile equiv.bin debian-default -O equiv "$gp/g_hat.profile"
compile kabi5.bin kabi5 "$gp/g_exec.profile"
nscd=/etc/apparmor.d/usr.sbin.nscd
[ -f "$nscd" ] || nscd=$gp/nscd.profile
compile nscd.bin debian-default "$nscd"
compile diff.bin diff-encode "$gp/g_hat.profile"
compile ns.bin debian-default "$here/ns.profile"
# the parser 4.x layout (permission tables), rewritten from a 3.0 blob
if ! $cc -std=c11 -D_GNU_SOURCE -O2 -o "$tmp/permtable" "$root/tests/fuzz/permtable.c" ||
        ! "$tmp/permtable" "$tmp/base-g_owner.bin" "$tmp/perms.bin"; then
    echo "robust: cannot build the permission-table blob"
    echo "0 passed, 1 failed"
    exit 1
fi

# ---------------------------------------------------------------- run
start=$(date +%s)
"$prog" "$tmp" > "$tmp/out"
rc=$?
grep -v '^[0-9]* passed, [0-9]* failed$' "$tmp/out"
set -- $(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$tmp/out")
if [ $# -eq 2 ]; then
    pass=$1 failed=$2
else
    echo "FAIL robust: exited with status $rc without a summary"
    pass=0 failed=1
fi
if [ "$rc" -ne 0 ] && [ "$failed" -eq 0 ]; then
    echo "FAIL robust: exit status $rc"
    failed=$((failed + 1))
fi

# ---------------------------------------------------------------- CLI
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL cli: $*"; failed=$((failed + 1)); }

# patch FILE OFFSET OCTAL-ESCAPED-BYTES
patch() {
    printf "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}

# expect_load_error NAME FILE-IN-MESSAGE QUERY-ARGS...
expect_load_error() {
    name=$1 file=$2
    shift 2
    "$aamed" query "$@" > "$tmp/cli.out" 2> "$tmp/cli.err" < /dev/null
    crc=$?
    msg=$(head -n 1 "$tmp/cli.err")
    if [ "$crc" -ne 3 ]; then
        bad "$name: exit $crc, expected 3 ($msg)"
    elif ! grep -q "$file" "$tmp/cli.err"; then
        bad "$name: error does not name $file: $msg"
    elif ! grep -q 'offset [0-9]' "$tmp/cli.err"; then
        bad "$name: error has no offset: $msg"
    elif [ -s "$tmp/cli.out" ]; then
        bad "$name: printed an answer: $(head -n 1 "$tmp/cli.out")"
    else
        ok
    fi
}

dd if="$tmp/multi.bin" of="$tmp/trunc.bin" bs=1000 count=3 2>/dev/null
expect_load_error "truncated blob" trunc.bin \
    --policy "$tmp/trunc.bin" --label g_exec file /etc/passwd r
expect_load_error "truncated blob, batch" trunc.bin \
    --policy "$tmp/trunc.bin" --batch -
expect_load_error "truncated blob after a good one" trunc.bin \
    --policy "$tmp/robust.bin" --policy "$tmp/trunc.bin" file /etc/passwd r

cp "$tmp/multi.bin" "$tmp/abi4.bin"
patch "$tmp/abi4.bin" 12 '\004\000\000\000'
expect_load_error "ABI 4 header" abi4.bin \
    --policy "$tmp/abi4.bin" --label g_exec file /etc/passwd r
if grep -q 'unsupported interface version' "$tmp/cli.err"; then
    ok
else
    bad "ABI 4 header: message: $(head -n 1 "$tmp/cli.err")"
fi

mkdir "$tmp/clidir"
cp "$tmp/robust.bin" "$tmp/clidir/a.bin"
cp "$tmp/trunc.bin" "$tmp/clidir/b.bin"
expect_load_error "directory, second file bad" clidir/b.bin \
    --policy "$tmp/clidir" --label robust_x file /srv/robust/a r

"$aamed" query --policy "$tmp/multi.bin" --label g_exec \
    file /srv/golden/exec/kid/a r > /dev/null 2> "$tmp/cli.err"
crc=$?
if [ "$crc" -eq 0 ] || [ "$crc" -eq 1 ]; then
    ok
else
    bad "good blob (control): exit $crc: $(head -n 1 "$tmp/cli.err")"
fi

# --source with a block the rule reader sees open to the end: a child
# closed on its rule's line (apparmor_parser accepts "r, }"), so its
# parent's "}" closes the child there and the parent stays open. The
# rules before it are still attributed, and nothing is leaked
# (LeakSanitizer fails the run under build-asan)
printf 'profile robust_x {\n  /srv/robust/** rw,\n  profile kid {\n    /srv/robust/kid/** r, }\n}\n' \
    > "$tmp/unclosed.sd"
"$aamed" who-can --policy "$tmp/robust.bin" --features "$feat/debian-default" \
    --source "$tmp/unclosed.sd" file /srv/robust/a r > "$tmp/cli.out" 2> "$tmp/cli.err"
crc=$?
if [ "$crc" -ne 0 ]; then
    bad "--source, unclosed blocks: exit $crc: $(head -n 3 "$tmp/cli.err")"
elif ! grep -q "^    $tmp/unclosed.sd:2: /srv/robust/\*\* rw,\$" "$tmp/cli.out"; then
    bad "--source, unclosed blocks: the rule is not attributed: $(head -n 3 "$tmp/cli.out")"
else
    ok
fi

echo "# total $(( $(date +%s) - start )) s"
echo "$pass passed, $failed failed"
[ "$failed" -eq 0 ]
