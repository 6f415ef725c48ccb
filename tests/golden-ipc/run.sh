#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Golden tests for capability, signal and ptrace (and change_hat under a
# tracer, hat-traced.queries): verdicts and records.
#
#   tests/golden-ipc/run.sh [AAMED_BINARY]      (default: build/aamed)
#
# For each feature set (debian-default kabi5 linux-6.1 linux-6.12, those
# present in tests/features/) compile profiles/*.profile with it, and
# profiles-np/*.profile with the same set minus its signal and ptrace
# features (policy for a kernel that does not mediate them: no class start
# state, so the CAP_SYS_PTRACE fallback applies), into one blob directory.
# Then, for --kernel 6.1 and --kernel 6.12, feed the query words of every
# queries/*.queries line that applies to that kernel to
# `AAMED query --kernel K --policy BLOBDIR --batch -` and compare the whole
# output line: the verdict and every record, in order. Expected records are
# written as 6.1 prints them; for 6.12 the check inserts class="cap",
# "signal" or "ptrace" after operation="" (6.12's audit_pre()).
# Ends with "N passed, N failed" (lines x feature sets x kernels).
#
# Environment: APPARMOR_PARSER, GOLDEN_FEATURES (restrict feature sets).

set -u

. "$(dirname "$0")/../golden_suite.sh"
golden_begin golden-ipc "$@"
. "$root/tests/golden_line.sh"

parser=${APPARMOR_PARSER:-apparmor_parser}

# a feature set without its top-level signal {...} and ptrace {...} blocks
strip_features() {
    awk 'BEGIN { d = 0; skip = 0 }
         {
             if (d == 0 && $0 ~ /^(signal|ptrace) \{/) skip = 1
             o = gsub(/\{/, "{"); c = gsub(/\}/, "}")
             if (!skip) print
             d += o - c
             if (d == 0) skip = 0
         }' "$1"
}

for fs in debian-default kabi5 linux-6.1 linux-6.12; do
    feat=$root/tests/features/$fs
    [ -f "$feat" ] || continue
    if [ -n "${GOLDEN_FEATURES:-}" ]; then
        case " $GOLDEN_FEATURES " in *" $fs "*) ;; *) continue ;; esac
    fi
    blobs=$tmp/blobs-$fs
    mkdir -p "$blobs"
    strip_features "$feat" > "$tmp/np-$fs"
    for dir in profiles profiles-np; do
        f=$feat
        [ $dir = profiles-np ] && f=$tmp/np-$fs
        for prof in "$here"/$dir/*.profile; do
            name=$(basename "$prof" .profile)
            golden_compile "$dir/$name.profile [$fs]" "$blobs/$name.bin" \
                --features-file "$f" "$prof"
        done
    done

    for k in 6.1 6.12; do
        for qf in "$here"/queries/*.queries; do
            rel=queries/$(basename "$qf")
            # LINENO <TAB> EXPECTED LINE (verdict and records) <TAB> QUERY
            awk -F '\t' -v k="$k" '
                /^[ \t]*$/ || /^[ \t]*#/ { next }
                {
                    line = $0
                    sub(/[ \t]+#.*$/, "", line)
                    n = split(line, f, "\t")
                    v = f[1]
                    if (v ~ /^6\.(1|12):/) {
                        if (substr(v, 1, index(v, ":") - 1) != k) next
                        v = substr(v, index(v, ":") + 1)
                    }
                    ex = v
                    for (i = 3; i <= n; i++) {
                        r = f[i]
                        if (k == "6.12" && match(r, /operation="[a-z_]*"/)) {
                            op = substr(r, RSTART + 11, RLENGTH - 12)
                            c = (op == "capable") ? "cap" : op
                            if (op == "change_hat" || op == "exec" || op == "change_profile") c = "file"
                            r = substr(r, 1, RSTART + RLENGTH - 1) \
                                " class=\"" c "\"" \
                                substr(r, RSTART + RLENGTH)
                        }
                        ex = ex "\t" r
                    }
                    print NR "\t" ex "\x01" f[2]
                }' "$qf" > "$tmp/exp"
            golden_line_check "$aamed" "$k" "$blobs" "$rel" "$fs, kernel $k"
        done
    done
done

golden_line_total || status=1
exit $status
