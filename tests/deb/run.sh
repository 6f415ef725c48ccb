#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/deb: the Debian packages debian/ describes.
#
# The symbols file is checked against the ABI baseline first (no build
# needed). Then dpkg-buildpackage builds the packages once, from an export
# of the source tree into a scratch directory (tracked files and new files
# git does not ignore, as they are in the work tree; the work tree and
# build/ are left alone), lintian checks them (an E: tag fails), and they
# are unpacked (dpkg -x) into a scratch root, from where each installed
# program runs: aamed --version, compile and query (allowed and denied),
# aamed-bench --help, a C program built with the installed pkg-config
# file, header and library, the LD_PRELOAD drop-in under a program linked
# with libapparmor, and `import aamed` when python3-aamed is built.
#
#   sh tests/deb/run.sh        Ends with "N passed, N failed".
# Environment: DEB_KEEP=DIR copies the built packages to DIR.
set -u
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/aamed-deb.XXXXXX")
trap 'rm -rf "$T"' EXIT
. tests/assert.sh
start=$(date +%s)

finish() {
	echo "deb: took $(($(date +%s) - start)) s"
	suite_end
}

# ---------------------------------------------------------------- symbols
# Every symbol of the baseline has its line in debian/libaamed0.symbols and
# the file names no other (but the version node itself): a function added
# to aamed.h and the baseline without its symbols line fails here, and at
# build time dpkg-gensymbols -c4 fails on the library itself.
SYMS=debian/libaamed0.symbols
sed -n "s/.*<elf-symbol name='\([^']*\)' version='\([^']*\)'.*/\1@\2/p" \
	abi/libaamed.abi | LC_ALL=C sort -u >"$T/base"
awk '/^ / { split($1, s, "@"); if (s[1] != s[2]) print $1 }' "$SYMS" |
	LC_ALL=C sort -u >"$T/syms"
[ -s "$T/base" ] && ok || ko "no elf-symbol in abi/libaamed.abi"
LC_ALL=C comm -23 "$T/base" "$T/syms" >"$T/nosym"
if [ -s "$T/nosym" ]; then
	ko "in abi/libaamed.abi, not in $SYMS: $(tr '\n' ' ' <"$T/nosym" | cut -c1-400)"
else
	ok
fi
LC_ALL=C comm -13 "$T/base" "$T/syms" >"$T/nobase"
if [ -s "$T/nobase" ]; then
	ko "in $SYMS, not in abi/libaamed.abi: $(tr '\n' ' ' <"$T/nobase" | cut -c1-400)"
else
	ok
fi
# the version nodes the symbols name are the version script's
sed 's/.*@//' "$T/syms" | sort -u >"$T/nodes"
sed -n 's/^\([A-Za-z0-9_.]*\) *{.*/\1/p' src/libaamed.map | sort -u >"$T/mapnodes"
if [ -n "$(comm -23 "$T/nodes" "$T/mapnodes")" ]; then
	ko "version nodes of $SYMS not in src/libaamed.map: $(comm -23 "$T/nodes" "$T/mapnodes" | tr '\n' ' ')"
else
	ok
fi
# the soname: the baseline's, the symbols file's, the package's name
soname=$(sed -n "1s/.* soname='\([^']*\)'.*/\1/p" abi/libaamed.abi)
set -- $(head -n 1 "$SYMS")
if [ "$1" = "$soname" ] && [ "${2:-}" = "libaamed$(echo "$soname" | sed 's/.*\.so\.//')" ]; then
	ok
else
	ko "symbols file's first line \"$*\" against the baseline's soname $soname"
fi
# the package's version is the Makefile's (a release bumps both)
mkver=$(sed -n 's/^VERSION := *//p' Makefile)
debver=$(sed -n '1s/^[^ ]* (\([^)]*\)).*/\1/p' debian/changelog)
[ "${debver%%-*}" = "$mkver" ] && ok ||
	ko "debian/changelog's version $debver, the Makefile's $mkver"

# ---------------------------------------------------------------- build
# (python3-aamed's checks count when debian/control has the package)
py=0
grep -q '^Package: python3-aamed$' debian/control && py=1
missing=
for t in dpkg-buildpackage dh lintian dpkg-deb; do
	command -v "$t" >/dev/null 2>&1 || missing="$missing $t"
done
if [ -n "$missing" ]; then
	echo "SKIP: not installed:$missing (dpkg-dev, debhelper, lintian: scripts/deps.sh) ($((54 + py * 9)) checks skipped)"
	finish
fi

mkdir -p "$T/src"
if git rev-parse --git-dir >/dev/null 2>&1; then
	# a tracked file deleted in the work tree is left out, not an error
	git ls-files -z --cached --others --exclude-standard |
		tar --null -T - --ignore-failed-read -cf - 2>/dev/null |
		tar -xf - -C "$T/src"
else
	tar --exclude=./build --exclude=./build-asan --exclude=./build-cov \
		--exclude=./cache --exclude=./tests/kernel/work -cf - . |
		tar -xf - -C "$T/src"
fi
[ -f "$T/src/debian/control" ] && ok || ko "export of the source tree has no debian/control"

echo "building the packages (dpkg-buildpackage -us -uc -b)"
b0=$(date +%s)
if (cd "$T/src" && DEB_BUILD_OPTIONS="nocheck parallel=2 noddebs" \
	dpkg-buildpackage -us -uc -b) >"$T/build.log" 2>&1; then
	ok
else
	ko "dpkg-buildpackage failed"
	tail -n 40 "$T/build.log" | sed 's/^/    /'
	finish
fi
echo "deb: dpkg-buildpackage took $(($(date +%s) - b0)) s"

# the packages debian/control declares, and only those
pkgs=$(sed -n 's/^Package: *//p' debian/control)
for p in $pkgs; do
	set -- "$T/${p}"_*.deb
	if [ -f "$1" ]; then ok; else ko "no package $p built"; fi
done
[ -n "${DEB_KEEP:-}" ] && mkdir -p "$DEB_KEEP" && cp "$T"/*.deb "$DEB_KEEP"/

# ---------------------------------------------------------------- lintian
# exit 0 (no error), 1 (an error tag); anything else is lintian failing
l0=$(date +%s)
lintian --tag-display-limit 0 "$T"/*.changes >"$T/lintian" 2>"$T/lintian.err"
rc=$?
echo "deb: lintian took $(($(date +%s) - l0)) s"
if [ "$rc" -gt 1 ]; then
	ko "lintian exit $rc"
	sed 's/^/    /' "$T/lintian.err" | head
elif grep -q '^E:' "$T/lintian"; then
	ko "lintian errors:"
	grep '^E:' "$T/lintian" | sed 's/^/    /'
else
	ok
fi
# warnings are shown for a reader, not counted
grep '^W:' "$T/lintian" | sed 's/^/lintian: /'

# ---------------------------------------------------------------- contents
TRIP=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)
R=$T/root
mkdir -p "$R"
for d in "$T"/*.deb; do
	case $d in *-dbgsym_*) continue ;; esac
	dpkg -x "$d" "$R" || ko "dpkg -x $(basename "$d")"
	dpkg-deb -c "$d" | awk '{ print $6 }' | sed 's|^\./||' \
		>"$T/$(basename "$d" | sed 's/_.*//').list"
done
# in_pkg PKG PATH...: the package holds each path
in_pkg() {
	_p=$1
	shift
	for _f in "$@"; do
		if grep -qxF "$_f" "$T/$_p.list"; then ok; else ko "$_p lacks $_f"; fi
	done
}
L=usr/lib/$TRIP
in_pkg libaamed0 "$L/libaamed.so.0" "$L/libaamed.so.$mkver"
in_pkg libaamed-dev usr/include/aamed.h "$L/libaamed.so" "$L/libaamed.a" \
	"$L/pkgconfig/aamed.pc" usr/share/man/man3/libaamed.3.gz
in_pkg aamed usr/bin/aamed "$L/aamed/libaamed-apparmor.so" \
	usr/share/aamed/features/linux-6.1 usr/share/aamed/parsers.sh \
	usr/share/aamed/securityfs/features/dbus/mask \
	usr/share/bash-completion/completions/aamed \
	usr/share/man/man7/libaamed-apparmor.7.gz
in_pkg aamed-bench usr/bin/aamed-bench usr/share/man/man1/aamed-bench.1.gz \
	usr/share/bash-completion/completions/aamed-bench
# every page of man/ in the package it documents
n3=$(ls man/*.3 | wc -l)
g3=$(grep -c '^usr/share/man/man3/.*\.3\.gz$' "$T/libaamed-dev.list")
[ "$n3" -eq "$g3" ] && ok || ko "libaamed-dev has $g3 section-3 pages, man/ $n3"
n1=$(ls man/*.1 | grep -vc 'aamed-bench')
g1=$(grep -c '^usr/share/man/man1/.*\.1\.gz$' "$T/aamed.list")
[ "$n1" -eq "$g1" ] && ok || ko "aamed has $g1 section-1 pages, man/ $n1 (aamed-bench.1 apart)"
# the library package holds the library alone (and its docs)
if grep -v -e '^usr/share/doc/' -e "^$L/libaamed\.so\.[0-9.]*\$" -e '/$' \
	"$T/libaamed0.list" | grep -q .; then
	ko "libaamed0 holds more than the library: $(grep -v -e '^usr/share/doc/' -e '/$' "$T/libaamed0.list" | tr '\n' ' ')"
else
	ok
fi
# the installed library exports exactly the symbols file's functions
nm -D --defined-only "$R/$L/libaamed.so.0" | awk '$2 != "A" { print $3 }' |
	sed 's/@@/@/' | LC_ALL=C sort -u >"$T/exported"
if cmp -s "$T/exported" "$T/syms"; then ok; else
	ko "the packaged libaamed.so.0 exports other symbols than $SYMS:"
	diff "$T/syms" "$T/exported" | head | sed 's/^/    /'
fi

# ---------------------------------------------------------------- programs
# From a directory with no tests/ nor examples/: nothing falls back on the
# source tree.
mkdir -p "$T/work"
cd "$T/work" || exit 2
AAMED=$R/usr/bin/aamed
expect "aamed --version" 0 "$AAMED" --version
has "aamed --version" "aamed $mkver"
# built for PREFIX=/usr: the feature sets and the oracle's scripts are
# looked for where the package put them
if strings "$AAMED" | grep -qx /usr/share/aamed; then ok; else
	ko "aamed does not look for its data in /usr/share/aamed"
fi

cat >smoke.profile <<'EOF'
abi <abi/3.0>,
profile smoke /usr/bin/smoke {
  /etc/smoke/** r,
  deny /etc/smoke/secret r,
}
EOF
if command -v apparmor_parser >/dev/null 2>&1 || [ -x /sbin/apparmor_parser ]; then
	expect "aamed compile" 0 env AAMED_FEATURES_DIR="$R/usr/share/aamed/features" \
		"$AAMED" compile --features linux-6.1 -o smoke.bin smoke.profile
	# a rule that allows reading, an explicit deny (quiet: no record) and
	# a permission no rule grants (logged)
	expect "query: allowed read" 0 "$AAMED" query --policy smoke.bin \
		--label smoke file /etc/smoke/app.conf r
	has "query: allowed read" ALLOWED
	expect "query: denied by a deny rule" 1 "$AAMED" query --policy smoke.bin \
		--label smoke file /etc/smoke/secret r
	has "query: denied by a deny rule" DENIED
	hasnt "query: a deny rule is quiet" 'apparmor="DENIED"'
	expect "query: write not granted" 1 "$AAMED" query --policy smoke.bin \
		--label smoke file /etc/smoke/app.conf w
	has "query: write not granted" 'apparmor="DENIED" operation="open" profile="smoke" name="/etc/smoke/app.conf"'
	has "query: write not granted" 'denied_mask="w"'
	policy=ok
else
	echo "SKIP: apparmor_parser not found: compile, query, the C program, the drop-in, python3-aamed's query ($((12 + py * 4)) checks skipped)"
	policy=
fi

expect "aamed-bench --help" 0 "$R/usr/bin/aamed-bench" --help
has "aamed-bench --help" "usage: aamed-bench"

# pkg-config against the scratch root: its own paths, rebased
export PKG_CONFIG_SYSROOT_DIR="$R" PKG_CONFIG_LIBDIR="$R/$L/pkgconfig"
export PKG_CONFIG_ALLOW_SYSTEM_CFLAGS=1 PKG_CONFIG_ALLOW_SYSTEM_LIBS=1
expect "pkg-config --cflags" 0 pkg-config --cflags aamed
has "pkg-config --cflags" "-I$R/usr/include"
expect "pkg-config --libs" 0 pkg-config --libs aamed
has "pkg-config --libs" "-L$R/$L"
has "pkg-config --libs" "-laamed"

cat >prog.c <<'EOF'
/* Decides two file requests of the smoke profile through libaamed. */
#include <stdio.h>
#include <aamed.h>

static const char *decide(const aamed_label *l, const char *path, uint32_t req)
{
	struct aamed_file_req r = {
		.size = sizeof(r), .path = path, .request = req, .op = AAMED_OP_OPEN,
	};

	return aamed_file_perm(l, &r, NULL, NULL) ? "denied" : "allowed";
}

int main(int argc, char **argv)
{
	struct aamed_error err = { .offset = -1 };
	aamed_policy *p = aamed_policy_new();
	const aamed_label *l;
	int e;

	if (argc != 2 || !p || aamed_policy_load_path(p, argv[1], &err))
		return 3;
	l = aamed_label_get(p, "smoke", &e);
	if (!l)
		return 3;
	printf("read %s\n", decide(l, "/etc/smoke/app.conf", AAMED_MAY_READ));
	printf("write %s\n", decide(l, "/etc/smoke/app.conf", AAMED_MAY_WRITE));
	aamed_policy_free(p);
	return 0;
}
EOF
printf 'read allowed\nwrite denied\n' >prog.want
# shellcheck disable=SC2046
if cc -std=c11 -Wall -Werror $(pkg-config --cflags aamed) -o prog prog.c \
	$(pkg-config --libs aamed) 2>cc.err; then
	ok
	readelf -d prog | grep -q 'NEEDED.*\[libaamed\.so\.0\]' && ok ||
		ko "the C program does not need libaamed.so.0"
else
	ko "a C program does not build with the installed aamed.h and pkg-config"
	sed 's/^/    /' cc.err | head
fi
# and the static library alone (pkg-config --static adds -lpthread)
# shellcheck disable=SC2046
if cc -std=c11 $(pkg-config --cflags aamed) -o prog-static prog.c \
	"$R/$L/libaamed.a" $(pkg-config --static --libs-only-l aamed | sed 's/-laamed//') \
	2>cc.err; then ok; else
	ko "a C program does not link with the installed libaamed.a"
	sed 's/^/    /' cc.err | head
fi
if [ -n "$policy" ]; then
	for x in prog prog-static; do
		[ -x "$x" ] || { ko "$x not built"; continue; }
		LD_LIBRARY_PATH="$R/$L" "./$x" smoke.bin >"$x.out" 2>&1
		rc=$?
		if [ "$rc" -eq 0 ] && cmp -s prog.want "$x.out"; then ok; else
			ko "$x: exit $rc, output: $(tr '\n' ' ' <"$x.out")"
		fi
	done
fi

# The drop-in answers libapparmor's aa_query_file_path() from AAMED_POLICY.
cat >shim.c <<'EOF'
#include <stdio.h>
#include <sys/apparmor.h>

static int q(const char *path)
{
	int allowed = -1, audited = -1;

	if (aa_query_file_path(AA_MAY_READ, "smoke", path,
			       &allowed, &audited) < 0)
		return -1;
	return allowed;
}

int main(void)
{
	printf("%d %d\n", q("/etc/smoke/app.conf"), q("/etc/smoke/secret"));
	return 0;
}
EOF
if cc -std=c11 -Wall -Werror -o shim shim.c -lapparmor 2>cc.err; then ok; else
	ko "a program linked with libapparmor does not build"
	sed 's/^/    /' cc.err | head
fi
if [ -n "$policy" ] && [ -x shim ]; then
	LD_PRELOAD="$R/$L/aamed/libaamed-apparmor.so" AAMED_POLICY=smoke.bin \
		./shim >shim.out 2>shim.err
	if [ "$(cat shim.out)" = "1 0" ]; then ok; else
		ko "the drop-in: read app.conf, read secret: $(cat shim.out shim.err | tr '\n' ' ') (wanted 1 0)"
	fi
fi

# python3-aamed: the module imports from the scratch root alone (Debian's
# interpreter, no build tree on the path) and decides as aamed query does.
if [ -f "$T/python3-aamed.list" ]; then
	PYD=$R/usr/lib/python3/dist-packages
	in_pkg python3-aamed usr/lib/python3/dist-packages/aamed/__init__.py
	grep -q '^usr/lib/python3/dist-packages/aamed/_aamed\..*\.so$' \
		"$T/python3-aamed.list" && ok || ko "python3-aamed lacks its extension module"
	expect "import aamed" 0 env PYTHONPATH="$PYD" PYTHONDONTWRITEBYTECODE=1 \
		/usr/bin/python3 -c 'import aamed; print(aamed.__file__)'
	has "import aamed" "$PYD/aamed/__init__.py"
	if [ -n "$policy" ]; then
		expect "python3-aamed query" 0 env PYTHONPATH="$PYD" \
			PYTHONDONTWRITEBYTECODE=1 /usr/bin/python3 -c '
import aamed
p = aamed.Policy("smoke.bin")
for req in ("file /etc/smoke/app.conf r", "file /etc/smoke/secret r",
            "file /etc/smoke/app.conf w"):
    d = p.query("smoke", req)
    print(req, d.allowed, d.errno, [r.get("apparmor") for r in d.records])
'
		has "python3-aamed query" "file /etc/smoke/app.conf r True 0 []"
		has "python3-aamed query" "file /etc/smoke/secret r False 13 []"
		has "python3-aamed query" "file /etc/smoke/app.conf w False 13 ['DENIED']"
	fi
else
	echo "note: no python3-aamed package in debian/control yet"
fi

finish
