#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Golden tests for the mount family: mount(2) of every kind, umount,
# pivot_root, move_mount, with may_mount()'s capability; verdicts and
# records, whole output lines.
#
#   tests/golden-mount/run.sh [AAMED_BINARY]      (default: build/aamed)
#
# profiles/*.profile are compiled with APPARMOR_PARSER (default: the
# apparmor_parser on the PATH) and APPARMOR_INCLUDE, once per kernel
# (tests/features/linux-6.1, linux-6.12); every queries/*.queries line is
# fed to `AAMED query --kernel K --policy BLOBDIR --batch -` and its whole
# output line compared. Expected lines are written in Linux 6.1's form;
# for 6.12 the class= the kernel adds after operation= is inserted (cap
# for capable records, mount for the others). A verdict "6.1:V" or
# "6.12:V" holds for that kernel alone.
# Ends with "N passed, N failed" (lines x kernels).

set -u

. "$(dirname "$0")/../golden_suite.sh"
golden_begin golden-mount "$@"
. "$root/tests/golden_line.sh"

parser=${APPARMOR_PARSER:-apparmor_parser}
inc=${APPARMOR_INCLUDE:-/etc/apparmor.d}

for k in 6.1 6.12; do
    blobs=$tmp/blobs-$k
    mkdir -p "$blobs"
    for prof in "$here"/profiles/*.profile; do
        name=$(basename "$prof" .profile)
        golden_compile "profiles/$name.profile [$k]" "$blobs/$name.bin" \
            -I "$inc" --features-file "$root/tests/features/linux-$k" "$prof"
    done
    for qf in "$here"/queries/*.queries; do
        rel=queries/$(basename "$qf")
        # LINENO <TAB> EXPECTED LINE \x01 QUERY, for this kernel only
        awk -F '\t' -v k="$k" '
            /^[ \t]*$/ || /^[ \t]*#/ { next }
            {
                v = $1
                if (v ~ /^[0-9.]+:/) {
                    if (substr(v, 1, index(v, ":") - 1) != k)
                        next
                    v = substr(v, index(v, ":") + 1)
                }
                ex = v
                for (i = 3; i <= NF; i++) {
                    r = $i
                    if (k == "6.12") {
                        c = r ~ /operation="capable"/ ? "cap" : "mount"
                        sub(/operation="[a-z_]*"/, "& class=\"" c "\"", r)
                    }
                    ex = ex "\t" r
                }
                print NR "\t" ex "\x01" $2
            }' "$qf" > "$tmp/exp"
        golden_line_check "$aamed" "$k" "$blobs" "$rel" "kernel $k"
    done
done

golden_line_total || status=1
exit $status
