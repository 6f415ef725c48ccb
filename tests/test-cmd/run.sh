#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/test-cmd: aamed test, the profile tests of YAML manifests.
#  - manifests/*.yaml against the profiles of tests/golden/profiles, each
#    expectation written by hand from AppArmor's semantics;
#  - the TAP as prove reads it (its counts), the JUnit file well-formed
#    and valid against junit.xsd, the JSON against its schema;
#  - the exit codes: 0 passed, 1 a test failed, 2 a manifest or usage
#    error (nothing runs), 3 a policy that does not load;
#  - bad/*.yaml: each a malformed or wrong manifest whose first line says
#    "# expect: LINE:COL: MESSAGE", the error it must give as
#    FILE:LINE:COL: MESSAGE, with exit 2 and nothing on stdout.
# Usage: sh tests/test-cmd/run.sh build/aamed   Ends with "N passed, N failed".
# Environment: APPARMOR_PARSER, APPARMOR_INCLUDE as tests/tools.
set -u
. "$(dirname "$0")/../suite.sh"
suite_begin test-cmd "$@"
empty_out() { if [ -s "$T/out" ]; then ko "$1: something on stdout"; head -5 "$T/out"; else ok; fi; }
FEAT=$ROOT/tests/features/linux-6.1
PARSER=${APPARMOR_PARSER:-apparmor_parser}
PINC=${APPARMOR_INCLUDE:-/etc/apparmor.d}
M=tests/test-cmd/manifests
"$A" compile --parser "$PARSER" -I "$PINC" --features "$FEAT" -o "$T/golden.bin" \
	tests/golden/profiles/*.profile 2>"$T/cerr" || { ko "compile the golden profiles"; cat "$T/cerr"; }
P="--policy $T/golden.bin"

# ---------------------------------------------------------------- passing
expect pass 0 "$A" test $P $M/golden.yaml
has pass "TAP version 14"
has pass "1..21"
has pass "# $M/golden.yaml"
has pass "ok 1 - nscd reads its configuration"
has pass "ok 2 - nscd writing the shadow file is logged, not refused (complain)"
has pass "ok 13 - exec px -> g_target"
# '#' would start a TAP directive: escaped
has pass "ok 17 - an r rule \\# is no x rule"
has pass "ok 21 - a signal needs both sides' rules"
has pass "# 21 passed, 0 failed"
hasnt pass "not ok"

# ---------------------------------------------------------------- failing
expect failing 1 "$A" test $P $M/failing.yaml
has failing "1..5"
has failing "ok 1 - g_basic reads read.txt"
has failing "not ok 2 - wrongly expects a write to read.txt"
has failing '  check: "verdict"'
has failing '  expected: "allow"'
has failing '  got: "deny"'
has failing '  why: "g_basic: no rule grants it"'
has failing '    - "apparmor=\"DENIED\" operation=\"open\" profile=\"g_basic\" name=\"/srv/golden/basic/read.txt\" requested_mask=\"w\" denied_mask=\"w\" fsuid=0 ouid=0"'
has failing "not ok 3 - expects a record of a quiet deny rule"
has failing '  expected: "operation=open denied_mask=w"'
has failing '  got: "no record"'
has failing '  record: []'
has failing "not ok 4 - wrong label after exec"
has failing '  expected: "g_target"'
has failing '  got: "g_exec//kid"'
has failing "not ok 5 - expects a record of an allowed read"
has failing '  expected: "a record"'
has failing "# 1 passed, 4 failed"
# every YAML block is closed
[ "$(grep -c '^  ---$' "$T/out")" -eq 4 ] && [ "$(grep -c '^  \.\.\.$' "$T/out")" -eq 4 ] && ok ||
	ko "failing: not 4 YAML blocks"

# ---------------------------------------------------------------- prove
if command -v prove >/dev/null; then
	# prove tells the command the TAP version it reads (TAP_VERSION=13
	# before Test::Harness 3.48): the same TAP under that header
	expect prove-pass 0 prove -e "$A test $P" $M/golden.yaml
	has prove-pass "Files=1, Tests=21,"
	has prove-pass "Result: PASS"
	expect prove-fail 1 prove -e "$A test $P" $M/failing.yaml $M/golden.yaml
	has prove-fail "$M/failing.yaml (Wstat: 256 (exited 1) Tests: 5 Failed: 4)"
	has prove-fail "Failed tests:  2-5"
	has prove-fail "Files=2, Tests=26,"
	has prove-fail "Result: FAIL"
	hasnt prove-fail "Parse errors"
	# the YAML blocks read as YAML by prove's reader
	prove -v -e "$A test $P" $M/failing.yaml >"$T/out" 2>&1
	hasnt prove-yaml "Parse errors"
	has prove-yaml 'got: "g_exec//kid"'
else
	ko "prove not found (perl)"
fi
TAP_VERSION=13 "$A" test $P $M/golden.yaml >"$T/out" 2>&1
[ "$(head -n 1 "$T/out")" = "TAP version 13" ] && ok || ko "TAP_VERSION=13: $(head -n 1 "$T/out")"

# ---------------------------------------------------------------- JUnit
expect junit 1 "$A" test $P --junit "$T/j.xml" $M/golden.yaml $M/failing.yaml
has junit "1..26"
if command -v xmllint >/dev/null; then
	xmllint --noout "$T/j.xml" 2>"$T/err" && ok || { ko "junit: not well-formed"; cat "$T/err"; }
	xmllint --noout --schema tests/test-cmd/junit.xsd "$T/j.xml" 2>"$T/err" && ok ||
		{ ko "junit: not valid against junit.xsd"; cat "$T/err"; }
else
	ko "xmllint not found (libxml2-utils)"
fi
cp "$T/j.xml" "$T/out"
has junit '<testsuites name="aamed test" tests="26" failures="4" errors="0">'
has junit "<testsuite name=\"$M/golden.yaml\" tests=\"21\" failures=\"0\" errors=\"0\" skipped=\"0\">"
has junit "<testsuite name=\"$M/failing.yaml\" tests=\"5\" failures=\"4\" errors=\"0\" skipped=\"0\">"
has junit "<testcase classname=\"$M/golden.yaml\" name=\"exec px -&gt; g_target\""
has junit '<failure type="verdict" message="expected allow, got deny">expected: allow'
has junit 'got: deny'
has junit 'why: g_basic: no rule grants it'
has junit 'record: apparmor=&quot;DENIED&quot; operation=&quot;open&quot; profile=&quot;g_basic&quot; name=&quot;/srv/golden/basic/read.txt&quot;'
has junit '<failure type="label_after" message="expected g_target, got g_exec//kid">'
[ "$(grep -c '<testcase ' "$T/j.xml")" -eq 26 ] && ok || ko "junit: not 26 testcases"
[ "$(grep -c '<failure ' "$T/j.xml")" -eq 4 ] && ok || ko "junit: not 4 failures"
# every name escaped, a control character included
cat >"$T/esc.yaml" <<'YAML'
tests:
  - name: "<a & 'b' \"c\"> \x01"
    label: g_basic
    request: file "/srv/golden/basic/<x>&.txt" r
    expect: allow
YAML
expect junit-escape 1 "$A" test $P --junit "$T/e.xml" "$T/esc.yaml"
xmllint --noout --schema tests/test-cmd/junit.xsd "$T/e.xml" 2>"$T/err" && ok ||
	{ ko "junit-escape: not valid"; cat "$T/err" "$T/e.xml"; }
cp "$T/e.xml" "$T/out"
has junit-escape 'name="&lt;a &amp; &apos;b&apos; &quot;c&quot;&gt; \x01"'
has junit-escape 'request: file &quot;/srv/golden/basic/&lt;x&gt;&amp;.txt&quot; r'
# an unwritable JUnit file: a usage error after the report
expect junit-unwritable 2 "$A" test $P --junit "$T/no/such/dir/j.xml" $M/golden.yaml
has_err junit-unwritable "$T/no/such/dir/j.xml"

# ---------------------------------------------------------------- JSON
make --no-print-directory BUILD="$B" "$B/tests/schemacheck" >/dev/null 2>&1 || ko "build schemacheck"
expect json 1 "$A" test $P --json $M/golden.yaml $M/failing.yaml $M/kernel612.yaml
if "$B/tests/schemacheck" "$ROOT/docs/json-schema/test.v1.json" "$T/out" >"$T/sc"; then ok; else ko "json: schema test.v1.json"; head "$T/sc"; fi
has json '{"version":1,"command":"test","tests":27,"passed":23,"failed":4,"manifests":[{"file":"tests/test-cmd/manifests/golden.yaml","kernel":"6.1","tests":21,"failed":0,'
has json '"name":"wrongly expects a write to read.txt","line":9,"label":"g_basic","request":"file /srv/golden/basic/read.txt w","pass":false,"verdict":"deny","label_after":null,"check":"verdict","expected":"allow","got":"deny","why":"g_basic: no rule grants it","records":["apparmor=\"DENIED\"'
has json '"name":"exec ux leaves confinement","line":88,"label":"g_exec","request":"file /srv/golden/exec/bin/unconf x","pass":true,"verdict":"allow","label_after":"unconfined","check":null'
has json '{"file":"tests/test-cmd/manifests/kernel612.yaml","kernel":"6.12","tests":1,"failed":0,'
[ "$(wc -l <"$T/out")" -eq 1 ] && ok || ko "json: not one line"

# ---------------------------------------------------------------- --kernel
expect kernel-manifest 0 "$A" test $P $M/kernel612.yaml
expect kernel-override 1 "$A" test $P --kernel 6.1 $M/kernel612.yaml
has kernel-override "not ok 1 - a 6.12 record names its class"
has kernel-override '  got: "no record with these fields"'
expect kernel-bad 2 "$A" test $P --kernel 5.10 $M/kernel612.yaml
has_err kernel-bad "--kernel takes 6.1, 6.12 or upstream"

# ---------------------------------------------------------------- policy
# a manifest's relative policy path starts at its directory
mkdir -p "$T/rel/sub"
cp "$T/golden.bin" "$T/rel/sub/"
sed 's|^tests:|policy: golden.bin\ntests:|' $M/golden.yaml >"$T/rel/sub/m.yaml"
expect policy-relative 0 "$A" test "$T/rel/sub/m.yaml"
has policy-relative "1..21"
# ... and a list of blobs
printf 'policy: [golden.bin, golden.bin]\n' >"$T/rel/sub/l.yaml"
sed -n '/^tests:/,$p' $M/golden.yaml >>"$T/rel/sub/l.yaml"
expect policy-list 0 "$A" test "$T/rel/sub/l.yaml"
# a source compiled into the cache, once: the parser is a wrapper that
# counts its runs
mkdir -p "$T/bin"
printf '#!/bin/sh\necho run >>"%s/runs"\nexec "%s" "$@"\n' "$T" "$PARSER" >"$T/bin/parser"
chmod +x "$T/bin/parser"
runs() { if [ "$(cat "$T/runs" 2>/dev/null | wc -l)" -eq "$2" ]; then ok; else ko "$1: the parser ran $(cat "$T/runs" 2>/dev/null | wc -l) times, wanted $2"; fi; }
C="--cache $T/cache --parser $T/bin/parser -I $PINC --features $FEAT"
expect profile-source 0 "$A" test $C $M/source.yaml
has profile-source "ok 2 - the rest of the tree is writable"
[ "$(ls "$T/cache" | grep -c '\.bin$')" -eq 1 ] && ok || ko "profile-source: not one blob in the cache"
runs profile-source 1
expect profile-cached 0 "$A" test $C $M/source.yaml
runs profile-cached 1
# --profile overrides the manifest's; the cache is keyed by the content
# (a copy is the same blob), a changed source is compiled again
cp tests/golden/profiles/g_deny.profile "$T/g_deny.profile"
expect profile-override 0 "$A" test $C --profile "$T/g_deny.profile" $M/source.yaml
runs profile-override 1
echo '# a comment changes the content' >>"$T/g_deny.profile"
expect profile-changed 0 "$A" test $C --profile "$T/g_deny.profile" $M/source.yaml
runs profile-changed 2
expect profile-kernel 0 "$A" test $C --kernel 6.12 --profile "$T/g_deny.profile" $M/source.yaml
runs profile-kernel 2
# exit 3: a policy that does not load, a source that does not compile
expect policy-missing 3 "$A" test --policy "$T/none.bin" $M/golden.yaml
empty_out policy-missing
has_err policy-missing "the policy could not be loaded"
printf 'profile broken {\n  /x rw\n' >"$T/broken.profile"
expect profile-broken 3 "$A" test $C --profile "$T/broken.profile" $M/source.yaml
empty_out profile-broken
# no policy anywhere
expect no-policy 2 "$A" test $M/golden.yaml
has_err no-policy "$M/golden.yaml:1:1: no \"policy\" or \"profile\", and no --policy or --profile"

# ---------------------------------------------------------------- usage
expect usage-none 2 "$A" test $P
has_err usage-none "usage: aamed test"
expect usage-help 0 "$A" test --help
has usage-help "usage: aamed test"
expect usage-both 2 "$A" test $P --profile "$T/g_deny.profile" $M/golden.yaml
has_err usage-both "--policy and --profile: one or the other"
expect usage-unknown 2 "$A" test $P --frobnicate $M/golden.yaml
has_err usage-unknown "unknown option --frobnicate"
expect usage-nofile 2 "$A" test $P "$T/none.yaml"
has_err usage-nofile "$T/none.yaml: cannot open"
# a bad manifest beside good ones: nothing runs
expect nothing-half 2 "$A" test $P $M/golden.yaml tests/test-cmd/bad/bad-expect.yaml $M/failing.yaml
empty_out nothing-half

# ---------------------------------------------------------------- --log
# run.log: two ALLOWED records of nscd (complain) writing /etc/shadow,
# an AUDIT record, a DENIED one, an ALLOWED read the policy now grants,
# and a read a deny rule refuses
L=tests/test-cmd/run.log
expect log 1 "$A" test $P --log $L
has log "1..5"
has log "# g_audit"
has log "ok 1 - open /srv/golden/audit/logged.txt r"
has log "not ok 2 - open /srv/golden/basic/other r"
has log '  got: "deny"'
# why, as explain says it
has log '  why: "g_basic: no rule grants it"'
has log "not ok 3 - open /srv/golden/deny/server.key r"
has log '  why: "g_deny: a deny rule matches"'
has log "ok 4 - open /etc/shadow w"
has log "ok 5 - open /etc/nscd.conf r"
has log "# 3 passed, 2 failed"
hasnt log "  line: "
has_err log "aamed test: 6 records, 6 rebuilt into requests, 5 distinct, 0 input errors"
# --enforce: what complain mode alone lets through fails
expect log-enforce 1 "$A" test $P --enforce --log $L
has log-enforce "not ok 4 - open /etc/shadow w"
has log-enforce '  got: "deny when enforced"'
has log-enforce '  why: "nscd: no rule grants it"'
has log-enforce '    - "apparmor=\"ALLOWED\" operation=\"open\" profile=\"nscd\" name=\"/etc/shadow\"'
has log-enforce "ok 5 - open /etc/nscd.conf r"
has log-enforce "# 2 passed, 3 failed"
grep -v -e g_basic -e g_deny $L >"$T/ok.log"
expect log-pass 0 "$A" test $P --log "$T/ok.log"
has log-pass "# 3 passed, 0 failed"
expect log-json 1 "$A" test $P --enforce --json --junit "$T/l.xml" --log $L
if "$B/tests/schemacheck" "$ROOT/docs/json-schema/test.v1.json" "$T/out" >"$T/sc"; then ok; else ko "log-json: schema test.v1.json"; head "$T/sc"; fi
has log-json '{"file":"nscd","kernel":"6.1","tests":2,"failed":1,'
xmllint --noout --schema tests/test-cmd/junit.xsd "$T/l.xml" 2>"$T/err" && ok || { ko "log-junit: not valid"; cat "$T/err"; }
[ "$(grep -c '<testsuite ' "$T/l.xml")" -eq 4 ] && ok || ko "log-junit: not 4 testsuites (profiles)"
# --profile SRC: a denial names the deny rule of the source
grep g_deny $L >"$T/deny.log"
expect log-source 1 "$A" test $C --profile tests/golden/profiles/g_deny.profile --log "$T/deny.log"
has log-source "not ok 1 - open /srv/golden/deny/server.key r"
has log-source '  why: "g_deny: a deny rule matches (tests/golden/profiles/g_deny.profile:6: deny /srv/golden/deny/*.key             r,)"'
expect log-manifest 2 "$A" test $P --log $L $M/golden.yaml
has_err log-manifest "--log takes no manifest"
expect log-nopolicy 2 "$A" test --log $L
has_err log-nopolicy "--log needs --policy or --profile"
expect enforce-alone 2 "$A" test $P --enforce $M/golden.yaml
has_err enforce-alone "--enforce goes with --log"
expect log-missing 2 "$A" test $P --log "$T/none.log"
has_err log-missing "aamed test: cannot open $T/none.log"
empty_out log-missing
expect log-policy 3 "$A" test --policy "$T/none.bin" --log $L

# Two-sided records: sides/sides.log holds the kernel's own records of a
# signal and a ptrace both sides refused, and of one only the receiver
# or only the tracee refused (tests/kernel/expected/ipc.6.1.tsv). Each is
# the check of the side that logged it (profile=), against peer=.
S=tests/test-cmd/sides
for p in ipc fixed; do
	"$A" compile --parser "$PARSER" -I "$PINC" --features "$FEAT" -o "$T/$p.bin" \
		$S/$p.profile 2>"$T/cerr" || { ko "compile $S/$p.profile"; cat "$T/cerr"; }
done
# the policy the kernel ran: every logging side refuses again, with the
# record of that side alone
expect log-sides 1 "$A" test --policy "$T/ipc.bin" --log $S/sides.log
has log-sides "1..6"
has log-sides "# 0 passed, 6 failed"
has log-sides "not ok 6 - signal send signal=usr2 peer=s_recv"
has log-sides '    - "apparmor=\"DENIED\" operation=\"signal\" profile=\"s_send\" requested_mask=\"send\" denied_mask=\"send\" signal=usr2 peer=\"s_recv\""'
has log-sides "not ok 4 - signal receive signal=usr2 peer=s_send"
has log-sides '    - "apparmor=\"DENIED\" operation=\"signal\" profile=\"s_recv\" requested_mask=\"receive\" denied_mask=\"receive\" signal=usr2 peer=\"s_send\""'
has log-sides "not ok 3 - ptrace tracedby  peer=p_reader"
has log-sides '    - "apparmor=\"DENIED\" operation=\"ptrace\" profile=\"p_tracee\" requested_mask=\"tracedby\" denied_mask=\"tracedby\" peer=\"p_reader\""'
has log-sides '    - "apparmor=\"DENIED\" operation=\"ptrace\" profile=\"p_notby\" requested_mask=\"readby\" denied_mask=\"readby\" peer=\"p_all\""'
# no record of the other side: the test is the logging side's
hasnt log-sides 'profile=\"s_send\" requested_mask=\"send\" denied_mask=\"send\" signal=term'
hasnt log-sides 'profile=\"p_all\"'
# each fix grants one side only: the side that logged decides, not the
# other (which, refusing, logged its own record, its own test)
expect log-sides-fixed 1 "$A" test --policy "$T/fixed.bin" --log $S/sides.log
has log-sides-fixed "ok 1 - ptrace readby  peer=p_all"
has log-sides-fixed "ok 2 - ptrace trace  peer=p_tracee"
has log-sides-fixed "not ok 3 - ptrace tracedby  peer=p_reader"
has log-sides-fixed "not ok 4 - signal receive signal=usr2 peer=s_send"
has log-sides-fixed "ok 5 - signal receive signal=term peer=s_glob"
has log-sides-fixed "ok 6 - signal send signal=usr2 peer=s_recv"
has log-sides-fixed "# 4 passed, 2 failed"

# ---------------------------------------------------------------- --vm
# The translation and the judge without QEMU: AAMED_KERNEL_DIR names a
# stand-in for the oracle's run.sh that keeps the case files and answers
# every case DENIED EACCES (a label query: FAKE_QUERY, if set; vm.sh
# runs the real kernels).
VM=tests/test-cmd/vm
mkdir -p "$T/fk"
cat >"$T/fk/run.sh" <<'FAKE'
eval "out=\${$#}"
mkdir -p "$out"
shift 2
for c in "$@"; do
	[ "$c" = "$out" ] && break
	n=$(basename "$c" .cases)
	cp "$c" "$FAKE_KEEP/$n.cases"
	{ printf '# kernel fake\n# id\tlabel\tquery\tverdict\texec_label\trecords...\n'
	  awk -v skip="${FAKE_SKIP:-}" -v q="${FAKE_QUERY:-DENIED EACCES}" '$1 == "case" && $2 != skip { printf "%s\t%s\t-\t%s\t-\tapparmor=\"DENIED\" fake\n", $2, $3, $4 == "query" ? q : "DENIED EACCES" }' "$c"; } >"$out/$n.tsv"
done
exit "${FAKE_RC:-0}"
FAKE
mkdir -p "$T/keep"
"$A" compile --parser "$PARSER" -I "$PINC" --features "$FEAT" -o "$T/vm.bin" $VM/vm.profile 2>"$T/cerr" || { ko "compile vm.profile"; cat "$T/cerr"; }
VMP="--policy $T/vm.bin --vm $T/fk/image"
: >"$T/fk/image"
export FAKE_KEEP="$T/keep"
expect vm-fake 1 env AAMED_KERNEL_DIR="$T/fk" "$A" test $VMP --junit "$T/vm.xml" $VM/vm.yaml
has vm-fake "1..29"
has vm-fake "ok 2 - a read rule grants no write"
has vm-fake "not ok 1 - a read rule grants the read"
has vm-fake '  check: "kernel"'
has vm-fake '  expected: "allow (the manifest)"'
has vm-fake '  got: "deny (the kernel: DENIED EACCES)"'
has vm-fake '  kernel: "DENIED EACCES"'
has vm-fake '    - "apparmor=\"DENIED\" fake"'
# vm.profile is compiled for linux-6.1, which has no dbus: no dbus rule
# reaches the policy, and the kernel would allow every query unasked
has vm-fake "ok 28 - a dbus send (skipped by --vm) # SKIP the policy carries no dbus class"
has vm-fake "ok 29 - a file lock (skipped by --vm) # SKIP the probe opens a file (r, w, a) or executes it (x)"
has vm-fake "# 10 passed, 17 failed, 2 skipped (the kernel's verdicts too)"
# audit: and record: against the kernel's records
has vm-fake "not ok 6 - a deny rule refuses quietly"
has vm-fake '  expected: "no record (the manifest)"'
has vm-fake '  got: "a record (the kernel)"'
has vm-fake "not ok 7 - an audit deny rule refuses and logs"
has vm-fake '  expected: "a record with the manifest'"'"'s fields"'
has vm-fake '  got: "no such record (the kernel)"'
# the case file: the blob, each test's setup and probe operation
cp "$T/keep/m0.cases" "$T/out"
has vm-cases "blob $T/vm.bin"
has vm-cases "setup copy /probe /srv/vm/bin/px 0755"
has vm-cases "case t11 v_files exec /srv/vm/bin/px :: --label v_files file /srv/vm/bin/px x"
has vm-cases "case t14 v_cap chown /srv/aamed-vm/c14 1000:0 :: --label v_cap capability chown"
has vm-cases "case t21 v_net socket unix dgram :: --label v_net unix create --type dgram"
has vm-cases "case t20 v_net ok=EOPNOTSUPP sockop unix stream listen :: --label v_net unix listen --type stream"
has vm-cases "case t23 v_sig kill v_peer usr1 :: --label v_sig signal usr1 --peer-label v_peer"
has vm-cases "case t26 v_sig ptrace attach v_peer :: --label v_sig ptrace trace --peer-label v_peer"
hasnt vm-cases "case t27 "
# a test's setup right before it: rm (a directory an earlier test made),
# then the file
awk '/^setup rm \/srv\/vm\/read.txt$/ { a = NR } /^setup file \/srv\/vm\/read.txt$/ && a && NR == a + 1 { b = NR }
	/^case t0 v_files open \/srv\/vm\/read.txt r / && b && NR == b + 1 { found = 1 } END { exit !found }' "$T/out" &&
	ok || ko "vm-cases: no rm, file, case t0 in a row"
# paths the guest cannot make, or needs itself: skipped, not run
cat >"$T/paths.yaml" <<'YAML'
tests:
  - {name: proc, label: v_files, request: file /proc/self/status r, expect: deny}
  - {name: proc itself, label: v_files, request: file /proc r, expect: deny}
  - {name: tmp itself, label: v_files, request: file /tmp r, expect: deny}
  - {name: the probe, label: v_files, request: file /probe x, expect: deny}
  - {name: a directory, label: v_files, request: file /srv/vm/ r, expect: deny}
  - {name: under tmp, label: v_files, request: file /tmp/x r, expect: deny}
  - {name: like proc, label: v_files, request: file /process r, expect: deny}
YAML
expect vm-paths 0 env AAMED_KERNEL_DIR="$T/fk" "$A" test $VMP "$T/paths.yaml"
[ "$(grep -c ' # SKIP the probe makes the file first' "$T/out")" -eq 5 ] && ok || { ko "vm-paths: not 5 skipped"; cat "$T/out"; }
has vm-paths "ok 6 - under tmp"
has vm-paths "ok 7 - like proc"
has vm-paths "# 2 passed, 0 failed, 5 skipped"
xmllint --noout --schema tests/test-cmd/junit.xsd "$T/vm.xml" 2>"$T/err" && ok || { ko "vm-junit: not valid"; cat "$T/err"; }
cp "$T/vm.xml" "$T/out"
has vm-junit 'tests="29" failures="17" errors="0" skipped="2">'
has vm-junit '<skipped message="the policy carries no dbus class'
has vm-junit 'kernel: DENIED EACCES'
expect vm-json 1 env AAMED_KERNEL_DIR="$T/fk" "$A" test $VMP --json $VM/vm.yaml
if "$B/tests/schemacheck" "$ROOT/docs/json-schema/test.v1.json" "$T/out" >"$T/sc"; then ok; else ko "vm-json: schema test.v1.json"; head "$T/sc"; fi
has vm-json '"tests":29,"passed":10,"failed":17,"skipped":2,'
has vm-json '"check":"kernel","expected":"allow (the manifest)","got":"deny (the kernel: DENIED EACCES)"'
has vm-json '"skipped":null,"kernel":{"verdict":"DENIED EACCES","label_after":null,"records":["apparmor=\"DENIED\" fake"]}}'
has vm-json '"skipped":"the policy carries no dbus class'
# capability dac_override: access(W_OK) of a root-owned 0444 file;
# mounts: the probe's mount operations, their directories made first
cat >"$T/more.yaml" <<'YAML'
tests:
  - {name: dac, label: v_cap, request: capability dac_override, expect: deny}
  - {name: new, label: v_files, request: mount tmpfs /srv/m/new/ --fstype tmpfs --flags nosuid --data size=1m, expect: deny}
  - {name: bind, label: v_files, request: "mount /srv/m/src/ /srv/m/dst/ --flags bind,rec", expect: deny}
  - {name: remount, label: v_files, request: "mount --no-source /srv/m/re/ --flags remount,ro", expect: deny}
  - {name: umount, label: v_files, request: umount /srv/m/um/, expect: deny}
  - {name: pivot, label: v_files, request: pivot_root /srv/m/pr/ /srv/m/pr/old/, expect: deny}
  - {name: move_mount, label: v_files, request: move_mount /srv/m/mv/, expect: deny}
  - {name: mount on proc, label: v_files, request: mount --no-source /proc/sys/ --flags remount, expect: deny}
  - {name: mount a file, label: v_files, request: umount /srv/m/file, expect: deny}
  - {name: ext4, label: v_files, request: mount /dev/sda1 /srv/m/new/ --fstype ext4, expect: deny}
  - {name: pivot outside, label: v_files, request: pivot_root /srv/m/pr/ /srv/other/, expect: deny}
  - {name: no flags, label: v_files, request: mount none /srv/m/n2/ --fstype tmpfs, expect: deny}
YAML
expect vm-more 0 env AAMED_KERNEL_DIR="$T/fk" "$A" test $VMP "$T/more.yaml"
has vm-more "# 8 passed, 0 failed, 4 skipped"
has vm-more "ok 8 - mount on proc # SKIP the probe makes the mount point"
has vm-more "ok 9 - mount a file # SKIP the probe makes the mount point"
has vm-more "ok 10 - ext4 # SKIP a new mount of a type the probe does not make"
has vm-more "ok 11 - pivot outside # SKIP the probe makes pivot_root's new root, and PUT_OLD in it"
cp "$T/keep/m0.cases" "$T/out"
# each case right after its setup lines
for c in "setup file /srv/aamed-vm/d0 0444|case t0 v_cap access /srv/aamed-vm/d0 w :: --label v_cap capability dac_override" \
	"setup mkdir /srv/m/new|case t1 v_files ok=EINVAL mount tmpfs /srv/m/new/ tmpfs nosuid size=1m :: " \
	"setup mkdir /srv/m/src|case t2 v_files ok=EINVAL mount /srv/m/src/ /srv/m/dst/ - bind,rec - :: " \
	"setup mkdir /srv/m/re|case t3 v_files ok=EINVAL mount - /srv/m/re/ - remount,ro - :: " \
	"setup mkdir /srv/m/um|case t4 v_files umount /srv/m/um/ :: " \
	"setup mkdir /srv/m/pr|case t5 v_files ok=EINVAL pivot_root /srv/m/pr/ /srv/m/pr/old/ :: " \
	"setup mkdir /srv/aamed-vm/tree|case t6 v_files move_mount /srv/aamed-vm/tree/ /srv/m/mv/ :: " \
	"setup mkdir /srv/m/n2|case t11 v_files ok=EINVAL mount none /srv/m/n2/ tmpfs - - :: "; do
	awk -v a="${c%%|*}" -v b="${c#*|}" 'prev == a && index($0, b) == 1 { f = 1 } { prev = $0 } END { exit !f }' "$T/out" &&
		ok || ko "vm-more-cases: no \"${c#*|}\" right after \"${c%%|*}\""
done
has vm-more-cases "setup mkdir /srv/m/dst"
# dbus: with a feature set that has it, the label queries dbus-daemon
# asks, one per confined side (tJ the sender, tJ.1 the receiver), the
# fields in its order; the fake's "DENIED EACCES" rows are no masks
"$A" compile --parser "$PARSER" -I "$PINC" --features "$FEAT-dbus" -o "$T/vmd.bin" $VM/vm.profile 2>"$T/cerr" || { ko "compile vm.profile (dbus)"; cat "$T/cerr"; }
cat >"$T/dbus.yaml" <<'YAML'
tests:
  - {name: send, label: v_dbus, request: dbus send --bus session --path /org/example --member Ping --name org.example --peer-label unconfined, expect: allow}
  - {name: both sides, label: v_dbus, request: dbus send --bus session --path /org/example --member Ping --name org.example --peer-label v_files --peer-name :1.4, expect: deny}
  - {name: receive, label: v_dbus, request: dbus receive --bus session --path /org/x --interface org.x.I --member M --name :1.9 --peer-label unconfined, expect: deny}
  - {name: bind, label: v_dbus, request: dbus bind --bus system --name org.example.Name, expect: deny}
  - {name: eavesdrop, label: v_dbus, request: dbus eavesdrop --bus system, expect: deny}
  - {name: unconfined, label: unconfined, request: dbus send --bus session --member Ping --peer-label unconfined, expect: allow}
YAML
expect vm-dbus 1 env AAMED_KERNEL_DIR="$T/fk" "$A" test --policy "$T/vmd.bin" --vm "$T/fk/image" "$T/dbus.yaml"
has vm-dbus "not ok 1 - send"
has vm-dbus '  got: "deny (the kernel: DENIED EACCES)"'
has vm-dbus "ok 2 - both sides"
has vm-dbus "ok 6 - unconfined # SKIP no side of the message is confined"
has vm-dbus "# 4 passed, 1 failed, 1 skipped"
cp "$T/keep/m0.cases" "$T/out"
has vm-dbus-cases "case t0 v_dbus query dbus session org.example unconfined /org/example - Ping :: --label v_dbus dbus send"
has vm-dbus-cases "case t1 v_dbus query dbus session org.example v_files /org/example - Ping :: "
has vm-dbus-cases "case t1.1 v_files query dbus session :1.4 v_dbus /org/example - Ping :: "
# a receive: the sender is unconfined, so only the receiver, the
# subject, is asked
has vm-dbus-cases "case t2.1 v_dbus query dbus session :1.9 unconfined /org/x org.x.I M :: "
hasnt vm-dbus-cases "case t2 "
has vm-dbus-cases "case t3 v_dbus query dbus system org.example.Name :: "
has vm-dbus-cases "case t4 v_dbus query dbus system :: "
# the kernel's masks: dbus-daemon's verdict from the bits asked, and the
# subject's own side's masks must be aamed's (send allows 0x2 here)
expect vm-dbus-masks 1 env AAMED_KERNEL_DIR="$T/fk" FAKE_QUERY="allow 0x00000002 deny 0x00000000 audit 0x00000000 quiet 0x00000000" \
	"$A" test --policy "$T/vmd.bin" --vm "$T/fk/image" "$T/dbus.yaml"
# (a receive asks 0x4: refused, as the manifest says, but aamed's masks
# for it are not the fake kernel's; the receiver v_files of test 2
# refuses too)
has vm-dbus-masks "ok 1 - send"
has vm-dbus-masks "ok 2 - both sides"
has vm-dbus-masks "not ok 3 - receive"
has vm-dbus-masks '  expected: "allow 0x00000000 deny 0x00000000 audit 0x00000000 quiet 0x00000000 (aamed'"'"'s masks)"'
has vm-dbus-masks '  kernel: "DENIED (v_dbus: allow 0x00000002 deny 0x00000000 audit 0x00000000 quiet 0x00000000)"'
has vm-dbus-masks "not ok 4 - bind"
has vm-dbus-masks "# 2 passed, 3 failed, 1 skipped"
expect vm-dbus-json 1 env AAMED_KERNEL_DIR="$T/fk" FAKE_QUERY="allow 0x00000002 deny 0x00000000 audit 0x00000000 quiet 0x00000000" \
	"$A" test --policy "$T/vmd.bin" --vm "$T/fk/image" --json "$T/dbus.yaml"
has vm-dbus-json '"verdict":"DENIED (v_dbus: allow 0x00000002 deny 0x00000000 audit 0x00000000 quiet 0x00000000; v_files: allow 0x00000002 deny 0x00000000 audit 0x00000000 quiet 0x00000000)"'
# a fake kernel that grants bind (0x40): the bind is allowed, and the
# manifest's deny fails on the verdict first
expect vm-dbus-bind 1 env AAMED_KERNEL_DIR="$T/fk" FAKE_QUERY="allow 0x00000040 deny 0x00000000 audit 0x00000000 quiet 0x00000000" \
	"$A" test --policy "$T/vmd.bin" --vm "$T/fk/image" "$T/dbus.yaml"
has vm-dbus-bind "not ok 4 - bind"
has vm-dbus-bind '  got: "allow (the kernel: ALLOWED (v_dbus: allow 0x00000040 deny 0x00000000 audit 0x00000000 quiet 0x00000000))"'
# a test the kernel gave no row for fails; a guest that fails is exit 3
expect vm-norow 1 env AAMED_KERNEL_DIR="$T/fk" FAKE_SKIP=t1 "$A" test $VMP $VM/vm.yaml
has vm-norow "not ok 2 - a read rule grants no write"
has vm-norow '  expected: "a row of the kernel'"'"'s results"'
expect vm-bootfail 3 env AAMED_KERNEL_DIR="$T/fk" FAKE_RC=1 "$A" test $VMP $VM/vm.yaml
empty_out vm-bootfail
has_err vm-bootfail "the kernel oracle"
expect vm-noimage 3 "$A" test --policy "$T/vm.bin" --vm "$T/none.img" $VM/vm.yaml
has_err vm-noimage "--vm $T/none.img"
expect vm-log 2 "$A" test $VMP --log $L
has_err vm-log "--vm goes with manifests, not --log"
unset FAKE_KEEP

# ---------------------------------------------------------------- bad manifests
nbad=0
for f in tests/test-cmd/bad/*.yaml; do
	nbad=$((nbad + 1))
	want=$(sed -n '1s/^# expect: //p' "$f")
	[ -n "$want" ] || { ko "$f: no '# expect:' line"; continue; }
	expect "$f" 2 "$A" test $P "$f"
	empty_out "$f"
	has_err "$f" "$f:$want"
	# every message names the file and a line
	if grep -qv "^$f:[0-9][0-9]*:[0-9][0-9]*: " "$T/err"; then ko "$f: a message without FILE:LINE:COL"; cat "$T/err"; else ok; fi
done
[ "$nbad" -ge 20 ] && ok || ko "only $nbad bad manifests"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
