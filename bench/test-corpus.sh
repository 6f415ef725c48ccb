#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# bench/test-corpus.sh [BLOBS.tar.xz|DIR] [N] - the speed of `aamed test`
# on a large real policy: N tests (default 10,000) over the compiled
# apparmor.d corpus (../shared/corpus/apparmor.d-corpus-5.0.2-blobs.tar.xz
# beside the project by default, or a directory of its blobs), policy
# loading included, on one core (taskset -c 0). The goal (issue 22):
# under 2 s, memory bounded by the policy.
#
#   1. the blobs extracted to a temporary directory;
#   2. the labels listed by `aamed profiles --policy DIR --json`;
#   3. N requests over those labels, every class a corpus profile rules
#      (file r/w/x/m, network, unix, capability, signal, ptrace, mount,
#      umount, userns, dbus), picked by a fixed seed;
#   4. the expectations taken from a first `aamed query --batch` pass of
#      the same requests. This is a benchmark input, not a correctness
#      test: the manifest says what aamed answers today, and the run
#      checks only that `aamed test` agrees with `aamed query` (exit 0);
#   5. timed, each alone on CPU 0: `aamed query --batch` of the N
#      requests (the raw decisions, the same loading), then `aamed test`
#      of the manifest: wall, user and system time, peak RSS;
#   6. callgrind's instruction counts (valgrind) of both on the first
#      CALLGRIND_N requests (default 1,000; CALLGRIND_N=0 skips it), and
#      of the loading alone (a batch of no request): what remains is the
#      cost of the requests.
#
# Environment: AAMED (default build/aamed), KEEP=DIR keeps the manifest,
# the requests and the outputs in DIR. Prints a summary; exit 1 if a run
# failed, 0 otherwise (the 2 s goal is reported, not enforced: a shared
# machine is no place for a timed test).
set -eu
cd "$(dirname "$0")/.."
ROOT=$(pwd)
SRC=${1:-$ROOT/../shared/corpus/apparmor.d-corpus-5.0.2-blobs.tar.xz}
N=${2:-10000}
CN=${CALLGRIND_N:-1000}
A=${AAMED:-$ROOT/build/aamed}
case $A in /*) ;; *) A=$ROOT/$A ;; esac
[ -x "$A" ] || { echo "test-corpus.sh: $A not built (make)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "test-corpus.sh: needs python3" >&2; exit 1; }
if [ ! -e "$SRC" ]; then
	echo "test-corpus.sh: SKIP: no corpus at $SRC (give its blobs: make bench-test CORPUS=BLOBS.tar.xz|DIR)"
	exit 0
fi
T=$(mktemp -d "${TMPDIR:-/tmp}/aamed-test-corpus.XXXXXX")
trap 'rm -rf "$T"' EXIT
W=${KEEP:-$T}
mkdir -p "$W"

# 1. the blobs
. bench/corpus.sh
corpus_blobs "$SRC" "$T/blobs"
nblobs=$(ls "$P" | wc -l)
blob_mb=$(du -sm "$P" | cut -f1)

# 2. the labels
"$A" profiles --policy "$P" --json >"$W/profiles.json"

# 3. the requests, one `aamed query --batch` line each (a label of
# plain characters: the line is split as a shell splits it)
python3 - "$W/profiles.json" "$N" >"$W/requests" <<'PY'
import json, random, re, sys
labels = [p["label"] for p in json.load(open(sys.argv[1]))["profiles"]
          if re.fullmatch(r"[A-Za-z0-9_.@+/:-]+", p["label"])]
n = int(sys.argv[2])
rnd = random.Random(22)
paths = ["/etc/passwd", "/etc/shadow", "/etc/ld.so.cache", "/etc/hosts",
         "/usr/bin/ls", "/usr/bin/bash", "/usr/lib/x86_64-linux-gnu/libc.so.6",
         "/usr/share/icons/hicolor/index.theme", "/proc/self/maps",
         "/proc/1/status", "/sys/devices/system/cpu/online", "/dev/null",
         "/dev/tty", "/tmp/bench.txt", "/home/user/.config/app/settings.ini",
         "/home/user/Documents/report.pdf", "/run/user/1000/bus",
         "/var/log/syslog", "/var/lib/dpkg/status", "/root/.bashrc",
         "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
         "/etc/ssl/certs/ca-certificates.crt", "/usr/sbin/sendmail"]
execs = ["/usr/bin/ls", "/usr/bin/bash", "/usr/bin/systemctl", "/usr/bin/cat",
         "/usr/bin/grep", "/usr/bin/sudo", "/usr/bin/xdg-open", "/usr/sbin/ip"]
caps = ["sys_admin", "dac_override", "dac_read_search", "net_bind_service",
        "setuid", "setgid", "chown", "sys_ptrace", "net_admin", "kill",
        "sys_resource", "fowner"]
nets = ["inet stream connect", "inet dgram create", "inet6 stream connect",
        "netlink raw create", "packet raw create", "inet stream bind",
        "inet6 dgram sendmsg"]
def req(label):
    k = rnd.randrange(20)
    peer = rnd.choice(labels)
    if k < 8:
        return "file %s %s" % (rnd.choice(paths), rnd.choice(["r", "w", "rw", "m", "a"]))
    if k < 10:
        return "file %s x" % rnd.choice(execs)
    if k < 12:
        return "net " + rnd.choice(nets)
    if k < 14:
        return "capability " + rnd.choice(caps)
    if k == 14:
        return "signal %s --peer-label %s" % (rnd.choice(["term", "kill", "hup", "usr1"]), peer)
    if k == 15:
        return "ptrace %s --peer-label %s" % (rnd.choice(["read", "trace"]), peer)
    if k == 16:
        return "unix %s --type stream --addr @bench --peer-label %s" % (
            rnd.choice(["connect", "send", "receive"]), peer)
    if k == 17:
        return rnd.choice(["mount /dev/sda1 /mnt --fstype ext4",
                           "umount /mnt", "userns create"])
    if k == 18:
        return ("dbus send --bus session --path /org/freedesktop/Notifications"
                " --interface org.freedesktop.Notifications --member Notify"
                " --name org.freedesktop.Notifications --peer-label unconfined")
    return "file /home/user/.cache/%s/cache.db rw" % rnd.choice(["app", "fontconfig", "thumbnails"])
for i in range(n):
    l = labels[i % len(labels)] if i < len(labels) else rnd.choice(labels)
    print("%s --label %s" % (req(l), l))
PY

# 4. the first pass: what aamed query answers, made the expectations
"$A" query --policy "$P" --batch "$W/requests" >"$W/answers" || [ $? -eq 1 ]
python3 - "$W/requests" "$W/answers" "$P" >"$W/manifest.yaml" <<'PY'
import sys
reqs = open(sys.argv[1]).read().splitlines()
ans = open(sys.argv[2]).read().splitlines()
assert len(reqs) == len(ans), (len(reqs), len(ans))
print("# generated by bench/test-corpus.sh: a benchmark input, not a test;")
print("# the expectations are aamed query's answers of the same run")
print("policy: %s" % sys.argv[3])
print("tests:")
for i, (q, a) in enumerate(zip(reqs, ans)):
    f = a.split("\t")
    if f[0] == "ERROR":
        continue
    words, label = q.rsplit(" --label ", 1)
    print("  - name: t%d" % i)
    print("    label: %s" % label)
    print("    request: %s" % words)
    print("    expect: %s" % ("deny" if f[0] == "DENIED" else "allow"))
    recs = [x for x in f[1:] if x.startswith("apparmor=")]
    print("    audit: %s" % ("true" if recs else "false"))
PY
ntests=$(grep -c '^  - name:' "$W/manifest.yaml")
nerr=$(grep -c '^ERROR' "$W/answers" || true)
# the same N requests, the ones query refused left out, for the raw run
paste -d '\t' "$W/requests" "$W/answers" | awk -F '\t' '$2 != "ERROR" { print $1 }' >"$W/requests.ok"

# 5. timed, on CPU 0
PIN=
command -v taskset >/dev/null && PIN="taskset -c 0"
# timed NAME CMD...: wall, user, sys, peak RSS into $W/NAME.time
timed() {
	_n=$1
	shift
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f '%e %U %S %M' -o "$W/$_n.time" $PIN "$@" >"$W/$_n.out" 2>"$W/$_n.err"
	else
		python3 -c '
import resource, subprocess, sys, time
t = time.time()
with open(sys.argv[2], "w") as o, open(sys.argv[3], "w") as e:
    rc = subprocess.call(sys.argv[4:], stdout=o, stderr=e)
w = time.time() - t
r = resource.getrusage(resource.RUSAGE_CHILDREN)
open(sys.argv[1], "w").write("%.2f %.2f %.2f %d\n" % (w, r.ru_utime, r.ru_stime, r.ru_maxrss))
sys.exit(rc)' "$W/$_n.time" "$W/$_n.out" "$W/$_n.err" $PIN "$@"
	fi
}
rc_q=0
timed query "$A" query --policy "$P" --batch "$W/requests.ok" || rc_q=$?
rc_t=0
timed test "$A" test --policy "$P" "$W/manifest.yaml" || rc_t=$?
# the loading alone: a batch of no request
: >"$W/none"
timed load "$A" query --policy "$P" --batch "$W/none" || true
line() {
	read -r w u s m <"$W/$2.time"
	printf '%-22s wall %6.2f s  user %6.2f s  sys %5.2f s  peak RSS %5d MB\n' \
		"$1" "$w" "$u" "$s" $((m / 1024))
}
echo "corpus: $nblobs blobs, $blob_mb MB; $ntests tests ($nerr requests query refused left out)"
line "query, no request" load
line "aamed query --batch" query
line "aamed test" test
passed=$(grep -c '^ok ' "$W/test.out" || true)
echo "aamed test: exit $rc_t, $passed of $ntests tests passed; query exit $rc_q"
read -r w u s m <"$W/test.time"
goal=$(awk -v w="$w" 'BEGIN { print (w < 2.0) ? "met" : "NOT met" }')
echo "goal (10,000 tests under 2 s, loading included): $goal ($w s wall for $ntests tests)"

# 6. instructions, on a smaller run
if [ "$CN" -gt 0 ] && command -v valgrind >/dev/null; then
	head -n "$CN" "$W/requests.ok" >"$W/requests.cg"
	awk -v n="$CN" '/^  - name:/ { k++ } k > n { exit } { print }' "$W/manifest.yaml" >"$W/manifest.cg.yaml"
	for run in query test; do
		if [ $run = query ]; then
			set -- query --policy "$P" --batch "$W/requests.cg"
		else
			set -- test --policy "$P" "$W/manifest.cg.yaml"
		fi
		valgrind --tool=callgrind --callgrind-out-file="$W/callgrind.$run" \
			"$A" "$@" >/dev/null 2>"$W/callgrind.$run.err" || true
		ir=$(sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' "$W/callgrind.$run.err")
		printf 'callgrind %-12s %d requests: %s instructions\n' "aamed $run" "$CN" "${ir:-?}"
	done
	valgrind --tool=callgrind --callgrind-out-file="$W/callgrind.load" \
		"$A" query --policy "$P" --batch "$W/none" >/dev/null 2>"$W/callgrind.load.err" || true
	ir=$(sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' "$W/callgrind.load.err")
	printf 'callgrind %-12s 0 requests: %s instructions (the loading)\n' "aamed query" "${ir:-?}"
fi
[ "$rc_t" -eq 0 ] && [ "$rc_q" -le 1 ]
