# SPDX-License-Identifier: GPL-2.0-or-later
# tests/suggest-kernel: one case file's kernel results before and after
# `aamed suggest --patch`, judged case by case.
#
#   awk -F '\t' -v name=NAME -v ver=VER -v sum=SUMFILE -f judge.awk \
#       PRED OLD.tsv NEW.tsv
#
# PRED: "ID<TAB>ALLOWED|COMPLAIN|DENIED|ERROR", aamed's answer to the
# case's query under the amended policy (what the proven suggestions
# claim). OLD: tests/kernel/expected/NAME.VER.tsv (the kernel before);
# NEW: the same cases run by the kernel on the amended profiles.
#
# A case is asked for when the kernel logged a denial for it before (a
# DENIED or KILLED record, or complain mode's ALLOWED one): those records
# are what suggest read. Then:
# - the suggestion claims it allowed: the kernel allows it with no record
#   of a denial ("now allowed"); or the call passes AppArmor and fails
#   after the hook with another errno than AppArmor's (EACCES, EPERM):
#   ENOENT, EINVAL, EAFNOSUPPORT... ("allowed, failed after the hook");
#   a call stopped by a check the old log never reached (a raw socket's
#   capability net_raw after its network rule) is a failure: run.sh's
#   further rounds of suggest must have lifted it;
# - no rule was proven for it (a deny rule): the verdict stays, and the
#   records are the old ones or fewer (a member that got its rule stops
#   logging) ("left denied");
# every other case comes out exactly as before: verdict, label after
# exec, records, pids masked.
# Prints a line per failure and per case not plainly allowed, then
# "NAME VER: ..." counts; appends "pass|fail ID" to SUMFILE.

function rest(   i, s) {
	s = ""
	for (i = 5; i <= NF; i++)
		s = s "\t" $i
	gsub(/pid=[0-9]+/, "pid=N", s)
	return s
}
function denial(r) {
	return r ~ /apparmor="(DENIED|ALLOWED|KILLED)"/
}
# every record of a (its AppArmor records, TAB-separated) is one of b's
function subset(a, b,   n, w, i) {
	n = split(a, w, "\t")
	for (i = 1; i <= n; i++)
		if (w[i] ~ /apparmor=/ && index(b "\t", "\t" w[i] "\t") == 0)
			return 0
	return 1
}
# no AppArmor record of a comes back in b
function none_back(a, b,   n, w, i) {
	n = split(a, w, "\t")
	for (i = 1; i <= n; i++)
		if (w[i] ~ /apparmor=/ && index(b "\t", "\t" w[i] "\t") != 0)
			return 0
	return 1
}
function verdict(id, ok, why) {
	printf "%s %s\n", ok ? "pass" : "fail", id >> sum
	if (ok)
		return
	nfail++
	printf "FAIL: %s %s %s: %s\n", name, ver, id, why
}
FILENAME == ARGV[1] { pred[$1] = $2; next }
/^#/ { next }
FILENAME == ARGV[2] { ov[$1] = $4; orest[$1] = rest(); order[++n] = $1; next }
{ nv[$1] = $4; nrest[$1] = rest() }
END {
	for (i = 1; i <= n; i++) {
		id = order[i]
		o = ov[id] orest[id]
		if (!(id in nv)) {
			verdict(id, 0, "no result after the patch")
			continue
		}
		w = nv[id] nrest[id]
		if (!denial(orest[id])) {
			if (nv[id] == ov[id] && nrest[id] == orest[id]) {
				same++
				verdict(id, 1)
			} else {
				verdict(id, 0, "no denial logged before, changed: " o "  =>  " w)
			}
			continue
		}
		before++
		if (pred[id] == "ALLOWED") {
			if (nv[id] ~ /^ALLOWED/ && !denial(nrest[id])) {
				now++
				verdict(id, 1)
			} else if (nv[id] ~ /^ERROR E/ && nv[id] !~ /^ERROR (EACCES|EPERM)/ &&
				   !denial(nrest[id])) {
				after++
				printf "  allowed, failed after the hook: %s %s %s %s\n", name, ver, id, nv[id]
				verdict(id, 1)
			} else if (nv[id] != ov[id] && none_back(orest[id], nrest[id])) {
				verdict(id, 0, "still stopped by a check the first log never reached (the rounds did not lift it): " o "  =>  " w)
			} else {
				verdict(id, 0, "the suggestion claims it allowed, the kernel: " o "  =>  " w)
			}
		} else if (nv[id] == ov[id] && subset(nrest[id], orest[id])) {
			left++
			printf "  left denied (no proven rule): %s %s %s %s\n", name, ver, id, ov[id]
			verdict(id, 1)
		} else {
			verdict(id, 0, "aamed answers " pred[id] " under the amended policy, the kernel changed: " o "  =>  " w)
		}
	}
	printf "%s %s: %d cases; %d with a denial logged before: %d now allowed by the kernel, %d allowed and failed after the hook, %d left denied (not proposed); %d others unchanged; %d failed\n",
		name, ver, n, before, now, after, left, same, nfail
}
