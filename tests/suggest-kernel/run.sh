#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/suggest-kernel: `aamed suggest --patch` confirmed by the real
# kernels. For each class's case file of the kernel oracle (tests/kernel:
# file-basic, exec-modes, domain for change_profile, ipc for capability,
# signal and ptrace, net for network and unix, mount, rlimit, ns for
# userns and io_uring) the records Debian's 6.1 and 6.12 logged
# (tests/kernel/expected) go through `aamed suggest --patch` against the
# file's own policy; the patch is applied to the profile sources with
# patch -p1, the case file is written again with the amended profiles,
# and every case of it runs again on the same kernel under QEMU
# (tests/kernel/run.sh: one boot per kernel for all the files). D-Bus,
# which no kernel logs, goes through its label queries as dbus.cases
# does: dbus-daemon's records (tests/tools/data/dbus.log) are asked of
# the kernel's .access before and after the patch. Then rounds: a file
# whose run logged a denial no earlier run logged for the case (a raw
# socket's capability net_raw, met once its network rule passes) goes
# through suggest --patch again on that run's records and runs again,
# until nothing new is logged (at most 3 rounds; both kernels need 2).
#
# Judged per case of its file's last round (judge.awk): a request the
# old policy denied (or let pass with complain mode's ALLOWED record)
# that the suggestion claims to allow is allowed by the kernel, with no
# record of a denial (stopped by a later check is a failure); one no
# rule was proposed for (a deny rule matches) stays as it was, and
# suggest's output lists it as not proposed; every other case comes out
# exactly as before: verdict, label after exec, records with pids
# masked.
#
# Usage: sh tests/suggest-kernel/run.sh build/aamed
# Environment: APPARMOR_PARSER, APPARMOR_INCLUDE (the policy's parser),
# AAMED_PARSERS_DIR (a parser of 4 or later for ns.cases), BOOT_TIMEOUT
# (run.sh), QEMU_LOCK (a file to flock(1) around each boot, so that
# QEMUs of several jobs on one machine never run at once),
# SUGGEST_KERNELS (default "6.1 6.12").
# Without the kernel images (scripts/fetch-kernels.sh) every check is
# skipped and counted. Ends with "N passed, N failed".
set -u
. "$(dirname "$0")/../suite.sh"
suite_begin suggest-kernel "$@"
. tests/parsers.sh
. tests/suggest/lib.sh
HERE=tests/suggest-kernel
FILES="file-basic exec-modes domain ipc net mount rlimit"

# A parser of 4 or later for ns.cases (3.0.8 reads no userns rules).
MODERN=
for v in 5.0.2 4.1.8; do
	if [ -x "$(parsers_dir "$ROOT")/$v/apparmor_parser" ]; then
		MODERN=$v
		break
	fi
done

# prep NAME CASES VER PARSERVER ROUND LOG: one round of suggest on a
# case file. Its sources are the case file's policies (round 1:
# NAME.N.sd, the numbering of tests/kernel/lib.sh) or the previous
# round's amended ones, compiled; LOG is the kernel's results whose
# records suggest reads (round 1: tests/kernel/expected; then the
# previous round's run). suggest's report (appended to $T/VER/NAME/text
# for explained()) and patch; the patch applied as $d/new; the case file
# written again with those profiles as $T/VER/cases/ROUND/NAME.cases.
prep() {
	name=$1 cases=$2 ver=$3 pv=$4 round=$5 tsv=$6
	d=$T/$ver/$name/r$round
	mkdir -p "$d/pol" "$T/$ver/cases/$round"
	if [ "$round" -eq 1 ]; then
		mkdir -p "$d/src"
		sg_sources "$cases" "$d/src/$name"
	else
		cp -r "$T/$ver/$name/r$((round - 1))/new" "$d/src"
	fi
	parser=$PARSER inc=$PINC
	if [ -n "$pv" ]; then
		parser=$(parsers_dir "$ROOT")/$pv/apparmor_parser
		inc=$(parsers_dir "$ROOT")/$pv/apparmor.d
	fi
	fx=$(awk '$1 == "features" { print $2; exit }' "$cases")
	feat=tests/features/linux-$ver${fx:+-$fx}
	for sd in "$d/src/$name".*.sd; do
		"$A" compile --parser "$parser" -I "$inc" --features "$feat" \
			-o "$d/pol/$(basename "$sd").bin" "$sd" 2>"$T/cerr" ||
			{ ko "$ver $name round $round: compile $sd"; cat "$T/cerr"; }
	done
	sg_log "$tsv" >"$d/log"
	set -- --kernel "$ver" --parser "$parser" -I "$inc" --features "$feat" \
		--policy "$d/pol" --source "$d/src" "$d/log"
	# exit 1 with records to turn into rules; 0 on a log with none (6.1
	# does not mediate ns.cases' userns and io_uring). A later round's
	# log is the amended profiles' run: 0 when nothing in it is denied
	# (any more), 1 with new denials or those no rule can lift.
	want=0
	[ -s "$d/log" ] && want=1
	"$A" suggest "$@" >"$d/text" 2>"$T/err"
	rc=$?
	[ "$round" -gt 1 ] && [ "$rc" -eq 0 ] && want=0
	[ "$rc" -eq "$want" ] && ok || { ko "$ver $name round $round: suggest exit $rc, wanted $want"; cat "$T/err"; }
	"$A" suggest --patch "$@" >"$d/patch" 2>"$T/err"
	rc=$?
	[ "$round" -gt 1 ] && [ "$rc" -eq 0 ] && want=0
	[ "$rc" -eq "$want" ] && ok || { ko "$ver $name round $round: suggest --patch exit $rc, wanted $want"; cat "$T/err"; }
	cat "$d/text" >>"$T/$ver/$name/text"
	sed -n "s/^/  round $round: /; \$p" "$d/text"
	rm -rf "$d/new"
	cp -r "$d/src" "$d/new"
	if (cd "$d/new" && patch -p1 -s <"$d/patch") >"$T/perr" 2>&1; then ok; else
		ko "$ver $name round $round: the patch does not apply"; head "$T/perr"; fi
	# the case file again: each @policy block replaced by its amended
	# source, everything else as it was (a `parser` line for ns.cases).
	# A link, symlink, mknod or mkdir the kernel refused before did not
	# exist (the kernel looks the name up before the hook: EEXIST comes
	# first), and now that it may be made, a `setup rm` after its case
	# gives the cases after it the file system they had.
	awk -v pre="$d/new/$name" -v pv="$pv" '
		FILENAME != ARGV[2] {
			split($0, c, "\t")
			if (c[4] ~ /^(DENIED|KILLED)/) denied[c[1]] = 1
			next
		}
		FNR == 1 && pv != "" { print "parser " pv }
		/^[ \t]*@end[ \t]*$/ { if (inp) { inp = 0; print; next } }
		inp { next }
		/^[ \t]*@policy[ \t]*$/ {
			inp = 1; print; f = pre "." ++n ".sd"
			while ((getline l < f) > 0) print l
			close(f)
			next
		}
		{ print }
		$1 == "case" && ($2 in denied) {
			for (i = 4; i <= NF && $i != "::"; i++) {
				if ($i == "link" || $i == "symlink") { print "setup rm " $(i + 2); break }
				if ($i == "mknod" || $i == "mkdir") { print "setup rm " $(i + 1); break }
			}
		}
	' "tests/kernel/expected/$name.$ver.tsv" "$cases" >"$T/$ver/cases/$round/$name.cases"
	LIST="$LIST $T/$ver/cases/$round/$name.cases"
}

# new_denials NAME VER ROUND: the denial records (DENIED, ALLOWED,
# KILLED; pids masked) of round ROUND's run of NAME that neither the
# kernel's run before the patch nor an earlier round logged for the same
# case, one per line as "ID RECORD": a check the earlier runs never
# reached (a raw socket's capability net_raw once its network rule lets
# the create through), which the next round's suggest reads.
new_denials() {
	name=$1 ver=$2 round=$3
	i=1 seen="tests/kernel/expected/$name.$ver.tsv"
	while [ "$i" -lt "$round" ]; do
		seen="$seen $T/$ver/out$i/$name.tsv"
		i=$((i + 1))
	done
	# shellcheck disable=SC2086
	awk -F '\t' -v last="$T/$ver/out$round/$name.tsv" '
		/^#/ { next }
		{
			for (i = 6; i <= NF; i++) {
				r = $i
				if (r !~ /apparmor="(DENIED|ALLOWED|KILLED)"/) continue
				gsub(/pid=[0-9]+/, "pid=N", r)
				if (FILENAME == last) { if (!(($1, r) in had)) print $1 " " r }
				else had[$1, r] = 1
			}
		}
	' $seen "$T/$ver/out$round/$name.tsv"
}

# dbus: no kernel logs it; dbus-daemon's records of tests/tools/data
# become label queries, run on the profile before (dbus-old) and after
# (dbus-new) the patch. The queries, as dbus.cases writes them, one per
# record: a method call sent, a name bound, a call received, an
# eavesdrop.
prep_dbus() {
	ver=$1
	d=$T/$ver/dbus
	mkdir -p "$d/src" "$d/pol"
	cp tests/tools/data/dbus.sd "$d/src/"
	feat=tests/features/linux-$ver-dbus
	"$A" compile --parser "$PARSER" --features "$feat" -o "$d/pol/dbus.bin" \
		"$d/src/dbus.sd" 2>"$T/cerr" || { ko "$ver dbus: compile"; cat "$T/cerr"; }
	set -- --kernel "$ver" --parser "$PARSER" --features "$feat" \
		--policy "$d/pol" --source "$d/src" tests/tools/data/dbus.log
	"$A" suggest "$@" >"$d/text" 2>"$T/err"
	"$A" suggest --patch "$@" >"$d/patch" 2>>"$T/err"
	rc=$?
	[ "$rc" -eq 1 ] && ok || { ko "$ver dbus: suggest --patch exit $rc"; cat "$T/err"; }
	sed -n "s/^/  /; \$p" "$d/text"
	cp -r "$d/src" "$d/new"
	if (cd "$d/new" && patch -p1 -s <"$d/patch") >"$T/perr" 2>&1; then ok; else
		ko "$ver dbus: the patch does not apply"; head "$T/perr"; fi
	for w in old new; do
		src=$d/src/dbus.sd
		[ "$w" = new ] && src=$d/new/dbus.sd
		{
			echo "features dbus"
			echo "@policy"
			grep -v '^#' "$src"
			echo "@end"
			cat <<-'EOF'
			case sd-send dsend query dbus session org.foo.Svc dpeer /org/foo/x org.foo.I3 GetX :: --label dsend dbus send --bus session --name org.foo.Svc --peer-label dpeer --path /org/foo/x --interface org.foo.I3 --member GetX --masks
			case sd-bind dsend query dbus session org.foo.Bar :: --label dsend dbus bind --bus session --name org.foo.Bar --masks
			case sd-recv dsend query dbus system :1.3 unconfined /x i.x M :: --label dsend dbus receive --bus system --name :1.3 --peer-label unconfined --path /x --interface i.x --member M --masks
			case sd-eaves dsend query dbus session :: --label dsend dbus eavesdrop --bus session --masks
			EOF
		} >"$T/$ver/cases/dbus-$w.cases"
		LIST="$LIST $T/$ver/cases/dbus-$w.cases"
	done
}

# The kernel's masks before and after: each request's bit (send 0x2,
# receive 0x4, eavesdrop 0x20, bind 0x40: AppArmor's dbus permissions)
# denied before is allowed after; masks allowed before stay the same.
judge_dbus() {
	ver=$1 out=$2
	awk -F '\t' -v ver="$ver" '
		# the allow mask of "allow 0x... deny ...", as a number
		function allow(v,   w, h, i, x) {
			split(v, w, " ")
			h = tolower(substr(w[2], 3))
			for (i = 1; i <= length(h); i++)
				x = x * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
			return x
		}
		function has(m, b) { return int(m / b) % 2 }
		BEGIN { bit["sd-send"] = 2; bit["sd-recv"] = 4; bit["sd-eaves"] = 32; bit["sd-bind"] = 64 }
		/^#/ { next }
		FILENAME ~ /dbus-old/ { old[$1] = $4; next }
		{
			b = bit[$1]
			was = has(allow(old[$1]), b)
			is = has(allow($4), b)
			if (!was && is) { now++; printf "ok %s\n", $1 }
			else if (was && old[$1] == $4) { same++; printf "ok %s\n", $1 }
			else printf "FAIL: dbus %s %s: before %s, after %s\n", ver, $1, old[$1], $4
			n++
		}
		END { printf "dbus %s: %d queries; %d denied before, now allowed by the kernel; %d others unchanged\n", ver, n, now, same }
	' "$out/dbus-old.tsv" "$out/dbus-new.tsv" >"$T/dj"
	grep -v '^ok ' "$T/dj"
	n=$(grep -c '^ok ' "$T/dj")
	pass=$((pass + n))
	f=$(grep -c '^FAIL' "$T/dj")
	fail=$((fail + f))
	[ "$(grep -c '^sd-' "$out/dbus-new.tsv")" -eq 4 ] && ok || ko "dbus $ver: not 4 queries answered"
}

# aamed's answer to each case's query under the amended policy (the blob
# run.sh loaded): what the proven suggestions claim.
predict() {
	name=$1 ver=$2 out=$3
	pre=
	[ -f "$out/work/$name.pre.bin" ] && pre="--policy $out/work/$name.pre.bin"
	grep -v '^#' "tests/kernel/expected/$name.$ver.tsv" | cut -f1,3 |
	while IFS='	' read -r id q; do
		set -f
		# shellcheck disable=SC2086
		"$A" query --kernel "$ver" $pre --policy "$out/work/$name.bin" $q >"$T/q" 2>&1
		rc=$?
		set +f
		if [ "$rc" -eq 1 ]; then v=DENIED
		elif [ "$rc" -ne 0 ]; then v=ERROR
		elif grep -q 'apparmor="ALLOWED"' "$T/q"; then v=COMPLAIN
		else v=ALLOWED; fi
		printf '%s\t%s\n' "$id" "$v"
	done
}

# A case left denied is one suggest lists as not proposed or as a
# record that cannot become a rule (a member of its label is named
# there), or one whose every logged denial got its rule, now refused
# without a record: a quiet deny rule of a member that never logged
# (ipc's s_cm, `deny signal (send) set=(alrm)`), which no log can show.
explained() {
	name=$1 ver=$2 id=$3 out=$4
	if awk -F '\t' -v id="$id" '$1 == id { for (i = 6; i <= NF; i++)
		if ($i ~ /apparmor="(DENIED|ALLOWED|KILLED)"/) exit 1; f = 1 }
		END { exit !f }' "$out/$name.tsv"; then
		return 0
	fi
	label=$(awk -F '\t' -v id="$id" '$1 == id { print $2 }' "tests/kernel/expected/$name.$ver.tsv")
	awk -v label="$label" '
		/^not proposed|^records that cannot become rules:/ { in_ = 1; next }
		/^profile / { in_ = 0 }
		in_ { print }
	' "$T/$ver/$name/text" >"$T/np"
	echo "$label" | sed 's#//&#\n#g' | while read -r m; do
		grep -qF "  $m: " "$T/np" && echo yes
	done | grep -q yes
}

# boot VER ROUND: one boot of VER for the case files in LIST, results
# in $T/VER/outROUND; 0 when it ran.
boot() {
	ver=$1 round=$2
	out=$T/$ver/out$round
	start=$(date +%s)
	# shellcheck disable=SC2086
	if [ -n "${QEMU_LOCK:-}" ]; then
		flock "$QEMU_LOCK" tests/kernel/run.sh "$img" "tests/features/linux-$ver" $LIST "$out" >"$T/run.log" 2>&1
	else
		tests/kernel/run.sh "$img" "tests/features/linux-$ver" $LIST "$out" >"$T/run.log" 2>&1
	fi
	rc=$?
	echo "  round $round, boot and cases: $(($(date +%s) - start)) s"
	if [ "$rc" -ne 0 ]; then
		ko "$ver round $round: tests/kernel/run.sh exit $rc"
		tail -n 30 "$T/run.log"
		return 1
	fi
	ok
}

# note_check VER NAME: suggest's note on a raw socket's network rule
# (means: "... then asks capability net_raw ...", from the kernel's
# sources) against what the kernel did. Every profile a later round
# gave `capability net_raw,` had the note (or its "may" form) on a rule
# of the round before; every profile with the certain note got it from
# the next round (its create, now past the network rule, met
# CAP_NET_RAW and the kernel logged it). Prints the mismatches.
note_check() {
	ver=$1 name=$2
	last=$(cat "$T/$ver/$name/last")
	r=1
	while [ "$r" -le "$last" ]; do
		awk -v r="$r" '
			/^profile / { p = $2 }
			/^not proposed|^records that cannot/ { p = "" }
			p != "" && /^      means: .* then asks capability net_raw / { print "sure", r, p }
			p != "" && /^      means: .* may then ask capability net_raw / { print "may", r, p }
			p != "" && /^  capability net_raw,$/ { print "cap", r, p }
		' "$T/$ver/$name/r$r/text"
		r=$((r + 1))
	done | awk -v last="$last" '
		$1 == "cap" { cap[$2, $3] = 1; capd[$3] = 1 }
		$1 != "cap" { note[$3] = 1 }
		$1 == "sure" && $2 < last { sure[$2, $3] = 1 }
		END {
			for (k in cap) {
				split(k, w, SUBSEP)
				if (w[1] > 1 && !(w[2] in note))
					printf "capability net_raw in round %s for %s, with no note before\n", w[1], w[2]
			}
			for (k in sure) {
				split(k, w, SUBSEP)
				if (!((w[1] + 1, w[2]) in cap))
					printf "the note in round %s for %s, and no capability net_raw in round %s\n", w[1], w[2], w[1] + 1
			}
		}'
}

# Rounds, as an author runs aa-logprof again: the records of round N's
# run go through suggest --patch once more, on the profiles round N
# amended, and the case files whose run logged a denial no earlier run
# logged for the same case (new_denials) run again, until none does or
# ROUNDS rounds ran. A raw or packet socket's network rule lets its
# create through to the protocol's CAP_NET_RAW check, which the first
# log never reached: the second round adds its capability rule.
ROUNDS=3
names=$FILES
[ -n "$MODERN" ] && names="$names ns"
for ver in ${SUGGEST_KERNELS:-6.1 6.12}; do
	img=cache/kernels/$ver/vmlinuz
	nf=$(echo $FILES | wc -w)
	if [ ! -r "$img" ]; then
		echo "SKIP: $img not found: scripts/fetch-kernels.sh fetches it ($((nf * 6 + 16)) checks skipped)"
		continue
	fi
	echo "== $ver"
	[ -n "$MODERN" ] ||
		echo "SKIP: ns.cases (userns, io_uring) needs apparmor_parser 4 or later: none in $(parsers_dir "$ROOT") (6 checks skipped)"
	todo=$names round=1 broken=
	while [ -n "$todo" ] && [ "$round" -le "$ROUNDS" ]; do
		LIST=
		for name in $todo; do
			cases=tests/kernel/cases/$name.cases pv=
			[ "$name" = ns ] && cases=tests/kernel/cases-modern/ns.cases pv=$MODERN
			tsv=tests/kernel/expected/$name.$ver.tsv
			[ "$round" -gt 1 ] && tsv=$T/$ver/out$((round - 1))/$name.tsv
			prep "$name" "$cases" "$ver" "$pv" "$round" "$tsv"
		done
		[ "$round" -eq 1 ] && prep_dbus "$ver"
		boot "$ver" "$round" || { broken=1; break; }
		next=
		for name in $todo; do
			echo "$round" >"$T/$ver/$name/last"
			new_denials "$name" "$ver" "$round" >"$T/$ver/$name/new$round"
			[ -s "$T/$ver/$name/new$round" ] || continue
			echo "  round $round: $name: $(wc -l <"$T/$ver/$name/new$round") denials no earlier run logged, e.g. $(head -n 1 "$T/$ver/$name/new$round")"
			next="$next $name"
		done
		todo=$next
		round=$((round + 1))
	done
	[ -n "$broken" ] && continue
	# converged: the last round's run logged nothing new
	[ -z "$todo" ] && ok || ko "$ver: after $ROUNDS rounds, still denials no earlier run logged in:$todo"
	echo "  $ver: $((round - 1)) rounds"
	for name in $names; do
		out=$T/$ver/out$(cat "$T/$ver/$name/last")
		predict "$name" "$ver" "$out" >"$T/$ver/$name/pred"
		: >"$T/$ver/$name/sum"
		awk -F '\t' -v name="$name" -v ver="$ver" -v sum="$T/$ver/$name/sum" \
			-f "$HERE/judge.awk" "$T/$ver/$name/pred" \
			"tests/kernel/expected/$name.$ver.tsv" "$out/$name.tsv" >"$T/j"
		cat "$T/j"
		# one check per case file: every case as judged
		if grep -q '^fail' "$T/$ver/$name/sum"; then ko "$ver $name: $(grep -c '^fail' "$T/$ver/$name/sum") cases"; else ok; fi
		# at least one request was denied before and is allowed now
		if grep -Eq ' [1-9][0-9]* with a denial logged before: [1-9][0-9]* now allowed' "$T/j" ||
			! grep -q 'apparmor="\(DENIED\|ALLOWED\)"' "tests/kernel/expected/$name.$ver.tsv"; then ok; else
			ko "$ver $name: nothing the kernel denied is allowed now"; fi
		# what is left denied, suggest said why
		bad=
		for id in $(sed -n 's/^  left denied (no proven rule): [^ ]* [^ ]* \([^ ]*\) .*/\1/p' "$T/j"); do
			explained "$name" "$ver" "$id" "$out" || bad="$bad $id"
		done
		[ -z "$bad" ] && ok || ko "$ver $name:$bad: left denied, and suggest lists no reason"
	done
	# the note of suggest's first round named the check the rounds met
	for name in $names; do
		note_check "$ver" "$name"
	done >"$T/nc"
	if [ -s "$T/nc" ]; then ko "$ver: suggest's net_raw note against the kernel"; cat "$T/nc"; else ok; fi
	echo "  $ver: net_raw notes: $(cat "$T/$ver"/*/r1/text | grep -c 'then asks capability net_raw'), profiles given capability net_raw by a later round: $(for n in $names; do for t in "$T/$ver/$n"/r[2-9]/text; do [ -f "$t" ] && grep -c '^  capability net_raw,$' "$t"; done; done | awk '{ s += $1 } END { print s + 0 }')"
	judge_dbus "$ver" "$T/$ver/out1"
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
