# SPDX-License-Identifier: GPL-2.0-or-later
# Compares aamed's batch output (the first file: one line per query) with
# the expected lines (the second: LINENO <TAB> EXPECTED \x01 QUERY), the
# whole line: verdict and every record, in order. Used through
# tests/golden_line.sh by tests/golden-ipc, golden-ns and golden-mount:
#   awk -v file=REL -v tag=TAG -v counts=FILE -f tests/golden_line.awk OUT EXP
# A mismatch prints FILE:LINE [TAG]: QUERY with both lines; "PASS FAIL"
# is appended to counts.
FILENAME == ARGV[1] { out[FNR] = $0; next }
{
    split($0, a, "\x01")
    line = substr(a[1], 1, index(a[1], "\t") - 1)
    expect = substr(a[1], index(a[1], "\t") + 1)
    query = a[2]
    n++
    got = (n in out) ? out[n] : "(no output)"
    if (got == expect) pass++
    else {
        fail++
        printf "%s:%s [%s]: %s\n  expected: %s\n  got:      %s\n", \
            file, line, tag, query, expect, got
    }
}
END { printf "%d %d\n", pass + 0, fail + 0 >> counts }
