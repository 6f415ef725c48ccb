#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/cli: the command-line conventions of every aamed command (those
# of aa-status, apparmor_parser and the systemd tools; docs/HACKING.md
# "Conventions"), checked on the commands the binary itself lists, so
# that a new command is held to them without a change here:
#  - CMD --help and -h: usage on stdout, nothing on stderr, exit 0;
#    an unknown option: a message on stderr, nothing on stdout, exit 2;
#  - aamed --version, -V and CMD --version: "aamed VERSION", exit 0;
#  - --color=auto|always|never taken by every command, another word
#    exit 2; verdicts colored on a terminal only (a pseudo-terminal of
#    script(1)), never with NO_COLOR set or TERM=dumb or --color=never,
#    always with --color=always; no command writes an escape into a
#    pipe or onto a NO_COLOR terminal;
#  - "-" as stdin for every file a command reads and stdout for every
#    file it writes;
#  - the exit codes of README's table.
# aamed-bench: its subcommands (as its --help lists them) the same for
# --help, -h and --version.
# Usage: sh tests/cli/run.sh build/aamed   Ends with "N passed, N failed".
# Environment: APPARMOR_PARSER (default apparmor_parser) compiles the
# test policy; without a parser the checks that need it are skipped.
set -u
. "$(dirname "$0")/../suite.sh"
suite_begin cli "$@"
BENCH=$B/aamed-bench
skipped=0
skip() { skipped=$((skipped + $2)); echo "SKIP: $1 ($2 checks skipped)"; }
ESC=$(printf '\033')
# escapes FILE: any escape sequence; sgr FILE: a color (SGR) sequence
escapes() { grep -qF -- "$ESC" "$1"; }
sgr() { grep -q -- "$ESC\[[0-9;]*m" "$1"; }
# stdout_is NAME: the last command printed something on stdout and
# nothing on stderr
out_only() {
	if [ -s "$T/out" ] && [ ! -s "$T/err" ]; then ok; else ko "$1: wanted stdout only"; head -3 "$T/out" "$T/err"; fi
}
err_only() {
	if [ ! -s "$T/out" ] && [ -s "$T/err" ]; then ok; else ko "$1: wanted a message on stderr only"; head -3 "$T/out" "$T/err"; fi
}
starts() { # starts NAME PREFIX: the first line of stdout starts with PREFIX
	case $(head -1 "$T/out") in "$2"*) ok ;; *) ko "$1: stdout does not start with \"$2\""; head -2 "$T/out" ;; esac
}
version_line() {
	if grep -Eq '^aamed(-bench)? [0-9]+\.[0-9]+\.[0-9]+$' "$T/out"; then ok; else ko "$1: no version line"; head -2 "$T/out"; fi
}

# ---------------------------------------------------------------------
# The commands, as `aamed --help` lists them.
expect main-help 0 "$A" --help
out_only main-help
starts main-help "usage: aamed"
CMDS=$(sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z_-]*\) .*/\1/p' "$T/out")
n=$(echo "$CMDS" | wc -w)
if [ "$n" -ge 10 ]; then ok; else ko "aamed --help lists $n commands"; fi
for c in query help version; do
	case " $(echo $CMDS) " in *" $c "*) ok ;; *) ko "command list without $c: $(echo $CMDS)" ;; esac
done
expect main-h 0 "$A" -h
starts main-h "usage: aamed"
for o in --version -V; do
	expect "main $o" 0 "$A" $o
	out_only "main $o"
	version_line "main $o"
done
expect main-none 2 "$A"
err_only main-none
expect main-unknown-command 2 "$A" no-such-command
err_only main-unknown-command
expect main-unknown-option 2 "$A" --no-such-option
err_only main-unknown-option
expect main-color-bad 2 "$A" --color=sometimes --version
err_only main-color-bad
expect main-color-never 0 "$A" --color=never --version
version_line main-color-never

for c in $CMDS; do
	for h in --help -h; do
		expect "$c $h" 0 "$A" "$c" $h
		out_only "$c $h"
		starts "$c $h" "usage: aamed $c"
	done
	expect "$c --version" 0 "$A" "$c" --version
	out_only "$c --version"
	version_line "$c --version"
	expect "$c unknown option" 2 "$A" "$c" --no-such-option
	err_only "$c unknown option"
	expect "$c --color=sometimes" 2 "$A" "$c" --color=sometimes
	err_only "$c --color=sometimes"
	for w in auto always never; do
		expect "$c --color=$w --help" 0 "$A" "$c" --color=$w --help
		starts "$c --color=$w --help" "usage: aamed $c"
	done
	expect "$c --color --help" 0 "$A" "$c" --color --help
done

# the completion offers the common options and --color's words
if command -v bash >/dev/null 2>&1; then
	out=$(bash -c '. completion/aamed.bash; COMP_WORDS=(aamed diff --ver); COMP_CWORD=2; _aamed; echo "${COMPREPLY[*]}"')
	[ "$out" = --version ] && ok || ko "completion: \"aamed diff --ver\" gave \"$out\""
	out=$(bash -c '. completion/aamed.bash; COMP_WORDS=(aamed query --color = ne); COMP_CWORD=4; _aamed; echo "${COMPREPLY[*]}"')
	[ "$out" = never ] && ok || ko "completion: \"--color=ne\" gave \"$out\""
else
	skip "no bash for the completion" 2
fi

# ---------------------------------------------------------------------
# A policy of one profile, compiled by the real parser.
PARSER=${APPARMOR_PARSER:-apparmor_parser}
FEAT=$ROOT/tests/features/linux-6.1
cat >"$T/p.profile" <<'EOF'
profile cli_t /usr/bin/cli-t {
  /etc/cli/ok r,
  deny /etc/cli/no w,
  capability chown,
}
EOF
have_policy=false
if "$A" compile --parser "$PARSER" --features "$FEAT" -o "$T/p.bin" "$T/p.profile" 2>"$T/cerr"; then
	have_policy=true
fi
P=$T/p.bin
mkdir -p "$T/src" && cp "$T/p.profile" "$T/src/"
# a record of a read the old policy denied and this one allows
printf '%s\n' 'type=AVC msg=audit(1764774000.007:201): apparmor="DENIED" operation="open" profile="cli_t" name="/etc/cli/ok" pid=1069 comm="cat" requested_mask="r" denied_mask="r" fsuid=0 ouid=0' >"$T/deny.log"
cat >"$T/m.yaml" <<'EOF'
tests:
  - name: reads ok
    label: cli_t
    request: file /etc/cli/ok r
    expect: allow
  - name: writes no
    label: cli_t
    request: file /etc/cli/no w
    expect: deny
EOF
printf 'nodev\ttmpfs\n\text4\n' >"$T/filesystems"

# One run of every command that does its job, for the color checks (a
# new command must add its line here: checked below).
sample() {
	case $1 in
	compile) echo "compile --parser $PARSER --features $FEAT -o $T/s.bin $T/p.profile" ;;
	query) echo "query --policy $P --label cli_t file /etc/cli/secret r" ;;
	attach) echo "attach --policy $P /usr/bin/cli-t" ;;
	profiles) echo "profiles --policy $P" ;;
	explain) echo "explain --policy $P --label cli_t file /etc/cli/ok r" ;;
	replay) echo "replay --policy $P $T/deny.log" ;;
	diff) echo "diff $P $P" ;;
	coverage) echo "coverage --policy $P $T/deny.log" ;;
	test) echo "test --policy $P $T/m.yaml" ;;
	check) echo "check --policy $P" ;;
	graph) echo "graph --policy $P" ;;
	who-can) echo "who-can --policy $P file /etc/cli/ok r" ;;
	suggest) echo "suggest --policy $P --source $T/src --parser $PARSER --features $FEAT $T/deny.log" ;;
	help) echo "help --help" ;;
	version) echo "version" ;;
	esac
}
for c in $CMDS; do
	if [ -n "$(sample "$c")" ]; then ok; else ko "$c: no sample run in tests/cli/run.sh"; fi
done

# ---------------------------------------------------------------------
# Color. pty CMD...: run under a pseudo-terminal (script -qec), its
# output in $T/out.
pty() { script -qec "$*" /dev/null </dev/null >"$T/out" 2>&1; }
if ! $have_policy; then
	skip "no apparmor_parser ($PARSER): $(head -1 "$T/cerr")" 80
elif ! script -qec true /dev/null </dev/null >/dev/null 2>&1; then
	skip "no script(1) from util-linux, or no pseudo-terminal" 60
	# the pipe checks need no terminal
	for c in $CMDS; do
		"$A" $(sample "$c") >"$T/out" 2>&1
		if escapes "$T/out"; then ko "$c into a pipe: escape codes"; else ok; fi
	done
else
	Q="$A query --policy $P --label cli_t"
	pty env -u NO_COLOR TERM=xterm $Q file /etc/cli/secret r
	if escapes "$T/out" && grep -q DENIED "$T/out"; then ok; else ko "query on a terminal: DENIED not colored"; cat -v "$T/out" | head -3; fi
	pty env -u NO_COLOR TERM=xterm $Q file /etc/cli/ok r
	if escapes "$T/out" && grep -q ALLOWED "$T/out"; then ok; else ko "query on a terminal: ALLOWED not colored"; fi
	pty env -u NO_COLOR TERM=xterm "$A" explain --policy "$P" --label cli_t file /etc/cli/ok r
	if escapes "$T/out"; then ok; else ko "explain on a terminal: not colored"; fi
	pty env -u NO_COLOR TERM=xterm $Q --color=always file /etc/cli/ok r
	if escapes "$T/out"; then ok; else ko "query --color=always on a terminal"; fi
	# the environment turns auto off; an explicit --color=always wins
	pty env NO_COLOR=1 TERM=xterm $Q --color=always file /etc/cli/ok r
	if escapes "$T/out"; then ok; else ko "--color=always with NO_COLOR: not colored"; fi
	# NO_COLOR="" is not set (no-color.org)
	pty env NO_COLOR= TERM=xterm $Q file /etc/cli/ok r
	if escapes "$T/out"; then ok; else ko "NO_COLOR empty turned color off"; fi
	"$A" query --color=always --policy "$P" --label cli_t file /etc/cli/ok r >"$T/out" 2>&1
	if escapes "$T/out"; then ok; else ko "--color=always into a pipe: not colored"; fi
	# --color before the command
	"$A" --color=always query --policy "$P" --label cli_t file /etc/cli/ok r >"$T/out" 2>&1
	if escapes "$T/out"; then ok; else ko "aamed --color=always query: not colored"; fi
	for c in $CMDS; do
		s=$(sample "$c")
		# NO_COLOR is about color: a progress line may still be erased
		pty env NO_COLOR=1 TERM=xterm "$A" $s
		if sgr "$T/out"; then ko "$c with NO_COLOR: color"; cat -v "$T/out" | head -3; else ok; fi
		pty env -u NO_COLOR TERM=dumb "$A" $s
		if escapes "$T/out"; then ko "$c with TERM=dumb: escape codes"; else ok; fi
		pty env -u NO_COLOR -u TERM "$A" $s
		if escapes "$T/out"; then ko "$c without TERM: escape codes"; else ok; fi
		pty env -u NO_COLOR TERM=xterm "$A" $s --color=never
		[ "$c" = help ] || [ "$c" = compile ] || {
			if sgr "$T/out"; then ko "$c --color=never: color"; else ok; fi; }
		pty env -u NO_COLOR TERM=xterm "$A" --color=never $s
		if sgr "$T/out"; then ko "aamed --color=never $c: color"; else ok; fi
		env -u NO_COLOR TERM=xterm "$A" $s >"$T/out" 2>&1
		if escapes "$T/out"; then ko "$c into a pipe: escape codes"; else ok; fi
	done
fi

# ---------------------------------------------------------------------
# "-": stdin for what is read, stdout for what is written.
if ! $have_policy; then
	skip "no apparmor_parser ($PARSER)" 30
else
	expect "query --policy -" 0 sh -c "\"$A\" query --policy - --label cli_t file /etc/cli/ok r <\"$P\""
	has "query --policy -" ALLOWED
	expect "query --policy - (denied)" 1 sh -c "\"$A\" query --policy - --label cli_t file /etc/cli/secret r <\"$P\""
	printf '%s\n' '--label cli_t file /etc/cli/ok r' '--label cli_t file /etc/cli/no w' >"$T/q"
	expect "query --batch -" 0 sh -c "\"$A\" query --policy \"$P\" --batch - <\"$T/q\""
	if [ "$(cut -f1 "$T/out" | tr '\n' ' ')" = "ALLOWED DENIED " ]; then ok; else ko "query --batch -: answers"; cat "$T/out"; fi
	expect "query --fstypes -" 1 sh -c "\"$A\" query --policy \"$P\" --fstypes - --label cli_t mount none /mnt --fstype tmpfs <\"$T/filesystems\""
	has "query --fstypes -" DENIED
	expect "attach --policy -" 0 sh -c "\"$A\" attach --policy - /usr/bin/cli-t <\"$P\""
	has "attach --policy -" cli_t
	expect "profiles --policy -" 0 sh -c "\"$A\" profiles --policy - <\"$P\""
	has "profiles --policy -" "cli_t (enforce)"
	expect "explain --policy -" 1 sh -c "\"$A\" explain --policy - --label cli_t file /etc/cli/secret r <\"$P\""
	has "explain --policy -" DENIED
	# the record was denied; this policy allows it: one change, exit 1
	expect "replay LOG -" 1 sh -c "\"$A\" replay --policy \"$P\" - <\"$T/deny.log\""
	has "replay LOG -" "1 records, 1 rebuilt, 1 changed"
	expect "replay --policy -" 1 sh -c "\"$A\" replay --policy - \"$T/deny.log\" <\"$P\""
	expect "coverage LOG -" 1 sh -c "\"$A\" coverage --policy \"$P\" - <\"$T/deny.log\""
	has "coverage LOG -" "1 records, 1 rebuilt"
	expect "diff NEW -" 0 sh -c "\"$A\" diff \"$P\" - <\"$P\""
	has "diff NEW -" "no semantic difference"
	# a log is no blob: the side read from stdin is refused as a policy
	expect "diff - (not a blob)" 3 sh -c "\"$A\" diff \"$P\" - <\"$T/deny.log\""
	expect "test MANIFEST -" 0 sh -c "\"$A\" test --policy \"$P\" - <\"$T/m.yaml\""
	has "test MANIFEST -" "ok 2 - writes no"
	expect "test --policy -" 0 sh -c "\"$A\" test --policy - \"$T/m.yaml\" <\"$P\""
	expect "test --junit -" 0 "$A" test --policy "$P" --junit - "$T/m.yaml"
	has "test --junit -" '<testsuites name="aamed test" tests="2" failures="0"'
	hasnt "test --junit -: no TAP mixed in" "TAP version"
	expect "test --log -" 0 sh -c "\"$A\" test --policy \"$P\" --log - <\"$T/deny.log\""
	expect "compile -o -" 0 sh -c "\"$A\" compile --parser \"$PARSER\" --features \"$FEAT\" -o - \"$T/p.profile\" >\"$T/o.bin\""
	if cmp -s "$T/o.bin" "$P"; then ok; else ko "compile -o -: not the blob of -o FILE"; fi
	expect "compile PROFILE -" 0 sh -c "\"$A\" compile --parser \"$PARSER\" --features \"$FEAT\" -o \"$T/i.bin\" - <\"$T/p.profile\""
	if cmp -s "$T/i.bin" "$P"; then ok; else ko "compile -: not the blob of the file"; fi
	# a refused profile writes nothing on stdout
	echo 'profile broken { nonsense }' >"$T/bad.profile"
	expect "compile -o - (refused)" 3 "$A" compile --parser "$PARSER" --features "$FEAT" -o - "$T/bad.profile"
	if [ -s "$T/out" ]; then ko "compile -o - (refused): wrote stdout"; else ok; fi
	expect "compile - and a file" 2 "$A" compile --parser "$PARSER" -o "$T/x.bin" - "$T/p.profile"
	err_only "compile - and a file"
	# stdin is read once: a second "-" is refused, not read as empty
	expect "query --policy - --batch -" 2 sh -c "\"$A\" query --policy - --batch - <\"$P\""
	err_only "query --policy - --batch -"
	expect "replay --policy - LOG -" 2 sh -c "\"$A\" replay --policy - - <\"$P\""
	has_err "replay --policy - LOG -" "stdin"
	# --source names its rules FILE:LINE: a file, a usage error for -
	for c in explain coverage; do
		expect "$c --source -" 2 "$A" $c --policy "$P" --source - --label cli_t file /etc/cli/ok r
		has_err "$c --source -" "--source takes a file"
	done
	# no file named "-" was made by any of these
	if [ -e ./- ] || [ -e "$T/-" ]; then ko "a file named - was written"; else ok; fi
fi

# ---------------------------------------------------------------------
# Exit codes (README "Exit codes"): 2 usage or input, 3 policy.
if ! $have_policy; then
	skip "no apparmor_parser ($PARSER)" 14
else
	expect "query allowed" 0 "$A" query --policy "$P" --label cli_t file /etc/cli/ok r
	expect "query denied" 1 "$A" query --policy "$P" --label cli_t file /etc/cli/no w
	expect "query no label" 2 "$A" query --policy "$P" --label nobody file /a r
	expect "query bad words" 2 "$A" query --policy "$P" --label cli_t file /a zz
	expect "query unreadable batch" 2 "$A" query --policy "$P" --batch "$T/none"
	printf 'not a blob' >"$T/junk.bin"
	for c in query explain; do
		expect "$c bad blob" 3 "$A" $c --policy "$T/junk.bin" --label cli_t file /a r
	done
	expect "attach bad blob" 3 "$A" attach --policy "$T/junk.bin" /usr/bin/cli-t
	expect "profiles bad blob" 3 "$A" profiles --policy "$T/junk.bin"
	expect "replay bad blob" 3 "$A" replay --policy "$T/junk.bin" "$T/deny.log"
	expect "replay unreadable log" 2 "$A" replay --policy "$P" "$T/none.log"
	expect "diff bad blob" 3 "$A" diff "$P" "$T/junk.bin"
	expect "coverage unreadable log" 2 "$A" coverage --policy "$P" "$T/none.log"
	expect "test unreadable manifest" 2 "$A" test --policy "$P" "$T/none.yaml"
fi

# ---------------------------------------------------------------------
# aamed-bench: the subcommands its --help lists.
if [ -x "$BENCH" ]; then
	expect bench-help 0 "$BENCH" --help
	out_only bench-help
	BCMDS=$(sed -n 's/^  \([a-z][a-z-]*\)  .*/\1/p' "$T/out")
	if [ "$(echo "$BCMDS" | wc -w)" -ge 5 ]; then ok; else ko "aamed-bench --help lists: $BCMDS"; fi
	expect bench-version 0 "$BENCH" --version
	version_line bench-version
	expect bench-none 2 "$BENCH"
	err_only bench-none
	for c in $BCMDS; do
		for h in --help -h; do
			expect "bench $c $h" 0 "$BENCH" "$c" $h
			out_only "bench $c $h"
			starts "bench $c $h" "usage: aamed-bench $c"
		done
		expect "bench $c --version" 0 "$BENCH" "$c" --version
		version_line "bench $c --version"
		expect "bench $c unknown option" 2 "$BENCH" "$c" --no-such-option
		if [ -s "$T/out" ]; then ko "bench $c unknown option: stdout"; else ok; fi
	done
else
	skip "no $BENCH" 40
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
