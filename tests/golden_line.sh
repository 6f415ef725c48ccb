# SPDX-License-Identifier: GPL-2.0-or-later
# Sourced by tests/golden-ipc, golden-ns and golden-mount: the run and the
# comparison their expected files share. The caller sets $root (the
# project) and $tmp (a scratch directory holding $tmp/exp, the expected
# lines as tests/golden_line.awk reads them, and $tmp/counts).

# golden_line_check AAMED KERNEL BLOBS REL TAG - feeds the queries of
# $tmp/exp to `AAMED query --kernel KERNEL --policy BLOBS --batch -` (an
# absent AAMED answers nothing, so every line fails) and compares the
# whole output lines; a mismatch is reported as REL:LINE [TAG].
golden_line_check() {
    sed 's/^.*\x01//' "$tmp/exp" > "$tmp/in"
    if [ -x "$1" ]; then
        "$1" query --kernel "$2" --policy "$3" --batch - \
            < "$tmp/in" > "$tmp/out" 2> "$tmp/aamed.err"
    else
        : > "$tmp/out"
    fi
    awk -v file="$4" -v tag="$5" -v counts="$tmp/counts" \
        -f "$root/tests/golden_line.awk" "$tmp/out" "$tmp/exp"
}

# golden_line_total - prints "N passed, N failed" from $tmp/counts; false
# when anything failed.
golden_line_total() {
    set -- $(awk '{ p += $1; f += $2 } END { print p + 0, f + 0 }' "$tmp/counts")
    echo "$1 passed, $2 failed"
    [ "$2" -eq 0 ]
}
