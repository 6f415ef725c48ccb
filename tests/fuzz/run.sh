#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Run the loader fuzzer.
#
#   tests/fuzz/run.sh FUZZER SECONDS          (make fuzz, make fuzz-short)
#
# FUZZER is the libFuzzer binary built from tests/fuzz/fuzz_load.c
# (make build/fuzz-load). The seed corpus is compiled at run time with
# apparmor_parser into a temporary directory: every golden profile, this
# suite's robust profile and a few of /etc/apparmor.d, under several
# feature sets (Debian default, kernel ABI 5, diff-encode, abi-3.0), with
# -O equiv, and a few rewritten into the permission-table layout by
# tests/fuzz/permtable.c. First every input in tests/fuzz/regress/ (inputs
# that once found bugs) and every seed is replayed; then the fuzzer runs
# for SECONDS with the dictionary tests/fuzz/aamed.dict.
#
# A crash, leak, sanitizer report or timeout fails: the input is kept in
# $(dirname FUZZER)/fuzz-artifacts/. Ends with "N passed, N failed" (the
# replay and the run count one each); exit status 1 on failure.
#
# Environment: APPARMOR_PARSER (default apparmor_parser), FUZZ_CORPUS (a
# directory to keep the grown corpus in; default a temporary one),
# FUZZ_JOBS (parallel fuzzing processes, default 1).

set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

if [ $# -ne 2 ]; then
    echo "usage: $0 FUZZER SECONDS" >&2
    exit 2
fi
fuzzer=$1
secs=$2
case $fuzzer in
    /*) ;;
    *) fuzzer=$(pwd)/$fuzzer ;;
esac
parser=${APPARMOR_PARSER:-apparmor_parser}
feat=$root/tests/features
gp=$root/tests/golden/profiles
art=$(dirname "$fuzzer")/fuzz-artifacts
jobs=${FUZZ_JOBS:-1}

if [ ! -x "$fuzzer" ]; then
    echo "fuzz: $fuzzer is not built (make build/fuzz-load)" >&2
    echo "0 passed, 1 failed"
    exit 1
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/aamed-fuzz.XXXXXX") || exit 2
tmp=$(cd "$tmp" && pwd)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
seed=$tmp/seed
corpus=${FUZZ_CORPUS:-$tmp/corpus}
mkdir -p "$seed" "$corpus" "$art"
corpus=$(cd "$corpus" && pwd)
art=$(cd "$art" && pwd)

# ---------------------------------------------------------------- seeds
# seed NAME FEATURES [PARSER OPTIONS...] PROFILE
nseed=0
seed() {
    name=$1 f=$2
    shift 2
    if "$parser" -Q -S --features-file "$feat/$f" -I /etc/apparmor.d "$@" \
            > "$seed/$name" 2> /dev/null && [ -s "$seed/$name" ]; then
        nseed=$((nseed + 1))
    else
        rm -f "$seed/$name"
    fi
}

for p in "$gp"/*.profile; do
    seed "$(basename "$p" .profile).bin" debian-default "$p"
done
seed robust.bin debian-default "$root/tests/robust/robust.profile"
seed robust-kabi5.bin kabi5 "$root/tests/robust/robust.profile"
seed robust-diff.bin diff-encode "$root/tests/robust/robust.profile"
seed robust-abi30-equiv.bin abi-3.0 -O equiv "$root/tests/robust/robust.profile"
seed ns.bin debian-default "$root/tests/robust/ns.profile"
seed ns-kabi5.bin kabi5 "$root/tests/robust/ns.profile"
seed g_exec-equiv.bin debian-default -O equiv "$gp/g_exec.profile"
seed g_hat-diff.bin diff-encode "$gp/g_hat.profile"
seed g_attach-kabi5.bin kabi5 "$gp/g_attach.profile"
for p in bin.ping usr.bin.man nvidia_modprobe usr.sbin.dnsmasq \
         usr.sbin.avahi-daemon; do
    [ -f "/etc/apparmor.d/$p" ] && seed "$p.bin" debian-default "/etc/apparmor.d/$p"
done
# the parser 4.x layout (permission tables), which no parser here writes
if ${CC:-cc} -std=c11 -D_GNU_SOURCE -O2 -o "$tmp/permtable" "$here/permtable.c"; then
    for s in g_owner g_attach g_target robust; do
        if [ -f "$seed/$s.bin" ] &&
                "$tmp/permtable" "$seed/$s.bin" "$seed/$s-perms.bin"; then
            nseed=$((nseed + 1))
        fi
    done
fi
if [ "$nseed" -eq 0 ]; then
    echo "fuzz: no seed compiled (is $parser installed?)"
    echo "0 passed, 1 failed"
    exit 1
fi

# ---------------------------------------------------------------- run
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"
pass=0 failed=0

# new artifacts since this run started
stamp=$tmp/stamp
: > "$stamp"
new_artifacts() {
    find "$art" -type f -newer "$stamp" 2>/dev/null
}

# replay the regression inputs, then the seeds (every one must run clean)
set --
for f in "$here"/regress/* "$seed"/*; do
    [ -f "$f" ] && set -- "$@" "$f"
done
if "$fuzzer" -artifact_prefix="$art/" -timeout=20 "$@" > "$tmp/replay.log" 2>&1; then
    pass=$((pass + 1))
else
    failed=$((failed + 1))
    echo "FAIL fuzz: replaying $# regression and seed inputs:"
    grep -E 'ERROR|SUMMARY|Running: |fuzz: ' "$tmp/replay.log" | head -n 10
fi

start=$(date +%s)
set -- -max_total_time="$secs" -timeout=20 -rss_limit_mb=2048 \
    -print_final_stats=1 -dict="$here/aamed.dict" -artifact_prefix="$art/"
if [ "$jobs" -gt 1 ]; then
    # workers write fuzz-N.log into the current directory: run in $tmp
    (cd "$tmp" && "$fuzzer" "$@" -jobs="$jobs" -workers="$jobs" \
        "$corpus" "$seed") > "$tmp/fuzz.log" 2>&1
    rc=$?
    cat "$tmp"/fuzz-*.log >> "$tmp/fuzz.log" 2>/dev/null
else
    "$fuzzer" "$@" "$corpus" "$seed" > "$tmp/fuzz.log" 2>&1
    rc=$?
fi
elapsed=$(( $(date +%s) - start ))
stats=$(grep -E '^stat::number_of_executed_units' "$tmp/fuzz.log" | awk '{s += $2} END {print s + 0}')
cov=$(grep -E '^#[0-9]+.*(DONE|pulse|NEW|REDUCE)' "$tmp/fuzz.log" | tail -n 1 |
      sed -n 's/.*cov: \([0-9]*\).*ft: \([0-9]*\).*corp: \([0-9/]*[a-zA-Z]*\).*/cov \1 ft \2 corpus \3/p')
found=$(new_artifacts)
if [ "$rc" -ne 0 ] || [ -n "$found" ]; then
    failed=$((failed + 1))
    echo "FAIL fuzz: $fuzzer exited with status $rc after $elapsed s"
    grep -E 'ERROR|SUMMARY|runtime error|fuzz: |Test unit written' "$tmp/fuzz.log" | head -n 20
    for f in $found; do
        echo "  input kept: $f"
    done
else
    pass=$((pass + 1))
fi
echo "# fuzz: $nseed seeds, $stats runs in $elapsed s, ${cov:-no coverage line}"
echo "$pass passed, $failed failed"
[ "$failed" -eq 0 ]
