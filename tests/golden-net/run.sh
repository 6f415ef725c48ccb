#!/bin/sh
# Golden network and unix-socket decision tests.
#
#   tests/golden-net/run.sh [AAMED_BINARY]     (default: build/aamed in the repo)
#
# Every profile in profiles/ is compiled with apparmor_parser once per
# blob set:
#   debian-default kabi5 linux-6.1 linux-6.12 abi-3.0   --features-file NAME
#   class15    abi-3.0 with -O equiv, then rewritten by the TEST-ONLY
#              tests/blobwriter (class 14 -> 15: the upstream v9 layout no
#              available parser emits)
# Each queries/*.queries file says which sets and kernels it runs under:
#   #@ features SET...
#   #@ kernel 6.1|6.12|upstream...
# and holds lines
#   EXPECTED <TAB> QUERY WORDS [<TAB> RECORD]...
# EXPECTED is ALLOWED or DENIED, or for an answer that depends on what the
# parser compiles DEFAULT|P:OTHER (e.g. ALLOWED|4+:DENIED; P: a parser
# major version, 4+: that one and later; tests/for_parser.awk). Without RECORD columns only the verdict is
# compared; with them every record must match exactly, in order; a single
# "-" column means "no record at all". Records are written as Linux 6.1
# prints them; for 6.12 and upstream the runner inserts class="net" (or
# class="file" for file records) after operation="…", which is the only
# difference in 6.12's format (audit.c: audit_pre()).
# Ends with "N passed, N failed" (query lines x sets x kernels).
#
# Environment: APPARMOR_PARSER (default apparmor_parser), CC (default cc).

set -u

. "$(dirname "$0")/../golden_suite.sh"
golden_begin golden-net "$@"

parser=${APPARMOR_PARSER:-apparmor_parser}
pmaj=$("$parser" --version 2>/dev/null | sed -n '1s/.*version \([0-9][0-9]*\).*/\1/p')
cc=${CC:-cc}

if ! "$cc" -std=c11 -Wall -Wextra -Werror -O1 -o "$tmp/blobwriter" \
        "$root/tests/blobwriter/blobwriter.c" 2> "$tmp/cc.err"; then
    echo "tests/blobwriter: does not build: $(head -n 1 "$tmp/cc.err")"
    status=1
fi

# blobs SET: compile every profile into $tmp/blobs-SET (once)
blobs() {
    set_=$1
    dir=$tmp/blobs-$set_
    [ -d "$dir" ] && return 0
    mkdir -p "$dir"
    feat=$set_ popt=""
    if [ "$set_" = class15 ]; then
        feat=abi-3.0 popt="-O equiv"
    fi
    for prof in "$here"/profiles/*.profile; do
        name=$(basename "$prof" .profile)
        # shellcheck disable=SC2086
        golden_compile "profiles/$name.profile [$set_]" "$dir/$name.bin" \
            $popt --features-file "$root/tests/features/$feat" "$prof" ||
            continue
        if [ "$set_" = class15 ]; then
            if ! "$tmp/blobwriter" "$dir/$name.bin" "$dir/$name.v9" 2> "$tmp/bw.err"; then
                echo "profiles/$name.profile [class15]: blobwriter: $(head -n 1 "$tmp/bw.err")"
                status=1
            fi
            rm -f "$dir/$name.bin"
            [ -f "$dir/$name.v9" ] && mv "$dir/$name.v9" "$dir/$name.bin"
        fi
    done
}

for qf in "$here"/queries/*.queries; do
    rel=queries/$(basename "$qf")
    sets=$(sed -n 's/^#@ features //p' "$qf" | head -n 1)
    kernels=$(sed -n 's/^#@ kernel //p' "$qf" | head -n 1)
    if [ -z "$sets" ] || [ -z "$kernels" ]; then
        echo "$rel: no '#@ features' or '#@ kernel' line"
        status=1
        continue
    fi
    # LINENO <TAB> EXPECTED <TAB> QUERY <TAB> RECORDS...
    awk -F '\t' -v pmaj="${pmaj:-0}" '
        '"$(cat "$root/tests/for_parser.awk")"'
        /^[ \t]*$/ || /^[ \t]*#/ { next }
        {
            q = $2; sub(/[ \t]+#.*$/, "", q)
            e = for_parser($1)
            if (e == "") next
            line = NR "\t" e "\t" q
            for (i = 3; i <= NF; i++) line = line "\t" $i
            print line
        }' "$qf" > "$tmp/exp"
    cut -f 3 "$tmp/exp" > "$tmp/in"
    for set_ in $sets; do
        blobs "$set_"
        for k in $kernels; do
            if [ -x "$aamed" ]; then
                "$aamed" query --kernel "$k" --policy "$tmp/blobs-$set_" \
                    --batch - < "$tmp/in" > "$tmp/out" 2> "$tmp/aamed.err"
            else
                : > "$tmp/out"
            fi
            awk -F '\t' -v file="$rel" -v tag="$set_,$k" -v k="$k" \
                -v counts="$tmp/counts" '
                function with_class(r,   c, i, j) {
                    if (k == "6.1") return r
                    c = (r ~ / family="/) ? "net" : (r ~ / fsuid=/) ? "file" : ""
                    if (c == "" || r ~ / class="/) return r
                    i = index(r, " operation=\"")
                    if (!i) return r
                    j = index(substr(r, i + 12), "\"")
                    return substr(r, 1, i + 11 + j) " class=\"" c "\"" substr(r, i + 12 + j)
                }
                FILENAME == ARGV[1] { out[FNR] = $0; next }
                {
                    n++
                    got = (n in out) ? out[n] : ""
                    kg = split(got, g, "\t")
                    verdict = (kg > 0) ? g[1] : "(no output)"
                    ok = (verdict == $2)
                    why = ""
                    if (ok && NF >= 4) {
                        want = ""
                        if (!(NF == 4 && $4 == "-"))
                            for (i = 4; i <= NF; i++)
                                want = want "\t" with_class($i)
                        have = ""
                        for (i = 2; i <= kg; i++) have = have "\t" g[i]
                        if (want != have) {
                            ok = 0
                            why = "\n    want:" (want == "" ? " (no record)" : want) \
                                  "\n    got: " (have == "" ? " (no record)" : have)
                        }
                    }
                    if (ok) pass++
                    else {
                        fail++
                        shown = verdict
                        if (verdict == "ERROR" && kg > 1) shown = shown " " g[2]
                        printf "%s:%s [%s]: %s: expected %s, got %s%s\n", \
                            file, $1, tag, $3, $2, shown, why
                    }
                }
                END { printf "%d %d\n", pass + 0, fail + 0 >> counts }
            ' "$tmp/out" "$tmp/exp"
        done
    done
done

set -- $(awk '{ p += $1; f += $2 } END { print p + 0, f + 0 }' "$tmp/counts")
echo "$1 passed, $2 failed"
[ "$2" -eq 0 ] || status=1
exit $status
