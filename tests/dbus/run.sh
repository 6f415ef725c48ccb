#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/dbus: Debian's real dbus-daemon, unmodified, mediating a private
# bus with <apparmor mode="required"/> against an aamed policy through
# libaamed-apparmor.so (LD_PRELOAD): no AppArmor kernel, no root, no
# network. A service (label dbus_service) owns a name and answers
# methods; a client (label dbus_client) calls them. The profiles
# (dbus.profile) allow Hello both ways, let the client not send Secret and
# the service not receive Ping, and let only the service own its name.
# Each denial is checked twice: the error the client gets and the record
# dbus-daemon logs, field by field in dbus-daemon's order.
# Usage: sh tests/dbus/run.sh [BUILD]   (default build). Ends with
# "N passed, N failed". Every process is bounded by timeout and ended on
# exit.
set -u
B=${1:-build}
case $B in /*) ;; *) B=$(pwd)/$B ;; esac
cd "$(dirname "$0")/../.."
D=$(pwd)/tests/dbus
PY=${AAMED_PYTHON:-/usr/bin/python3}
. tests/dbus/bus.sh
bus_setup dbus

# ------------------------------------------------------------ what it needs
for t in dbus-daemon dbus-send cc; do
	command -v "$t" >/dev/null 2>&1 || { ko "$t not found (scripts/deps.sh installs it)"; finish; }
done
"$PY" -c 'import dbus, dbus.mainloop.glib; from gi.repository import GLib' \
	2>/dev/null || { ko "$PY lacks python3-dbus or python3-gi (scripts/deps.sh)"; finish; }
SHIM=$B/libaamed-apparmor.so
[ -f "$SHIM" ] && ok "$SHIM built" || { ko "no $SHIM"; finish; }
# every aamed function it calls is inside it
und=$(nm -D --undefined-only "$SHIM" | awk '$2 ~ /^aamed_/ { print $2 }')
[ -z "$und" ] && ok "the drop-in carries libaamed" || { ko "the drop-in lacks: $und"; finish; }
# libapparmor's versions, so that dbus-daemon's references bind to it
for v in aa_query_label@@APPARMOR_2.9 aa_query_label@APPARMOR_1.1 \
	aa_is_enabled@@APPARMOR_1.1 aa_getpeercon@@APPARMOR_1.1 \
	aa_getcon@@APPARMOR_1.1 aa_find_mountpoint@@APPARMOR_1.1; do
	nm -D --defined-only "$SHIM" | grep -q " $v\$" && ok "exports $v" ||
		ko "does not export $v"
done

mkdir "$T/policy" "$T/bus"
"$B/aamed" compile --features tests/features/linux-6.1-dbus \
	-o "$T/policy/dbus.bin" "$D/dbus.profile" >"$T/compile.out" 2>&1 &&
	ok "policy compiled with dbus rules" ||
	{ ko "aamed compile:"; cat "$T/compile.out"; finish; }

# ------------------------------------------------------------ called directly
if cc -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -o "$T/shimcheck" \
	"$D/shimcheck.c" "$SHIM" -Wl,-rpath,"$B"; then
	ok "shimcheck built against the drop-in alone"
	# shimcheck ENV... -- ARGS: its checks counted, and its exit status
	shimcheck() {
		out=$(env -u AAMED_POLICY -u AAMED_LABELS -u AAMED_KERNEL "$@" 2>"$T/sc.err")
		rc=$?
		echo "$out" | sed -n 's/^\(ok\|FAIL\): /  \1: /p'
		pass=$((pass + $(echo "$out" | grep -c '^ok:')))
		fail=$((fail + $(echo "$out" | grep -c '^FAIL:')))
		# a failed check failed already; an exit without one is a crash
		[ "$rc" -eq 0 ] || echo "$out" | grep -q '^FAIL:' ||
			{ ko "shimcheck $*: exit $rc"; cat "$T/sc.err"; }
	}
	shimcheck "$T/shimcheck" none
	echo "uid $(id -u) dbus_client" >"$T/sc.labels"
	shimcheck AAMED_POLICY="$T/policy" AAMED_LABELS="$T/sc.labels" \
		AAMED_SECURITYFS="$(pwd)/tools/libaamed-apparmor/securityfs" \
		"$T/shimcheck" policy
	# a stack is found by a label query once a process is in it
	echo "uid $(id -u) dbus_client//&dbus_service" >"$T/sc.stack"
	shimcheck AAMED_POLICY="$T/policy" AAMED_LABELS="$T/sc.stack" \
		"$T/shimcheck" stack
	# by executable, by attachment, first match first, default
	cp "$T/shimcheck" "$T/shimcheck-attached"
	printf 'exe %s dbus_service\ndefault dbus_client\n' "$T/shimcheck" >"$T/l1"
	shimcheck AAMED_POLICY="$T/policy" AAMED_LABELS="$T/l1" "$T/shimcheck" \
		is dbus_service "labels: exe PATH"
	shimcheck AAMED_POLICY="$T/policy" AAMED_LABELS="$T/l1" \
		"$T/shimcheck-attached" is dbus_client "labels: default"
	printf 'attach\nuid %s dbus_client\n' "$(id -u)" >"$T/l2"
	shimcheck AAMED_POLICY="$T/policy" AAMED_LABELS="$T/l2" \
		"$T/shimcheck-attached" is dbus_attached "labels: attach (the policy's attachment)"
	shimcheck AAMED_POLICY="$T/policy" AAMED_LABELS="$T/l2" \
		"$T/shimcheck" is dbus_client "labels: attach finds none, uid N"
	printf '# a comment\n\nfrobnicate 1 x\n' >"$T/bad1"
	shimcheck AAMED_POLICY="$T/policy" AAMED_LABELS="$T/bad1" "$T/shimcheck" badlabel 22 "labels: an unknown key, EINVAL"
	grep -q "bad1: line 3: not" "$T/sc.err" && ok "the bad line is named" ||
		{ ko "no message naming line 3:"; cat "$T/sc.err"; }
	echo "default no_such_profile" >"$T/bad2"
	shimcheck AAMED_POLICY="$T/policy" AAMED_LABELS="$T/bad2" "$T/shimcheck" badlabel 2 "labels: a profile the policy lacks, ENOENT"
	printf 'pid x dbus_client\n' >"$T/bad3"
	shimcheck AAMED_POLICY="$T/policy" AAMED_LABELS="$T/bad3" "$T/shimcheck" badlabel 22 "labels: pid not a number, EINVAL"
	awk 'BEGIN { s = "default "; for (i = 0; i < 5000; i++) s = s "a"; print s }' >"$T/bad4"
	shimcheck AAMED_POLICY="$T/policy" AAMED_LABELS="$T/bad4" "$T/shimcheck" \
		badlabel 22 "labels: a line over 4095 bytes, EINVAL"
	shimcheck AAMED_POLICY="$T/policy" AAMED_LABELS="$T/none" "$T/shimcheck" badlabel 2 "labels: no such file, ENOENT"
	shimcheck AAMED_POLICY="$T/policy" AAMED_KERNEL=5.4 "$T/shimcheck" badlabel 22 "AAMED_KERNEL=5.4: EINVAL"
	shimcheck AAMED_POLICY="$T/policy" AAMED_RELOAD=soon "$T/shimcheck" badlabel 22 "AAMED_RELOAD=soon: EINVAL"
	shimcheck AAMED_POLICY="$T/policy" AAMED_RELOAD=86401 "$T/shimcheck" badlabel 22 "AAMED_RELOAD=86401: EINVAL"
	shimcheck AAMED_POLICY="$T/no-policy" "$T/shimcheck" badlabel 2 "AAMED_POLICY: no such path, ENOENT"
	# the reload path: a policy where dbus_client may send Secret
	mkdir "$T/rl" "$T/rl/policy"
	sed 's/member={Hello,Ping} peer=(name=org.example.Svc/member={Hello,Ping,Secret} peer=(name=org.example.Svc/' \
		"$D/dbus.profile" >"$T/rl/other.profile"
	cp "$T/policy/dbus.bin" "$T/rl/first.bin"
	cp "$T/policy/dbus.bin" "$T/rl/policy/dbus.bin"
	if "$B/aamed" compile --features tests/features/linux-6.1-dbus \
		-o "$T/rl/other.bin" "$T/rl/other.profile" >"$T/compile.out" 2>&1; then
		shimcheck AAMED_POLICY="$T/rl/policy" AAMED_RELOAD=1 \
			"$T/shimcheck" reload "$T/rl/other.bin" "$T/rl/policy" "$T/rl/first.bin"
		n=$(grep -c ": reloaded, 4 profiles" "$T/sc.err")
		# the parent's of OTHER, the child's of FIRST, and the parent's
		# own of FIRST while it waits for the child
		[ "$n" -ge 3 ] && ok "reload: $n reloads said on stderr" ||
			{ ko "reload: $n reloads said:"; cat "$T/sc.err"; }
	else
		ko "aamed compile other.profile:"
		cat "$T/compile.out"
	fi
else
	ko "shimcheck does not build"
fi

cc -shared -fPIC -O2 -o "$T/logcapture.so" "$D/logcapture.c" &&
	ok "log capture built" || { ko "log capture does not build"; finish; }

bus_conf aamedtest "$T/bus/socket" required >"$T/bus.conf"
: >"$T/labels"

# ------------------------------------------------------------ the bus
env LD_PRELOAD="$SHIM $T/logcapture.so" AAMED_POLICY="$T/policy" \
	AAMED_LABELS="$T/labels" \
	AAMED_SECURITYFS="$(pwd)/tools/libaamed-apparmor/securityfs" \
	timeout 60 dbus-daemon --config-file="$T/bus.conf" --nofork \
	--print-address=3 3>"$T/address" 2>"$T/daemon.log" &
pids="$pids $!"
n=0
while [ ! -s "$T/address" ] && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
ADDR=$(head -n 1 "$T/address")
if [ -n "$ADDR" ]; then ok "dbus-daemon started with <apparmor mode=\"required\"/>"; else
	ko "dbus-daemon did not start:"
	cat "$T/daemon.log"
	finish
fi

# A process that writes its own label line, then becomes the program: the
# pid the daemon sees on the socket is the one in the file.
labelled() {
	lbl=$1
	shift
	timeout 20 sh -c 'echo "pid $$ $0" >>"$AAMED_TEST_LABELS"; exec "$@"' \
		"$lbl" "$@"
}
export AAMED_TEST_LABELS="$T/labels"

# (not through labelled: $! must be timeout's pid, for the cleanup)
timeout 20 sh -c 'echo "pid $$ $0" >>"$AAMED_TEST_LABELS"; exec "$@"' \
	dbus_service "$PY" "$D/service.py" "$ADDR" "$T/ready" 15 \
	>"$T/service.out" 2>&1 &
pids="$pids $!"
n=0
while [ ! -s "$T/ready" ] && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
if [ -s "$T/ready" ]; then ok "dbus_service owns org.example.Svc (bind allowed)"; else
	ko "the service did not get its name:"
	cat "$T/service.out" "$T/daemon.log"
	finish
fi

# call LABEL MEMBER: the client's answer in $T/call.out, its status in rc
call() {
	if [ "$1" = unconfined ]; then
		timeout 10 dbus-send --bus="$ADDR" --print-reply --dest=org.example.Svc \
			/org/example/Svc "org.example.Svc.$2" >"$T/call.out" 2>&1
	else
		labelled "$1" dbus-send --bus="$ADDR" --print-reply \
			--dest=org.example.Svc /org/example/Svc \
			"org.example.Svc.$2" >"$T/call.out" 2>&1
	fi
	rc=$?
}
# the pid the labels file gives the last process of that label
pid_of() { awk -v l="$1" '$1 == "pid" && $3 == l { p = $2 } END { print p }' "$T/labels"; }
# the daemon's record of member $1 with mask $2 (one line, or nothing).
# dbus-daemon prints two spaces after operation="...": its fields each
# start with a space, after a format that already ends with one.
record() {
	grep "apparmor=\"DENIED\"" "$T/daemon.log" | grep "member=\"$1\"" |
		grep "mask=\"$2\"" | tail -n 1 | sed 's/^syslog\[[0-9]*\]: //'
}
expect_record() {
	got=$(record "$1" "$2")
	if [ "$got" = "$3" ]; then ok "record: $got"; else
		ko "record of $1 ($2):"
		echo "  want: $3"
		echo "  got:  $got"
	fi
}
denied_msg="An AppArmor policy prevents this sender from sending this message to this recipient"

# ------------------------------------------------------------ allowed
call dbus_client Hello
if [ "$rc" -eq 0 ] && grep -q 'string "hello"' "$T/call.out"; then
	ok "dbus_client -> Hello: allowed (send and receive rules), answered"
else
	ko "dbus_client -> Hello: exit $rc"
	cat "$T/call.out"
fi

# ------------------------------------------------------------ the sender's side
call dbus_client Secret
if [ "$rc" -ne 0 ] && grep -q "org.freedesktop.DBus.Error.AccessDenied" "$T/call.out" &&
	grep -q "$denied_msg" "$T/call.out"; then
	ok "dbus_client -> Secret: AccessDenied (no send rule)"
else
	ko "dbus_client -> Secret: exit $rc"
	cat "$T/call.out"
fi
cpid=$(pid_of dbus_client)
spid=$(pid_of dbus_service)
expect_record Secret send "apparmor=\"DENIED\" operation=\"dbus_method_call\"  bus=\"aamedtest\" path=\"/org/example/Svc\" interface=\"org.example.Svc\" member=\"Secret\" mask=\"send\" name=\"org.example.Svc\" pid=$cpid label=\"dbus_client\" peer_pid=$spid peer_label=\"dbus_service\""

# ------------------------------------------------------------ the receiver's side
call dbus_client Ping
if [ "$rc" -ne 0 ] && grep -q "org.freedesktop.DBus.Error.AccessDenied" "$T/call.out"; then
	ok "dbus_client -> Ping: AccessDenied (the service has no receive rule)"
else
	ko "dbus_client -> Ping: exit $rc"
	cat "$T/call.out"
fi
cpid=$(pid_of dbus_client)
got=$(record Ping receive)
src=$(echo "$got" | sed -n 's/.* name="\(:[0-9.]*\)" mask=.*/\1/p')
expect_record Ping receive "apparmor=\"DENIED\" operation=\"dbus_method_call\"  bus=\"aamedtest\" path=\"/org/example/Svc\" interface=\"org.example.Svc\" member=\"Ping\" name=\"${src:-?}\" mask=\"receive\" pid=$spid label=\"dbus_service\" peer_pid=$cpid peer_label=\"dbus_client\""
[ -z "$(record Ping send)" ] && ok "Ping: the sender's side allowed, not logged" ||
	ko "Ping: a send record: $(record Ping send)"

# ------------------------------------------------------------ the peer's label counts
call unconfined Hello
if [ "$rc" -ne 0 ] && grep -q "org.freedesktop.DBus.Error.AccessDenied" "$T/call.out" &&
	grep "member=\"Hello\"" "$T/daemon.log" | grep -q 'peer_label="unconfined"'; then
	ok "unconfined -> Hello: denied by the service's peer=(label=dbus_client)"
else
	ko "unconfined -> Hello: exit $rc"
	cat "$T/call.out"
fi

# ------------------------------------------------------------ complain mode
# the query says no; dbus-daemon lets it through because the peer's
# context says "(complain)", and logs it
call dbus_learner Hello
lpid=$(pid_of dbus_learner)
if [ "$rc" -eq 0 ] && grep -q 'string "hello"' "$T/call.out"; then
	ok "dbus_learner (complain) -> Hello: goes through"
else
	ko "dbus_learner -> Hello: exit $rc"
	cat "$T/call.out"
fi
got=$(grep 'apparmor="ALLOWED"' "$T/daemon.log" | grep 'member="Hello" mask="send" name="org.example.Svc"' |
	tail -n 1 | sed 's/^syslog\[[0-9]*\]: //')
want="apparmor=\"ALLOWED\" operation=\"dbus_method_call\"  bus=\"aamedtest\" path=\"/org/example/Svc\" interface=\"org.example.Svc\" member=\"Hello\" mask=\"send\" name=\"org.example.Svc\" pid=$lpid label=\"dbus_learner\" peer_pid=$spid peer_label=\"dbus_service\""
[ "$got" = "$want" ] && ok "record: $got" || { ko "complain record:"; echo "  want: $want"; echo "  got:  $got"; }

# ------------------------------------------------------------ bind
labelled dbus_client dbus-send --bus="$ADDR" --print-reply \
	--dest=org.freedesktop.DBus /org/freedesktop/DBus \
	org.freedesktop.DBus.RequestName string:org.example.Svc2 uint32:4 \
	>"$T/call.out" 2>&1
rc=$?
cpid=$(pid_of dbus_client)
if [ "$rc" -ne 0 ] && grep -q "is not allowed to own the service \"org.example.Svc2\" due to AppArmor policy" "$T/call.out"; then
	ok "dbus_client RequestName org.example.Svc2: denied (no bind rule)"
else
	ko "dbus_client RequestName: exit $rc"
	cat "$T/call.out"
fi
got=$(grep 'operation="dbus_bind"' "$T/daemon.log" | tail -n 1 | sed 's/^syslog\[[0-9]*\]: //')
want="apparmor=\"DENIED\" operation=\"dbus_bind\"  bus=\"aamedtest\" name=\"org.example.Svc2\" mask=\"bind\" pid=$cpid label=\"dbus_client\""
[ "$got" = "$want" ] && ok "record: $got" || { ko "bind record:"; echo "  want: $want"; echo "  got:  $got"; }

# ------------------------------------------------------------ nothing else denied
n=$(grep -c 'apparmor="DENIED"' "$T/daemon.log")
[ "$n" -eq 4 ] && ok "4 denials logged, no other" ||
	{ ko "$n denials logged, 4 expected:"; grep 'apparmor=' "$T/daemon.log"; }
grep -q "libaamed-apparmor:" "$T/daemon.log" &&
	{ ko "the drop-in complained:"; grep "libaamed-apparmor:" "$T/daemon.log"; } ||
	ok "the drop-in said nothing"
finish
