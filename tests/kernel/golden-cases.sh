#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# golden-cases.sh > cases/golden.cases - transcribe the hand-written golden
# queries (tests/golden/queries/*.queries, profiles in
# tests/golden/profiles) into kernel oracle cases wherever they are
# realisable on a real kernel: a real operation on a real path whose first
# check is the one the query asks about. Each case carries a
# `golden ID EXPECTED [transition=...] FILE:LINE` line so that oracle.sh
# reports every expectation the kernel contradicts. The aamed query of a
# case is the kernel's actual request (e.g. truncate() asks for w, flock()
# for k or wk), which may differ from the golden query words.
#
# Not realisable (skipped, listed on stderr): wc/ac (two checks in one
# query), w on a directory, paths under /proc, /sys and /dev other than a
# few that exist in the guest, /tmp and /proc named without their trailing
# slash, paths the guest's own /init needs (/bin/sh).
#
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
g="$root/tests/golden"

cat <<'EOF'
# SPDX-License-Identifier: GPL-2.0-or-later
# golden: tests/golden/queries/*.queries transcribed for the kernel by
# tests/kernel/golden-cases.sh (do not edit: regenerate). Each @policy
# block is one tests/golden/profiles/*.profile, verbatim.
EOF
for p in "$g"/profiles/*.profile; do
	printf '\n# tests/golden/profiles/%s\n@policy\n' "$(basename "$p")"
	cat "$p"
	printf '@end\n'
done
printf '\nsetup mkdir /tmp 01777\nsetup mkdir /var/tmp 01777\n'

# exec cases whose new profile may not read/map the binary (a copy of the
# probe): the exec is allowed and the transition made, then the new task
# dies with SIGSEGV (found by running them; kernel 6.1 and 6.12 alike)
segv="g_exec.queries:9 g_exec.queries:10 g_exec.queries:14 g_exec.queries:18
 g_exec.queries:19 g_exec.queries:20 g_exec.queries:22 g_exec.queries:27
 g_exec.queries:28"

cd "$g/queries"
awk -v segv=" $(echo $segv) " '
function unq(s) { gsub(/^'\''|'\''$/, "", s); gsub(/^"|"$/, "", s); return s }
function skip(why) { printf "golden-cases: skip %s:%d (%s): %s\n", FILENAME, FNR, why, q > "/dev/stderr"; nskip++ }
function parent(p,   d) { d = p; sub(/\/$/, "", d); sub(/\/[^\/]*$/, "", d); return d == "" ? "/" : d }
FNR == 1 { base = FILENAME; sub(/\.queries$/, "", base) }
/^[ \t]*(#|$)/ { next }
{
	line = $0
	gexp = line; sub(/\t.*/, "", gexp)
	q = line; sub(/^[^\t]*\t/, "", q); sub(/[ \t]+#.*$/, "", q)
	# quoted words: join them back (labels with a mode suffix)
	n = split(q, w, /[ \t]+/)
	nw = 0; inq = 0
	for (i = 1; i <= n; i++) {
		if (inq) { x[nw] = x[nw] " " w[i]; if (w[i] ~ /'\''$/) inq = 0; continue }
		x[++nw] = w[i]
		if (w[i] ~ /^'\''/ && w[i] !~ /'\''$/ || w[i] == "'\''") inq = 1
	}
	label = "unconfined"; path = ""; perms = ""; op = ""; tgt = ""; fsuid = 0; ouid = 0
	for (i = 1; i <= nw; i++) {
		if (x[i] == "--label") label = unq(x[++i])
		else if (x[i] == "file") { path = unq(x[++i]); perms = x[++i] }
		else if (x[i] == "--op") op = x[++i]
		else if (x[i] == "--target") tgt = unq(x[++i])
		else if (x[i] == "--fsuid") fsuid = x[++i]
		else if (x[i] == "--ouid") ouid = x[++i]
	}
	sub(/ \([a-z]+\)$/, "", label)
	src = FILENAME ":" FNR
	id = "g_" base "_" FNR
	if (path == "" || label ~ / /) { skip("unparsed"); next }
	isdir = path ~ /\/$/
	if (path ~ /^\/(proc|sys|dev)(\/|$)/) {
		if (path !~ /^\/(proc\/(meminfo|1\/status|1\/stat|sys\/kernel\/version)|dev\/(null|zero|full|urandom)|sys\/devices\/system\/cpu\/(online|)|proc\/)$/) { skip("not in the guest"); next }
		virt = 1
	} else virt = 0
	if (path == "/tmp" || path == "/proc" || path == "/bin/sh") { skip("guest path"); next }
	if (path ~ /\/\//) { skip("the kernel never names a path with //"); next }
	if (perms == "l" && path == tgt) { skip("link to itself"); next }
	if (path ~ /\*/ && perms ~ /x/) { skip("exec of a glob name"); next }
	o = fsuid != 0 ? " fsuid=" fsuid : ""
	qs = "--label " label " file " path
	qo = (fsuid != 0 || ouid != 0) ? " --fsuid " fsuid " --ouid " ouid : ""
	setup = ""
	mk = isdir ? "mkdir" : "file"
	mode = isdir ? "0777" : "0666"
	own = " " ouid
	# the object, as the query describes it
	if (!virt) {
		if (isdir)
			setup = "setup mkdir " path " 0777" own
		else
			setup = "setup rm " path "\nsetup file " path " 0666" own
	}
	if (perms ~ /^(r|read)$/) {
		cop = "open " path " r"; qq = qs " r"
	} else if (perms == "w" && !isdir) {
		cop = "open " path " w"; qq = qs " w"
	} else if (perms == "rw" && !isdir) {
		cop = "open " path " rw"; qq = qs " rw"
	} else if (perms ~ /^(a|append)$/ && !isdir) {
		cop = "open " path " a"; qq = qs " a"
	} else if (perms ~ /^(k|rk)$/ && !isdir) {
		cop = "preopen flock " path " r sh"; qq = qs " k --op file_lock"
	} else if (perms ~ /^(wk|rwk)$/ && !isdir) {
		cop = "preopen flock " path " w"; qq = qs " wk --op file_lock"
	} else if (perms == "m" && !isdir) {
		cop = "preopen mmap " path " x"; qq = qs " m --op file_mmap"
	} else if (perms ~ /^(mr|rm)$/ && !isdir) {
		cop = "preopen mmap " path; qq = qs " rm --op file_mmap"
	} else if (perms == "getattr") {
		cop = "stat " path; qq = qs " getattr --op getattr"
	} else if (perms == "c" && !virt) {
		setup = "setup mkdir " parent(path) " 0777\nsetup rm " path
		cop = (isdir ? "mkdir " : "mknod ") path
		qq = qs " c --op " (isdir ? "mkdir" : "mknod")
	} else if (perms == "d" && !virt) {
		setup = "setup mkdir " parent(path) " 0777\n" setup
		cop = (isdir ? "rmdir " : "unlink ") path
		qq = qs " d --op " (isdir ? "rmdir" : "unlink")
	} else if (perms == "chmod" && !virt) {
		cop = "chmod " path " 0666"; qq = qs " chmod --op chmod"
	} else if (perms == "chown" && !virt) {
		cop = "chown " path " " ouid ":-1"; qq = qs " chown --op chown"
	} else if (perms ~ /^(setattr|write,setattr)$/ && !isdir && !virt) {
		cop = "truncate " path; qq = qs " w --op truncate"
	} else if (perms == "x" && !isdir && !virt) {
		setup = "setup copy /probe " path " 0755" own
		cop = "exec " path; qq = qs " x"
	} else if (perms == "l" && tgt != "" && !virt && !isdir && tgt !~ /\/$/ && tgt !~ /^\/(proc|sys|dev)\//) {
		setup = "setup rm " tgt "\nsetup file " tgt " 0666" own "\nsetup rm " path "\nsetup mkdir " parent(path) " 0777"
		cop = "link " tgt " " path; qq = qs " l --op link --target " tgt
	} else { skip("perms " perms (isdir ? " on a directory" : "")); next }
	if (path ~ /\*/ || tgt ~ /\*/) qq = qq  # a literal * is fine unquoted
	qq = qq qo
	if (qq ~ /[*?\[{]/) {
		# quote the path for the query language
		gsub(/ file [^ ]+/, " file '\''" path "'\''", qq)
	}
	print ""
	print "# " src
	print setup
	printf "case %s %s%s %s :: %s\n", id, label, o, cop, qq
	tr = ""
	if (gexp ~ / transition=/) { tr = gexp; sub(/^[A-Z]+ /, "", tr); tr = " " tr; sub(/ .*/, "", gexp) }
	printf "golden %s %s%s %s\n", id, gexp, tr, src
	if (index(segv, " " src " "))
		printf "undecidable %s all the new profile may not map the binary: the exec is allowed, the new task dies with SIGSEGV\n", id
	ncase++
}
END { printf "golden-cases: %d cases, %d skipped\n", ncase, nskip > "/dev/stderr" }
' *.queries
