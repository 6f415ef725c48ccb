# SPDX-License-Identifier: GPL-2.0-or-later
# What tests/dbus/run.sh and tests/soak/run.sh both need to put a private
# dbus-daemon under test: a scratch directory removed on exit with every
# process the test started, the check counters, and the bus's
# configuration. Sourced (". tests/dbus/bus.sh"), not run; plain POSIX sh.
#
#   bus_setup NAME [DIR]   T: a new directory aamed-NAME.XXXXXX in DIR
#                          (default TMPDIR, else /tmp); on exit every pid
#                          in $pids is ended and waited for, and T removed
#                          (kept, and named, when BUS_KEEP is not empty)
#   ok TEXT / ko TEXT      a check passed / failed, counted
#   finish                 "N passed, N failed", and exit (non-zero when a
#                          check failed)
#   bus_conf TYPE SOCKET MODE [RULES]
#                          a bus configuration on stdout: bus type TYPE,
#                          listening on the unix socket SOCKET, AppArmor
#                          mediation MODE (required, disabled...), and a
#                          default policy that allows everything, so that
#                          only AppArmor refuses; RULES (XML lines) end
#                          that policy, to refuse some messages without
#                          AppArmor

bus_setup() {
	T=$(mktemp -d "${2:-${TMPDIR:-/tmp}}/aamed-$1.XXXXXX") || exit 1
	pids=
	pass=0
	fail=0
	trap bus_cleanup EXIT
	trap 'exit 1' INT TERM
}

bus_cleanup() {
	for p in $pids; do kill "$p" 2>/dev/null; done
	for p in $pids; do wait "$p" 2>/dev/null; done
	if [ -n "${BUS_KEEP:-}" ]; then echo "kept: $T"; else rm -rf "$T"; fi
}

ok() { pass=$((pass + 1)); echo "ok: $*"; }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }
finish() {
	echo "$pass passed, $fail failed"
	[ "$fail" -eq 0 ]
	exit
}

bus_conf() {
	cat <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>$1</type>
  <listen>unix:path=$2</listen>
  <auth>EXTERNAL</auth>
  <apparmor mode="$3"/>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
${4:+$4
}  </policy>
</busconfig>
CONF
}
