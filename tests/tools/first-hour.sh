# SPDX-License-Identifier: GPL-2.0-or-later
# tests/tools/first-hour.sh, sourced by tests/tools/run.sh (its helpers,
# $A, $T, $ROOT, comp): what a new user meets first, from the README, the
# help and the answers on Debian's own profiles. Expectations come from
# AppArmor's semantics and the profiles, never from aamed's output.

# ---------------------------------------------------------------- README
# the command's path before make install, and a bench example that runs
# as written: the policy it names is the one `make bench` writes
if grep -qF '`build/aamed`' README.md; then ok; else ko "README: never says the program is build/aamed"; fi
bpol=$(sed -n 's/.*aamed-bench decide --policy \([^ ]*\).*/\1/p' README.md | head -1)
if [ -n "$bpol" ] && make -n --no-print-directory bench 2>/dev/null | grep -qF -- "-o $bpol "; then ok
else ko "README: aamed-bench's --policy \"$bpol\" is not what make bench writes"; fi

# ---------------------------------------------------------------- profiles
# every profile of a policy with its label, mode and attachment, as the
# source says them: a path-named profile attaches to its name, a pattern
# to the paths it matches (shortest first), a child or a plain name to
# nothing; flags=(complain) is complain mode, a hat is marked.
cat >"$T/fh.sd" <<'SD'
/usr/bin/fhtool {
  /etc/fh r,
  profile fhchild { }
  ^fhhat { }
}
profile fhpat /opt/{a,bb}/fhp* flags=(complain) {
  /etc/fh r,
}
profile fhplain {
  deny /etc/fh r,
}
SD
comp "$T/fh.sd" "$T/fh.bin"
expect profiles-text 0 "$A" profiles --policy "$T/fh.bin"
has profiles-text "/usr/bin/fhtool (enforce)	attach=/usr/bin/fhtool"
has profiles-text "fhpat (complain)	attach=(a pattern, e.g. /opt/a/fhp)"
if grep -qx "fhplain (enforce)" "$T/out"; then ok; else ko "profiles-text: fhplain attaches to nothing"; sed 's/^/    /' "$T/out"; fi
if grep -qx "/usr/bin/fhtool//fhchild (enforce)" "$T/out"; then ok; else ko "profiles-text: a child attaches to nothing"; fi
if grep -qx "/usr/bin/fhtool//fhhat (enforce)	hat" "$T/out"; then ok; else ko "profiles-text: the hat"; fi
[ "$(wc -l <"$T/out")" -eq 5 ] && ok || ko "profiles-text: $(wc -l <"$T/out") lines for 5 profiles"
expect profiles-json 0 "$A" profiles --policy "$T/fh.bin" --json
schema profiles-json profiles.v1.json
has profiles-json '{"label":"fhpat","name":"fhpat","ns":"","mode":"complain","audit":"normal","hat":false,"attach":null,"attach_pattern":true,"attach_example":"/opt/a/fhp"'
has profiles-json '"hat":true'
# the label it lists is the one query takes, and the example path is one
# aamed attach attaches to the profile (the hat has no rules: denied)
expect profiles-label 1 "$A" query --policy "$T/fh.bin" --label /usr/bin/fhtool//fhhat capability chown
expect profiles-attach 0 "$A" attach --policy "$T/fh.bin" /opt/a/fhp
has profiles-attach "fhpat (complain)"
expect profiles-usage 2 "$A" profiles
expect profiles-bad 3 "$A" profiles --policy "$T/no-such.bin"
expect profiles-help 0 "$A" profiles --help
has profiles-help "usage: aamed profiles --policy PATH"
[ -f man/aamed-profiles.1 ] && ok || ko "man/aamed-profiles.1 missing"
expect help-profiles 0 env MANPAGER=cat PAGER=cat AAMED_SRCDIR="$ROOT" "$A" help profiles
has help-profiles "aamed profiles"
(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l man/aamed-profiles.1 >/dev/null 2>"$T/warn")
[ ! -s "$T/warn" ] && ok || { ko "man/aamed-profiles.1 renders with warnings"; cat "$T/warn"; }
if command -v bash >/dev/null; then
	out=$(bash -c '. completion/aamed.bash; COMP_WORDS=(aamed pro); COMP_CWORD=1; _aamed; echo "${COMPREPLY[*]}"')
	[ "$out" = profiles ] && ok || ko "completion: \"aamed pro\" gave \"$out\""
fi
# did you mean: the program's name for a path-named profile, a part of a
# name, a typo; nothing for a word no profile is near
expect hint-basename 2 "$A" query --policy "$T/fh.bin" --label fhtool file /etc/fh r
has_err hint-basename 'label "fhtool": no such profile; did you mean "/usr/bin/fhtool"?'
expect hint-part 2 "$A" query --policy "$T/fh.bin" --label pat file /etc/fh r
has_err hint-part 'did you mean "fhpat"?'
expect hint-typo 2 "$A" explain --policy "$T/fh.bin" --label fhplian file /etc/fh r
has_err hint-typo 'label "fhplian": no such profile; did you mean "fhplain"?'
expect hint-none 2 "$A" query --policy "$T/fh.bin" --label zzzz file /etc/fh r
if grep -q "did you mean" "$T/err"; then ko "hint-none: a hint for a word no profile is near"; else ok; fi
if [ -f /etc/apparmor.d/usr.bin.man ]; then
	comp /etc/apparmor.d/usr.bin.man "$T/man.bin"
	expect hint-debian-man 2 "$A" query --policy "$T/man.bin" --label man file /etc/shadow r
	has_err hint-debian-man 'did you mean "/usr/bin/man"?'
	expect profiles-debian-man 0 "$A" profiles --policy "$T/man.bin"
	has profiles-debian-man "/usr/bin/man (enforce)	attach=/usr/bin/man"
fi

# ---------------------------------------------------------------- complain mode
# A complain-mode profile lets a request its rules do not grant through
# and the kernel logs it apparmor="ALLOWED": the answer says so. What the
# rules grant is a plain ALLOWED, and a deny rule still denies. Batch
# lines keep a bare verdict as their first field.
expect complain-allowed 0 "$A" query --policy "$T/fh.bin" --label fhpat file /etc/other r
if [ "$(head -1 "$T/out")" = "ALLOWED (complain)" ]; then ok; else ko "complain-allowed: first line \"$(head -1 "$T/out")\""; fi
has complain-allowed 'apparmor="ALLOWED" operation="open" profile="fhpat" name="/etc/other" requested_mask="r" denied_mask="r"'
expect complain-granted 0 "$A" query --policy "$T/fh.bin" --label fhpat file /etc/fh r
if [ "$(cat "$T/out")" = "ALLOWED" ]; then ok; else ko "complain-granted: \"$(cat "$T/out")\""; fi
expect enforce-allowed 0 "$A" query --policy "$T/fh.bin" --label /usr/bin/fhtool file /etc/fh r
if [ "$(cat "$T/out")" = "ALLOWED" ]; then ok; else ko "enforce-allowed: \"$(cat "$T/out")\""; fi
printf 'file /etc/other r\n' >"$T/fh.q"
expect complain-batch 0 "$A" query --policy "$T/fh.bin" --label fhpat --batch "$T/fh.q"
if cut -f1 "$T/out" | grep -qx ALLOWED; then ok; else ko "complain-batch: first field \"$(cut -f1 "$T/out")\""; fi
if [ -f /etc/apparmor.d/usr.sbin.nscd ] && grep -q 'flags=(complain)' /etc/apparmor.d/usr.sbin.nscd; then
	comp /etc/apparmor.d/usr.sbin.nscd "$T/nscd-fh.bin"
	expect complain-nscd 0 "$A" query --policy "$T/nscd-fh.bin" --label nscd file /etc/shadow r
	if [ "$(head -1 "$T/out")" = "ALLOWED (complain)" ]; then ok; else ko "complain-nscd: first line \"$(head -1 "$T/out")\""; fi
fi

# ---------------------------------------------------------------- errno
# The kernels refuse with other errnos than EACCES: EPERM (no_new_privs,
# an unconfined change_hat, a missing capability: the capable() check),
# ENOENT (a missing hat or change_profile target), ECHILD (change_hat
# from a profile without hats: "no hats defined"), EINVAL (mount(2)'s
# MS_NOUSER, before the hook). The answer names it; EACCES stays a bare
# DENIED, and batch lines keep the bare verdict.
cat >"$T/fherr.sd" <<'SD'
profile fherr {
  change_profile -> fhplain,
  ^fhh { }
}
profile fhplain {
  deny /etc/fh r,
}
profile fhcap {
  mount fstype=tmpfs -> /mnt/,
}
SD
comp "$T/fherr.sd" "$T/fherr.bin"
errno_first() { # NAME WANT QUERY...
	en=$1 ew=$2
	shift 2
	expect "$en" 1 "$A" query --policy "$T/fherr.bin" "$@"
	if [ "$(head -1 "$T/out")" = "$ew" ]; then ok; else ko "$en: first line \"$(head -1 "$T/out")\", wanted \"$ew\""; fi
}
errno_first errno-nohats "DENIED (ECHILD)" --label fhplain change_hat fhh
errno_first errno-nohat "DENIED (ENOENT)" --label fherr change_hat nope
errno_first errno-unconfined-hat "DENIED (EPERM)" --label unconfined change_hat fhh
has errno-unconfined-hat 'info="unconfined can not change_hat" error=-1'
errno_first errno-hat-nnp "DENIED (EPERM)" --label fherr change_hat fhh --nnp
errno_first errno-cp-nnp "DENIED (EPERM)" --label fherr change_profile fhplain --nnp
errno_first errno-cp-target "DENIED (ENOENT)" --label fherr change_profile nosuch
has errno-cp-target 'info="label not found" error=-2'
errno_first errno-cap "DENIED (EPERM)" --label fhcap mount none /mnt/ --fstype tmpfs
has errno-cap 'operation="capable" profile="fhcap" capability=21  capname="sys_admin"'
errno_first errno-nouser "DENIED (EINVAL)" --label fhcap mount none /mnt/ --fstype tmpfs --flags nouser
errno_first errno-eacces "DENIED" --label fhplain file /etc/fh r
# ENODEV: aa_new_mount()'s get_fs_type() of a type the kernel does not
# know, before any rule and with no record; --fstypes gives the types as
# /proc/filesystems lists them (ext4 known there, tmpfs not)
errno_first errno-nodev "DENIED (ENODEV)" --label fhcap mount none /mnt/ --fstype aamedfs
if [ "$(wc -l <"$T/out")" -eq 1 ]; then ok; else ko "errno-nodev: a record: $(tail -1 "$T/out")"; fi
errno_first errno-nodev-tmpfs "DENIED (EPERM)" --label fhcap mount none /mnt/ --fstype tmpfs
printf 'nodev\tsysfs\nnodev\tproc\n\text4\n' >"$T/fhfs"
errno_first errno-fstypes-tmpfs "DENIED (ENODEV)" --fstypes "$T/fhfs" --label fhcap mount none /mnt/ --fstype tmpfs
errno_first errno-fstypes-ext4 "DENIED (ENOENT)" --fstypes "$T/fhfs" --label fhcap mount --no-source /mnt/ --fstype ext4
expect errno-fstypes-unconfined 0 "$A" query --policy "$T/fherr.bin" --fstypes "$T/fhfs" --label unconfined mount none /mnt/ --fstype aamedfs
expect errno-fstypes-missing 3 "$A" query --policy "$T/fherr.bin" --fstypes "$T/nosuch" --label fhcap mount none /mnt/ --fstype tmpfs
expect errno-json 1 "$A" query --json --policy "$T/fherr.bin" --label fhplain change_hat fhh
has errno-json '"verdict":"denied","error":-10,'
printf 'change_hat fhh\nchange_profile nosuch\nfile /etc/fh r\n' >"$T/fherr.q"
expect errno-batch 0 "$A" query --policy "$T/fherr.bin" --label fhplain --batch "$T/fherr.q"
if [ "$(cut -f1 "$T/out" | tr '\n' ' ')" = "DENIED DENIED DENIED " ]; then ok; else ko "errno-batch: first fields \"$(cut -f1 "$T/out" | tr '\n' ' ')\""; fi

# ---------------------------------------------------------------- no --label
# without --label the request is the unconfined task's: allowed, exit 0,
# the answer unchanged, and one line on stderr says so
expect nolabel-note 0 "$A" query --policy "$T/fh.bin" file /etc/fh r
if [ "$(cat "$T/out")" = "ALLOWED" ]; then ok; else ko "nolabel-note: \"$(cat "$T/out")\""; fi
[ "$(wc -l <"$T/err")" -eq 1 ] && ok || ko "nolabel-note: $(wc -l <"$T/err") lines on stderr, wanted 1"
has_err nolabel-note "no --label, decided as unconfined (the policy has 5 profiles"
expect nolabel-given 0 "$A" query --policy "$T/fh.bin" --label unconfined file /etc/fh r
[ ! -s "$T/err" ] && ok || ko "nolabel-given: stderr \"$(cat "$T/err")\""
expect nolabel-inline 1 "$A" query --policy "$T/fh.bin" file /etc/fh r --label fhplain
[ ! -s "$T/err" ] && ok || ko "nolabel-inline: stderr \"$(cat "$T/err")\""

# ---------------------------------------------------------------- network
# `network`, the keyword of the rules, asks what `net` asks; the usage
# and the unknown-operation messages list every operation the socket
# hooks have (create ... shutdown, as apparmor.d(5)'s network rules and
# the kernel's socket hooks name them)
cat >"$T/fhnet.sd" <<'SD'
profile fhnet {
  network inet stream,
}
SD
comp "$T/fhnet.sd" "$T/fhnet.bin"
expect network-word 0 "$A" query --policy "$T/fhnet.bin" --label fhnet network inet stream connect
expect network-word-denied 1 "$A" query --policy "$T/fhnet.bin" --label fhnet network inet dgram create
has network-word-denied 'operation="create" profile="fhnet" family="inet" sock_type="dgram"'
expect network-json 0 "$A" query --policy "$T/fhnet.bin" --json --label fhnet network inet stream bind
has network-json '"class":"net"'
expect network-explain 0 "$A" explain --policy "$T/fhnet.bin" --label fhnet network inet stream listen
expect net-usage 2 "$A" query --policy "$T/fhnet.bin" --label fhnet net inet stream
has_err net-usage "usage: net FAMILY TYPE OP"
for op in create bind connect listen accept send receive getattr getpeername getopt setopt shutdown; do
	if grep -q "OP: .*\b$op\b" "$T/err"; then ok; else ko "net-usage: operation $op not listed"; fi
done
expect unix-usage 2 "$A" query --policy "$T/fhnet.bin" --label fhnet unix
has_err unix-usage "OP: create, bind, connect"
expect net-badop 2 "$A" query --policy "$T/fhnet.bin" --label fhnet net inet stream write
has_err net-badop 'unknown socket operation "write" (create, bind, connect'

# ---------------------------------------------------------------- query help and aamed-query(1)
# the help's QUERY lines name every class word of the table (the
# unknown-class message lists the table's words), and aamed-query(1)'s
# QUERIES are those very lines, so that neither drifts from the table
expect query-help 0 "$A" query --help
sed -n '/^QUERY: /,/^See /p' "$T/out" | sed '$d' | sed 's/^QUERY: //; s/^       //' >"$T/qlines"
[ -s "$T/qlines" ] && ok || ko "query-help: no QUERY lines"
awk '/^ *\[/ { next } { n = split($0, alt, / \| /); for (i = 1; i <= n; i++) { split(alt[i], w, " "); m = split(w[1], x, "|"); for (j = 1; j <= m; j++) print x[j] } }' \
	"$T/qlines" | sort -u >"$T/help-words"
expect query-classes 2 "$A" query --policy "$T/fh.bin" no_such_class
sed -n 's/.*(expected: \(.*\))$/\1/p' "$T/err" | tr -d ' ' | tr ',' '\n' | sort -u >"$T/table-words"
if [ -s "$T/table-words" ] && cmp -s "$T/help-words" "$T/table-words"; then ok; else
	ko "query --help names the classes \"$(echo $(cat "$T/help-words"))\", the table \"$(echo $(cat "$T/table-words"))\""; fi
[ -f man/aamed-query.1 ] && ok || ko "man/aamed-query.1 missing"
sed -n '/^\.SH QUERIES/,/^\.SH /p' man/aamed-query.1 | sed -n '/^\.EX/,/^\.EE/p' | sed '1d;$d' |
	sed 's/\\-/-/g' >"$T/man-qlines"
if [ -s "$T/man-qlines" ] && cmp -s "$T/man-qlines" "$T/qlines"; then ok; else
	ko "man/aamed-query.1's QUERIES differ from query --help's QUERY lines:"; diff "$T/man-qlines" "$T/qlines" | head; fi
(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l man/aamed-query.1 >/dev/null 2>"$T/warn")
[ ! -s "$T/warn" ] && ok || { ko "man/aamed-query.1 renders with warnings"; cat "$T/warn"; }
expect help-query 0 env MANPAGER=cat PAGER=cat AAMED_SRCDIR="$ROOT" "$A" help query
has help-query "aamed query"
has help-query "change_hat HAT"

# ---------------------------------------------------------------- errors in JSON
# with --json an error is one JSON object on stdout (error.v1.json) with
# the exit code; stderr keeps its message
expect jerr-label 2 "$A" query --json --policy "$T/fh.bin" --label fhtool file /etc/fh r
schema jerr-label error.v1.json
has jerr-label '"command":"query","verdict":"error","error":{"message":"label \"fhtool\": no such profile; did you mean \"/usr/bin/fhtool\"?'
has jerr-label '"exit":2}}'
has_err jerr-label 'aamed query: label "fhtool": no such profile'
expect jerr-load 3 "$A" query --json --policy "$T/no-such.bin" --label x file /etc/fh r
schema jerr-load error.v1.json
has jerr-load '"exit":3}}'
expect jerr-class 2 "$A" query --json --policy "$T/fh.bin" no_such_class
schema jerr-class error.v1.json
has jerr-class 'unknown query class \"no_such_class\"'
expect jerr-option 2 "$A" query --json --no-such-option
schema jerr-option error.v1.json
expect jerr-explain 2 "$A" explain --json --policy "$T/fh.bin" --label fhplian file /etc/fh r
schema jerr-explain error.v1.json
has jerr-explain '"command":"explain","error":{"message":"label \"fhplian\"'
expect jerr-profiles 3 "$A" profiles --json --policy "$T/no-such.bin"
schema jerr-profiles error.v1.json
expect jerr-attach 2 "$A" attach --json --policy "$T/fh.bin" relative/path
schema jerr-attach error.v1.json
# without --json stdout stays empty
expect jerr-text 2 "$A" query --policy "$T/fh.bin" --label fhtool file /etc/fh r
[ ! -s "$T/out" ] && ok || ko "jerr-text: stdout \"$(cat "$T/out")\""

# ---------------------------------------------------------------- explain: deny capability
# a deny rule denies the capability it names, silently unless "audit
# deny": the text says which capability, shows the profile's capability
# sets (no DFA state), and no empty deny beside a quiet "capability"
cat >"$T/fhcap.sd" <<'SD'
profile fhcap {
  capability chown,
  deny capability sys_admin,
  audit deny capability net_admin,
}
SD
comp "$T/fhcap.sd" "$T/fhcap.bin"
XC="$A explain --policy $T/fhcap.bin --source $T/fhcap.sd --label fhcap capability"
expect explain-capdeny-words 1 $XC sys_admin
has explain-capdeny-words 'requested "sys_admin"  denied "sys_admin"'
has explain-capdeny-words "capability sets: allow no"
has explain-capdeny-words "denied: a deny rule matches"
has explain-capdeny-words "record: quiet"
has explain-capdeny-words 'fhcap.sd:3: deny capability sys_admin,	(denies "sys_admin")'
hasnt explain-capdeny-words 'deny ""'
hasnt explain-capdeny-words 'quiet "capability"'
expect explain-capdeny-audit 1 $XC net_admin
has explain-capdeny-audit "record: DENIED"
has explain-capdeny-audit 'fhcap.sd:4: audit deny capability net_admin,	(denies "net_admin")'
expect explain-cap-granted 0 $XC chown
has explain-cap-granted "capability sets: allow yes"
has explain-cap-granted '(grants "chown")'

# ---------------------------------------------------------------- compile: what it runs, exit codes
# compile runs apparmor_parser -Q -S -K, as the man page, the README and
# its usage say; a profile apparmor_parser refuses exits 3 (README's
# table: "could not be compiled or loaded") from compile and from the
# commands that compile sources, and leaves no output file
printf '#!/bin/sh\necho "$@" >"%s/fakeargs"\nexit 0\n' "$T" >"$T/fakeparser"
chmod +x "$T/fakeparser"
expect compile-args 0 "$A" compile --parser "$T/fakeparser" --features "$FEAT" -o "$T/fake.bin" "$T/fh.sd"
if grep -qE '(^| )-Q( |$)' "$T/fakeargs" && grep -qE '(^| )-S( |$)' "$T/fakeargs" &&
	grep -qE '(^| )-K( |$)' "$T/fakeargs"; then ok; else ko "compile-args: apparmor_parser ran with \"$(cat "$T/fakeargs")\""; fi
if grep -qF 'apparmor_parser -Q -S -K' README.md; then ok; else ko "README: compile's parser flags are not -Q -S -K"; fi
if grep -qF '.BR "\-Q \-S \-K"' man/aamed.1; then ok; else ko "aamed.1: compile's parser flags are not -Q -S -K"; fi
expect compile-usage 0 "$A" compile --help
has compile-usage "apparmor_parser -Q -S -K"
printf 'profile fhbroken {\n  /x rw\n' >"$T/broken.sd"
expect compile-refused 3 "$A" compile --parser "$PARSER" --features "$FEAT" -o "$T/broken.bin" "$T/broken.sd"
[ ! -e "$T/broken.bin" ] && ok || ko "compile-refused: left $T/broken.bin"
expect diff-refused 3 "$A" diff --features "$FEAT" "$T/broken.sd" "$T/fh.sd"
expect explain-refused 3 "$A" explain --features "$FEAT" --policy "$T/fh.bin" --source "$T/broken.sd" --label fhplain file /etc/fh r
expect explain-refused-json 3 "$A" explain --json --features "$FEAT" --policy "$T/fh.bin" --source "$T/broken.sd" --label fhplain file /etc/fh r
schema explain-refused-json error.v1.json
has explain-refused-json '"exit":3}}'
expect coverage-refused 3 "$A" coverage --features "$FEAT" --policy "$T/fh.bin" --source "$T/broken.sd" /dev/null
if grep -q '^| 3 | the policy could not be compiled or loaded' README.md; then ok; else ko "README: no exit 3 row for a policy that could not be compiled"; fi
[ "$(grep -c '^| code | meaning |' README.md)" -eq 1 ] && ok || ko "README: not one exit code table"

# ---------------------------------------------------------------- the README's first commands
# its man.bin lines, run as written (aamed being build/aamed) in a scratch
# directory: Debian's usr.bin.man is in enforce mode, /usr/bin/man has
# no rule for capability sys_admin and man_filter writes only under
# /var/cache/man/, so both queries are denials (exit 1, as it says)
if [ -f /etc/apparmor.d/usr.bin.man ]; then
	mkdir -p "$T/readme"
	sed -n '/^## Using it/,/^## /p' README.md |
		grep '^    aamed \(compile\|profiles\|query\) .*man\.bin' |
		sed 's/^    aamed /"$A" /; s/ *#.*$//' >"$T/readme/cmds"
	[ "$(wc -l <"$T/readme/cmds")" -eq 4 ] && ok || ko "README: $(wc -l <"$T/readme/cmds") man.bin command lines, wanted 4"
	n=0
	while read -r cmd; do
		n=$((n + 1))
		want=0
		case $cmd in *" query "*) want=1 ;; esac
		(cd "$T/readme" && eval "$cmd") >"$T/out" 2>"$T/err"
		rc=$?
		[ "$rc" -eq "$want" ] && ok || { ko "README man.bin line $n: exit $rc, wanted $want: $cmd"; cat "$T/err"; }
		case $cmd in *capability*) cp "$T/out" "$T/readme/cap.out" ;; esac
	done <"$T/readme/cmds"
	has readme-man-query 'apparmor="DENIED" operation="open" profile="man_filter" name="/etc/shadow"'
	cp "$T/readme/cap.out" "$T/out"
	has readme-man-cap 'apparmor="DENIED" operation="capable" profile="/usr/bin/man" capability=21  capname="sys_admin"'
fi

# ---------------------------------------------------------------- skips
# Without the modern parsers, make check names the folder the README
# describes (beside the project, no "../.." left in it), and a suite's
# skipped checks are counted, not folded into its passes.
(
	unset AAMED_PARSERS_DIR
	. "$ROOT/tests/parsers.sh"
	mkdir -p "$T/skiproot/proj"
	got=$(parsers_dir "$T/skiproot/proj")
	want=$(cd "$T/skiproot" && pwd)/shared/tools/apparmor
	if [ "$got" = "$want" ]; then exit 0; fi
	echo "parsers_dir: \"$got\", expected \"$want\""
	exit 1
) && ok || ko "skips: the default parser folder is not the README's"
AAMED_PARSERS_DIR="$T/no-parsers" sh "$ROOT/tests/golden-ns/run.sh" "$A" >"$T/gns-skip.out" 2>&1
(
	. "$ROOT/tests/parsers.sh"
	n=$(grep -cv '^[[:space:]]*\(#\|$\)' "$ROOT"/tests/golden-ns/queries/*.queries |
		awk -F: '{ t += $NF } END { print t }')
	# each query is asked of both kernels by each of the two parsers
	[ "$(skipped_checks "$T/gns-skip.out")" -eq $((n * 2 * 2)) ]
) && ok || ko "skips: golden-ns without parsers does not count its skipped checks: $(cat "$T/gns-skip.out")"
grep -q '^0 passed, 0 failed' "$T/gns-skip.out" && ok || ko "skips: golden-ns without parsers ran something: $(tail -1 "$T/gns-skip.out")"
