#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/tools: aamed explain, replay, diff, coverage, help, the man pages,
# the bash completion and the JSON schemas. Every expectation here is
# written by hand (from the profiles and records, not from aamed's output).
# Usage: sh tests/tools/run.sh build/aamed   Ends with "N passed, N failed".
# Environment: APPARMOR_PARSER (default apparmor_parser) and APPARMOR_INCLUDE
# (its include dir, default /etc/apparmor.d): the parser every policy here
# is compiled with.
set -u
. "$(dirname "$0")/../suite.sh"
suite_begin tools "$@"
schema() { # schema NAME SCHEMA: $T/out against docs/json-schema/SCHEMA
	if "$B/tests/schemacheck" "$ROOT/docs/json-schema/$2" "$T/out" >"$T/sc"; then ok; else ko "$1: schema $2"; head "$T/sc"; fi
}
make --no-print-directory BUILD="$B" "$B/tests/schemacheck" >/dev/null 2>&1 || ko "build schemacheck"
# the checker itself: a malformed document (line 2) is reported with its
# line and the column and byte where the JSON reader stopped, not checked
printf '{"version":1}\n{"version":1,"verdict":tru}\n' >"$T/bad.jsonl"
expect schemacheck-malformed 1 "$B/tests/schemacheck" "$ROOT/docs/json-schema/explain.v1.json" "$T/bad.jsonl"
if grep -Eq "^line 2: \(top\): not JSON: .*'tru' at column [0-9]+ \(byte [0-9]+\)$" "$T/out"; then ok; else ko "schemacheck-malformed: no position"; sed 's/^/    /' "$T/out"; fi
# ... and a malformed schema with its line and column, exit 2
printf '{\n  "type": objekt\n}\n' >"$T/bad-schema.json"
expect schemacheck-bad-schema 2 "$B/tests/schemacheck" "$T/bad-schema.json" "$T/bad.jsonl"
has_err schemacheck-bad-schema "bad-schema.json: line 2, column "
FEAT=$ROOT/tests/features/linux-6.1
PARSER=${APPARMOR_PARSER:-apparmor_parser}
PINC=${APPARMOR_INCLUDE:-/etc/apparmor.d}
comp() { "$A" compile --parser "$PARSER" -I "$PINC" --features "$FEAT" -o "$2" "$1" 2>"$T/cerr" || { ko "compile $1"; cat "$T/cerr"; }; }

# ---------------------------------------------------------------- explain
cat >"$T/ov.sd" <<'SD'
profile t_ov {
  /srv/** rw,
  deny /srv/secret/** w,
  owner /home/*/notes r,
  /srv/log/* a,
  capability chown,
  deny capability sys_admin,
  /usr/bin/tool px -> t_tool,
}
profile t_tool {
}
SD
comp "$T/ov.sd" "$T/ov.bin"
X="$A explain --features $FEAT --policy $T/ov.bin --source $T/ov.sd --label t_ov"
expect explain-deny 1 $X file /srv/secret/a w
has explain-deny "denied: a deny rule matches"
has explain-deny "ov.sd:3: deny /srv/secret/** w,"
has explain-deny "ov.sd:2: /srv/** rw,"
expect explain-allow-overlap 0 $X file /srv/secret/a r
has explain-allow-overlap "ov.sd:2: /srv/** rw,"
hasnt explain-allow-overlap "ov.sd:3:"
expect explain-owner 1 $X file /home/u/notes r --fsuid 1000 --ouid 0
has explain-owner "only an owner rule grants it"
has explain-owner "ov.sd:4: owner /home/*/notes r,"
expect explain-owner-ok 0 $X file /home/u/notes r --fsuid 1000 --ouid 1000
expect explain-norule 1 $X file /etc/passwd r
has explain-norule "no rule grants it"
has explain-norule 'record	apparmor="DENIED" operation="open" profile="t_ov" name="/etc/passwd"'
expect explain-cap 0 $X capability chown
has explain-cap "ov.sd:6: capability chown,"
expect explain-capdeny 1 $X capability sys_admin
has explain-capdeny "ov.sd:7: deny capability sys_admin,"
has explain-capdeny "record: quiet"
expect explain-exec 0 $X file /usr/bin/tool x
has explain-exec "transition	px:t_tool"
has explain-exec "ov.sd:8: /usr/bin/tool px -> t_tool,"
expect explain-json 1 $X --json file /srv/secret/a w
schema explain-json explain.v1.json
has explain-json '"reason":"deny-rule"'
expect explain-json-norule 0 "$A" explain --policy "$T/ov.bin" --json --label t_ov capability chown
schema explain-json-norule explain.v1.json
# a Debian profile with its includes: abstractions/base grants ld.so.cache
if [ -f /etc/apparmor.d/usr.sbin.nscd ]; then
	comp /etc/apparmor.d/usr.sbin.nscd "$T/nscd.bin"
	expect explain-debian 0 "$A" explain --features "$FEAT" --policy "$T/nscd.bin" \
		--source /etc/apparmor.d/usr.sbin.nscd --label nscd file /etc/ld.so.cache r
	has explain-debian "/etc/apparmor.d/abstractions/base:"
	has explain-debian "ld.so.cache"
fi

# ---------------------------------------------------------------- replay: kernel records
# The records real kernels logged (tests/kernel/expected), replayed against
# the policy that produced them: no decision may change, and every
# record is rebuilt, the complain-mode learning profiles' own (//null-...)
# too: aamed makes such a profile when a record names it.
for name in file-basic debian exec-modes golden ipc mount hat-learn; do
	awk -v pre="$T/$name" '
		/^[ \t]*@end[ \t]*$/ { if (inp) close(f); inp = 0; next }
		inp { print > f }
		/^[ \t]*@policy[ \t]*$/ { inp = 1; f = pre "." ++n ".sd"; printf "" > f }
	' "tests/kernel/cases/$name.cases"
	mkdir -p "$T/$name.pol"
	for sd in "$T/$name".[0-9]*.sd; do
		"$PARSER" -Q -S --features-file "$FEAT" -I "$PINC" "$sd" \
			>"$T/$name.pol/$(basename "$sd").bin" 2>/dev/null || ko "compile $sd"
	done
	for ver in 6.1 6.12; do
		f=tests/kernel/expected/$name.$ver.tsv
		[ -f "$f" ] || continue
		# 6.1: auditd's form; 6.12: kernel log lines (with class=)
		# (the exec cases' secure-exec= field is no record)
		awk -F '\t' -v v="$ver" '!/^#/ { for (i = 6; i <= NF; i++)
			if ($i ~ /^secure-exec=/) continue
			else if (v == "6.1") printf "type=AVC msg=audit(1700000000.%03d:%d): %s\n", NR % 1000, NR, $i
			else printf "Jan  1 00:00:00 h kernel: [%d.0] audit: type=1400 audit(1700000000.%03d:%d): %s\n", NR, NR % 1000, NR, $i }' \
			"$f" >"$T/$name.$ver.log"
		n=$(wc -l <"$T/$name.$ver.log")
		expect "replay-$name.$ver" 0 "$A" replay --kernel "$ver" --policy "$T/$name.pol" "$T/$name.$ver.log"
		has "replay-$name.$ver" "$n records, $n rebuilt, 0 changed"
	done
done
# The open-file records (tests/kernel/cases/inherit.cases): each use's own
# record is rebuilt and decides the same; 6.12's open of AppArmor's null
# device names a disconnected path ("apparmor/.null"), which no query can.
awk -v pre="$T/inh" '
	/^[ \t]*@end[ \t]*$/ { if (inp) close(f); inp = 0; next }
	inp { print > f }
	/^[ \t]*@policy[ \t]*$/ { inp = 1; f = pre "." ++n ".sd"; printf "" > f }
' tests/kernel/cases/inherit.cases
for ver in 6.1 6.12; do
	mkdir -p "$T/inh.$ver.pol"
	"$PARSER" -Q -S --features-file "tests/features/linux-$ver" -I "$PINC" "$T/inh.1.sd" \
		>"$T/inh.$ver.pol/inh.bin" 2>/dev/null || ko "compile inh.1.sd"
	awk -F '\t' '!/^#/ { for (i = 6; i <= NF; i++)
		printf "type=AVC msg=audit(1700000000.%03d:%d): %s\n", NR % 1000, NR, $i }' \
		"tests/kernel/expected/inherit.$ver.tsv" >"$T/inh.$ver.log"
	n=$(wc -l <"$T/inh.$ver.log")
	nn=$(grep -c 'name="apparmor/.null"' "$T/inh.$ver.log")
	# 6.12 prints in fsuid= the exec's new fsuid, while the owner test
	# used the old one: inh40's "audit owner" AUDIT record (fsuid=0
	# ouid=1000, matched as owner 1000) replays as not the owner, denied
	nc=0 rc=0
	[ "$ver" = 6.12 ] && nc=1 rc=1
	expect "replay-inherit.$ver" "$rc" "$A" replay --kernel "$ver" --policy "$T/inh.$ver.pol" "$T/inh.$ver.log"
	has "replay-inherit.$ver" "$n records, $((n - nn)) rebuilt, $nc changed"
done

# ---------------------------------------------------------------- open files
# A descriptor opened under one label and used under another: what the
# kernel's aa_file_perm() asks (security/apparmor/file.c).
cat >"$T/of.sd" <<'SD'
profile t_of {
  /srv/of/r r,
  network unix dgram,
}
profile t_op {
  /srv/of/** rw,
  network unix,
}
SD
comp "$T/of.sd" "$T/of.bin"
# opened unconfined: never asked again
expect of-unconfined 0 "$A" query --policy "$T/of.bin" --label t_of file /srv/of/w w --op file_perm
has of-unconfined "ALLOWED"
# opened by t_op: t_of checks the write itself
expect of-perm 1 "$A" query --policy "$T/of.bin" --label t_of file /srv/of/w w --op file_perm --opened-by t_op
has of-perm 'operation="file_perm" profile="t_of" name="/srv/of/w" requested_mask="w" denied_mask="w"'
# the same label, what the open was granted: not asked
expect of-same 0 "$A" query --policy "$T/of.bin" --label t_op file /srv/of/w w --op file_perm --opened-by t_op
# an append-only open asked to write: asked again, and t_op grants w
expect of-append 0 "$A" query --policy "$T/of.bin" --label t_op file /srv/of/w w --op file_perm --opened-by t_op --open-perms a
# inherited into t_of: 6.1 puts the null device in its place ...
expect of-inherit.6.1 1 "$A" query --kernel 6.1 --policy "$T/of.bin" --label t_of file /srv/of/w w --op file_inherit --opened-by t_op
has of-inherit.6.1 "inherit=replaced"
has of-inherit.6.1 'operation="file_inherit" profile="t_of"'
# ... 6.12 asks t_of to open that null device, which it refuses: closed
expect of-inherit.6.12 1 "$A" query --kernel 6.12 --policy "$T/of.bin" --label t_of file /srv/of/w w --op file_inherit --opened-by t_op
has of-inherit.6.12 "inherit=closed"
has of-inherit.6.12 'operation="open" class="file" info="Failed name lookup - disconnected path" error=-13 profile="t_of" name="apparmor/.null" requested_mask="wr"'
expect of-inherit-kept 0 "$A" query --policy "$T/of.bin" --label t_of file /srv/of/r rc --op file_inherit --opened-by t_op
has of-inherit-kept "inherit=kept"
expect of-inherit-json 1 "$A" query --kernel 6.1 --json --policy "$T/of.bin" --label t_of file /srv/of/w w --op file_inherit --opened-by t_op
has of-inherit-json '"inherit":"replaced"'
has of-inherit-json '"opened_by":"t_op"'
# a socket's descriptor: the network rule decides, both labels asked
expect of-sock 1 "$A" query --kernel 6.12 --policy "$T/of.bin" --label t_of file socket:unix:stream rw --op file_receive --opened-by t_op
has of-sock 'operation="file_receive" class="net" profile="t_of" family="unix" sock_type="stream" protocol=0 requested_mask="send receive" denied_mask="send receive"'
expect of-sock-ok 0 "$A" query --policy "$T/of.bin" --label t_of file socket:unix:dgram r --op file_perm --opened-by t_op
expect of-elsewhere 1 "$A" query --policy "$T/of.bin" --label t_of file /srv/of/w w --op file_perm --opened-elsewhere
expect of-revoked 1 "$A" query --policy "$T/of.bin" file /srv/of/r r --op file_perm --revoked
expect of-pipe 0 "$A" query --policy "$T/of.bin" --label t_of file /srv/of/w w --op file_perm --opened-by t_op --unmediated
expect of-explain 1 "$A" explain --kernel 6.12 --policy "$T/of.bin" --label t_of file /srv/of/w w --op file_inherit --opened-by t_op
has of-explain "inherit	closed"
has of-explain 'denied "w"'
# malformed
for bad in "file socket:nofamily:stream rw --op file_perm" "file socket:unix rw --op file_perm" \
	"file /srv/of/r r --op file_perm --ctty" "file /srv/of/r r --open-perms r" \
	"file /srv/of/r r --op file_perm --opened-by nosuch" "file /srv/of/r r --op open --opened-by t_op" \
	"file /srv/of/r r --op file_inherit --exec-fsuid -1" "file /srv/of/r r --op file_perm --opened-by t_op --opened-elsewhere" \
	"file socket:unix:stream r --masks"; do
	# shellcheck disable=SC2086
	expect "of-bad $bad" 2 "$A" query --policy "$T/of.bin" --label t_of $bad
done

# The kernels' mount records against mount.cases' t_mnt with one more
# rule, "umount /m/other/,": mt061's umount record is now allowed (and on
# 6.1 and 6.12 alike the one record that changes).
sed 's|^  umount /m/um/,|  umount /m/um/,\n  umount /m/other/,|' "$T/mount.1.sd" >"$T/mount2.sd"
mkdir -p "$T/mount2.pol"
"$PARSER" -Q -S --features-file "$FEAT" -I "$PINC" "$T/mount2.sd" \
	>"$T/mount2.pol/m.bin" 2>/dev/null || ko "compile mount2.sd"
for ver in 6.1 6.12; do
	expect "replay-mount-changed.$ver" 1 "$A" replay --kernel "$ver" --policy "$T/mount2.pol" "$T/mount.$ver.log"
	has "replay-mount-changed.$ver" "1 changed (0 now denied, 1 now allowed)"
	has "replay-mount-changed.$ver" "t_mnt  umount /m/other/"
done
# The user namespace and io_uring records of 6.12 (tests/kernel/
# cases-modern/ns.cases, compiled by apparmor_parser 4.1.8 as the oracle compiles it):
# every one rebuilt, none changed; on 6.1 none is decidable, the kernel
# has no hook. Skipped (with a count) without the newer parser.
. "$ROOT/tests/parsers.sh"
P418=$(parsers_dir "$ROOT")/4.1.8
if [ -x "$P418/apparmor_parser" ]; then
	awk -v pre="$T/ns" '
		/^[ \t]*@end[ \t]*$/ { if (inp) close(f); inp = 0; next }
		inp { print > f }
		/^[ \t]*@policy[ \t]*$/ { inp = 1; f = pre "." ++n ".sd"; printf "" > f }
	' tests/kernel/cases-modern/ns.cases
	mkdir -p "$T/ns.pol"
	"$P418/apparmor_parser" -Q -S -I "$P418/apparmor.d" \
		--features-file "$ROOT/tests/features/linux-6.12" "$T/ns.1.sd" \
		>"$T/ns.pol/ns.bin" 2>/dev/null || ko "compile ns.1.sd"
	awk -F '\t' '!/^#/ { for (i = 6; i <= NF; i++)
		printf "type=AVC msg=audit(1700000000.%03d:%d): %s\n", NR % 1000, NR, $i }' \
		tests/kernel/expected/ns.6.12.tsv >"$T/ns.log"
	n=$(wc -l <"$T/ns.log")
	expect replay-ns.6.12 0 "$A" replay --kernel 6.12 --policy "$T/ns.pol" "$T/ns.log"
	has replay-ns.6.12 "$n records, $n rebuilt, 0 changed"
	expect replay-ns.6.1 0 "$A" replay --kernel 6.1 --policy "$T/ns.pol" "$T/ns.log"
	has replay-ns.6.1 "this kernel does not mediate"
	expect query-ns.6.1 0 "$A" query --kernel 6.1 --policy "$T/ns.pol" --label u_none io_uring sqpoll
	has query-ns.6.1 "NOT-MEDIATED"
	expect query-ns-json.6.1 0 "$A" query --kernel 6.1 --policy "$T/ns.pol" --json --label n_none userns create
	has query-ns-json.6.1 '"verdict":"not-mediated"'
	expect explain-ns 1 "$A" explain --kernel 6.12 --policy "$T/ns.pol" --json --label u_oc io_uring override_creds --peer-label u_other
	schema explain-ns explain.v1.json
	has explain-ns '"reason":"no-rule"'
else
	echo "SKIP: apparmor_parser 4.1.8 not found in $P418 (11 checks skipped)"
fi

# The records 6.1 and 6.12 logged for traced tasks (tests/kernel/cases/
# {domain,hat}-traced.cases), replayed against their own policy: the
# refusals a tracer caused name no tracer (change_hat's no hat either),
# so they are not rebuilt, and nothing else changes.
for c in domain hat; do
	awk -v f="$T/tr-$c.sd" '
		/^[ \t]*@end[ \t]*$/ { inp = 0; next }
		inp { print > f }
		/^[ \t]*@policy[ \t]*$/ { inp = 1 }
	' "tests/kernel/cases/$c-traced.cases"
	comp "$T/tr-$c.sd" "$T/tr-$c.bin"
	for k in 6.1 6.12; do
		awk -F '\t' '!/^#/ { for (i = 6; i <= NF; i++)
			printf "type=AVC msg=audit(1700000000.%03d:%d): %s\n", NR % 1000, NR, $i }' \
			"tests/kernel/expected/$c-traced.$k.tsv" >"$T/tr-$c.log"
		expect "replay-traced-$c.$k" 0 "$A" replay --kernel "$k" --policy "$T/tr-$c.bin" "$T/tr-$c.log"
		has "replay-traced-$c.$k" " 0 changed"
		[ $c = hat ] ||
			has "replay-traced-$c.$k" "4  exec refused for its tracer, which the record does not name"
	done
done

# file-basic against a changed t_files: r.txt gains w, other.txt gains r.
# The 6.1 records hold 4 denials of w on r.txt (3 opens, 1 truncate) and 3 of r on other.txt
# (counted by hand in tests/kernel/expected/file-basic.6.1.tsv).
sed -e 's|^  /srv/data/r.txt r,|  /srv/data/r.txt rw,\n  /srv/data/other.txt r,|' "$T/file-basic.1.sd" >"$T/fb-new.sd"
mkdir -p "$T/fb-new"
cp "$T"/file-basic.pol/* "$T/fb-new/"
"$PARSER" -Q -S --features-file "$FEAT" -I "$PINC" "$T/fb-new.sd" >"$T/fb-new/file-basic.1.sd.bin" 2>/dev/null || ko "compile fb-new"
expect replay-changed 1 "$A" replay --policy "$T/fb-new" "$T/file-basic.6.1.log"
has replay-changed "now ALLOWED, was denied (7)"
has replay-changed "3  t_files  open /srv/data/r.txt  \"w\""
has replay-changed "1  t_files  truncate /srv/data/r.txt  \"w\""
has replay-changed "3  t_files  open /srv/data/other.txt  \"r\""
hasnt replay-changed "now DENIED"
expect replay-changed-json 1 "$A" replay --json --policy "$T/fb-new" "$T/file-basic.6.1.log"
schema replay-changed-json replay.v1.json
has replay-changed-json '"changed":7,"now_denied":0,"now_allowed":7'

# ---------------------------------------------------------------- replay --jobs, --stats, progress
# The kernels' logs, all of them four times over (several chunks of
# records), against every case's policy with t_files changed: --jobs N
# gives the report of one job byte for byte (groups, their order, their
# example lines), with and without the memo, from files and from stdin.
cp "$T"/debian.pol/* "$T"/exec-modes.pol/* "$T"/golden.pol/* "$T"/ipc.pol/* "$T/fb-new/"
for i in 1 2 3 4; do cat "$T"/*.6.1.log; done >"$T/all.log"
expect replay-jobs1 1 "$A" replay --policy "$T/fb-new" "$T/all.log" "$T/file-basic.6.1.log"
cp "$T/out" "$T/jobs1.out"
has replay-jobs1 "now ALLOWED, was denied"
for j in 2 3; do
	for m in "" --no-memo --json; do
		expect "replay-jobs$j$m" 1 "$A" replay --jobs "$j" $m --policy "$T/fb-new" "$T/all.log" "$T/file-basic.6.1.log"
		if [ -z "$m" ] || [ "$m" = --no-memo ]; then
			cmp -s "$T/out" "$T/jobs1.out" && ok || { ko "replay-jobs$j$m: not the report of --jobs 1"; diff "$T/jobs1.out" "$T/out" | head; }
		else
			cp "$T/out" "$T/jobsj.out"
			"$A" replay --json --policy "$T/fb-new" "$T/all.log" "$T/file-basic.6.1.log" >"$T/out" 2>/dev/null
			cmp -s "$T/out" "$T/jobsj.out" && ok || ko "replay-jobs$j$m: not the JSON of --jobs 1"
		fi
	done
done
"$A" replay --policy "$T/fb-new" - <"$T/all.log" >"$T/stdin1.out" 2>&1
"$A" replay --jobs 2 --policy "$T/fb-new" - <"$T/all.log" >"$T/stdin2.out" 2>&1
cmp -s "$T/stdin1.out" "$T/stdin2.out" && ok || ko "replay-jobs-stdin: --jobs 2 from stdin differs"
grep -qF "(-:" "$T/stdin2.out" && ok || ko "replay-jobs-stdin: no example line of -"
# the kernels' own logs with their own policy: nothing changes, any --jobs
expect replay-jobs-golden 0 "$A" replay --jobs 2 --kernel 6.12 --policy "$T/golden.pol" "$T/golden.6.12.log"
has replay-jobs-golden "0 changed"
for bad in 0 65 x 2x ""; do
	expect "replay-jobs-bad-$bad" 2 "$A" replay --jobs "$bad" --policy "$T/fb-new" "$T/all.log"
	has_err "replay-jobs-bad-$bad" "--jobs \"$bad\": a number from 1 to"
done
# --stats (stderr): the replay pass, and with --parse-only libapparmor's
# parse alone over the same logs, and their ratio; the report unchanged
expect replay-stats 1 "$A" replay --stats --parse-only --jobs 2 --policy "$T/fb-new" "$T/all.log" "$T/file-basic.6.1.log"
cmp -s "$T/out" "$T/jobs1.out" && ok || ko "replay-stats: the report changed"
for f in "stats: " " lines, " " from the memo, " " records in " " records/s, 2 jobs; " \
	" s of CPU, " " records/CPU s, the reader's " " decisions in " " decisions/s)" \
	"stats: parse only: " "replay/parse-only time per record " " (wall), " " (CPU)"; do
	has_err replay-stats "$f"
done
n=$(cat "$T/all.log" "$T/file-basic.6.1.log" | grep -c apparmor=)
has_err replay-stats "stats: parse only: $n records in "
expect replay-stats-stdin 2 "$A" replay --parse-only --policy "$T/fb-new" - </dev/null
has_err replay-stats-stdin "--parse-only reads the logs twice: not standard input"
# the progress line is for a terminal: none when stderr is a file
expect replay-no-progress 1 "$A" replay --policy "$T/fb-new" "$T/all.log"
if grep -v ': warning: ' "$T/err" | grep -q .; then ko "replay-no-progress: stderr not empty"; head -c 300 "$T/err"; else ok; fi
# ... and on a terminal (script(1) gives one), redrawn on a long enough input
if command -v script >/dev/null; then
	for i in 1 2 3 4 5 6 7 8; do cat "$T/all.log"; done >"$T/long.log"
	for i in 1 2 3 4 5; do cat "$T/long.log"; done >"$T/longer.log"
	script -qec "'$A' replay --no-memo --policy '$T/fb-new' '$T/longer.log' >/dev/null" /dev/null >"$T/out" 2>&1
	has replay-progress " records/s  "
	has replay-progress " changed"
fi

# ---------------------------------------------------------------- replay: libapparmor's test inputs
# Hand-written outcome (tests/tools/data/libapparmor-new.sd): signal,
# ptrace tracedby, sendmsg, chown now allowed; hello.sh's exec (complain
# before, enforce with no rule now) now denied; dolphin and cargo
# unchanged; the mount record's profile is not in the new policy, the
# STATUS record and change_hat not rebuilt.
comp tests/tools/data/libapparmor-new.sd "$T/la.bin"
expect replay-libapparmor 1 "$A" replay --policy "$T/la.bin" tests/tools/data/libapparmor.log
has replay-libapparmor "10 records, 7 rebuilt, 5 changed (1 now denied, 4 now allowed), 3 not rebuilt"
has replay-libapparmor "/home/cb/bin/hello.sh  exec /usr/bin/rm"
has replay-libapparmor "/usr/sbin/cupsd  chown /run/cups/certs/"
has replay-libapparmor "/usr/bin/evince-thumbnailer  sendmsg"
has replay-libapparmor "profile not in the new policy  (tests/tools/data/libapparmor.log:7)"
has replay-libapparmor "not a decision (STATUS, HINT or ERROR record)  (tests/tools/data/libapparmor.log:8)"
expect replay-libapparmor-json 1 "$A" replay --json --policy "$T/la.bin" tests/tools/data/libapparmor.log
schema replay-libapparmor-json replay.v1.json

# ---------------------------------------------------------------- replay: journal formats, malformed input
L1='audit: type=1400 audit(1700000000.100:1): apparmor=\"DENIED\" operation=\"open\" profile=\"/usr/sbin/cupsd\" name=\"/run/cups/certs/x\" pid=5 comm=\"cupsd\" requested_mask=\"r\" denied_mask=\"r\" fsuid=0 ouid=0'
L2='audit: type=1400 audit(1700000000.100:2): apparmor=\"DENIED\" operation=\"chown\" profile=\"/usr/sbin/cupsd\" name=\"/run/cups/certs/\" pid=5 comm=\"cupsd\" requested_mask=\"w\" denied_mask=\"w\" fsuid=0 ouid=4'
{
	printf '{"__CURSOR":"s=1","_TRANSPORT":"kernel","MESSAGE":"%s"}\n' "$L1"
	printf '{"__CURSOR":"s=2","MESSAGE":"not json"\n'
	printf '{"__CURSOR":"s=3","_TRANSPORT":"kernel","MESSAGE":"%s"}\n' "$L2"
	printf '{"__CURSOR":"s=4","MESSAGE":"systemd: something else"}\n'
} >"$T/j.json"
expect replay-json-malformed 2 "$A" replay --policy "$T/la.bin" "$T/j.json"
has_err replay-json-malformed "j.json:2: malformed JSON"
has replay-json-malformed "2 records, 2 rebuilt, 1 changed (0 now denied, 1 now allowed)"
has replay-json-malformed "1 other lines, 1 input errors"
# journalctl -o export: KEY=VALUE lines, an empty line ends an entry;
# MESSAGE of the second entry in the binary form (name, le64 size, data)
L2E=$(printf '%s' "$L2" | sed 's/\\"/"/g')
{
	printf '__CURSOR=s=1\n_TRANSPORT=kernel\nMESSAGE=%s\n\n' "$(printf '%s' "$L1" | sed 's/\\"/"/g')"
	printf '__CURSOR=s=2\nMESSAGE\n'
	n=$(printf '%s' "$L2E" | wc -c)
	printf "$(printf '\\%03o\\%03o\\000\\000\\000\\000\\000\\000' $((n % 256)) $((n / 256)))"
	printf '%s\n\n' "$L2E"
} >"$T/j.export"
expect replay-export 1 "$A" replay --policy "$T/la.bin" "$T/j.export"
has replay-export "2 records, 2 rebuilt, 1 changed"
printf '__CURSOR=s=1\nMESSAGE\n\003\000' >"$T/bad.export"
expect replay-export-truncated 2 "$A" replay --policy "$T/la.bin" "$T/bad.export"
has_err replay-export-truncated "bad.export:2: export format: truncated binary field"
expect replay-missing 2 "$A" replay --policy "$T/la.bin" "$T/none.log" tests/tools/data/libapparmor.log
has_err replay-missing "none.log: No such file"
has replay-missing "10 records"
expect replay-usage 2 "$A" replay "$T/j.json"
# journalctl -o json gives a MESSAGE that is not UTF-8 as an array of
# bytes: L2 (cupsd's chown, allowed by the new policy) with comm="cups\377"
bytes() { od -An -v -tu1 | tr -s ' \n' '  ' | sed 's/^ *//; s/ *$//; s/ /,/g'; }
L2B=$(printf '%b' "$(printf '%s' "$L2E" | sed 's/comm="cupsd"/comm="cups\\377"/')" | bytes)
printf '{"__CURSOR":"s=1","_TRANSPORT":"kernel","MESSAGE":[%s]}\n' "$L2B" >"$T/jb.json"
expect replay-json-bytes 1 "$A" replay --policy "$T/la.bin" "$T/jb.json"
has replay-json-bytes "1 records, 1 rebuilt, 1 changed (0 now denied, 1 now allowed), 0 not rebuilt, 0 other lines, 0 input errors"
has replay-json-bytes "/usr/sbin/cupsd  chown /run/cups/certs/  \"w\"  ($T/jb.json:1)"
# a malformed line among good ones is named by its line number
{
	printf '{"MESSAGE":"%s"}\n' "$L1"
	printf '{"MESSAGE":[%s]}\n' "$L2B"
	printf '{"MESSAGE":[%s}\n' "$L2B"
	printf '{"MESSAGE":"%s"}\n' "$L2"
} >"$T/jm.json"
expect replay-json-malformed-line 2 "$A" replay --policy "$T/la.bin" "$T/jm.json"
has_err replay-json-malformed-line "jm.json:3: malformed JSON"
has replay-json-malformed-line "3 records, 3 rebuilt, 2 changed (0 now denied, 2 now allowed)"
has replay-json-malformed-line "0 other lines, 1 input errors"
# getopt forms: --policy=PATH, --kernel=V; an unknown option is named
expect replay-policy-eq 1 "$A" replay --policy="$T/la.bin" --kernel=6.1 tests/tools/data/libapparmor.log
has replay-policy-eq "10 records, 7 rebuilt, 5 changed (1 now denied, 4 now allowed), 3 not rebuilt"
expect replay-unknown-option 2 "$A" replay --policy "$T/la.bin" --frobnicate tests/tools/data/libapparmor.log
has_err replay-unknown-option "aamed replay: unknown option --frobnicate"
hasnt replay-unknown-option "records"
expect replay-no-value 2 "$A" replay tests/tools/data/libapparmor.log --policy
has_err replay-no-value "aamed replay: --policy needs a value"

# ---------------------------------------------------------------- diff
# equivalent spellings (as parser/tst/equality.sh): no difference, exit 0
eq() { # eq NAME RULES_A RULES_B
	printf 'profile t {\n%b\n}\n' "$2" >"$T/a.sd"
	printf 'profile t {\n%b\n}\n' "$3" >"$T/b.sd"
	expect "diff-eq-$1" 0 "$A" diff --features "$FEAT" "$T/a.sd" "$T/b.sd"
	has "diff-eq-$1" "no semantic difference"
}
eq split-perms '  /a r,\n  /a w,' '  /a rw,'
eq alternation '  /foo/{a,b} r,' '  /foo/a r,\n  /foo/b r,'
eq caps '  capability chown,\n  capability fowner,' '  capability chown fowner,'
eq exec-split '  /a ix,\n  /a r,' '  /a rix,'
eq deny-order '  deny /a w,\n  /a rw,' '  /a r,\n  deny /a w,'
eq glob-cover '  /b/** rw,\n  /b/* rw,' '  /b/** rw,'
eq net '  network inet stream,\n  network inet dgram,' '  network inet stream,\n  network inet dgram,\n  network inet stream,'
eq owner-twice '  owner /h/** r,\n  owner /h/x r,' '  owner /h/** r,'
# known differences, each with its witness
df() { # df NAME RULES_A RULES_B EXPECTED_LINE...
	_n=$1
	printf 'profile t {\n%b\n}\n' "$2" >"$T/a.sd"
	printf 'profile t {\n%b\n}\n' "$3" >"$T/b.sd"
	shift 3
	expect "diff-$_n" 1 "$A" diff --features "$FEAT" "$T/a.sd" "$T/b.sd"
	for l in "$@"; do has "diff-$_n" "$l"; done
}
df add-write '  /a r,' '  /a rw,' 'file       +wacd' ' /a'
df remove-read '  /etc/x r,\n  /etc/y r,' '  /etc/y r,' 'file       -r' ' /etc/x'
df add-cap '  capability chown,' '  capability chown,\n  capability net_admin,' 'capability +' 'net_admin'
df transition '  /bin/x ix,' '  /bin/x px,' 'transition ix => px' '/bin/x'
df owner '  /h/x r,' '  owner /h/x r,' 'file       -r' '/h/x'
df signal '  signal send set=term peer=foo,' '  signal send set=(term,kill) peer=foo,' 'signal     +send' 'signal kill --peer-label foo'
df net '  network inet stream,' '  network inet stream,\n  network inet6 dgram,' 'network' 'inet6 dgram'
df deny-quiet '  /a r,' '  /a r,\n  deny /b r,' 'quiet +r' '/b'
printf 'profile t flags=(complain) {\n  /a r,\n}\n' >"$T/c.sd"
printf 'profile t {\n  /a r,\n}\n' >"$T/e.sd"
expect diff-mode 1 "$A" diff --features "$FEAT" "$T/c.sd" "$T/e.sd"
has diff-mode "mode complain => enforce"
printf 'profile t {\n}\nprofile u {\n}\n' >"$T/two.sd"
expect diff-added 1 "$A" diff --features "$FEAT" "$T/e.sd" "$T/two.sd"
has diff-added "profile u: added"
expect diff-json 1 "$A" diff --json --features "$FEAT" "$T/c.sd" "$T/two.sd"
schema diff-json diff.v1.json
expect diff-json-eq 0 "$A" diff --json "$T/ov.bin" "$T/ov.bin"
schema diff-json-eq diff.v1.json
has diff-json-eq '"profiles":[],"different":false'
# a real profile of apparmor-profiles against an edited copy, as blobs
FF=/usr/share/apparmor/extra-profiles/usr.lib.firefox.firefox
if [ -f "$FF" ]; then
	comp "$FF" "$T/ff1.bin"
	sed 's|^  /etc/mailcap r,|  /etc/mailcap rw,|' "$FF" >"$T/ff2.sd"
	comp "$T/ff2.sd" "$T/ff2.bin"
	expect diff-firefox 1 "$A" diff "$T/ff1.bin" "$T/ff2.bin"
	has diff-firefox "+wacd"
	has diff-firefox "/etc/mailcap"
	expect diff-firefox-same 0 "$A" diff "$T/ff1.bin" "$T/ff1.bin"
fi
. "$ROOT/tests/tools/diff-modes.sh"
. "$ROOT/tests/tools/diff-attach.sh"
. "$ROOT/tests/tools/diff-witness.sh"
. "$ROOT/tests/tools/diff-ns.sh"

# ---------------------------------------------------------------- coverage
cat >"$T/cov.log" <<'LOG'
type=AVC msg=audit(1.1:1): apparmor="AUDIT" operation="open" profile="t_ov" name="/srv/data/x" pid=1 comm="a" requested_mask="r" fsuid=0 ouid=0
type=AVC msg=audit(1.1:2): apparmor="DENIED" operation="open" profile="t_ov" name="/srv/secret/k" pid=1 comm="a" requested_mask="w" denied_mask="w" fsuid=0 ouid=0
type=AVC msg=audit(1.1:3): apparmor="AUDIT" operation="capable" profile="t_ov" pid=1 comm="a" capability=0  capname="chown"
LOG
expect coverage-source 1 "$A" coverage --features "$FEAT" --policy "$T/ov.bin" --source "$T/ov.sd" "$T/cov.log"
has coverage-source "profile t_ov: 3 requests, 3 of 7 rules used"
has coverage-source "     2  $T/ov.sd:2: /srv/** rw,"
has coverage-source "     1  $T/ov.sd:3: deny /srv/secret/** w,"
has coverage-source "     0  $T/ov.sd:5: /srv/log/* a,"
has coverage-source "     1  $T/ov.sd:6: capability chown,"
expect coverage-json 1 "$A" coverage --json --features "$FEAT" --policy "$T/ov.bin" --source "$T/ov.sd" "$T/cov.log"
schema coverage-json coverage.v1.json
expect coverage-blob 1 "$A" coverage --policy "$T/ov.bin" "$T/cov.log"
has coverage-blob "profile t_ov: 3 requests"
expect coverage-blob-json 1 "$A" coverage --json --policy "$T/ov.bin" "$T/cov.log"
schema coverage-blob-json coverage.v1.json

# ---------------------------------------------------------------- dbus
DFEAT=$ROOT/tests/features/linux-6.1-dbus
"$PARSER" -Q -S --features-file "$DFEAT" tests/tools/data/dbus.sd >"$T/dbus.bin" 2>"$T/cerr" || { ko "compile dbus.sd"; cat "$T/cerr"; }
dq() { expect "$1" "$2" "$A" query --policy "$T/dbus.bin" --label dsend dbus "$@"; }
D="--bus session --path /org/foo/x --interface org.foo.I1 --name org.foo.Svc --peer-label dpeer --pid 10 --peer-pid 20"
expect dbus-send-allowed 0 "$A" query --policy "$T/dbus.bin" --label dsend dbus send $D --member GetX
has dbus-send-allowed "ALLOWED"
# the sender's query matches no rule (member Other)
expect dbus-send-denied 1 "$A" query --policy "$T/dbus.bin" --label dsend dbus send $D --member Other
has dbus-send-denied 'apparmor="DENIED" operation="dbus_method_call" bus="session" path="/org/foo/x" interface="org.foo.I1" member="Other" mask="send" name="org.foo.Svc" pid=10 label="dsend" peer_pid=20 peer_label="dpeer"'
# a deny rule is quiet
expect dbus-send-deny-rule 1 "$A" query --policy "$T/dbus.bin" --label dsend dbus send $D --member Secret
hasnt dbus-send-deny-rule "apparmor="
# a complain-mode receiver without a rule: allowed, with its record
expect dbus-receive 0 "$A" query --policy "$T/dbus.bin" --label dpeer dbus receive --bus system --name :1.4 --peer-label unconfined --pid 7
has dbus-receive 'apparmor="ALLOWED" operation="dbus_method_call" bus="system" name=":1.4" mask="receive" pid=7 label="dpeer" peer_label="unconfined"'
expect dbus-bind 0 "$A" query --policy "$T/dbus.bin" --label dsend dbus bind --bus session --name org.foo.Bar
expect dbus-bind-denied 1 "$A" query --policy "$T/dbus.bin" --label dsend dbus bind --bus session --name org.bar
has dbus-bind-denied 'apparmor="DENIED" operation="dbus_bind" bus="session" name="org.bar" mask="bind" label="dsend"'
expect dbus-eavesdrop 1 "$A" query --policy "$T/dbus.bin" --label dsend dbus eavesdrop --bus session
has dbus-eavesdrop 'operation="dbus_eavesdrop" bus="session" mask="eavesdrop" label="dsend"'
expect dbus-unconfined 0 "$A" query --policy "$T/dbus.bin" dbus bind --bus system --name x
expect dbus-masks 0 "$A" query --policy "$T/dbus.bin" --label dsend dbus send $D --member GetX --masks
has dbus-masks "allow 0x00000002 deny 0x00000000 audit 0x00000000 quiet 0x00000000"
# the label query's commands and its label text as the kernel reads them
# (apparmorfs.c query_label(), label.c aa_label_strn_parse() without
# create): "profile" and "labelall" answer as "label" for one namespace;
# a stack's members accumulate (lq_a's rw with lq_b's r is lq_b's r); a
# stack no task holds and "name (enforce)" are ENOENT
printf 'profile lq_a {\n  /srv/lq/ab rw,\n}\nprofile lq_b {\n  /srv/lq/ab r,\n}\n' >"$T/lq.sd"
"$PARSER" -Q -S --features-file "$FEAT" "$T/lq.sd" >"$T/lq.bin" 2>"$T/cerr" || { ko "compile lq.sd"; cat "$T/cerr"; }
lq() { expect "$1" "$2" "$A" query --policy "$T/lq.bin" --label "$3" file /srv/lq/ab r $4; }
lq lq-b 0 lq_b --masks
cp "$T/out" "$T/lq_b.masks"
lq lq-label 0 lq_a --masks
cp "$T/out" "$T/lq_a.masks"
if cmp -s "$T/lq_a.masks" "$T/lq_b.masks"; then ko "lq_a and lq_b answer alike"; else ok; fi
for c in label profile labelall; do
	lq "lq-access-$c" 0 lq_a "--access $c"
	if cmp -s "$T/out" "$T/lq_a.masks"; then ok; else ko "--access $c: not the label's masks"; cat "$T/out"; fi
	lq "lq-stack-unheld-$c" 2 'lq_a//&lq_b' "--access $c"
	has_err "lq-stack-unheld-$c" "ENOENT: label query refused"
	lq "lq-stack-held-$c" 0 'lq_b//&lq_a' "--access $c --held"
	if cmp -s "$T/out" "$T/lq_b.masks"; then ok; else ko "--held stack --access $c: not lq_b's masks"; cat "$T/out"; fi
done
# a stack across namespaces: "label" asks the members in labels_ns(), the
# namespace of the last member (the child's), "labelall" every member
printf 'profile :lqns:lq_c {\n  /srv/lq/c r,\n}\n' >"$T/lqns.sd"
"$PARSER" -Q -S --features-file "$FEAT" "$T/lqns.sd" >"$T/lqns.bin" 2>"$T/cerr" || { ko "compile lqns.sd"; cat "$T/cerr"; }
lqn() { expect "$1" "$2" "$A" query --policy "$T/lqns.bin" --policy "$T/lq.bin" --label "$3" file /srv/lq/c r $4; }
lqn lq-ns-alone 0 :lqns:lq_c --masks
cp "$T/out" "$T/lq_c.masks"
lqn lq-ns-label 0 'lq_a//&:lqns:lq_c' "--masks --held"
if cmp -s "$T/out" "$T/lq_c.masks"; then ok; else ko "cross-namespace stack: not the child's member alone"; cat "$T/out"; fi
lqn lq-ns-labelall 0 'lq_a//&:lqns:lq_c' "--access labelall --held"
has lq-ns-labelall "allow 0x00000000 "
lq lq-mode-suffix 2 'lq_a (enforce)' --masks
has_err lq-mode-suffix "ENOENT: label query refused"
# the same text is a --label every other query takes
lq lq-mode-suffix-decision 0 'lq_a (enforce)' ""
lq lq-access-bad 2 lq_a "--access data"
has_err lq-access-bad "--access takes label, profile or labelall"
# in a batch, a refusal is an ERROR line with its errno; --held holds the
# stack for its own line only
printf '%s\n' "--label lq_a//&lq_b file /srv/lq/ab r --masks --held" "--label lq_a//&lq_b file /srv/lq/ab r --masks" >"$T/lq.q"
expect lq-batch 0 "$A" query --policy "$T/lq.bin" --batch "$T/lq.q"
if [ "$(cut -f1 "$T/out" | sed -n 2p)" = ERROR ] && sed -n 2p "$T/out" | grep -q "	line 2: ENOENT: "; then ok; else ko "lq-batch: line 2 not refused ENOENT"; cat "$T/out"; fi
expect dbus-json 1 "$A" query --policy "$T/dbus.bin" --json --label dsend dbus bind --bus session --name org.bar
has dbus-json '"class":"dbus","request":"bind","bus":"session"'
expect dbus-no-bus 2 "$A" query --policy "$T/dbus.bin" --label dsend dbus send --name x
has_err dbus-no-bus "dbus send needs --bus BUS"
expect dbus-bad-op 2 "$A" query --policy "$T/dbus.bin" --label dsend dbus call --bus session
expect dbus-bind-path 2 "$A" query --policy "$T/dbus.bin" --label dsend dbus bind --bus session --name x --path /x
expect dbus-bad-type 2 "$A" query --policy "$T/dbus.bin" --label dsend dbus send --bus session --type bogus
expect dbus-bad-peer 2 "$A" query --policy "$T/dbus.bin" --label dsend dbus send --bus session --peer-label nosuch
expect dbus-explain 1 "$A" explain --policy "$T/dbus.bin" --source tests/tools/data/dbus.sd --features "$DFEAT" --label dsend dbus send $D --member Secret
has dbus-explain "denied: a deny rule matches"
has dbus-explain "dbus.sd:5: deny dbus send bus=session member=Secret,	(denies \"send\")"
expect dbus-explain-json 1 "$A" explain --json --policy "$T/dbus.bin" --label dsend dbus bind --bus session --name org.bar
schema dbus-explain-json explain.v1.json
# dbus-daemon's records: the send (I3) and the eavesdrop stay denied, the
# bind and the receive are now allowed
expect dbus-replay 1 "$A" replay --policy "$T/dbus.bin" tests/tools/data/dbus.log
has dbus-replay "4 records, 4 rebuilt, 2 changed (0 now denied, 2 now allowed)"
has dbus-replay "dsend  dbus_bind org.foo.Bar"
expect dbus-replay-json 1 "$A" replay --json --policy "$T/dbus.bin" tests/tools/data/dbus.log
schema dbus-replay-json replay.v1.json
expect dbus-coverage 1 "$A" coverage --features "$DFEAT" --policy "$T/dbus.bin" --source tests/tools/data/dbus.sd tests/tools/data/dbus.log
has dbus-coverage "profile dsend: 4 requests, 2 of 7 rules used"
has dbus-coverage "     1  tests/tools/data/dbus.sd:7: dbus bind bus=session name=org.foo.*,"
# diff: dbus witnesses are the query's fields
sed 's/name=org.foo.\*/name=org.foo.B*/; s/eavesdrop bus=system/eavesdrop bus=session/' tests/tools/data/dbus.sd >"$T/dbus2.sd"
"$PARSER" -Q -S --features-file "$DFEAT" "$T/dbus2.sd" >"$T/dbus2.bin" 2>"$T/cerr" || { ko "compile dbus2.sd"; cat "$T/cerr"; }
expect dbus-diff 1 "$A" diff "$T/dbus.bin" "$T/dbus2.bin"
has dbus-diff "  dbus       +eavesdrop                bus=session"
has dbus-diff "  dbus       -eavesdrop                bus=system"
has dbus-diff "  dbus       -bind                     bus=session name=org.foo."

# ---------------------------------------------------------------- help, man pages, completion
for c in explain replay diff coverage test; do
	[ -f "man/aamed-$c.1" ] && ok || ko "man/aamed-$c.1 missing"
	expect "help-$c" 0 env MANPAGER=cat PAGER=cat AAMED_SRCDIR="$ROOT" "$A" help "$c"
	has "help-$c" "aamed $c"
done
[ -f man/aamed.1 ] && ok || ko "man/aamed.1 missing"
if command -v bash >/dev/null; then
	bash -n completion/aamed.bash && ok || ko "completion/aamed.bash: syntax"
	out=$(bash -c '. completion/aamed.bash; COMP_WORDS=(aamed re); COMP_CWORD=1; _aamed; echo "${COMPREPLY[*]}"')
	[ "$out" = replay ] && ok || ko "completion: \"aamed re\" gave \"$out\""
	# the class words it completes are the class table's (qclass.c),
	# which the unknown-class message lists
	out=$(bash -c '. completion/aamed.bash; COMP_WORDS=(aamed query ""); COMP_CWORD=2; _aamed; printf "%s\n" "${COMPREPLY[@]}"' | sort)
	expect completion-classes 2 "$A" explain --policy "$T/none.bin" no_such_class
	want=$(sed -n 's/.*(expected: \(.*\))$/\1/p' "$T/err" | tr -d ' ' | tr ',' '\n' | sort)
	[ -n "$want" ] && [ "$out" = "$want" ] && ok ||
		ko "completion: class words \"$(echo $out)\", the table's \"$(echo $want)\""
fi
rm -rf "$T/inst"
make --no-print-directory install PREFIX="$T/inst" >/dev/null 2>&1 || ko "make install"
for f in share/man/man1/aamed-replay.1 share/man/man1/aamed.1 \
	share/bash-completion/completions/aamed share/aamed/json-schema/diff.v1.json; do
	[ -f "$T/inst/$f" ] && ok || ko "make install: no $f"
done

# ---------------------------------------------------------------- undecided classes
# A profile with rules of a kind the kernel enforces and aamed does not
# decide is named once on stderr; such a query is refused (exit 2),
# never answered by a guess. Mount and rlimit rules are decided: no
# warning for them.
cat >"$T/und.sd" <<'SD'
profile und_m {
  /und r,
  mount fstype=tmpfs -> /mnt/,
}
profile und_r {
  /und r,
  set rlimit nofile <= 1024,
}
profile und_u flags=(unconfined) { }
SD
comp "$T/und.sd" "$T/und.bin"
expect undecided-warn 0 "$A" query --policy "$T/und.bin" --label und_m file /und r
if grep -q 'warning' "$T/err"; then ko "undecided-warn: every class of und.sd is decided, no warning"; sed 's/^/    /' "$T/err"; else ok; fi
has undecided-warn "ALLOWED"
# A class aamed does not know: POSIX message queues (policy class 17),
# which Debian's kernels do not mediate, compiled for a kernel that
# does (its features file says so). Loading names the class once on
# stderr; no query word reaches it.
cp "$FEAT" "$T/feat-mq"
printf 'ipc {posix_mqueue {create read write open delete setattr getattr\n}\n}\n' >>"$T/feat-mq"
printf 'profile mq_a {\n  /und r,\n  mqueue,\n}\n' >"$T/mq.sd"
if "$PARSER" -Q -S --features-file "$T/feat-mq" -I "$PINC" "$T/mq.sd" >"$T/mq.bin" 2>/dev/null; then
	expect unknown-class-warn 0 "$A" query --policy "$T/mq.bin" --label mq_a file /und r
	has_err unknown-class-warn "warning: policy class 17 is mediated by 1 profile (mq_a); aamed does not decide it"
	has unknown-class-warn "ALLOWED"
else
	echo "SKIP: $PARSER does not compile mqueue rules: unknown-class-warn not checked"
fi
for c in "mqueue open /q" "frobnicate x"; do
	# shellcheck disable=SC2086
	expect "undecided-refused-${c%% *}" 2 "$A" query --policy "$T/und.bin" --label und_m $c
	has_err "undecided-refused-${c%% *}" "unknown query class \"${c%% *}\""
done
# change_profile and the exec options (expectations from apparmor.d(5)
# and the kernel's aa_change_profile(); tests/kernel/cases/domain.cases)
cat >"$T/cp.sd" <<'SD'
profile cp_a {
  change_profile -> cp_b,
  change_profile -> &cp_c,
  /x/Px Px -> cp_b,
  /x/px px -> cp_b,
  /x/ix ix,
}
profile cp_b { }
profile cp_c { }
profile cp_l flags=(complain) { }
SD
comp "$T/cp.sd" "$T/cp.bin"
C="$A query --policy $T/cp.bin"
expect cp-now 0 $C --label cp_a change_profile cp_b
has cp-now "label=cp_b"
hasnt cp-now "apparmor="
expect cp-denied 1 $C --label cp_a change_profile cp_c
has cp-denied 'apparmor="DENIED" operation="change_profile" profile="cp_a" name="cp_c" target="cp_c"'
expect cp-stack 0 $C --label cp_a change_profile cp_c --stack
has cp-stack "label=cp_a//&cp_c"
expect cp-amp 0 $C --label cp_a change_profile '&cp_c'
has cp-amp "label=cp_a//&cp_c"
expect cp-stack-denied 1 $C --label cp_a change_profile cp_b --stack
has cp-stack-denied 'operation="stack" profile="cp_a" name="cp_b"'
expect cp-onexec 0 $C --label cp_a change_profile cp_b --onexec
has cp-onexec "label=cp_b"
expect cp-onexec-denied 1 $C --label cp_a change_profile cp_c --onexec
has cp-onexec-denied 'operation="change_onexec"'
expect cp-nnp 1 $C --label cp_a change_profile cp_b --nnp
hasnt cp-nnp "apparmor="
expect cp-nnp-stack 0 $C --label cp_a change_profile cp_c --stack --nnp
expect cp-unconfined 0 $C change_profile cp_b --nnp
has cp-unconfined "label=cp_b"
expect cp-missing 1 $C --label cp_a change_profile cp_none
has cp-missing 'info="label not found" error=-2 profile="cp_a" name="cp_none"'
expect cp-learn 0 $C --label cp_l change_profile cp_none
has cp-learn "label=cp_l//null-cp_none"
expect cp-json 0 $C --json --label cp_a change_profile cp_c --stack
has cp-json '"new_label":"cp_a//&cp_c"'
has cp-json '"stack":true'
expect cp-usage 2 $C --label cp_a change_profile
expect cp-usage-opt 2 $C --label cp_a change_profile cp_b --later
expect x-secure 0 $C --label cp_a file /x/Px x
has x-secure "secure-exec=1"
expect x-unsafe 0 $C --label cp_a file /x/px x
has x-unsafe "secure-exec=0"
expect x-ix 0 $C --label cp_a file /x/ix x
has x-ix "secure-exec=0"
expect x-unconfined 0 $C file /x/Px x
has x-unconfined "secure-exec=0"
expect x-json 0 $C --json --label cp_a file /x/Px x
has x-json '"secure_exec":true'
expect x-nnp 1 $C --label cp_a file /x/Px x --nnp
has x-nnp 'info="no new privs" error=-1 profile="cp_a" name="/x/Px"'
expect x-nnp-ix 0 $C --label cp_a file /x/ix x --nnp
expect x-onexec 0 $C --label cp_a file /x/other x --onexec cp_b
has x-onexec "transition=px:cp_b"
expect x-onexec-stack 0 $C --label cp_a file /x/other x --onexec '&cp_c'
has x-onexec-stack "transition=stack:cp_a//&cp_c"
expect x-onexec-nolabel 2 $C --label cp_a file /x/other x --onexec cp_none
# --json of an exec echoes the request's onexec label and no_new_privs
expect x-onexec-json 0 $C --json --label cp_a file /x/other x --onexec '&cp_c' --nnp
has x-onexec-json '"onexec":"&cp_c","nnp":true'
expect x-plain-json 1 $C --json --label cp_a file /x/other x
has x-plain-json '"onexec":null,"nnp":false'
expect x-nnp-notexec 2 $C --label cp_a file /x/other r --nnp
# a namespace named alone (:ns, :ns:, :ns://) is its unconfined profile;
# an onexec name is read from the task's namespace, so from :cns: the
# name ":" is :cns:unconfined and ":cns" is :cns//cns: (absent)
# (tests/kernel/cases/domain-bare-ns.cases)
printf 'profile :cns:cn_a { change_profile -> unconfined, change_profile -> &unconfined, }\n' >"$T/cns.sd"
printf 'profile cr_a { change_profile -> :cns:unconfined, change_profile -> &:cns:unconfined, }\nprofile cr_q { change_profile -> :cns:, change_profile -> :cns://unconfined, }\n' >"$T/cr.sd"
comp "$T/cns.sd" "$T/cns.bin"
comp "$T/cr.sd" "$T/cr.bin"
N="$A query --policy $T/cns.bin --policy $T/cr.bin"
expect bare-ns 0 $N --label cr_a change_profile :cns
has bare-ns "label=:cns:unconfined"
expect bare-ns-stack 0 $N --label cr_a change_profile :cns --stack
has bare-ns-stack "label=cr_a//&:cns:unconfined"
expect bare-ns-amp 0 $N --label cr_a change_profile '&:cns://'
has bare-ns-amp "label=cr_a//&:cns:unconfined"
expect bare-ns-qual 1 $N --label cr_q change_profile :cns:
has bare-ns-qual 'profile="cr_q" name=":cns:" target=":cns:unconfined"'
expect bare-ns-child 1 $N --label :cns:cn_a change_profile :cns
has bare-ns-child 'info="label not found" error=-2 namespace="root//cns" profile="cn_a" name=":cns"'
expect bare-ns-x 0 $N --label cr_a file /x/other x --onexec '&:cns'
has bare-ns-x "transition=stack:cr_a//&:cns:unconfined"
expect bare-ns-x-child 0 $N --label :cns:cn_a file /x/other x --onexec ':'
has bare-ns-x-child "transition=px::cns:unconfined"
expect bare-ns-x-child-amp 0 $N --label :cns:cn_a file /x/other x --onexec '&:'
has bare-ns-x-child-amp "transition=stack::cns:cn_a//&unconfined"
expect bare-ns-x-child-missing 2 $N --label :cns:cn_a file /x/other x --onexec ':cns'
# replay rebuilds the kernel's change_profile, onexec and no_new_privs
# records (their words: change_profile NAME [--onexec] [--stack];
# file PATH x --onexec TARGET; --nnp)
cat >"$T/cp.log" <<'LOG'
type=AVC msg=audit(1700000000.001:1): apparmor="DENIED" operation="change_profile" profile="cp_a" name="cp_c" pid=1 comm="probe" target="cp_c"
type=AVC msg=audit(1700000000.002:2): apparmor="DENIED" operation="change_onexec" profile="cp_a" name="cp_c" pid=1 comm="probe" target="cp_c"
type=AVC msg=audit(1700000000.003:3): apparmor="DENIED" operation="stack" profile="cp_a" name="cp_b" pid=1 comm="probe" target="cp_b"
type=AVC msg=audit(1700000000.004:4): apparmor="DENIED" operation="exec" info="no new privs" error=-1 profile="cp_a" name="/x/Px" pid=1 comm="probe" requested_mask="x" denied_mask="x" fsuid=0 ouid=0 target="cp_b"
type=AVC msg=audit(1700000000.005:5): apparmor="DENIED" operation="exec" info="change_profile onexec" error=-13 profile="cp_a" name="/x/Px" pid=1 comm="probe" target="cp_c"
LOG
expect replay-cp 0 "$A" replay --policy "$T/cp.bin" "$T/cp.log"
has replay-cp "5 records, 5 rebuilt, 0 changed"
cat >"$T/cp2.sd" <<'SD'
profile cp_a {
  change_profile -> cp_b,
  change_profile -> cp_c,
  change_profile -> &cp_b,
  change_profile /x/Px -> cp_c,
  /x/Px ix,
}
profile cp_b { }
profile cp_c { }
SD
comp "$T/cp2.sd" "$T/cp2.bin"
expect replay-cp-changed 1 "$A" replay --policy "$T/cp2.bin" "$T/cp.log"
has replay-cp-changed "5 records, 5 rebuilt, 5 changed (0 now denied, 5 now allowed)"
# explain names the deciding change_profile rule
expect explain-cp 1 "$A" explain --features "$FEAT" --policy "$T/cp.bin" --source "$T/cp.sd" --label cp_a change_profile cp_c
has explain-cp "no rule grants it"
expect explain-cp-ok 0 "$A" explain --features "$FEAT" --policy "$T/cp.bin" --source "$T/cp.sd" --label cp_a change_profile cp_c --stack
has explain-cp-ok "cp.sd:3: change_profile -> &cp_c,"
expect explain-cp-json 0 "$A" explain --policy "$T/cp.bin" --json --label cp_a change_profile cp_b
schema explain-cp-json explain.v1.json
has explain-cp-json '"class":"change_profile"' 
# diff: a changed change_profile rule, with its witness
expect diff-cp 1 "$A" diff "$T/cp.bin" "$T/cp2.bin"
has diff-cp "change_profile +change_profile onexec    change_profile -> cp_c"
has diff-cp "change_profile -change_profile onexec    change_profile -> &cp_c"
expect diff-cp-json 1 "$A" diff --json "$T/cp.bin" "$T/cp2.bin"
schema diff-cp-json diff.v1.json
has diff-cp-json '"class":"change_profile"'
# coverage counts change_profile rules: by source line and, without the
# source, as the target's permission state
printf 'type=AVC msg=audit(1700000000.001:1): apparmor="AUDIT" operation="change_profile" profile="cp_a" name="cp_b" pid=1 comm="probe" target="cp_b"\n' >"$T/cpcov.log"
expect coverage-cp 1 "$A" coverage --policy "$T/cp.bin" --source "$T/cp.sd" --features "$FEAT" "$T/cpcov.log"
has coverage-cp "1  $T/cp.sd:2: change_profile -> cp_b,"
has coverage-cp "0  $T/cp.sd:3: change_profile -> &cp_c,"
expect coverage-cp-states 1 "$A" coverage --policy "$T/cp.bin" "$T/cpcov.log"
has coverage-cp-states "profile cp_a: 1 requests, 1 of "
# rlimit rules are decided: below the rule's limit, at it, above it
expect rlimit-below 0 "$A" query --policy "$T/und.bin" --label und_r rlimit nofile 10
expect rlimit-above 1 "$A" query --policy "$T/und.bin" --label und_r rlimit nofile 1025 --rlimit nofile=1024:4096
has rlimit-above 'apparmor="DENIED" operation="setrlimit" profile="und_r" rlimit=nofile value=1025'
expect rlimit-exec 0 "$A" query --policy "$T/und.bin" file /und x --rlimit nofile=1024:4096
expect rlimit-bad 2 "$A" query --policy "$T/und.bin" --label und_r rlimit nofiles 10
has_err rlimit-bad 'unknown resource "nofiles"'
# ---------------------------------------------------------------- rlimit rules
# Expectations from the kernel's resource.c and do_prlimit(): a hard limit
# above the rule is refused, another label's task needs sys_resource, the
# limits after exec are the rules' (soft limits reset to init's first).
cat >"$T/rl.sd" <<'SD'
profile rl_a {
  /rl/x px -> rl_b,
  /rl/** mr,
  set rlimit nofile <= 2048,
  set rlimit core <= 0,
}
profile rl_b {
  set rlimit nofile <= 1000,
  set rlimit cpu <= 60,
}
SD
comp "$T/rl.sd" "$T/rl.bin"
RLQ="$A query --policy $T/rl.bin --kernel 6.12"
expect rl-json 1 $RLQ --json --label rl_a rlimit nofile 4096
has rl-json '"verdict":"denied"'
has rl-json '"resource":"nofile","hard":4096'
has rl-json 'rlimit=nofile value=4096'
expect rl-peer 1 $RLQ --label rl_a --peer-label rl_b rlimit nofile 10
has rl-peer 'info="cap_sys_resource" error=-13 profile="rl_a" rlimit=nofile value=10 peer="rl_b"'
expect rl-raise 1 $RLQ --label rl_a rlimit nofile 2000 --rlimit nofile=1024:1024
has rl-raise 'operation="capable" class="cap" profile="rl_a" capability=24  capname="sys_resource"'
expect rl-exec 0 $RLQ --label rl_a file /rl/x x --rlimit nofile=100:4096 --rlimit core=7:infinity
has rl-exec 'transition=px:rl_b'
has rl-exec 'rlimits=cpu:60:60,core:0:infinity,nofile:1000:1000'
expect rl-exec-json 0 $RLQ --json --label rl_a file /rl/x x --rlimit nofile=100:4096
has rl-exec-json '"rlimits":{"cpu":{"soft":60,"hard":60},"core":{"soft":0,"hard":"infinity"},"nofile":{"soft":1000,"hard":1000}}'
# HARD and --soft in the units of rlimit rules (apparmor.d(5), the
# parser: K/KB M/MB G/GB are powers of 1024 for the sizes; cpu in whole
# seconds, at least 1s with a unit; rttime in microseconds; counts plain)
cat >"$T/rlu.sd" <<'SD'
profile rl_u {
  set rlimit data <= 100M,
  set rlimit fsize <= 1G,
  set rlimit cpu <= 2min,
  set rlimit rttime <= 1500ms,
}
SD
comp "$T/rlu.sd" "$T/rlu.bin"
RLU="$A query --policy $T/rlu.bin --kernel 6.12 --label rl_u rlimit"
expect rlu-M 0 $RLU data 100M
expect rlu-MB 0 $RLU data 100MB
expect rlu-K-at 0 $RLU data 102400K
expect rlu-K-above 1 $RLU data 102401K
has rlu-K-above 'rlimit=data value=104858624'
expect rlu-G 0 $RLU fsize 1G
expect rlu-M-above 1 $RLU fsize 1025M
has rlu-M-above 'rlimit=fsize value=1074790400'
expect rlu-soft 0 $RLU data 100M --soft 50M
expect rlu-cpu-min 0 $RLU cpu 2min
expect rlu-cpu-s 1 $RLU cpu 121s
has rlu-cpu-s 'rlimit=cpu value=121'
expect rlu-cpu-ms 0 $RLU cpu 1500ms
expect rlu-cpu-week 1 $RLU cpu 1week
has rlu-cpu-week 'rlimit=cpu value=604800'
expect rlu-rt-ms 0 $RLU rttime 1500ms
expect rlu-rt-us 1 $RLU rttime 1501000us
has rlu-rt-us 'rlimit=rttime value=1501000'
for bad in "data 100m" "data 100KiB" "data 100 M" "data 17179869184G" "cpu 999ms" "cpu 2M" \
	"rttime 0s" "rttime 2hr" "nofile 1K" "nice 1s" "data 100M --soft 1h"; do
	# shellcheck disable=SC2086
	expect "rlu-bad-$bad" 2 $RLU $bad
done
expect rlu-cpu-sub 2 $RLU cpu 999ms
has_err rlu-cpu-sub 'hard limit "999ms": a number (with the rule'"'"'s unit for cpu) or infinity'
for bad in "rlimit nofile" "rlimit nofile 10 20" "rlimit nofile x" "rlimit nofile 99999999999999999999999" \
	"rlimit nofile 10 --soft 20" "rlimit nofile 10 --rlimit nofile=5" "rlimit nofile 10 --rlimit nofile=9:8" \
	"rlimit nofile 10 --rlimit bogus=1:2" "rlimit nofile 10 --rlimit nofile=1:$(printf '%0200d' 1)" "rlimit nofile 10 --soft" "rlimit nofile 10 --frob" "file /rl/x x --rlimit"; do
	# shellcheck disable=SC2086
	expect "rl-bad-$bad" 2 $RLQ --label rl_a $bad
done
expect rl-explain 1 "$A" explain --policy "$T/rl.bin" --label rl_a rlimit nofile 4096
has rl-explain 'rule: set rlimit nofile <= 2048,'
has rl-explain 'denied: the hard limit is above the rlimit rule'
expect rl-explain-json 1 "$A" explain --json --policy "$T/rl.bin" --label rl_a --peer-label rl_b rlimit nofile 10
schema rl-explain-json explain.v1.json
has rl-explain-json '"reason":"cap-sys-resource"'
printf '%s\n' 'type=AVC msg=audit(1.0:1): apparmor="DENIED" operation="setrlimit" class="rlimits" profile="rl_a" pid=1 comm="p" rlimit=nofile value=3000' \
	'type=AVC msg=audit(1.0:2): apparmor="DENIED" operation="setrlimit" profile="rl_b" pid=1 comm="p" rlimit=cpu value=18446744073709551615' >"$T/rl.log"
expect rl-replay 0 "$A" replay --policy "$T/rl.bin" "$T/rl.log"
has rl-replay '2 records, 2 rebuilt, 0 changed'
sed 's/nofile <= 2048/nofile <= 4096/' "$T/rl.sd" >"$T/rl2.sd"
comp "$T/rl2.sd" "$T/rl2.bin"
expect rl-replay-changed 1 "$A" replay --json --policy "$T/rl2.bin" "$T/rl.log"
schema rl-replay-changed replay.v1.json
expect rl-diff 1 "$A" diff "$T/rl.bin" "$T/rl2.bin"
has rl-diff 'rlimit nofile <= 2048 => <= 4096 (e.g. rlimit nofile 2049: now allowed)'
expect rl-coverage 1 "$A" coverage --policy "$T/rl.bin" "$T/rl.log"
has rl-coverage 'unused rlimit core'
hasnt rl-coverage 'unused rlimit cpu'
expect rl-coverage-src 1 "$A" coverage --policy "$T/rl.bin" --source "$T/rl.sd" "$T/rl.log"
has rl-coverage-src "       1  $T/rl.sd:4: set rlimit nofile <= 2048,"
has rl-coverage-src "       0  $T/rl.sd:5: set rlimit core <= 0,"
expect rl-explain-exec 0 "$A" explain --policy "$T/rl.bin" --label rl_a file /rl/x x --rlimit nofile=100:4096
has rl-explain-exec 'limits	rlimits=cpu:60:60,core:0:infinity,nofile:1000:1000'
# change_hat is decided (the kernel: a profile without children refuses
# one name unlogged, "no hats defined", ECHILD)
expect change_hat-nohats 1 "$A" query --policy "$T/und.bin" --label und_m change_hat h
has change_hat-nohats "DENIED"
hasnt change_hat-nohats "apparmor="
cat >"$T/hat.sd" <<'SD'
profile th {
  ^h1 { }
  ^h2 { }
  profile kid { }
}
profile thc flags=(complain) { }
SD
comp "$T/hat.sd" "$T/hat.bin"
expect change_hat-in 0 "$A" query --policy "$T/hat.bin" --label th change_hat nope h1
has change_hat-in "transition=hat:th//h1"
expect change_hat-back 0 "$A" query --policy "$T/hat.bin" --label th//h1 change_hat --return --token 5
has change_hat-back "transition=hat:th"
expect change_hat-token 1 "$A" query --policy "$T/hat.bin" --label th//h1 change_hat h2 --token 5 --saved-token 6
has change_hat-token 'apparmor="KILLED" operation="change_hat" info="failed token match" error=-13 profile="th//h1" target="th//h2"'
expect change_hat-kid 1 "$A" query --policy "$T/hat.bin" --label th change_hat kid h1
has change_hat-kid 'info="target not hat" error=-1 profile="th" name="kid"'
expect change_hat-learn 0 "$A" query --policy "$T/hat.bin" --label thc change_hat x
has change_hat-learn 'apparmor="ALLOWED" operation="change_hat" profile="thc" name="x" target="thc//null-x"'
expect change_hat-nnp 1 "$A" query --policy "$T/hat.bin" --label th change_hat h1 --nnp
expect change_hat-json 0 "$A" query --json --policy "$T/hat.bin" --label th change_hat h1
has change_hat-json '"new_label":"th//h1"'
expect change_hat-usage 2 "$A" query --policy "$T/hat.bin" --label th change_hat
expect change_hat-usage2 2 "$A" query --policy "$T/hat.bin" --label th change_hat h1 --return
expect change_hat-badtoken 2 "$A" query --policy "$T/hat.bin" --label th change_hat h1 --token zz
has_err change_hat-badtoken "is not a hex token"
expect change_hat-previous 2 "$A" query --policy "$T/hat.bin" --label th//h1 change_hat --return --previous nosuch
# --traced: the tracer's label must exist; a return is never checked
expect change_hat-traced-none 2 "$A" query --policy "$T/hat.bin" --label th change_hat h1 --traced nosuch
has_err change_hat-traced-none '--traced "nosuch": no such profile'
expect change_hat-traced-ret 2 "$A" query --policy "$T/hat.bin" --label th//h1 change_hat --return --traced th
expect change_hat-traced-val 2 "$A" query --policy "$T/hat.bin" --label th change_hat h1 --traced
expect change_hat-traced-json 1 "$A" query --json --policy "$T/hat.bin" --label th change_hat h1 --traced th
has change_hat-traced-json '"traced":"th"'
has change_hat-traced-json '"info":"ptrace prevents transition"'
expect change_hat-traced-unc 0 "$A" query --policy "$T/hat.bin" --label th change_hat h1 --traced unconfined
# change_profile and exec take --traced too; other file queries do not
expect change_profile-traced-val 2 "$A" query --policy "$T/hat.bin" --label th change_profile thc --traced
expect change_profile-traced-none 2 "$A" query --policy "$T/hat.bin" --label th change_profile thc --traced nosuch
has_err change_profile-traced-none '--traced "nosuch": no such profile'
expect change_profile-traced-json 0 "$A" query --json --policy "$T/hat.bin" --label unconfined change_profile thc --traced unconfined
has change_profile-traced-json '"traced":"unconfined"'
expect exec-traced-json 0 "$A" query --json --policy "$T/hat.bin" --label unconfined file /bin/true x --traced unconfined
has exec-traced-json '"traced":"unconfined"'
expect exec-traced-none 2 "$A" query --policy "$T/hat.bin" --label unconfined file /bin/true x --traced nosuch
expect file-traced 2 "$A" query --policy "$T/hat.bin" --label th file /etc/x r --traced th
has_err file-traced "are for exec (x) queries"
expect change_hat-explain 0 "$A" explain --policy "$T/hat.bin" --label th change_hat nope h1
has change_hat-explain "  nope: missing"
has change_hat-explain "  h1: hat"
expect change_hat-explain-json 1 "$A" explain --json --policy "$T/hat.bin" --label th change_hat kid
schema change_hat-explain-json explain.v1.json
has change_hat-explain-json '"reason":"not-a-hat"'
sed 's/  \^h2 { }//' "$T/hat.sd" >"$T/hat2.sd"
comp "$T/hat2.sd" "$T/hat2.bin"
expect change_hat-diff 1 "$A" diff "$T/hat.bin" "$T/hat2.bin"
has change_hat-diff "change_hat h2 from th: now DENIED (hat not found)"
printf 'type=AVC msg=audit(1700000000.1:1): apparmor="ALLOWED" operation="change_hat" profile="thc" name="x" pid=5 comm="a" target="thc//null-x"\n' >"$T/hat.log"
expect change_hat-replay 0 "$A" replay --policy "$T/hat.bin" "$T/hat.log"
has change_hat-replay "1 records, 1 rebuilt, 0 changed"
# attachment by xattrs: --xattr on exec queries and aamed attach
cat >"$T/xa.sd" <<'SD'
profile xa_one /srv/xa/* xattrs=(security.a=one) { }
profile xa_plain /srv/xa/* { }
SD
comp "$T/xa.sd" "$T/xa.bin"
expect xattr-attach 0 "$A" attach --policy "$T/xa.bin" --xattr security.a=one /srv/xa/f
has xattr-attach "xa_one (enforce)"
expect xattr-attach-none 0 "$A" attach --policy "$T/xa.bin" /srv/xa/f
has xattr-attach-none "xa_plain (enforce)"
expect xattr-attach-wrong 0 "$A" attach --policy "$T/xa.bin" --xattr security.a=two --xattr security.a=one /srv/xa/f
has xattr-attach-wrong "xa_one (enforce)"
expect xattr-exec 0 "$A" query --policy "$T/xa.bin" file /srv/xa/f x --xattr security.a=one
has xattr-exec "transition=attach:xa_one"
expect xattr-json 0 "$A" query --json --policy "$T/xa.bin" file /srv/xa/f x --xattr security.a=one
has xattr-json '"xattrs":{"security.a":"one"}'
expect xattr-not-exec 2 "$A" query --policy "$T/xa.bin" file /srv/xa/f r --xattr security.a=one
has_err xattr-not-exec "--xattr is for exec queries"
expect xattr-malformed 2 "$A" query --policy "$T/xa.bin" file /srv/xa/f x --xattr novalue
has_err xattr-malformed "not NAME=VALUE"
expect xattr-attach-malformed 2 "$A" attach --policy "$T/xa.bin" --xattr =x /srv/xa/f
# the mount rule allows; may_mount() then wants capability sys_admin,
# which und_m lacks; umount and pivot_root ask for it first
expect mount-cap 1 "$A" query --policy "$T/und.bin" --label und_m mount --no-source /mnt/ --fstype tmpfs
has mount-cap 'apparmor="DENIED" operation="capable" profile="und_m" capability=21  capname="sys_admin"'
if grep -q 'operation="mount"' "$T/out"; then ko "mount-cap: a mount record"; else ok; fi
expect mount-rule 1 "$A" query --policy "$T/und.bin" --label und_m mount --no-source /mnt/x/ --fstype tmpfs
has mount-rule 'apparmor="DENIED" operation="mount" info="failed mntpnt match" error=-13 profile="und_m" name="/mnt/x/" fstype="tmpfs"'
expect umount-cap 1 "$A" query --policy "$T/und.bin" --label und_m umount /mnt/
has umount-cap 'operation="capable"'
expect mount-json 1 "$A" query --json --policy "$T/und.bin" --label und_m mount /srv/ /mnt/ --flags bind,rec
has mount-json '"class":"mount","kind":"bind","source":"/srv/","target":"/mnt/","fstype":null,"flags":"bind,rec","data":null'
expect mount-badflag 2 "$A" query --policy "$T/und.bin" --label und_m mount --no-source /mnt/ --flags nosuid,bogus
has_err mount-badflag 'unknown mount flag "bogus"'
expect mount-relative 2 "$A" query --policy "$T/und.bin" --label und_m umount mnt/
has_err mount-relative 'target "mnt/" is not absolute'
# A pivot_root rule's "-> profile" in a profile without file rules:
# apparmor_parser 3.x writes no file DFA but still writes the xtable the
# policydb's pivot_root state indexes. 6.1 keeps that xtable for the
# policydb it reads as file rules (the index is in range), 6.12 discards
# it; both kernels load the policy (tests/kernel/cases/pivot-xtable.cases)
# and the label never changes. The newer parsers write a file DFA.
printf 'profile pt {\n  capability sys_admin,\n  pivot_root oldroot=/new/old/ /new/ -> pq,\n}\nprofile pq {\n}\n' >"$T/pt.sd"
"$PARSER" -Q -S --features-file tests/features/linux-6.1 "$T/pt.sd" >"$T/pt61.bin" 2>/dev/null || ko "compile pt.sd"
"$PARSER" -Q -S --features-file tests/features/linux-6.12 "$T/pt.sd" >"$T/pt612.bin" 2>/dev/null || ko "compile pt.sd"
expect pivot-trans-6.1 0 "$A" query --kernel 6.1 --policy "$T/pt61.bin" --label pt pivot_root /new/ /new/old/
has pivot-trans-6.1 "ALLOWED"
# two targets: the second index (1) is in the xtable too
printf 'profile pt2 {\n  capability sys_admin,\n  pivot_root oldroot=/new/old/ /new/ -> pq,\n  pivot_root oldroot=/n2/old/ /n2/ -> pr,\n}\nprofile pq {\n}\nprofile pr {\n}\n' >"$T/pt2.sd"
"$PARSER" -Q -S --features-file tests/features/linux-6.1 "$T/pt2.sd" >"$T/pt2.bin" 2>/dev/null || ko "compile pt2.sd"
expect pivot-trans2-6.1 0 "$A" query --kernel 6.1 --policy "$T/pt2.bin" --label pt2 pivot_root /n2/ /n2/old/
has pivot-trans2-6.1 "ALLOWED"
expect pivot-trans2-6.12 1 "$A" query --kernel 6.12 --policy "$T/pt2.bin" --label pt2 pivot_root /n2/ /new/old/
has pivot-trans2-6.12 "DENIED"
expect pivot-trans-6.12 0 "$A" query --kernel 6.12 --policy "$T/pt612.bin" --label pt pivot_root /new/ /new/old/
has pivot-trans-6.12 "ALLOWED"
# explain names the mount rule that grants it and the capability that denies
expect explain-mount 1 "$A" explain --policy "$T/und.bin" --source "$T/und.sd" --label und_m mount --no-source /mnt/ --fstype tmpfs
has explain-mount "denied: the rules allow it, capability sys_admin is denied"
has explain-mount "und.sd:3: mount fstype=tmpfs -> /mnt/,	(grants \"mount\")"
expect explain-mount-json 1 "$A" explain --json --policy "$T/und.bin" --source "$T/und.sd" --label und_m mount --no-source /mnt/x/ --fstype tmpfs
schema explain-mount-json explain.v1.json
has explain-mount-json '"reason":"no-rule"'
expect mount-usage 2 "$A" query --policy "$T/und.bin" --label und_m pivot_root /new/
has_err mount-usage 'usage: pivot_root NEW_ROOT PUT_OLD'
# an unconfined profile enforces nothing: no warning
printf 'profile und_only flags=(unconfined) { }\n' >"$T/und2.sd"
comp "$T/und2.sd" "$T/und2.bin"
expect undecided-none 0 "$A" query --policy "$T/und2.bin" --label und_only file /und r
if grep -q 'does not decide' "$T/err"; then ko "undecided-none: a warning for an unconfined profile"; sed 's/^/    /' "$T/err"; else ok; fi

. "$ROOT/tests/tools/first-hour.sh"

echo "tools: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
