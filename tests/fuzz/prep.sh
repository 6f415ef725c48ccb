#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The policy and the seed corpora of the fuzz targets other than the
# loader's own run (tests/fuzz/run.sh), into WORK:
#
#   tests/fuzz/prep.sh BUILD WORK
#
#   WORK/policy/        every profile of tests/golden*, tests/robust and
#                       tests/dbus compiled (aamed compile, Linux 6.12's
#                       features with dbus): AAMED_FUZZ_POLICY
#   WORK/seeds/load/    those blobs, Debian's own profiles (/etc/apparmor.d)
#                       compiled, and the blobs of the apparmor.d corpus
#                       compiled by 5.0.2 (AAMED_CORPUS_BLOBS, default
#                       ../shared/corpus/apparmor.d-corpus-5.0.2-blobs.tar.xz
#                       beside the project) up to 64 KB each, when present
#   WORK/seeds/replay/  the real kernels' records of tests/kernel/expected
#                       and the logs of tests/tools and tests/test-cmd,
#                       each as an audit.log line
#   WORK/seeds/words/   the queries of tests/golden*/queries and of
#                       tests/kernel/expected
#   WORK/seeds/manifest/ the manifests of tests/manifests and tests/test-cmd
#                       (good and bad ones)
#   WORK/seeds/query-label/ label queries as dbus-daemon and the drop-in's
#                       file queries build them
# PREP_LOAD=0 leaves seeds/load empty (make check's replay: the loader
# has its own suite). Prints one line per directory with its count. Exit 1 when the policy
# does not compile (the targets would decide against nothing).
set -u
B=$1
W=$2
cd "$(dirname "$0")/../.."
mkdir -p "$W/policy" "$W/seeds/load" "$W/seeds/replay" "$W/seeds/words" \
	"$W/seeds/manifest" "$W/seeds/query-label"

# ------------------------------------------------------------ policy
for p in tests/golden*/profiles/*.profile tests/robust/*.profile \
	tests/dbus/dbus.profile; do
	n=$(echo "$p" | tr '/' '_')
	"$B/aamed" compile --features tests/features/linux-6.12-dbus \
		-o "$W/policy/$n.bin" "$p" >/dev/null 2>&1 || rm -f "$W/policy/$n.bin"
done
np=$(ls "$W/policy" | wc -l)
echo "policy: $np blobs"
[ "$np" -gt 0 ] || exit 1

# ------------------------------------------------------------ load
if [ "${PREP_LOAD:-1}" = 1 ]; then
cp "$W/policy/"*.bin "$W/seeds/load/"
for p in /etc/apparmor.d/*; do
	[ -f "$p" ] || continue
	"$B/aamed" compile --features tests/features/linux-6.1 \
		-o "$W/seeds/load/debian-$(basename "$p").bin" "$p" >/dev/null 2>&1 ||
		rm -f "$W/seeds/load/debian-$(basename "$p").bin"
done
blobs=${AAMED_CORPUS_BLOBS:-../shared/corpus/apparmor.d-corpus-5.0.2-blobs.tar.xz}
if [ -f "$blobs" ]; then
	mkdir -p "$W/corpus-blobs"
	tar -xJf "$blobs" -C "$W/corpus-blobs" 2>/dev/null
	find "$W/corpus-blobs" -type f -size -65537c | while read -r f; do
		cp "$f" "$W/seeds/load/corpus-$(echo "${f#"$W/corpus-blobs/"}" | tr '/' '_')"
	done
	rm -rf "$W/corpus-blobs"
else
	echo "SKIP: no corpus blobs ($blobs): the loader is seeded without them (1 checks skipped)"
fi
echo "seeds/load: $(ls "$W/seeds/load" | wc -l)"
fi

# ------------------------------------------------------------ replay
# the kernel's records (columns 6 on of the oracle's expectations), as
# auditd writes them
i=0
{
	for f in tests/kernel/expected/*.tsv; do
		awk -F '\t' '!/^#/ { for (i = 6; i <= NF; i++) if ($i ~ /^apparmor=/) print $i }' "$f"
	done | sort -u | awk '{ printf "type=AVC msg=audit(1700000000.%03d:%d): %s\n", NR % 1000, NR, $0 }'
	cat tests/tools/data/*.log tests/test-cmd/run.log tests/test-cmd/sides/sides.log
} | grep 'apparmor=' | while IFS= read -r line; do
	i=$((i + 1))
	printf '%s\n' "$line" >"$W/seeds/replay/r$i"
done
echo "seeds/replay: $(ls "$W/seeds/replay" | wc -l)"

# ------------------------------------------------------------ words
{
	cat tests/golden*/queries/*.queries | grep -v '^#' | cut -f 2- |
		sed 's/[ 	]*#.*//'
	for f in tests/kernel/expected/*.tsv; do
		awk -F '\t' '!/^#/ && NF >= 3 { print $3 }' "$f"
	done
} | grep -v '^$' | sort -u | while IFS= read -r line; do
	i=$((i + 1))
	printf '%s\n' "$line" >"$W/seeds/words/w$i"
done
echo "seeds/words: $(ls "$W/seeds/words" | wc -l)"

# ------------------------------------------------------------ manifest
for f in tests/manifests/*.yaml tests/test-cmd/manifests/*.yaml \
	tests/test-cmd/bad/*.yaml; do
	[ -f "$f" ] && cp "$f" "$W/seeds/manifest/$(echo "$f" | tr '/' '_')"
done
echo "seeds/manifest: $(ls "$W/seeds/manifest" | wc -l)"

# ------------------------------------------------------------ query-label
# MASK(le32) LABEL NUL CLASS PARTS: dbus (class 32: bus, name, peer
# label, path, interface, member, NUL-separated) and file (class 2: path)
ql() {
	printf "$2" >"$W/seeds/query-label/$1"
}
ql dbus-send '\002\000\000\000dbus_client\000\040aamedtest\000org.example.Svc\000dbus_service\000/org/example/Svc\000org.example.Svc\000Hello'
ql dbus-recv '\004\000\000\000dbus_service\000\040aamedtest\000:1.42\000dbus_client\000/org/example/Svc\000org.example.Svc\000Ping'
ql dbus-bind '\010\000\000\000dbus_service\000\040aamedtest\000org.example.Svc'
ql dbus-stack '\002\000\000\000dbus_client//&dbus_service\000\040aamedtest\000org.example.Svc\000unconfined\000/\000i\000m'
ql file-read '\004\000\000\000robust_x\000\002/srv/robust/a'
ql file-ns '\002\000\000\000:ns1:robust_t\000\002/srv/robust/t/x'
ql unconfined '\002\000\000\000unconfined\000\040system'
echo "seeds/query-label: $(ls "$W/seeds/query-label" | wc -l)"
