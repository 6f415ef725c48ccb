# SPDX-License-Identifier: GPL-2.0-or-later
# tests/tools: aamed diff of the user namespace and io_uring classes
# (classes 21 and 22), sourced by run.sh (its helpers, $P418). Their masks
# are named by the words the kernel's records use (audit_ns_cb():
# "userns_create"; the io_uring records: "sqpoll", "override_creds"), as
# other classes' are, never as hex nor as "class 21". apparmor_parser 3.x
# cannot compile these rules: skipped (with a count) without 4.1.8.
if [ -x "$P418/apparmor_parser" ]; then
	dns() { # dns NAME RULES_A RULES_B: both compiled for 6.12, then diffed
		printf 'profile t {\n%b\n}\n' "$2" >"$T/dns-a.sd"
		printf 'profile t {\n%b\n}\n' "$3" >"$T/dns-b.sd"
		for s in a b; do
			"$P418/apparmor_parser" -Q -S -I "$P418/apparmor.d" \
				--features-file "$ROOT/tests/features/linux-6.12" \
				"$T/dns-$s.sd" >"$T/dns-$s.bin" 2>/dev/null ||
				ko "diff-ns-$1: compile dns-$s.sd"
		done
		expect "diff-ns-$1" 1 "$A" diff "$T/dns-a.bin" "$T/dns-b.bin"
		hasnt "diff-ns-$1" '0x'
		hasnt "diff-ns-$1" 'class 2'
	}
	dns deny '  userns,' '  deny userns,'
	has diff-ns-deny 'namespace  -userns_create            userns create'
	dns audit '  userns,' '  audit userns,\n  io_uring sqpoll,'
	has diff-ns-audit 'namespace  audit +userns_create      userns create'
	has diff-ns-audit 'io_uring   +sqpoll                   io_uring sqpoll'
	dns creds '  io_uring sqpoll,' '  io_uring (sqpoll, override_creds) label=u_x,'
	has diff-ns-creds 'io_uring   +override_creds'
	expect diff-ns-json 1 "$A" diff --json "$T/dns-a.bin" "$T/dns-b.bin"
	schema diff-ns-json diff.v1.json
	has diff-ns-json '"class":"io_uring","change":"+override_creds"'
	hasnt diff-ns-json '0x'
else
	echo "SKIP: apparmor_parser 4.1.8 not found in $P418 (17 checks skipped)"
fi
