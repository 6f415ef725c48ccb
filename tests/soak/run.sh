#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# make soak: Debian's real dbus-daemon with the drop-in
# (libaamed-apparmor.so, LD_PRELOAD) on a private bus, under load from
# SOAK_CLIENTS (default 8) client processes of different labels, for
# SOAK_MESSAGES messages (default 1,000,000), while the policy is
# replaced every SOAK_RELOAD seconds (default 3) through the drop-in's
# reload path (AAMED_RELOAD, man/libaamed-apparmor.7). A second
# dbus-daemon without AppArmor mediation carries the same calls,
# interleaved, for the latency baseline (its XML policy refuses what the
# profiles refuse, so that both carry the same traffic). tests/soak/soak.c
# generates the load and judges it (its header says what it sends and
# expects); this script builds it, compiles the profiles and starts the
# buses as tests/dbus does (tests/dbus/bus.sh, which both source; its
# logcapture.c turns dbus-daemon's syslog records into lines on stderr).
# Usage: sh tests/soak/run.sh [BUILD]. Prints one "soak: ..." line, the
# checks, and "N passed, N failed". Unix sockets only; every process is
# bounded by timeout.
set -u
B=${1:-build}
case $B in /*) ;; *) B=$(pwd)/$B ;; esac
cd "$(dirname "$0")/../.."
D=$(pwd)/tests/soak
N=${SOAK_MESSAGES:-1000000}
C=${SOAK_CLIENTS:-8}
EVERY=${SOAK_RELOAD:-3}
# dbus-daemon's records go to a file: on a disk, its writeback stalls the
# daemon now and then and the tail latency measures the disk. Memory
# (/dev/shm) when there is one, SOAK_TMPDIR to choose.
tmp=${SOAK_TMPDIR:-}
[ -z "$tmp" ] && [ -d /dev/shm ] && [ -w /dev/shm ] && tmp=/dev/shm
BUS_KEEP=${SOAK_KEEP:-}
. tests/dbus/bus.sh
bus_setup soak "$tmp"

for t in dbus-daemon cc pkg-config; do
	command -v "$t" >/dev/null 2>&1 || { ko "$t not found (scripts/deps.sh installs it)"; finish; }
done
pkg-config --exists dbus-1 || { ko "libdbus-1-dev missing (scripts/deps.sh)"; finish; }
SHIM=$B/libaamed-apparmor.so
[ -f "$SHIM" ] || { ko "no $SHIM"; finish; }
# shellcheck disable=SC2046
cc -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -O2 -o "$T/soak" "$D/soak.c" \
	$(pkg-config --cflags --libs dbus-1) || { ko "soak.c does not build"; finish; }
cc -shared -fPIC -O2 -o "$T/logcapture.so" tests/dbus/logcapture.c ||
	{ ko "log capture does not build"; finish; }

# ------------------------------------------------------------ the profiles
# a.bin: the soak's profiles; b.bin: the same and one more (a different
# policy, the same verdicts); c.bin: soak_c0 may no longer send Allowed;
# bad.bin: a.bin cut in half
bus_rule='dbus send bus=soaktest path=/org/freedesktop/DBus
       interface=org.freedesktop.DBus peer=(name=org.freedesktop.DBus label=unconfined),'
profiles() {	# $1: soak_c0's members
	cat <<P
profile soak_svc {
  $bus_rule
  dbus bind bus=soaktest name=org.aamed.Soak,
  dbus receive bus=soaktest path=/org/aamed/Soak interface=org.aamed.Soak
       member={Allowed,SendDenied,Tick,Tock} peer=(label=soak_c*),
}
P
	k=0
	while [ $k -lt "$C" ]; do
		members='{Allowed,RecvDenied,Tick}'
		[ $k -eq 0 ] && members=$1
		# every other client's rules spelled another way: a path glob
		path=/org/aamed/Soak
		[ $((k % 2)) -eq 1 ] && path='/org/aamed/**'
		echo "profile soak_c$k {"
		echo "  $bus_rule"
		echo "  dbus send bus=soaktest path=$path interface=org.aamed.Soak"
		echo "       member=$members peer=(name=org.aamed.Soak label=soak_svc),"
		[ $((k % 2)) -eq 0 ] && echo "  dbus bind bus=soaktest name=org.aamed.Soak.Own$k,"
		echo "}"
		k=$((k + 1))
	done
}
mkdir "$T/stage" "$T/policy" "$T/bus"
profiles '{Allowed,RecvDenied,Tick}' >"$T/a.profile"
{ cat "$T/a.profile"; echo 'profile soak_extra { dbus send bus=soaktest, }'; } >"$T/b.profile"
profiles '{RecvDenied,Tick}' >"$T/c.profile"
for v in a b c; do
	"$B/aamed" compile --features tests/features/linux-6.1-dbus \
		-o "$T/stage/$v.bin" "$T/$v.profile" >"$T/compile.out" 2>&1 ||
		{ ko "aamed compile $v.profile:"; cat "$T/compile.out"; finish; }
done
size=$(wc -c <"$T/stage/a.bin")
head -c $((size / 2)) "$T/stage/a.bin" >"$T/stage/bad.bin"
cp "$T/stage/a.bin" "$T/policy/soak.bin"
ok "policies compiled: $C client profiles, soak_svc; a, b, c and a truncated one"

# ------------------------------------------------------------ the buses
# The plain bus refuses, by dbus-daemon's own XML policy, what the
# profiles refuse (a.profile): the same traffic on both buses. Without
# it the baseline carried other messages (the service answering four
# more calls a cycle, the Tock signal delivered, the odd clients' names
# granted then released), and its clients' Allowed calls met another mix,
# which made most of the measured overhead (docs/reliability.md). These
# rules ask no AppArmor question and log nothing.
same='    <deny receive_interface="org.aamed.Soak" receive_member="RecvDenied"/>
    <deny send_interface="org.aamed.Soak" send_member="SendDenied"/>
    <deny send_interface="org.aamed.Soak" send_member="Tock"/>'
k=1
while [ $k -lt "$C" ]; do
	same="$same
    <deny own=\"org.aamed.Soak.Own$k\"/>"
	k=$((k + 2))
done
bus_conf soaktest "$T/bus/socket" required >"$T/bus.conf"
bus_conf soaktest "$T/bus/plain" disabled "$same" >"$T/plain.conf"
: >"$T/labels"
limit=$((600 + N / 200))	# seconds: a slow, shared machine included

env LD_PRELOAD="$SHIM $T/logcapture.so" AAMED_POLICY="$T/policy" \
	AAMED_LABELS="$T/labels" AAMED_RELOAD=1 \
	AAMED_SECURITYFS="$(pwd)/tools/libaamed-apparmor/securityfs" \
	timeout $limit dbus-daemon --config-file="$T/bus.conf" --nofork \
	--print-address=3 --print-pid=4 3>"$T/address" 4>"$T/pid" 2>"$T/daemon.log" &
pids="$pids $!"
timeout $limit dbus-daemon --config-file="$T/plain.conf" --nofork \
	--print-address=3 3>"$T/paddress" 2>"$T/plain.log" &
pids="$pids $!"
n=0
while { [ ! -s "$T/address" ] || [ ! -s "$T/pid" ] || [ ! -s "$T/paddress" ]; } &&
	[ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
ADDR=$(head -n 1 "$T/address")
PADDR=$(head -n 1 "$T/paddress")
DPID=$(head -n 1 "$T/pid")
if [ -n "$ADDR" ] && [ -n "$PADDR" ] && [ -n "$DPID" ]; then
	ok "dbus-daemon with the drop-in (pid $DPID) and one without started"
else
	ko "the buses did not start:"
	cat "$T/daemon.log" "$T/plain.log"
	finish
fi

# ------------------------------------------------------------ the load
timeout $limit "$T/soak" "$ADDR" "$PADDR" "$T/labels" "$T/policy" "$T/stage" \
	"$DPID" "$T/daemon.log" "$N" "$C" "$EVERY" >"$T/soak.out" 2>"$T/soak.err"
rc=$?
grep '^soak: ' "$T/soak.out"
sed -n 's/^\(ok\|FAIL\|info\): /  \1: /p' "$T/soak.out"
pass=$((pass + $(grep -c '^ok:' "$T/soak.out")))
fail=$((fail + $(grep -c '^FAIL:' "$T/soak.out")))
if [ "$rc" -ne 0 ] && ! grep -q '^FAIL:' "$T/soak.out"; then
	ko "soak exited $rc:"
	cat "$T/soak.err"
fi
[ -s "$T/soak.err" ] && { echo "soak said:"; head -n 20 "$T/soak.err"; }
if grep -q 'apparmor="DENIED"' "$T/daemon.log" && [ "$fail" -ne 0 ]; then
	echo "denials by member and mask:"
	grep 'apparmor="DENIED"' "$T/daemon.log" |
		sed -n 's/.*operation="\([a-z_]*\)".*member="\([A-Za-z]*\)".* mask="\([a-z]*\)".*/\1 \2 \3/p;s/.*operation="dbus_bind".*name="\([^"]*\)".*/bind \1/p' |
		sort | uniq -c
fi
grep 'libaamed-apparmor:' "$T/daemon.log" | grep -v ': reloaded, ' | sort | uniq -c | head -n 5
kill -0 "$DPID" 2>/dev/null && ok "dbus-daemon with the drop-in still running" ||
	ko "dbus-daemon with the drop-in is gone"
finish
