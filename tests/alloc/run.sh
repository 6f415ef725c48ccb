#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Allocation failures in libaamed: every allocation an operation makes is
# made to fail in turn; the call must fail cleanly, leave the policy as it
# was, succeed again with memory back, and leak nothing.
#
#   tests/alloc/run.sh [BUILD]      (default build: BUILD/libaamed.a, BUILD/aamed)
#
# Builds tests/alloc/*.c with AddressSanitizer, LeakSanitizer and UBSan
# against BUILD/libaamed.a, wrapping every allocation function the library
# calls (nm -u), compiles the blobs with `aamed compile --features
# tests/features/linux-6.1` (examples, /etc/apparmor.d profiles, a profile
# with hats in a namespace, a stack's transition) into one directory and
# runs it. Ends with "N passed, N failed".

set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
B=${1:-build}
lib=$B/libaamed.a
features=tests/features/linux-6.1
cc=${CC:-cc}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/aamed-alloc.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

die() {
    echo "FAIL $*"
    echo "0 passed, 1 failed"
    exit 1
}

[ -f "$lib" ] && [ -x "$B/aamed" ] || die "$lib or $B/aamed missing (make)"

# Every allocation function the library calls must be wrapped: a new one
# would escape the injection.
wrapped="malloc calloc realloc strdup strndup aligned_alloc"
for f in $(nm -u "$lib" 2>/dev/null | awk '{ print $2 }' | sort -u |
    grep -E '^(malloc|calloc|realloc|reallocarray|strdup|strndup|aligned_alloc|posix_memalign|memalign|valloc|asprintf|vasprintf|open_memstream|getline|getdelim|realpath)$'); do
    case " $wrapped " in
        *" $f "*) ;;
        *) die "libaamed.a calls $f, which tests/alloc does not wrap" ;;
    esac
done
wrap=$(echo "$wrapped" | sed 's/ /,--wrap=/g')

$cc -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -Wshadow \
    -Wstrict-prototypes -Wmissing-prototypes -g -O1 -fno-omit-frame-pointer \
    -fsanitize=address,undefined -fno-sanitize-recover=all \
    -Iinclude -Itests/alloc -o "$tmp/alloc" tests/alloc/*.c "$lib" \
    -Wl,--wrap=$wrap -lpthread 2> "$tmp/cc.err" ||
    { cat "$tmp/cc.err"; die "build"; }

cat > "$tmp/ns.profile" <<'PROFILE'
profile :alloc-ns:nsprof /opt/alloc/ns {
  /etc/hosts r,
  ^hat1 {
    /tmp/hat1 rw,
  }
  ^hat2 {
    /tmp/hat2 r,
  }
}
PROFILE

# two enforcing profiles whose stack execs into a stack not seen yet
cat > "$tmp/stack.profile" <<'PROFILE'
profile stack-a {
  /opt/alloc/tool px -> tool-a,
  /usr/bin/gzip ix,
}
profile stack-b {
  /opt/alloc/tool px -> tool-b,
  /usr/bin/gzip ix,
}
profile tool-a { }
profile tool-b { }
PROFILE

# demo first: the decisions ask as demo-daemon; its hat and child too
mkdir "$tmp/blobs"
blobs=
for src in examples/demo.profile "$tmp/ns.profile" "$tmp/stack.profile" \
    /etc/apparmor.d/usr.sbin.nscd /etc/apparmor.d/bin.ping; do
    [ -f "$src" ] || die "$src missing"
    out=$tmp/blobs/$(basename "$src" .profile).bin
    "$B/aamed" compile --features "$features" -o "$out" "$src" \
        2> "$tmp/compile.err" || { cat "$tmp/compile.err"; die "compile $src"; }
    blobs="$blobs $out"
done

# shellcheck disable=SC2086
ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 "$tmp/alloc" $blobs
