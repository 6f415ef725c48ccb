#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# tests/fleet/mklogs.sh OUT HOSTS RECORDS - a multi-host log set for
# `aamed.fleet replay`, from the records real kernels logged
# (tests/kernel/expected/*.6.1.tsv) and the policies that produced them
# (tests/kernel/cases, compiled with APPARMOR_PARSER, default
# apparmor_parser):
#
#   OUT/old/            every case's policy, as the kernels ran it
#   OUT/new/            the same with t_files changed (r.txt gains w,
#                       other.txt gains r: denials now allowed) and
#                       t_audit's write to rw.txt taken away (audited
#                       writes now denied)
#   OUT/logs/HOST/...   HOSTS hosts (host001...), RECORDS records in all,
#                       dealt round robin; the hosts' logs rotate
#                       through auditd's form (audit.log), kernel log
#                       lines (kern.log) and journalctl -o json
#                       (journal.json), a timestamp, serial and pid
#                       of their own each.
set -eu
OUT=${1:?usage: tests/fleet/mklogs.sh OUT HOSTS RECORDS}
HOSTS=${2:-4}
N=${3:-1000}
cd "$(dirname "$0")/../.."
FEAT=$(pwd)/tests/features/linux-6.1
PARSER=${APPARMOR_PARSER:-apparmor_parser}
PINC=${APPARMOR_INCLUDE:-/etc/apparmor.d}
CASES="file-basic debian exec-modes golden ipc"
mkdir -p "$OUT/old" "$OUT/new" "$OUT/logs"
for name in $CASES; do
	awk -v pre="$OUT/old/$name" '
		/^[ \t]*@end[ \t]*$/ { if (inp) close(f); inp = 0; next }
		inp { print > f }
		/^[ \t]*@policy[ \t]*$/ { inp = 1; f = pre "." ++n ".sd"; printf "" > f }
	' "tests/kernel/cases/$name.cases"
done
sed -e 's|^  /srv/data/r.txt r,|  /srv/data/r.txt rw,\n  /srv/data/other.txt r,|' \
	-e 's|^  audit /srv/data/rw.txt rw,|  audit /srv/data/rw.txt r,|' \
	"$OUT/old/file-basic.1.sd" >"$OUT/new/file-basic.1.sd"
for sd in "$OUT"/old/*.sd "$OUT/new/file-basic.1.sd"; do
	"$PARSER" -Q -S --features-file "$FEAT" -I "$PINC" "$sd" >"${sd%.sd}.bin" 2>/dev/null || {
		echo "mklogs.sh: cannot compile $sd with $PARSER" >&2
		exit 1
	}
done
for b in "$OUT"/old/*.bin; do
	[ -f "$OUT/new/$(basename "$b")" ] || cp "$b" "$OUT/new/"
done
rm -f "$OUT"/old/*.sd "$OUT"/new/*.sd
for name in $CASES; do
	awk -F '\t' '!/^#/ { for (i = 6; i <= NF; i++) if ($i !~ /^secure-exec=/) print $i }' \
		"tests/kernel/expected/$name.6.1.tsv"
done >"$OUT/records"
awk -v n="$N" -v hosts="$HOSTS" -v out="$OUT/logs" '
	function jstr(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); return "\"" s "\"" }
	{ rec[m++] = $0 }
	END {
		if (!m) exit 1
		for (h = 1; h <= hosts; h++) {
			name = sprintf("host%03d", h)
			fmt[h] = (h - 1) % 3
			dir = out "/" name
			system("mkdir -p " dir)
			file[h] = dir "/" (fmt[h] == 0 ? "audit.log" : fmt[h] == 1 ? "kern.log" : "journal.json")
			host[h] = name
		}
		for (i = 0; i < n; i++) {
			h = i % hosts + 1
			r = rec[i % m]
			sub(/ pid=[0-9]+/, " pid=" (1000 + i % 30000), r)
			s = 1700000000 + int(i / 1000)
			a = sprintf("audit(%d.%03d:%d): %s", s, i % 1000, i + 1, r)
			if (fmt[h] == 0)
				printf "type=AVC msg=%s\n", a > file[h]
			else if (fmt[h] == 1)
				printf "Jan  1 00:00:00 %s kernel: [%d.%06d] audit: type=1400 %s\n", host[h], i / 1000, i % 1000000, a > file[h]
			else
				printf "{\"_HOSTNAME\":\"%s\",\"SYSLOG_IDENTIFIER\":\"kernel\",\"MESSAGE\":%s}\n", host[h], jstr("audit: type=1400 " a) > file[h]
		}
	}' "$OUT/records"
rm -f "$OUT/records"
