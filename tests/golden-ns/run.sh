#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Golden tests for user namespaces and io_uring (Linux 6.12's userns_create,
# uring_sqpoll and uring_override_creds hooks): verdicts and records.
#
#   tests/golden-ns/run.sh [AAMED_BINARY]      (default: build/aamed)
#
# apparmor_parser 3.0.8 cannot compile userns or io_uring rules, so the
# profiles are compiled by the newer parsers of the shared tools
# directory (AAMED_PARSERS_DIR, default ../shared/tools/apparmor next to the
# repository or next to its parent: a worktree), each of 4.1.8 and 5.0.2
# that is there: profiles/*.profile with tests/features/linux-6.12,
# profiles-61/*.profile with linux-6.1 (no class 21 or 22 start state:
# not mediated by the profile). Then every queries/*.queries line is fed
# to `AAMED query --kernel 6.12 --policy BLOBDIR --batch -` and the whole
# output line compared: the verdict and every record, in order (6.12's
# records, class= included). With --kernel 6.1 every line must answer
# NOT-MEDIATED without records: 6.1 has none of these hooks.
# Ends with "N passed, N failed" (lines x parsers x kernels); a missing
# parser is reported with the number of checks skipped.

set -u

. "$(dirname "$0")/../golden_suite.sh"
golden_begin golden-ns "$@"
. "$root/tests/golden_line.sh"

. "$root/tests/parsers.sh"
pdir=$(parsers_dir "$root")

nlines=$(cat "$here"/queries/*.queries | grep -cv '^[[:space:]]*\(#\|$\)')

for ver in 4.1.8 5.0.2; do
    parser=$pdir/$ver/apparmor_parser
    if [ ! -x "$parser" ]; then
        echo "SKIP: apparmor_parser $ver not found in $pdir ($((nlines * 2)) checks skipped)"
        continue
    fi
    blobs=$tmp/blobs-$ver
    mkdir -p "$blobs"
    for dir in profiles profiles-61; do
        feat=$root/tests/features/linux-6.12
        [ $dir = profiles-61 ] && feat=$root/tests/features/linux-6.1
        for prof in "$here"/$dir/*.profile; do
            name=$(basename "$prof" .profile)
            golden_compile "$dir/$name.profile [$ver]" "$blobs/$name.bin" \
                -I "$pdir/$ver/apparmor.d" --features-file "$feat" "$prof"
        done
    done

    for k in 6.1 6.12; do
        for qf in "$here"/queries/*.queries; do
            rel=queries/$(basename "$qf")
            # LINENO <TAB> EXPECTED LINE (verdict and records) \x01 QUERY
            awk -F '\t' -v k="$k" '
                /^[ \t]*$/ || /^[ \t]*#/ { next }
                {
                    line = $0
                    sub(/[ \t]+#.*$/, "", line)
                    n = split(line, f, "\t")
                    ex = f[1]
                    for (i = 3; i <= n; i++)
                        ex = ex "\t" f[i]
                    if (k == "6.1")
                        ex = "NOT-MEDIATED"
                    print NR "\t" ex "\x01" f[2]
                }' "$qf" > "$tmp/exp"
            golden_line_check "$aamed" "$k" "$blobs" "$rel" "parser $ver, kernel $k"
        done
    done
done

golden_line_total || status=1
exit $status
