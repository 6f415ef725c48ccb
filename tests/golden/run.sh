#!/bin/sh
# Golden file-mediation decision tests.
#
#   tests/golden/run.sh [AAMED_BINARY]        (default: build/aamed in the repo)
#
# For every feature set in tests/features/ compile every profile in
# tests/golden/profiles/ with apparmor_parser into one blob directory, feed the
# query words of each tests/golden/queries/*.queries file to
# `AAMED query --policy BLOBDIR --batch -` and compare the verdict (first TAB
# field of each output line) and, when the expectation names them, the
# transition=MODE:TARGET and secure-exec=0|1 fields. Prints one line per mismatch and ends with
# "N passed, N failed" (queries x feature sets). Exit status 1 on any failure.
#
# An expectation that depends on what the parser compiles is written
# DEFAULT|P:OTHER (e.g. "ALLOWED|4+:DENIED"): P is a parser major version
# (3) or one and later (4+); the last P that matches the parser's version
# wins, else DEFAULT.
#
# Environment: APPARMOR_PARSER (default apparmor_parser), GOLDEN_INCLUDE
# (include dir, default /etc/apparmor.d; APPARMOR_INCLUDE when unset),
# GOLDEN_FEATURES (space-separated feature-set names to restrict the run to).

set -u

. "$(dirname "$0")/../golden_suite.sh"
golden_begin golden "$@"

parser=${APPARMOR_PARSER:-apparmor_parser}
inc=${GOLDEN_INCLUDE:-${APPARMOR_INCLUDE:-/etc/apparmor.d}}
pmaj=$("$parser" --version 2>/dev/null | sed -n '1s/.*version \([0-9][0-9]*\).*/\1/p')

if [ ! -x "$aamed" ]; then
    echo "warning: $aamed is not an executable; every query will fail" >&2
fi

# Every feature set, plus Debian's default compiled with the equivalence-
# class table (-O equiv): the DFA encodings plain, EC and (the diff-encode
# feature set) diff-encoded all answer every query.
for featv in "$root"/tests/features/* "$root/tests/features/debian-default+equiv"; do
    feat=${featv%+equiv}
    popt=""
    [ "$feat" != "$featv" ] && popt="-O equiv"
    [ -f "$feat" ] || continue          # e.g. no linux-* sets captured yet
    fs=$(basename "$featv")
    if [ -n "${GOLDEN_FEATURES:-}" ]; then
        case " $GOLDEN_FEATURES " in *" $fs "*) ;; *) continue ;; esac
    fi

    blobs=$tmp/blobs-$fs
    mkdir -p "$blobs"
    for prof in "$here"/profiles/*.profile; do
        name=$(basename "$prof" .profile)
        # shellcheck disable=SC2086
        golden_compile "profiles/$name.profile [$fs]" "$blobs/$name.bin" \
            $popt --features-file "$feat" -I "$inc" "$prof"
    done

    for qf in "$here"/queries/*.queries; do
        rel=queries/$(basename "$qf")
        # LINENO <TAB> EXPECTED <TAB> QUERY WORDS (reason comment stripped)
        awk -F '\t' -v pmaj="${pmaj:-0}" '
            '"$(cat "$root/tests/for_parser.awk")"'
            /^[ \t]*$/ || /^[ \t]*#/ { next }
            {
                q = $0; sub(/^[^\t]*\t/, "", q)
                sub(/[ \t]+#.*$/, "", q)
                e = for_parser($1)
                if (e != "") print NR "\t" e "\t" q
            }' "$qf" > "$tmp/exp"
        cut -f 3- "$tmp/exp" > "$tmp/in"
        if [ -x "$aamed" ]; then
            "$aamed" query --policy "$blobs" --batch - < "$tmp/in" \
                > "$tmp/out" 2> "$tmp/aamed.err"
        else
            : > "$tmp/out"
        fi
        awk -F '\t' -v file="$rel" -v fs="$fs" -v counts="$tmp/counts" '
            FILENAME == ARGV[1] { out[FNR] = $0; next }
            {
                line = $1; expect = $2; query = $3
                ev = expect; et = ""
                if (index(expect, " ") > 0) {
                    ev = substr(expect, 1, index(expect, " ") - 1)
                    et = substr(expect, index(expect, " ") + 1)
                }
                n++
                got = (n in out) ? out[n] : ""
                k = split(got, f, "\t")
                verdict = (k > 0) ? f[1] : "(no output)"
                trans = ""; sec = ""
                for (i = 2; i <= k; i++)
                    if (f[i] ~ /^transition=/) trans = f[i]
                    else if (f[i] ~ /^secure-exec=/) sec = f[i]
                # "transition=M:T secure-exec=N": both compared
                es = ""
                if (et ~ / secure-exec=/) {
                    es = substr(et, index(et, " secure-exec=") + 1)
                    et = substr(et, 1, index(et, " secure-exec=") - 1)
                    trans = trans " " sec
                    et = et " " es
                }
                ok = (verdict == ev) && (et == "" || trans == et)
                if (ok) pass++
                else {
                    fail++
                    shown = verdict
                    if (et != "") shown = shown " " (trans == "" ? "(no transition)" : trans)
                    if (verdict == "ERROR" && k > 1) shown = shown " " f[2]
                    printf "%s:%s [%s]: %s: expected %s, got %s\n", file, line, fs, query, expect, shown
                }
            }
            END { printf "%d %d\n", pass + 0, fail + 0 >> counts }
        ' "$tmp/out" "$tmp/exp"
    done
done

set -- $(awk '{ p += $1; f += $2 } END { print p + 0, f + 0 }' "$tmp/counts")
echo "$1 passed, $2 failed"
[ "$2" -eq 0 ] || status=1
exit $status
