#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/suggest: aamed suggest, class by class, on the records real
# kernels logged (tests/kernel/expected) under the policies of their case
# files (tests/kernel/cases): log -> suggestion -> the patch applied with
# patch -p1 -> the policy compiled again -> the denied request (the
# case's own query) now allowed by aamed query, and the log replayed
# against it changes nowhere but in requests now allowed. Then the
# tunables in scope, the records that cannot become rules, the errors.
#
# Usage: sh tests/suggest/run.sh build/aamed
# Environment: APPARMOR_PARSER (default apparmor_parser), APPARMOR_INCLUDE.
. "$(dirname "$0")/../suite.sh"
suite_begin suggest "$@"
. tests/suggest/lib.sh

# The policies of a case file as NAME.N.sd under $T/NAME/src, compiled
# for kernel VER into $T/NAME/pol; its records of VER as $T/NAME/log.
setup() {
	name=$1 ver=$2 cases=${3:-tests/kernel/cases}
	d=$T/$name
	rm -rf "$d"
	mkdir -p "$d/src" "$d/pol"
	sg_sources "$cases/$name.cases" "$d/src/$name"
	for sd in "$d/src/$name".*.sd; do
		"$A" compile --parser "$PARSER" -I "$PINC" --features "tests/features/linux-$ver" \
			-o "$d/pol/$(basename "$sd").bin" "$sd" 2>"$T/cerr" || { ko "compile $sd"; cat "$T/cerr"; }
	done
	sg_log "tests/kernel/expected/$name.$ver.tsv" >"$d/log"
}

# suggest --patch, applied to a copy of the sources, compiled again
apply() {
	name=$1 ver=$2
	d=$T/$name
	expect "suggest-patch-$name" 1 "$A" suggest --patch --kernel "$ver" --parser "$PARSER" \
		-I "$PINC" --features "tests/features/linux-$ver" --policy "$d/pol" --source "$d/src" "$d/log"
	cp "$T/out" "$d/patch"
	rm -rf "$d/new" "$d/newpol"
	cp -r "$d/src" "$d/new"
	mkdir -p "$d/newpol"
	if (cd "$d/new" && patch -p1 -s <"$d/patch") >"$T/perr" 2>&1; then ok; else
		ko "$name: the patch does not apply"; head "$T/perr" "$d/patch"; fi
	for sd in "$d/new/$name".*.sd; do
		"$A" compile --parser "$PARSER" -I "$PINC" --features "tests/features/linux-$ver" \
			-o "$d/newpol/$(basename "$sd").bin" "$sd" 2>"$T/cerr" || { ko "recompile $sd"; cat "$T/cerr"; }
	done
	# the log against the patched policy: only requests now allowed
	expect "replay-$name" 1 "$A" replay --kernel "$ver" --policy "$d/newpol" "$d/log"
	has "replay-$name" "now ALLOWED, was denied"
	hasnt "replay-$name" "now DENIED"
}

# The case's query (tests/kernel/expected's third column), denied by the
# old policy and allowed by the patched one.
now_allowed() {
	name=$1 ver=$2 id=$3
	q=$(awk -F '\t' -v id="$id" '$1 == id { print $3 }' "tests/kernel/expected/$name.$ver.tsv")
	[ -n "$q" ] || { ko "$name: no case $id"; return; }
	set -f	# the words as they are: no globbing of paths
	# shellcheck disable=SC2086
	expect "old-$name-$id" 1 "$A" query --kernel "$ver" --policy "$T/$name/pol" $q
	# shellcheck disable=SC2086
	expect "new-$name-$id" 0 "$A" query --kernel "$ver" --policy "$T/$name/newpol" $q
	set +f
}

# complain_granted NAME VER ID...: the case's query, let pass by complain
# mode with an ALLOWED record under the old policy, granted by the rules
# of the patched one (no ALLOWED record any more).
complain_granted() {
	name=$1 ver=$2
	shift 2
	for id in "$@"; do
		q=$(awk -F '\t' -v id="$id" '$1 == id { print $3 }' "tests/kernel/expected/$name.$ver.tsv")
		set -f
		# shellcheck disable=SC2086
		expect "complain-old-$id" 0 "$A" query --kernel "$ver" --policy "$T/$name/pol" $q
		has "complain-old-$id" 'apparmor="ALLOWED"'
		# shellcheck disable=SC2086
		expect "complain-new-$id" 0 "$A" query --kernel "$ver" --policy "$T/$name/newpol" $q
		hasnt "complain-new-$id" 'apparmor="ALLOWED"'
		set +f
	done
}

# suggest's text report of a case file
report() {
	name=$1 ver=$2
	d=$T/$name
	expect "suggest-$name" 1 "$A" suggest --kernel "$ver" --parser "$PARSER" -I "$PINC" \
		--features "tests/features/linux-$ver" --policy "$d/pol" --source "$d/src" "$d/log"
}

# ---------------------------------------------------------------- file
setup file-basic 6.12
report file-basic 6.12
has suggest-file "profile t_files (file-basic.1.sd:"
# fsuid=0 ouid=0: root's own file is no reason for owner (apparmor.d's
# IsOwner writes it only for a uid other than 0; docs/suggest.md); the
# merged letters of one path
has suggest-file "  /srv/data/r.txt wmk,"
hasnt suggest-file "owner /srv/data/r.txt"
# fsuid=1000 ouid=1000 (o012): the user's own file, an owner rule
has suggest-file "owner /srv/own/mine k,"
# t_owner's own "/srv/own/pub r" beside it: a plain w rule for it
has suggest-file "/srv/own/pub w,"
# a deny rule wins over any allow rule: no rule can allow it
has suggest-file "not proposed (the proof failed):"
has suggest-file "t_deny: /srv/data/loud.txt w,"
has suggest-file "why: the request is still denied with the rule"
has suggest-file "file-basic.1.sd:25: audit deny /srv/data/loud* w,"
has suggest-file "newly allowed (old => amended, as aamed diff):"
has suggest-file "owner +k"
# complain mode: what the kernel let pass with an ALLOWED record, the
# rules do not grant: it gets its rule as a denial does
has suggest-file "profile t_complain (file-basic.1.sd:"
# a link the subset test refused (l002, l006: the link has w, its
# target t_ro only r; the kernel logs the link's permissions the target
# lacks): only the target getting them lets the link be made
has suggest-file "  /srv/lnk/t_ro w,"
apply file-basic 6.12
now_allowed file-basic 6.12 f002
now_allowed file-basic 6.12 f005
# ... and under the patched profile the kernel's request is granted by
# the rules: no ALLOWED record any more
complain_granted file-basic 6.12 c002 c005

now_allowed file-basic 6.12 l002
now_allowed file-basic 6.12 l006

# ---------------------------------------------------------------- exec, change_profile
setup domain 6.12
report domain 6.12
# a stack is matched with its '&' (the kernel's label_match() with
# stack; the plain rule logs operation="stack" and refuses: dc012)
has suggest-domain "change_profile -> &d_dst,"
has suggest-domain "change_profile -> &d_aud,"
hasnt suggest-domain "d_src: change_profile -> d_dst,"
# the exec after change_profile onexec (dc043, info="change_profile
# onexec"): the program's onexec pairing with the target
has suggest-domain "change_profile /srv/dc/bin/other -> d_on,"
apply domain 6.12
now_allowed domain 6.12 dc012
now_allowed domain 6.12 dc014
now_allowed domain 6.12 dc043

# ---------------------------------------------------------------- capability, signal, ptrace
setup ipc 6.12
report ipc 6.12
has suggest-ipc "capability "
has suggest-ipc "signal (send) set=("
has suggest-ipc "signal (receive) set=("
has suggest-ipc "ptrace (trace) peer="
has suggest-ipc "ptrace (readby) peer="
# complain mode's ALLOWED records of two-sided checks (sg034: s_cm's
# send logged ALLOWED, s_none's receive DENIED; pt073: p_cm's trace)
has suggest-ipc "signal (send) set=(usr2) peer=s_none,"
has suggest-ipc "signal (receive) set=(usr2) peer=s_cm,"
has suggest-ipc "ptrace (trace) peer=p_ro,"
apply ipc 6.12
now_allowed ipc 6.12 sg034
now_allowed ipc 6.12 pt076
complain_granted ipc 6.12 sg033 pt073

# ---------------------------------------------------------------- network, unix
setup net 6.12
report net 6.12
has suggest-net "network inet stream,"
has suggest-net "network unix stream,"
has suggest-net "or (an alternative, not proven): unix (create) type=stream,"
# n_mixed's unix stream records ask ten operations (the kernel's
# requested_mask of each): the alternative for the merged rule names
# them all, not the first record's alone
has suggest-net "or (an alternative, not proven): unix (create, bind, listen, accept, connect, send, receive, getattr, getopt, shutdown) type=stream,"
# A raw inet or inet6 socket's create, and a packet socket's of any
# type, meets CAP_NET_RAW once its network rule passes (the kernel's
# inet_create, inet6_create, packet_create): the rule says so where the
# profile lacks capability net_raw (n_tcp), not where it has it
# (n_inet), and not for a socket no such check follows.
has suggest-net "then asks capability net_raw (CAP_NET_RAW of a raw inet socket, inet_create), which the profile does not grant"
has suggest-net "then asks capability net_raw (CAP_NET_RAW of a raw inet6 socket, inet6_create)"
has suggest-net "then asks capability net_raw (CAP_NET_RAW of a packet socket of any type, packet_create)"
has suggest-net "may then ask capability net_raw (CAP_NET_RAW of a raw bluetooth socket, for L2CAP"
cp "$T/out" "$T/net-text"
# block PROFILE RULE: the lines of RULE's entry in PROFILE's section
block() {
	awk -v p="$1" -v r="  $2" '
		/^profile / { in_ = $2 == p; on = 0 }
		in_ && /^  [^ ]/ { on = $0 == r }
		on' "$T/net-text" >"$T/out"
}
block n_tcp "network inet raw,"
has net-note-tcp "for: create inet raw"
has net-note-tcp "means: this socket's create only: the kernel then asks capability net_raw"
block n_tcp "network packet dgram,"
has net-note-packet-dgram "CAP_NET_RAW of a packet socket of any type"
block n_inet "network packet raw,"
has net-note-inet "for: create packet raw"
hasnt net-note-inet "net_raw"
block n_tcp "network inet dgram,"
has net-note-dgram "for: create inet dgram"
hasnt net-note-dgram "net_raw"
apply net 6.12

# ---------------------------------------------------------------- mount, umount, pivot_root
setup mount 6.12
report mount 6.12
has suggest-mount "umount /"
has suggest-mount "pivot_root oldroot="
has suggest-mount "mount fstype="
apply mount 6.12

# ---------------------------------------------------------------- rlimit
setup rlimit 6.12
report rlimit 6.12
has suggest-rlimit "set rlimit "
# nice: the parser stores "nice <= N" as the limit 20 + N (rlimit.cases:
# "<= 10" lets 30 pass and refuses 31), so 31 asks for N = 11
has suggest-rlimit "set rlimit nice <= 11,"
# another task's limits (prlimit): the kernel asks CAP_SYS_RESOURCE of
# the label first (info="cap_sys_resource"), which no rlimit rule lifts
has suggest-rlimit "  capability sys_resource,"
hasnt suggest-rlimit "not proposed"
apply rlimit 6.12
now_allowed rlimit 6.12 rl-nice-above
now_allowed rlimit 6.12 rl-pr-other
now_allowed rlimit 6.12 rl-pr-stack

# ---------------------------------------------------------------- userns, io_uring
# (rules apparmor_parser 4 and later read: skipped with an older one)
printf 'profile t_probe {\n  userns,\n}\n' >"$T/userns.sd"
if "$PARSER" -Q -S -I "$PINC" --features-file tests/features/linux-6.12 "$T/userns.sd" >/dev/null 2>&1; then
	setup ns 6.12 tests/kernel/cases-modern
	report ns 6.12
	has suggest-ns "  userns,"
	has suggest-ns "  io_uring sqpoll,"
	has suggest-ns "  io_uring override_creds label=u_target,"
	apply ns 6.12
	now_allowed ns 6.12 ns007
	now_allowed ns 6.12 uq006
	now_allowed ns 6.12 uo014
else
	echo "SKIP: $PARSER does not read userns rules (17 checks skipped)"
fi

# ---------------------------------------------------------------- change_hat: no rule
setup hat 6.12
report hat 6.12
has suggest-hat "records that cannot become rules:"
has suggest-hat "a change_hat is decided by the hats the profile has, not by a rule"

# ---------------------------------------------------------------- dbus
# dbus-daemon's records (tests/tools/data) under their profile
mkdir -p "$T/dbus/src" "$T/dbus/pol"
cp tests/tools/data/dbus.sd "$T/dbus/src/"
"$A" compile --parser "$PARSER" --features tests/features/linux-6.1-dbus -o "$T/dbus/pol/dbus.bin" \
	"$T/dbus/src/dbus.sd" 2>"$T/cerr" || { ko "compile dbus.sd"; cat "$T/cerr"; }
expect suggest-dbus 1 "$A" suggest --parser "$PARSER" --features tests/features/linux-6.1-dbus \
	--policy "$T/dbus/pol" --source "$T/dbus/src" tests/tools/data/dbus.log
has suggest-dbus 'dbus send bus="session" path="/org/foo/x" interface="org.foo.I3" member="GetX" peer=(name="org.foo.Svc", label=dpeer),'
has suggest-dbus 'dbus eavesdrop bus="session",'
has suggest-dbus "2 rules suggested, 2 proven"

# ---------------------------------------------------------------- tunables in scope
# Records in the kernel's form (file-basic's f002, other names). The
# variables come from what the profile's file includes: Debian's
# tunables/global (@{HOME}, @{PROC}, @{pid}) and a tunables file of the
# tree itself; a file that includes nothing gets the exact path.
rec() { # rec PROFILE NAME MASK OUID
	echo "type=AVC msg=audit(1700000000.000:1): apparmor=\"DENIED\" operation=\"open\" profile=\"$1\" name=\"$2\" pid=364 comm=\"probe\" requested_mask=\"$3\" denied_mask=\"$3\" fsuid=1000 ouid=$4"
}
if [ -f "$PINC/tunables/global" ] && [ -f "$PINC/tunables/kernelvars" ]; then
	d=$T/vars
	mkdir -p "$d/src/tunables" "$d/pol"
	printf '@{myapp_data}=/srv/myapp/ /var/lib/myapp/\n' >"$d/src/tunables/myapp"
	cat >"$d/src/t_vars" <<-'EOF'
	include <tunables/global>
	include <tunables/myapp>
	profile t_vars {
	  /etc/t_vars.conf r,
	}
	EOF
	cat >"$d/src/t_plain" <<-'EOF'
	profile t_plain {
	  /etc/t_plain.conf r,
	}
	EOF
	{
		rec t_vars /home/alice/.config/t_vars/rc r 1000
		rec t_vars /proc/1234/status r 0
		rec t_vars /var/lib/myapp/db/state w 0
		rec t_plain /home/alice/.config/t_plain/rc r 1000
	} >"$d/log"
	for f in t_vars t_plain; do
		"$A" compile --parser "$PARSER" -I "$d/src" -I "$PINC" --features tests/features/linux-6.1 \
			-o "$d/pol/$f.bin" "$d/src/$f" 2>"$T/cerr" || { ko "compile $f"; cat "$T/cerr"; }
	done
	expect suggest-vars 1 "$A" suggest --parser "$PARSER" -I "$PINC" --features tests/features/linux-6.1 \
		--policy "$d/pol" --source "$d/src" "$d/log"
	has suggest-vars "owner @{HOME}/.config/t_vars/rc r,"
	has suggest-vars "exact: owner /home/alice/.config/t_vars/rc r,"
	has suggest-vars "@{PROC}/@{pid}/status r,"
	has suggest-vars "@{myapp_data}/db/state w,"
	# t_plain's file includes no tunables: no variable is in its scope
	has suggest-vars "owner /home/alice/.config/t_plain/rc r,"
	hasnt suggest-vars "@{HOME}/.config/t_plain"
	# what @{HOME} adds beyond alice's file: root's, with its witness
	has suggest-vars "/root/.config/t_vars/rc"
	# aa-logprof's globs, narrowest first, each with what it adds
	has suggest-vars "or (an alternative, not proven): owner @{HOME}/.config/t_vars/* r,"
	has suggest-vars "or (an alternative, not proven): owner @{HOME}/.config/t_vars/** r,"
	has suggest-vars "beyond the suggestion (as aamed diff):"
	expect suggest-vars-patch 1 "$A" suggest --patch --parser "$PARSER" -I "$PINC" \
		--features tests/features/linux-6.1 --policy "$d/pol" --source "$d/src" "$d/log"
	cp "$T/out" "$d/patch"
	cp -r "$d/src" "$d/new"
	if (cd "$d/new" && patch -p1 -s <"$d/patch") >"$T/perr" 2>&1; then ok; else ko "vars: the patch does not apply"; cat "$T/perr"; fi
	mkdir -p "$d/newpol"
	for f in t_vars t_plain; do
		"$A" compile --parser "$PARSER" -I "$d/new" -I "$PINC" --features tests/features/linux-6.1 \
			-o "$d/newpol/$f.bin" "$d/new/$f" 2>"$T/cerr" || { ko "recompile $f"; cat "$T/cerr"; }
	done
	expect vars-now-allowed 0 "$A" query --policy "$d/newpol" --label t_vars file /proc/1234/status r
	expect vars-root-too 0 "$A" query --policy "$d/newpol" --label t_vars file /root/.config/t_vars/rc r --fsuid 0 --ouid 0
	expect vars-replay 1 "$A" replay --policy "$d/newpol" "$d/log"
	has vars-replay "now ALLOWED, was denied (4)"
	# --abstractions: ld.so.cache is abstractions/base's, offered with
	# what base grants besides (its mmap of the cache, /dev/log...)
	rec t_plain /etc/ld.so.cache r 0 >"$d/log2"
	expect suggest-abs 1 "$A" suggest --abstractions --parser "$PARSER" -I "$PINC" \
		--features tests/features/linux-6.1 --policy "$d/pol" --source "$d/src" "$d/log2"
	has suggest-abs "ld.so.cache r,"
	has suggest-abs "or (an alternative, not proven): include <abstractions/base>"
	has suggest-abs "  file       +m                        /etc/ld.so.cache"
	hasnt suggest-abs "not proposed"
else
	echo "SKIP: $PINC/tunables/global or kernelvars missing (22 checks skipped)"
fi

# ---------------------------------------------------------------- maintainers' style
# the variable, the owner, the joined rules, the place (tests/suggest/style.sh)
. "$ROOT/tests/suggest/style.sh"

# ---------------------------------------------------------------- --json
if make --no-print-directory BUILD="$B" "$B/tests/schemacheck" >/dev/null 2>&1; then
	expect json-file 1 "$A" suggest --json --kernel 6.12 --parser "$PARSER" -I "$PINC" \
		--features tests/features/linux-6.12 --policy "$T/file-basic/pol" \
		--source "$T/file-basic/src" "$T/file-basic/log"
	if "$B/tests/schemacheck" docs/json-schema/suggest.v1.json "$T/out" >"$T/sc"; then ok; else ko "json-file: schema"; head "$T/sc"; fi
	has json-file '"rule":"/srv/data/r.txt wmk,"'
	has json-file '{"rule":"/srv/data/* wmk,","means":"aa-logprof'"'"'s glob: any name in the same directory","proven":false,"beyond":[{"profile":"beyond the suggestion","status":"changed"'
	has json-file '"proven":false,"why":"the request is still denied with the rule'
else
	ko "build schemacheck"
fi

# ---------------------------------------------------------------- usage
expect usage-none 2 "$A" suggest
expect usage-nosource 2 "$A" suggest --policy "$T/file-basic/pol" "$T/file-basic/log"
expect usage-both 2 "$A" suggest --patch --json --policy "$T/file-basic/pol" --source "$T/file-basic/src" "$T/file-basic/log"
expect bad-policy 3 "$A" suggest --policy "$T/nonexistent" --source "$T/file-basic/src" "$T/file-basic/log"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
