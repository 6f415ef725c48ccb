# SPDX-License-Identifier: GPL-2.0-or-later
#
# judge.awk - the kernel is the judge: compare aamed's answers with a
# kernel's results for one case file (used by oracle.sh and compare.sh).
#
#   awk -f ../for_parser.awk -f judge.awk -v kver=6.12 -v tag=NAME.6.12 -v sum=SUMFILE \
#       CASEFILE JOINED
#
# CASEFILE is the case file (for each case's operation, `undecidable` and
# `golden` lines). JOINED has one line per case: the kernel's result line
# (README.md: id, label, query, verdict, exec label, records...), a field
# "@AAMED@", then aamed's output line for the case's query (verdict,
# transition=..., records...). Fields are TAB-separated.
#
# Compares, per case: the verdict (kernel ALLOWED = aamed ALLOWED or
# NOT-MEDIATED, a kernel without the hook; DENIED
# EACCES/EPERM and KILLED SIGKILL (kill mode) = aamed DENIED), the label
# after exec (kernel "NAME (mode)" vs transition=MODE:NAME), the limits
# after exec when the exec'd helper reported them (rlimits=..., both
# sides), and the audit
# records pairwise, field by field, ignoring pid= and comm=. Records of an
# exec case logged by the new program (comm= is not "probe": e.g. the
# file_mmap of the binary under the new label) come after the exec decision
# and are not judged; SUMFILE lists them ("postexec" lines). Cases marked
# `undecidable ID KERNELS REASON` for kver (KERNELS: all or VER,VER...) are
# not judged; an unmarked post-exec failure (KILLED SIGSEGV) or a broken
# case (ERROR ...) fails, but for a label query refused with an errno
# (ERROR ENOENT), which aamed must refuse with the same errno (its batch
# line "ERROR<TAB>ENOENT: ..."). An exec that reached the new image carries the
# image's AT_SECURE as a `secure-exec=N` field after the exec label: it is
# compared with aamed's secure-exec= field, and a missing one fails (stale
# expected/). A change_profile/stack case that changed the label carries
# it in the exec-label column: compared with aamed's label= field. Cases
# with `golden ID EXPECTED [transition=M:T [secure-exec=N]]
# SOURCE` lines are also checked against that hand-written expectation
# (reported, not counted). An EXPECTED that depends on the parser reads
# DEFAULT|P:OTHER... (e.g. ALLOWED|4+:DENIED): P is a parser major version
# (4) or one and later (4+), matched against -v pmaj (the parser the policy
# was compiled with; the last match wins): for_parser() of
# tests/for_parser.awk, which must be given first (awk -f for_parser.awk -f
# judge.awk).
#
# stdout: one block per disagreement; SUMFILE gets one line per case:
#   kver TAB file TAB id TAB class TAB pass|fail|undecidable TAB note
# and one line per golden contradiction:
#   golden TAB kver TAB SOURCE TAB id TAB expected TAB kernel's answer

function classof(op, a1, q) {
	if (op == "query") return a1 == "file" ? "file-query" : "dbus-query"
	if (q ~ /(^| )capability /) return "capability"
	if (op == "socket" || op == "sockop")
		return a1 == "unix" ? "unix" : "net"
	if (op == "kill") return "signal"
	if (op == "ptrace") return "ptrace"
	if (op == "setrlimit" || op == "prlimit") return "rlimit"
	if (op == "exec" && q ~ / --rlimit /) return "rlimit-exec"
	if (op == "exec" || op == "onexec-exec") return "exec"
	if (op == "changeprofile" || op == "stack" || op ~ /^onexec/)
		return "change_profile"
	if (op == "link") return "link"
	if (op == "rename") return "rename"
	if (op == "open") return "open"
	if (op == "mknod" || op == "mkdir" || op == "symlink") return "create"
	if (op == "unlink" || op == "rmdir") return "delete"
	if (op == "chmod" || op == "chown" || op == "truncate") return "setattr"
	if (op == "stat") return "getattr"
	if (op == "flock") return "lock"
	if (op == "mmap") return "mmap"
	if (op == "unshare-userns") return "userns"
	if (op ~ /^uring-/) return "io_uring"
	if (op == "inherit") return "file_inherit"
	if (op == "fdperm") return "file_perm"
	if (op == "fdrecv") return "file_receive"
	if (op == "changehat") return "change_hat"
	if (op == "mount" || op == "umount" || op == "pivot_root" ||
	    op == "move_mount") return "mount"
	return "other"
}

# what an inherit case's verdict says became of the descriptor
function fate(kv) {
	if (kv ~ /^ALLOWED/) return "inherit=kept"
	if (kv ~ /EBADF/) return "inherit=closed"
	return "inherit=replaced"
}

# split an audit record into keys k[1..n] and values v[key]; returns n
function parse(rec, k, v,    n, key, val) {
	n = 0
	sub(/^[ ]+/, "", rec)
	while (rec != "") {
		if (match(rec, /^[^= ]+=/)) {
			key = substr(rec, 1, RLENGTH - 1)
			rec = substr(rec, RLENGTH + 1)
		} else {
			key = "?" (n + 1)
		}
		if (substr(rec, 1, 1) == "\"" && match(substr(rec, 2), /"/)) {
			val = substr(rec, 1, RSTART + 1)
			rec = substr(rec, RSTART + 2)
		} else if (match(rec, / /)) {
			val = substr(rec, 1, RSTART - 1)
			rec = substr(rec, RSTART)
		} else {
			val = rec
			rec = ""
		}
		sub(/^[ ]+/, "", rec)
		if (key == "pid" || key == "comm")
			continue
		if (key in v)
			key = key "#" (n + 1)
		k[++n] = key
		v[key] = val
	}
	return n
}

# field-by-field difference of two records, "" when equal
function recdiff(kr, ar,    kk, kv, ak, av, nk, na, i, d, ko, ao) {
	split("", kk); split("", kv); split("", ak); split("", av)
	nk = parse(kr, kk, kv)
	na = parse(ar, ak, av)
	d = ""
	for (i = 1; i <= nk; i++) {
		if (!(kk[i] in av))
			d = d sprintf("\n      %s: kernel %s, aamed (none)", kk[i], kv[kk[i]])
		else if (kv[kk[i]] != av[kk[i]])
			d = d sprintf("\n      %s: kernel %s, aamed %s", kk[i], kv[kk[i]], av[kk[i]])
	}
	for (i = 1; i <= na; i++)
		if (!(ak[i] in kv))
			d = d sprintf("\n      %s: kernel (none), aamed %s", ak[i], av[ak[i]])
	if (d == "") {
		ko = ""; ao = ""
		for (i = 1; i <= nk; i++) ko = ko " " kk[i]
		for (i = 1; i <= na; i++) ao = ao " " ak[i]
		if (ko != ao)
			d = sprintf("\n      field order: kernel%s, aamed%s", ko, ao)
	}
	return d
}

function strip(r) {
	gsub(/ pid=[0-9]+/, "", r)
	gsub(/ comm="[^"]*"/, "", r)
	gsub(/ comm=[0-9A-F]+/, "", r)
	return r
}

function undecidable_for(id,    n, i, ks) {
	if (!(id in und)) return 0
	if (undk[id] == "all") return 1
	n = split(undk[id], ks, ",")
	for (i = 1; i <= n; i++)
		if (ks[i] == kver) return 1
	return 0
}

BEGIN { FS = "\t" }

# the case file
FNR == NR {
	line = $0
	sub(/^[ \t]+/, "", line)
	if (line ~ /^@end[ \t]*$/) { inp = 0; next }
	if (inp) next
	if (line ~ /^@(policy|preload)[ \t]*$/) { inp = 1; next }
	nw = split(line, w, /[ \t]+/)
	if (w[1] == "case") {
		for (i = 3; i <= nw; i++)
			if (w[i] !~ /=/ && w[i] != "onexec" && w[i] != "stepwise" &&
			    w[i] != "preopen" && w[i] != "nnp" &&
			    i > 3)
				break
		op[w[2]] = w[i]
		arg1[w[2]] = w[i + 1]
	} else if (w[1] == "undecidable") {
		und[w[2]] = 1
		undk[w[2]] = w[3]
		r = line
		sub(/^undecidable[ \t]+[^ \t]+[ \t]+[^ \t]+[ \t]+/, "", r)
		undr[w[2]] = r
	} else if (w[1] == "golden") {
		gexp[w[2]] = for_parser(w[3])
		gtr[w[2]] = ""
		gsrc[w[2]] = w[nw]
		if (w[4] ~ /^transition=/) gtr[w[2]] = w[4]
		gsec[w[2]] = w[5] ~ /^secure-exec=/ ? w[5] : ""
	}
	next
}

{
	split("", krec); split("", arec)
	id = $1; label = $2; query = $3; kv = $4; xl = $5
	cls = classof(op[id], arg1[id], query)
	krec_n = 0; arec_n = 0; tr = ""; av = ""; av2 = ""; inh = ""
	ksec = ""; asec = ""; alab = ""; krl = ""; arl = ""
	isx = op[id] == "exec" || op[id] == "onexec-exec"
	npost = 0
	for (i = 6; i <= NF && $i != "@AAMED@"; i++) {
		# the new image's AT_SECURE (exec cases that reached it)
		if ($i ~ /^secure-exec=/)
			ksec = $i
		# logged by the new program (its comm), after the exec
		else if (isx && $i ~ /^rlimits=/)
			krl = $i
		else if (isx && $i ~ / comm="/ && $i !~ / comm="probe"/)
			npost++
		else
			krec[++krec_n] = $i
	}
	if (npost)
		printf "postexec\t%s\t%s\t%s\t%d\n", kver, tag, id, npost >> sum
	if ($i == "@AAMED@") {
		av = $(i + 1)
		av2 = $(i + 2)
		sub(/^line [0-9]+: /, "", av2)	# a batch error's line number
		for (i += 2; i <= NF; i++)
			if ($i ~ /^transition=/) tr = $i
			else if ($i ~ /^inherit=/) inh = $i
			else if ($i ~ /^tty=/) continue
			else if ($i ~ /^secure-exec=/) asec = $i
			else if ($i ~ /^label=/) alab = $i
			else if ($i ~ /^rlimits=/) arl = $i
			else arec[++arec_n] = $i
	}
	# golden expectation vs the kernel
	if (id in gexp) {
		kg = kv ~ /^ALLOWED/ || kv ~ /^KILLED SIGSEGV/ ? "ALLOWED" : \
		     kv ~ /^(DENIED|KILLED)/ ? "DENIED" : ""
		xname = xl; sub(/ \([a-z]+\)$/, "", xname)
		gt = gtr[id]; sub(/^transition=[^:]*:/, "", gt)
		if (kg != "" &&
		    (kg != gexp[id] || (gt != "" && kg == "ALLOWED" && gt != xname) ||
		     (gsec[id] != "" && ksec != "" && gsec[id] != ksec)))
			printf "golden\t%s\t%s\t%s\t%s%s%s\t%s%s%s\n", kver, gsrc[id], id,
			       gexp[id], gtr[id] != "" ? " " gtr[id] : "",
			       gsec[id] != "" ? " " gsec[id] : "",
			       kv, xl != "-" ? " -> " xl : "", ksec != "" ? " " ksec : "" >> sum
	}
	if (undecidable_for(id)) {
		printf "%s\t%s\t%s\t%s\tundecidable\t%s\n", kver, tag, id, cls, undr[id] >> sum
		next
	}
	why = ""
	if (op[id] == "query" && kv ~ /^ERROR E[A-Z0-9]+$/) {
		# the kernel refused the label query (the .access write's
		# errno): aamed must refuse it, "ERROR<TAB>ERRNO: ..."
		if (av != "ERROR" || index(av2, substr(kv, 7) ":") != 1)
			why = "refusal: kernel " kv ", aamed " (av == "" ? "(nothing)" : av " " av2)
	} else if (kv ~ /^ERROR/)
		why = "broken case: kernel " kv
	else if (kv ~ /^KILLED/ && kv != "KILLED SIGKILL")
		why = "post-exec failure " kv " (mark it undecidable)"
	else if (op[id] == "query") {
		# a label query: the kernel's four masks, verbatim
		if (av != kv)
			why = "masks: kernel " kv ", aamed " (av == "" ? "(nothing)" : av)
		else if (krec_n || arec_n)
			why = "records: a label query logs nothing"
	} else {
		want = kv ~ /^ALLOWED/ ? "ALLOWED" : "DENIED"
		# a kernel without the hook lets the operation go ahead: aamed
		# says it does not mediate it (and logs nothing, as checked below)
		if (av == "NOT-MEDIATED" && want == "ALLOWED")
			av = "ALLOWED"
		if (av != want)
			why = "verdict: kernel " kv ", aamed " (av == "" ? "(nothing)" : av)
		else if (op[id] == "inherit" && kv !~ /^KILLED/ && inh != fate(kv))
			why = "inherited descriptor: kernel " kv ", aamed " (inh == "" ? "(nothing)" : inh)
		else if (xl != "-" && kv != "KILLED SIGKILL" && op[id] != "inherit") {
			# (an inherit case names the label it execs into: its
			# verdict is the descriptor's fate, kept or replaced)
			# (a killed task never exec'd: its label is the old one)
			xname = xl; sub(/ \([a-z]+\)$/, "", xname)
			t = tr; sub(/^transition=[^:]*:/, "", t)
			if (!isx) {
				# change_profile (label=), change_hat
				# (transition=hat:): the label the task now has
				if (alab != "") {
					t = alab; sub(/^label=/, "", t)
				}
				if (xname != t)
					why = "label after the change: kernel " xl ", aamed " (alab != "" ? alab : tr != "" ? tr : "(none)")
			} else if (xname != t)
				why = "label after exec: kernel " xl ", aamed " (tr == "" ? "(none)" : tr)
			else if (ksec == "")
				why = "the kernel's result has no secure-exec flag (regenerate expected/)"
			else if (ksec != asec)
				why = "secure-exec: kernel " ksec ", aamed " (asec == "" ? "(none)" : asec)
			# the limits the exec'd task reported (getrlimit)
			else if (krl != "" && krl != arl)
				why = "limits after exec: kernel " krl ", aamed " (arl == "" ? "(none)" : arl)
		}
		if (why == "") {
			n = krec_n > arec_n ? krec_n : arec_n
			for (j = 1; j <= n; j++) {
				if (j > krec_n)
					d = "\n      (kernel logged nothing)"
				else if (j > arec_n)
					d = "\n      (aamed logged nothing)"
				else
					d = recdiff(krec[j], arec[j])
				if (d != "")
					why = why sprintf("\n    record %d:%s", j, d)
			}
			if (why != "") why = "records differ:" why
		}
	}
	if (why == "") {
		printf "%s\t%s\t%s\t%s\tpass\t\n", kver, tag, id, cls >> sum
		next
	}
	printf "%s\t%s\t%s\t%s\tfail\t%s\n", kver, tag, id, cls, \
	       substr(why, 1, index(why "\n", "\n") - 1) >> sum
	printf "FAIL %s %s [%s] %s: %s\n", kver, tag, cls, id, why
	printf "    query:  %s\n", query
	printf "    kernel: %s%s\n", kv, xl != "-" ? " -> " xl : ""
	for (j = 1; j <= krec_n; j++)
		printf "      %s\n", strip(krec[j])
	printf "    aamed:  %s%s\n", av, tr != "" ? " " tr : ""
	for (j = 1; j <= arec_n; j++)
		printf "      %s\n", arec[j]
}
