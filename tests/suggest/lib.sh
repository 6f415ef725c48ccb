# SPDX-License-Identifier: GPL-2.0-or-later
# What the suggest suites share (tests/suggest, tests/suggest-kernel),
# sourced after suite_begin (tests/suite.sh):
#   . tests/suggest/lib.sh
# Sets PARSER and PINC (APPARMOR_PARSER, APPARMOR_INCLUDE: the parser
# and include directory the case files' policies are compiled with) and
# ends the suite with a skip when patch(1) is missing: both apply
# suggest's --patch. Defines sg_sources and sg_log below.
PARSER=${APPARMOR_PARSER:-apparmor_parser}
PINC=${APPARMOR_INCLUDE:-/etc/apparmor.d}

if ! command -v patch >/dev/null 2>&1; then
	echo "SKIP: patch(1) is not installed (1 checks skipped)"
	echo "0 passed, 0 failed"
	exit 0
fi

# sg_sources CASES PREFIX: each @policy block of the case file CASES as
# PREFIX.N.sd (N from 1, the numbering of tests/kernel/lib.sh).
sg_sources() {
	awk -v pre="$2" '
		/^[ \t]*@end[ \t]*$/ { if (inp) close(f); inp = 0; next }
		inp { print > f }
		/^[ \t]*@policy[ \t]*$/ { inp = 1; f = pre "." ++n ".sd"; printf "" > f }
	' "$1"
}

# sg_log TSV: the AppArmor records of a kernel oracle's results (columns
# 6 on; tests/kernel/README.md) as kern.log lines, to stdout. The
# secure-exec= and rlimits= fields are the probe's, not records.
sg_log() {
	awk -F '\t' '!/^#/ { for (i = 6; i <= NF; i++)
		if ($i !~ /^(secure-exec|rlimits)=/)
			printf "Jan  1 00:00:00 h kernel: [%d.0] audit: type=1400 audit(1700000000.%03d:%d): %s\n", NR, NR % 1000, NR, $i }' "$1"
}
