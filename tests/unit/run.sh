#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Unit tests, then command-line tests of the aamed binary.
#
#   tests/unit/run.sh UNIT_BINARY AAMED_BINARY
#
# Runs UNIT_BINARY (tests/unit/*.c: one file per module, named cases;
# `UNIT_BINARY NAME` runs the cases whose names start with NAME) and then
# checks the CLI: exit codes
# (0 allowed, 1 denied, 2 usage, 3 policy load error), --json output (every
# line one JSON object with "version" first, checked by UNIT_BINARY
# --json-lines), batch mode, attach, compile and the option syntax
# (--opt=value, --, query words after the class). Test profiles are compiled
# at run time with apparmor_parser -Q -S --features-file
# tests/features/debian-default into a temporary directory.
#
# Prints FAIL lines, then "N passed, N failed" (the unit binary's counts plus
# the CLI checks). Exit status 1 on any failure, 2 on bad usage.
#
# Environment: APPARMOR_PARSER (default apparmor_parser).

set -u

if [ $# -ne 2 ]; then
    echo "usage: $0 UNIT_BINARY AAMED_BINARY" >&2
    exit 2
fi

abspath() {
    case $1 in
        /*) printf '%s\n' "$1" ;;
        *) printf '%s/%s\n' "$(pwd)" "$1" ;;
    esac
}

unit=$(abspath "$1")
aamed=$(abspath "$2")
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
features=$root/tests/features/debian-default
parser=${APPARMOR_PARSER:-apparmor_parser}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/aamed-unit.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

pass=0
fail=0
tab=$(printf '\t')

ok() { pass=$((pass + 1)); }
bad() {
    fail=$((fail + 1))
    echo "FAIL run.sh: $*"
}

# ---------------------------------------------------------------- unit binary

if [ -x "$unit" ]; then
    "$unit" > "$tmp/unit.out" 2>&1
    urc=$?
    last=$(tail -n 1 "$tmp/unit.out")
    sed '$d' "$tmp/unit.out"
    up=${last%% passed, *}
    uf=${last#* passed, }
    uf=${uf% failed}
    case "$up:$uf" in
        *[!0-9:]* | :* | *:)
            bad "unit binary: no \"N passed, N failed\" summary (exit $urc): $last"
            ;;
        *)
            pass=$((pass + up))
            fail=$((fail + uf))
            if [ "$uf" -eq 0 ] && [ "$urc" -ne 0 ]; then
                bad "unit binary exited $urc with no failures"
            fi
            ;;
    esac
else
    bad "unit binary $unit is not executable"
fi

# ---------------------------------------------------------------- helpers

# run CMD...: stdout to $tmp/out, stderr to $tmp/err, exit code to $rc.
run() {
    "$@" > "$tmp/out" 2> "$tmp/err"
    rc=$?
}

# expect_rc WANT WHAT CMD...
expect_rc() {
    want=$1
    what=$2
    shift 2
    run "$@"
    if [ "$rc" -eq "$want" ]; then
        ok
    else
        bad "$what: exit $rc, want $want ($(head -n 1 "$tmp/err"))"
    fi
}

# expect_out WHAT FILE: $tmp/out must equal FILE.
expect_out() {
    if cmp -s "$tmp/out" "$2"; then
        ok
    else
        bad "$1: output differs"
        echo "--- want"
        cat "$2"
        echo "--- got"
        cat "$tmp/out"
        echo "---"
    fi
}

# expect_line WHAT TEXT: $tmp/out must hold the line TEXT.
expect_line() {
    if grep -qxF -- "$2" "$tmp/out"; then
        ok
    else
        bad "$1: no line \"$2\" in: $(cat "$tmp/out")"
    fi
}

# expect_json WHAT: every line of $tmp/out is an object with "version" first.
expect_json() {
    if "$unit" --json-lines "$tmp/out" 2> "$tmp/jerr"; then
        ok
    else
        bad "$1: bad JSON: $(head -n 1 "$tmp/jerr")"
    fi
}

# expect_lines WHAT N: $tmp/out has exactly N lines.
expect_lines() {
    n=$(wc -l < "$tmp/out" | tr -d ' ')
    if [ "$n" -eq "$2" ]; then
        ok
    else
        bad "$1: $n output lines, want $2"
    fi
}

# expect_err WHAT TEXT: $tmp/err must hold TEXT.
expect_err() {
    if grep -qF -- "$2" "$tmp/err"; then
        ok
    else
        bad "$1: no \"$2\" in the error: $(head -n 1 "$tmp/err")"
    fi
}

# ---------------------------------------------------------------- commands
# without policy

expect_rc 2 "no command" "$aamed"
expect_rc 2 "unknown command" "$aamed" frobnicate
expect_rc 0 "version" "$aamed" version
expect_line "version" "aamed $(sed -n 's/^VERSION := //p' "$root/Makefile")"
expect_rc 0 "--help" "$aamed" --help
expect_rc 2 "query without --policy" "$aamed" query file /etc/passwd r
expect_rc 0 "query --help" "$aamed" query --help
expect_rc 2 "attach without --policy" "$aamed" attach /usr/bin/true
# the dispatcher's own options come before the command
expect_rc 0 "-h" "$aamed" -h
expect_rc 0 "--version" "$aamed" --version
expect_line "--version" "aamed $(sed -n 's/^VERSION := //p' "$root/Makefile")"
expect_rc 2 "unknown option before the command" "$aamed" --bogus query
expect_err "unknown option before the command" "--bogus"
expect_rc 0 "-- before the command" "$aamed" -- version
expect_rc 0 "attach --help" "$aamed" attach --help
expect_rc 0 "compile --help" "$aamed" compile --help
expect_rc 0 "help --help" "$aamed" help --help
expect_rc 2 "help, unknown option" "$aamed" help --bogus
expect_err "help, unknown option" "--bogus"

# ---------------------------------------------------------------- policies

cat > "$tmp/p.profile" <<'EOF'
profile p1 /usr/bin/p1 {
  /etc/passwd r,
  /tmp/** rw,
  deny /tmp/secret w,
  audit /var/log/p1 w,
  /usr/bin/true ix,
  /usr/bin/p2 px,
  owner /home/*/** r,
}
profile p2 /usr/bin/p2 {
  /srv/** r,
}
profile p3 flags=(complain) {
  /srv/** r,
}
profile pu {
  /usr/bin/foo px -> u,
  /usr/bin/baz px -> unconfinedx,
}
EOF

cat > "$tmp/a.profile" <<'EOF'
profile k1 /conf/* { }
profile k2 /conf/* { }
profile g1 /usr/lib/** { }
profile g2 /usr/lib/foo/* { }
profile /usr/bin/exact { }
profile cm /opt/cm flags=(complain) { }
EOF

cat > "$tmp/s.profile" <<'EOF'
profile aud flags=(audit) {
  /tmp/** rwkm,
}
profile cq flags=(complain) {
  deny /etc/deny w,
  /etc/ok r,
}
EOF

echo 'profile broken { /x rwz, }' > "$tmp/broken.profile"

have_parser=1
if ! command -v "$parser" > /dev/null 2>&1; then
    have_parser=0
    bad "apparmor_parser ($parser) not found: policy tests skipped (run scripts/deps.sh)"
fi

compile() {
    "$parser" -Q -S --features-file "$features" "$1" > "$2" 2> "$tmp/perr"
}

if [ $have_parser = 1 ]; then
    if compile "$tmp/p.profile" "$tmp/p.bin" &&
        compile "$tmp/a.profile" "$tmp/a.bin" &&
        compile "$tmp/s.profile" "$tmp/s.bin"; then
        ok
    else
        bad "apparmor_parser failed: $(head -n 1 "$tmp/perr")"
        have_parser=0
    fi
fi

if [ $have_parser = 1 ]; then
    P=$tmp/p.bin
    A=$tmp/a.bin

    # ------------------------------------------------------------ exit codes
    expect_rc 0 "allowed read" "$aamed" query --policy "$P" --label p1 file /etc/passwd r
    expect_line "allowed read" "ALLOWED"
    expect_lines "silent allow prints only the verdict" 1

    expect_rc 1 "denied read" "$aamed" query --policy "$P" --label p1 file /etc/shadow r
    cat > "$tmp/want" <<'EOF'
DENIED
apparmor="DENIED" operation="open" profile="p1" name="/etc/shadow" requested_mask="r" denied_mask="r" fsuid=0 ouid=0
EOF
    expect_out "denied read" "$tmp/want"

    # deny rules are quiet by default: denied, no record
    expect_rc 1 "deny rule" "$aamed" query --policy "$P" --label p1 file /tmp/secret w
    expect_lines "deny rule is quiet" 1

    # audit rule: allowed, with an AUDIT record
    expect_rc 0 "audit rule" "$aamed" query --policy "$P" --label p1 file /var/log/p1 w
    expect_line "audit rule" 'apparmor="AUDIT" operation="open" profile="p1" name="/var/log/p1" requested_mask="w" fsuid=0 ouid=0'

    # owner rules: fsuid == ouid
    expect_rc 0 "owner match" "$aamed" query --policy "$P" --label p1 file /home/u/f r --fsuid 1000 --ouid 1000
    expect_rc 1 "owner mismatch" "$aamed" query --policy "$P" --label p1 file /home/u/f r --fsuid 1000 --ouid 0
    expect_line "owner mismatch" 'apparmor="DENIED" operation="open" profile="p1" name="/home/u/f" requested_mask="r" denied_mask="r" fsuid=1000 ouid=0'

    # complain mode: allowed, logged ALLOWED
    expect_rc 0 "complain" "$aamed" query --policy "$P" --label p3 file /etc/x r
    expect_line "complain" 'apparmor="ALLOWED" operation="open" profile="p3" name="/etc/x" requested_mask="r" denied_mask="r" fsuid=0 ouid=0'

    # audit=all on success audits only the low 16 permission bits: not mmap
    S=$tmp/s.bin
    expect_rc 0 "audit all" "$aamed" query --policy "$S" --label aud file /tmp/a rm
    expect_line "audit all" 'apparmor="AUDIT" operation="file_mmap" profile="aud" name="/tmp/a" requested_mask="r" fsuid=0 ouid=0'
    expect_rc 0 "audit all, mmap only" "$aamed" query --policy "$S" --label aud file /tmp/a m
    expect_lines "audit all, mmap only: no record" 1
    # complain mode: a quieted (deny rule) denial stays denied, silently
    expect_rc 1 "complain, deny rule" "$aamed" query --policy "$S" --label cq file /etc/deny w
    expect_lines "complain, deny rule: no record" 1
    # ... but with another denied bit left after the quiet strip it is
    # logged ALLOWED and complain mode lets the whole request through
    expect_rc 0 "complain, deny rule and more" "$aamed" query --policy "$S" --label cq file /etc/deny rw
    expect_line "complain, deny rule and more" 'apparmor="ALLOWED" operation="open" profile="cq" name="/etc/deny" requested_mask="r" denied_mask="r" fsuid=0 ouid=0'

    expect_rc 0 "unconfined" "$aamed" query --policy "$P" file /etc/shadow rw
    expect_lines "unconfined is silent" 1

    # exec transitions
    expect_rc 0 "exec px" "$aamed" query --policy "$P" --label p1 file /usr/bin/p2 x
    expect_line "exec px" "transition=px:p2"
    expect_rc 0 "exec ix" "$aamed" query --policy "$P" --label p1 file /usr/bin/true x
    expect_line "exec ix" "transition=ix:p1"
    expect_rc 1 "exec denied" "$aamed" query --policy "$P" --label p1 file /usr/bin/false x
    # a prefix of "unconfined" names unconfined (aa_lookupn_profile)
    expect_rc 0 "exec px -> u" "$aamed" query --policy "$P" --label pu file /usr/bin/foo x
    expect_line "exec px -> u" "transition=px:unconfined"
    expect_rc 1 "exec px -> unconfinedx" "$aamed" query --policy "$P" --label pu file /usr/bin/baz x
    expect_line "exec px -> unconfinedx" 'apparmor="DENIED" operation="exec" info="profile transition not found" error=-13 profile="pu" name="/usr/bin/baz" requested_mask="x" denied_mask="x" fsuid=0 ouid=0'

    # labels: stacks, each denying member logs its own record
    expect_rc 1 "stack" "$aamed" query --policy "$P" --label 'p2//&p1' file /srv/x r
    expect_line "stack: p1 denies" 'apparmor="DENIED" operation="open" profile="p1" name="/srv/x" requested_mask="r" denied_mask="r" fsuid=0 ouid=0'
    expect_lines "stack: only p1 logs" 2
    expect_rc 1 "stack, both deny" "$aamed" query --policy "$P" --label 'p1//&p2' file /etc/shadow r
    expect_lines "stack: two records" 3
    if sed -n 2p "$tmp/out" | grep -q 'profile="p1"' &&
        sed -n 3p "$tmp/out" | grep -q 'profile="p2"'; then
        ok
    else
        bad "stack: records not in label order (p1, p2): $(cat "$tmp/out")"
    fi
    expect_rc 0 "stack with mode suffix" "$aamed" query --policy "$P" --label 'p1//&p1 (enforce)' file /etc/passwd r
    # getattr is granted on every path, matched or not, in both kernels
    expect_rc 0 "getattr, 6.1" "$aamed" query --policy "$P" --kernel 6.1 --label p1 file /etc/shadow getattr
    expect_rc 0 "getattr, 6.12" "$aamed" query --policy "$P" --kernel 6.12 --label p1 file /etc/shadow getattr
    expect_rc 1 "kernel 6.12 record" "$aamed" query --policy "$P" --kernel 6.12 --label p1 file /etc/shadow r
    expect_line "kernel 6.12 prints class" 'apparmor="DENIED" operation="open" class="file" profile="p1" name="/etc/shadow" requested_mask="r" denied_mask="r" fsuid=0 ouid=0'
    expect_rc 1 "kernel 6.1 record" "$aamed" query --policy "$P" --kernel 6.1 --label p1 file /etc/shadow r
    if grep -q 'class=' "$tmp/out"; then
        bad "kernel 6.1 prints class=: $(cat "$tmp/out")"
    else
        ok
    fi

    # usage errors
    expect_rc 2 "unknown label" "$aamed" query --policy "$P" --label nosuch file /etc/passwd r
    expect_rc 2 "malformed label" "$aamed" query --policy "$P" --label 'p1//&' file /etc/passwd r
    expect_rc 2 "relative path" "$aamed" query --policy "$P" file etc/passwd r
    expect_rc 2 "bad perms" "$aamed" query --policy "$P" file /etc/passwd zz
    expect_rc 2 "unknown option" "$aamed" query --policy "$P" file /etc/passwd r --bogus
    expect_rc 2 "no query" "$aamed" query --policy "$P"
    expect_rc 2 "bad --kernel" "$aamed" query --policy "$P" --kernel 5.0 file /etc/passwd r
    expect_rc 2 "--policy without value" "$aamed" query --policy
    expect_rc 2 "link without target" "$aamed" query --policy "$P" file /tmp/a l
    expect_rc 2 "batch file missing" "$aamed" query --policy "$P" --batch "$tmp/nonexistent"
    expect_rc 2 "batch with query words" "$aamed" query --policy "$P" --batch - file /etc/passwd r

    # ------------------------------------------------------------ option syntax
    # --opt=value is the same as --opt value
    expect_rc 1 "--policy=, --label=" "$aamed" query --policy="$P" --label=p1 file /etc/shadow r
    expect_line "--policy=, --label=" 'apparmor="DENIED" operation="open" profile="p1" name="/etc/shadow" requested_mask="r" denied_mask="r" fsuid=0 ouid=0'
    expect_rc 1 "--kernel=" "$aamed" query --policy "$P" --kernel=6.12 --label p1 file /etc/shadow r
    expect_line "--kernel=" 'apparmor="DENIED" operation="open" class="file" profile="p1" name="/etc/shadow" requested_mask="r" denied_mask="r" fsuid=0 ouid=0'
    expect_rc 2 "bad --kernel=" "$aamed" query --policy "$P" --kernel=5.0 file /etc/passwd r
    printf 'file /etc/passwd r\nfile /tmp/x w\n' > "$tmp/batch6"
    expect_rc 0 "--batch=" "$aamed" query --policy="$P" --json --label=p1 --batch="$tmp/batch6"
    expect_lines "--batch=" 2
    expect_json "--batch="
    expect_rc 0 "attach --policy=" "$aamed" attach --policy="$A" --json /usr/bin/exact
    expect_json "attach --policy="
    expect_rc 0 "compile --features=, -oFILE" "$aamed" compile --features="$features" -o"$tmp/c5.bin" "$tmp/p.profile"
    if cmp -s "$tmp/c5.bin" "$P"; then ok; else bad "compile --features=: output differs"; fi

    # an unknown option: exit 2, named in the message
    expect_rc 2 "query, unknown option" "$aamed" query --policy "$P" --bogus file /etc/passwd r
    expect_err "query, unknown option" "--bogus"
    expect_rc 2 "query, value to a flag" "$aamed" query --policy "$P" --json=yes file /etc/passwd r
    expect_err "query, value to a flag" "--json"
    expect_rc 2 "attach, unknown option" "$aamed" attach --policy "$A" --bogus /usr/bin/exact
    expect_err "attach, unknown option" "--bogus"
    expect_rc 2 "compile, unknown option" "$aamed" compile --bogus -o "$tmp/c6.bin" "$tmp/p.profile"
    expect_err "compile, unknown option" "--bogus"
    expect_rc 2 "compile, unknown short option" "$aamed" compile -x -o "$tmp/c6.bin" "$tmp/p.profile"
    expect_err "compile, unknown short option" "'x'"
    if [ -e "$tmp/c6.bin" ]; then bad "compile with a bad option wrote $tmp/c6.bin"; else ok; fi

    # an option without its value: exit 2
    expect_rc 2 "--label without value" "$aamed" query --policy "$P" --label
    expect_err "--label without value" "--label"
    expect_rc 2 "--kernel without value" "$aamed" query --policy "$P" --kernel
    expect_rc 2 "--batch without value" "$aamed" query --policy "$P" --batch
    expect_rc 2 "attach --policy without value" "$aamed" attach --policy
    expect_rc 2 "attach --ns without value" "$aamed" attach --policy "$A" /usr/bin/exact --ns
    expect_rc 2 "compile -o without value" "$aamed" compile "$tmp/p.profile" -o
    expect_rc 2 "compile --features without value" "$aamed" compile -o "$tmp/c6.bin" --features

    # -- ends the options; after it every word is a query word, "--label"
    # included
    expect_rc 0 "query --" "$aamed" query --policy "$P" --label p1 -- file /etc/passwd r
    expect_rc 1 "query --, then --label" "$aamed" query --policy "$P" -- --label p1 file /etc/shadow r
    expect_line "query --, then --label" 'apparmor="DENIED" operation="open" profile="p1" name="/etc/shadow" requested_mask="r" denied_mask="r" fsuid=0 ouid=0'
    expect_rc 0 "attach --" "$aamed" attach --policy "$A" -- /usr/bin/exact
    expect_line "attach --" "/usr/bin/exact (enforce)"
    expect_rc 0 "compile --" "$aamed" compile -o "$tmp/c7.bin" --features "$features" -- "$tmp/p.profile"
    if cmp -s "$tmp/c7.bin" "$P"; then ok; else bad "compile --: output differs"; fi

    # words after the query class reach the query parser as typed, those
    # that start with - or -- included; the outputs are those of the
    # option parser before getopt_long
    expect_rc 1 "query words: --fsuid --ouid" "$aamed" query --policy "$P" --label p1 file /home/u/f r --fsuid 1000 --ouid 0
    cat > "$tmp/want" <<'EOF'
DENIED
apparmor="DENIED" operation="open" profile="p1" name="/home/u/f" requested_mask="r" denied_mask="r" fsuid=1000 ouid=0
EOF
    expect_out "query words: --fsuid --ouid" "$tmp/want"
    expect_rc 1 "query words: --target" "$aamed" query --policy "$P" --label p1 file /tmp/a l --target /tmp/b
    cat > "$tmp/want" <<'EOF'
DENIED
apparmor="DENIED" operation="link" profile="p1" name="/tmp/a" requested_mask="l" denied_mask="l" fsuid=0 ouid=0 target="/tmp/b"
EOF
    expect_out "query words: --target" "$tmp/want"
    expect_rc 1 "query words: --noaudit" "$aamed" query --policy "$P" --label p1 capability sys_admin --noaudit
    # a capability is refused with EPERM, which the plain answer names
    printf 'DENIED (EPERM)\n' > "$tmp/want"
    expect_out "query words: --noaudit" "$tmp/want"
    expect_rc 1 "query words: --peer-label" "$aamed" query --policy "$P" --label p1 signal hup --peer-label p2
    cat > "$tmp/want" <<'EOF'
DENIED
apparmor="DENIED" operation="signal" profile="p1" requested_mask="send" denied_mask="send" signal=hup peer="p2"
apparmor="DENIED" operation="signal" profile="p2" requested_mask="receive" denied_mask="receive" signal=hup peer="p1"
EOF
    expect_out "query words: --peer-label" "$tmp/want"
    expect_rc 1 "query words: unix" "$aamed" query --policy "$P" --kernel upstream --label p1 unix send --type dgram --peer-label p2 --addr @x
    cat > "$tmp/want" <<'EOF'
DENIED
apparmor="DENIED" operation="sendmsg" class="net" info="failed af match" error=-13 profile="p1" family="unix" sock_type="dgram" protocol=0 requested_mask="send" denied_mask="send" addr="@x" peer_addr=none
apparmor="DENIED" operation="sendmsg" class="net" info="failed af match" error=-13 profile="p2" family="unix" sock_type="dgram" protocol=0 requested_mask="receive" denied_mask="receive" addr=none peer_addr="@x"
EOF
    expect_out "query words: unix" "$tmp/want"
    # a --label among the query words overrides the option's
    expect_rc 0 "query words: --label" "$aamed" query --policy "$P" --label p2 file /etc/passwd r --label p1
    # a word the query language does not know, with or without =, and a
    # dash word: the query parser's errors
    expect_rc 2 "query words: --" "$aamed" query --policy "$P" file /etc/passwd r --
    expect_err "query words: --" "aamed query: unknown option --"
    expect_rc 2 "query words: --op=" "$aamed" query --policy "$P" --label p1 file /tmp/a r --op=open
    expect_err "query words: --op=" "aamed query: unknown option --op=open"
    expect_rc 2 "query words: -r" "$aamed" query --policy "$P" --label p1 file /tmp/a -r
    expect_err "query words: -r" 'aamed query: bad permissions "-r"'

    # policy load errors
    expect_rc 3 "policy missing" "$aamed" query --policy "$tmp/nonexistent" file /etc/passwd r
    echo garbage > "$tmp/garbage.bin"
    expect_rc 3 "policy garbage" "$aamed" query --policy "$tmp/garbage.bin" file /etc/passwd r
    : > "$tmp/empty.bin"
    expect_rc 3 "policy empty" "$aamed" query --policy "$tmp/empty.bin" file /etc/passwd r
    head -c 200 "$P" > "$tmp/trunc.bin"
    expect_rc 3 "policy truncated" "$aamed" query --policy "$tmp/trunc.bin" file /etc/passwd r
    expect_rc 3 "one bad policy of two" "$aamed" query --policy "$P" --policy "$tmp/garbage.bin" file /etc/passwd r
    expect_rc 3 "attach, policy garbage" "$aamed" attach --policy "$tmp/garbage.bin" /usr/bin/p1

    # ------------------------------------------------------------ JSON
    expect_rc 0 "json allowed" "$aamed" query --policy "$P" --json --label p1 file /etc/passwd r
    expect_json "json allowed"
    expect_lines "json allowed" 1
    expect_rc 1 "json denied" "$aamed" query --policy "$P" --json --label p1 file /etc/shadow r
    expect_json "json denied"
    expect_rc 1 "json 6.12 denied" "$aamed" query --policy "$P" --json --kernel 6.12 --label 'p1//&p2' file /etc/shadow r
    expect_json "json 6.12 denied"
    expect_rc 0 "json exec" "$aamed" query --policy "$P" --json --label p1 file /usr/bin/p2 x
    expect_json "json exec"
    expect_rc 0 "json awkward path" "$aamed" query --policy "$P" --json --label p1 \
        file "/tmp/q\"b\\s${tab}t$(printf '\001\303\251')" r
    expect_json "json awkward path"
    expect_rc 0 "json attach" "$aamed" attach --policy "$A" --json /usr/bin/exact
    expect_json "json attach"
    expect_rc 0 "json attach conflict" "$aamed" attach --policy "$A" --json /conf/x
    expect_json "json attach conflict"

    # ------------------------------------------------------------ batch
    cat > "$tmp/batch" <<'EOF'
# a comment
file /etc/passwd r --label p1

   # an indented comment
file relative r
file /tmp/x w --label p1
file '/tmp/a b' r --label p1
file /etc/x "r
file /etc/x r --label nosuch
file /etc/x r --label 'p1//&'
file /etc/passwd zz
file /a l
file /etc/shadow r --label p1
file /usr/bin/p2 x --label p1
EOF
    # ERROR lines are compared up to the line number; their wording is free
    cat > "$tmp/want" <<'EOF'
ALLOWED
ERROR	line 5
ALLOWED
ALLOWED
ERROR	line 8
ERROR	line 9
ERROR	line 10
ERROR	line 11
ERROR	line 12
DENIED	apparmor="DENIED" operation="open" profile="p1" name="/etc/shadow" requested_mask="r" denied_mask="r" fsuid=0 ouid=0
ALLOWED	transition=px:p2	secure-exec=0
EOF
    expect_rc 0 "batch" "$aamed" query --policy "$P" --batch "$tmp/batch"
    cp "$tmp/out" "$tmp/batch.out"
    sed "s/^\(ERROR${tab}line [0-9]*\): .*/\1/" "$tmp/batch.out" > "$tmp/out"
    expect_out "batch" "$tmp/want"
    # an unknown profile and a malformed label are told apart
    cp "$tmp/batch.out" "$tmp/out"
    expect_line "batch: unknown label" "ERROR${tab}line 9: label \"nosuch\": no such profile"
    expect_line "batch: malformed label" "ERROR${tab}line 10: label \"p1//&\": malformed label"

    expect_rc 0 "batch from stdin" sh -c '"$1" query --policy "$2" --batch - < "$3"' \
        sh "$aamed" "$P" "$tmp/batch"
    expect_lines "batch from stdin: one line per query" 11

    expect_rc 0 "batch json" "$aamed" query --policy "$P" --json --batch "$tmp/batch"
    expect_lines "batch json: one line per query" 11
    expect_json "batch json"
    if sed -n 2p "$tmp/out" | grep -q '"verdict":"error".*line 5'; then
        ok
    else
        bad "batch json: line 5 error not reported: $(sed -n 2p "$tmp/out")"
    fi

    # a default label for every line
    printf 'file /etc/passwd r\nfile /etc/shadow r\n' > "$tmp/batch2"
    expect_rc 0 "batch --label" "$aamed" query --policy "$P" --label p1 --batch "$tmp/batch2"
    printf 'ALLOWED\nDENIED\tapparmor="DENIED" operation="open" profile="p1" name="/etc/shadow" requested_mask="r" denied_mask="r" fsuid=0 ouid=0\n' > "$tmp/want"
    expect_out "batch --label" "$tmp/want"

    # only comments and blanks: nothing printed, still 0
    printf '# x\n\n \t \n#y z\n' > "$tmp/batch3"
    expect_rc 0 "batch of comments" "$aamed" query --policy "$P" --batch "$tmp/batch3"
    expect_lines "batch of comments" 0
    # every line malformed: still 0
    printf 'x\n"\nfile\n' > "$tmp/batch4"
    expect_rc 0 "batch all malformed" "$aamed" query --policy "$P" --batch "$tmp/batch4"
    expect_lines "batch all malformed" 3
    if [ "$(cut -f1 "$tmp/out" | sort -u)" = ERROR ]; then ok; else bad "batch all malformed: $(cat "$tmp/out")"; fi
    # a last line without newline is still answered
    printf 'file /etc/passwd r --label p1' > "$tmp/batch5"
    expect_rc 0 "batch no final newline" "$aamed" query --policy "$P" --batch "$tmp/batch5"
    expect_lines "batch no final newline" 1

    # ------------------------------------------------------------ attach
    expect_rc 0 "attach by glob" "$aamed" attach --policy "$P" /usr/bin/p1
    expect_line "attach by glob" "p1 (enforce)"
    expect_rc 0 "attach none" "$aamed" attach --policy "$P" /usr/bin/nothing
    expect_line "attach none" "unconfined (unconfined)"
    # the longest literal left part wins
    expect_rc 0 "attach longest left" "$aamed" attach --policy "$A" /usr/lib/foo/bar
    expect_line "attach longest left" "g2 (enforce)"
    expect_rc 0 "attach shorter" "$aamed" attach --policy "$A" /usr/lib/bar
    expect_line "attach shorter" "g1 (enforce)"
    # equal attachments: no profile, the kernel's info
    expect_rc 0 "attach conflict" "$aamed" attach --policy "$A" /conf/x
    expect_line "attach conflict" "unconfined (unconfined)${tab}info=\"conflicting profile attachments\""
    expect_rc 0 "attach by name" "$aamed" attach --policy "$A" /usr/bin/exact
    expect_line "attach by name" "/usr/bin/exact (enforce)"
    expect_rc 0 "attach name is exact" "$aamed" attach --policy "$A" /usr/bin/exact2
    expect_line "attach name is exact" "unconfined (unconfined)"
    expect_rc 0 "attach complain" "$aamed" attach --policy "$A" /opt/cm
    expect_line "attach complain" "cm (complain)"
    expect_rc 0 "attach, two policies" "$aamed" attach --policy "$A" --policy "$P" /usr/bin/p2
    expect_line "attach, two policies" "p2 (enforce)"
    expect_rc 2 "attach relative path" "$aamed" attach --policy "$P" usr/bin/p1
    expect_rc 2 "attach no path" "$aamed" attach --policy "$P"
    expect_rc 2 "attach two paths" "$aamed" attach --policy "$P" /a /b

    # ------------------------------------------------------------ compile
    expect_rc 0 "compile" "$aamed" compile --features "$features" -o "$tmp/c.bin" "$tmp/p.profile"
    if cmp -s "$tmp/c.bin" "$P"; then
        ok
    else
        bad "compile: output differs from apparmor_parser -Q -S"
    fi
    expect_rc 0 "compiled policy loads" "$aamed" query --policy "$tmp/c.bin" --label p2 file /srv/a r
    expect_rc 0 "compile, features by name" sh -c 'cd "$1" && "$2" compile --features debian-default -o "$3" "$4"' \
        sh "$root" "$aamed" "$tmp/c2.bin" "$tmp/a.profile"
    expect_rc 0 "compiled by name loads" "$aamed" attach --policy "$tmp/c2.bin" /opt/cm
    expect_line "compiled by name loads" "cm (complain)"
    expect_rc 3 "compile error" "$aamed" compile --features "$features" -o "$tmp/c3.bin" "$tmp/broken.profile"
    if [ -e "$tmp/c3.bin" ]; then
        bad "compile error leaves $tmp/c3.bin behind"
    else
        ok
    fi
    expect_rc 2 "compile without -o" "$aamed" compile --features "$features" "$tmp/p.profile"
    expect_rc 2 "compile, unknown features" "$aamed" compile --features no-such-features -o "$tmp/c4.bin" "$tmp/p.profile"
fi

# ---------------------------------------------------------------- DFA walks
# Every DFA of real compiled profiles, with equivalence classes and diff
# encoding (apparmor_parser writes neither unless asked), walked against
# a reference written from the format's definition (dfa_flat.c).
if [ $have_parser = 1 ]; then
    dfa_blobs=
    for opts in "" "-O equiv" "-O diff-encode" "-O equiv -O diff-encode"; do
        for prof in "$root/bench/aamed_bench_ec.sd" "$root/bench/aamed_bench.sd" \
            "$root/examples/bench.profile" "$root/examples/demo.profile" \
            "$tmp/p.profile" "$tmp/a.profile"; do
            out=$tmp/dfa-$(printf '%s' "$opts" | tr -d ' -')-$(basename "$prof").bin
            # shellcheck disable=SC2086
            if "$parser" -Q -S $opts --features-file "$root/tests/features/diff-encode" \
                "$prof" > "$out" 2> "$tmp/perr"; then
                dfa_blobs="$dfa_blobs $out"
            else
                bad "apparmor_parser $opts $prof: $(head -n 1 "$tmp/perr")"
            fi
        done
    done
    # shellcheck disable=SC2086
    "$unit" --dfa-walk $dfa_blobs > "$tmp/dfa.out" 2>&1
    grep -v ' passed, ' "$tmp/dfa.out"
    last=$(tail -n 1 "$tmp/dfa.out")
    dp=${last%% passed, *}
    df=${last#* passed, }
    df=${df% failed}
    case "$dp:$df" in
        *[!0-9:]* | :* | *:) bad "unit --dfa-walk: no summary: $last" ;;
        *)
            pass=$((pass + dp))
            fail=$((fail + df))
            ;;
    esac
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
