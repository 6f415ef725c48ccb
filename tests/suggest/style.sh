# SPDX-License-Identifier: GPL-2.0-or-later
# tests/suggest/style.sh, sourced by tests/suggest/run.sh: the rules
# written the way the profiles' maintainers write them. The expectations
# are apparmor.d's: its profiles write @{PROC}/@{pid}/ (1702 times in its
# tree) and @{run}/user/@{uid}/ (559), its aa-log spells records the same
# way and writes owner only for a uid other than 0 (pkg/aa/file.go,
# IsOwner), it spells /usr/bin/{,ba,da}sh @{sh_path} but writes
# @{bin}/bzip2 rix and @{bin}/chmod rix rather than a list of programs
# (docs/suggest-vs-maintainers.md, cases 9 and 17), one rule per path
# with its permissions joined, and keeps `include if exists <local/NAME>`
# the block's last line. The tunables here are apparmor.d's, cut down, in
# its order: @{udbus} (16 hex digits) is defined before @{pid} and
# @{uid}, as multiarch.d comes before kernelvars.
# Needs: A, T, PARSER, PINC and the assertions.

srec() { # srec PROFILE OPERATION NAME MASK FSUID OUID
	echo "type=AVC msg=audit(1700000000.000:1): apparmor=\"DENIED\" operation=\"$2\" class=\"file\" profile=\"$1\" name=\"$3\" pid=364 comm=\"probe\" requested_mask=\"$4\" denied_mask=\"$4\" fsuid=$5 ouid=$6"
}
d=$T/style
mkdir -p "$d/src/tunables" "$d/pol"
cat >"$d/src/tunables/style" <<-'EOF'
@{h}=[0-9a-fA-F]
@{udbus}=@{h}{@{h},}{@{h},}{@{h},}{@{h},}{@{h},}{@{h},}{@{h},}{@{h},}{@{h},}{@{h},}{@{h},}{@{h},}{@{h},}{@{h},}{@{h},}
@{pid}={[1-9],[1-9][0-9],[1-9][0-9][0-9],[1-9][0-9][0-9][0-9],[1-9][0-9][0-9][0-9][0-9],[1-9][0-9][0-9][0-9][0-9][0-9],[1-4][0-9][0-9][0-9][0-9][0-9][0-9]}
@{uid}={[0-9],[1-9][0-9],[1-9][0-9][0-9],[1-9][0-9][0-9][0-9],[1-9][0-9][0-9][0-9][0-9],[1-9][0-9][0-9][0-9][0-9][0-9],[1-9][0-9][0-9][0-9][0-9][0-9][0-9]}
@{PROC}=/proc/
@{run}=/run/ /var/run/
@{bin}=/{,usr/}{,s}bin
@{archive_names}=bzip2 gzip xz 7z
@{archive_path}=@{bin}/@{archive_names}
@{sh}=sh bash dash
@{sh_path}=@{bin}/@{sh}
EOF
cat >"$d/src/t_style" <<-'EOF'
include <tunables/style>
profile t_style {
  owner @{run}/user/@{uid}/app/** rw,
  @{PROC}/@{pid}/stat r,

  include if exists <local/t_style>
}
EOF
# no rule writes a number: the narrowest variable that matches
cat >"$d/src/t_bare" <<-'EOF'
include <tunables/style>
profile t_bare {
  /etc/t_bare.conf r,
}
EOF
{
	srec t_style open /run/user/1000/app.sock w 1000 1000
	srec t_style open /proc/4321/mounts r 1000 1000
	srec t_style open /proc/987/mounts r 1000 1000
	srec t_style exec /usr/bin/bzip2 x 0 0
	srec t_style open /usr/bin/bzip2 r 0 0
	srec t_style exec /usr/bin/dash x 0 0
	srec t_style open /etc/t_style.conf r 0 0
	srec t_bare open /proc/77/status r 1000 1000
	echo 'type=AVC msg=audit(1700000000.000:2): apparmor="DENIED" operation="capable" class="cap" profile="t_style" pid=364 comm="probe" capability=12 capname="net_admin"'
} >"$d/log"
for f in t_style t_bare; do
	"$A" compile --parser "$PARSER" -I "$d/src" -I "$PINC" --features tests/features/linux-6.1 \
		-o "$d/pol/$f.bin" "$d/src/$f" 2>"$T/cerr" || { ko "compile $f"; cat "$T/cerr"; }
done
expect suggest-style 1 "$A" suggest --parser "$PARSER" -I "$PINC" --features tests/features/linux-6.1 \
	--policy "$d/pol" --source "$d/src" "$d/log"
# the variable the profile writes at that place, not the first defined
has suggest-style "  owner @{run}/user/@{uid}/app.sock w,"
has suggest-style "  owner @{PROC}/@{pid}/mounts r,"
hasnt suggest-style "@{udbus}"
# without a use in the scope, the narrowest: @{pid} matches neither 0
# nor ten digits, @{uid} does
has suggest-style "  owner @{PROC}/@{pid}/status r,"
# a list of programs does not replace the program's path; the shells'
# own variable does (apparmor.d's aa-log writes @{sh_path} for them)
hasnt suggest-style "@{archive_path}"
has suggest-style "  @{sh_path} ix,"
# root reading root's file: no owner
has suggest-style "  /etc/t_style.conf r,"
hasnt suggest-style "owner /etc/t_style.conf"
hasnt suggest-style "owner @{bin}/bzip2"
# one line per path: the two pids' rule once, the read joined to the
# exec (rix), each request still named under it
n=$(grep -c '^  owner @{PROC}/@{pid}/mounts r,$' "$T/out")
if [ "$n" -eq 1 ]; then ok; else ko "suggest-style: the rule of both pids printed $n times, wanted once"; fi
has suggest-style "      for: open /proc/987/mounts r (1 record)"
has suggest-style "  @{bin}/bzip2 rix,"
hasnt suggest-style "  @{bin}/bzip2 r,"
has suggest-style "      for: open /usr/bin/bzip2 r (1 record)"
has suggest-style "or (an alternative, not proven): /usr/bin/bzip2 rUx,"
has suggest-style "9 records, 9 requests rebuilt, 9 denied; 7 rules suggested, 7 proven"

# --patch: each line once, placed before the local include, which stays
# the block's last line; the patched profile allows every request
expect suggest-style-patch 1 "$A" suggest --patch --parser "$PARSER" -I "$PINC" \
	--features tests/features/linux-6.1 --policy "$d/pol" --source "$d/src" "$d/log"
cp "$T/out" "$d/patch"
n=$(grep -c '^+  owner @{PROC}/@{pid}/mounts r,$' "$d/patch")
if [ "$n" -eq 1 ]; then ok; else ko "suggest-style-patch: the rule of both pids patched in $n times, wanted once"; fi
cp -r "$d/src" "$d/new"
if (cd "$d/new" && patch -p1 -s <"$d/patch") >"$T/perr" 2>&1; then ok; else ko "style: the patch does not apply"; cat "$T/perr"; fi
last=$(awk '/^profile t_style/ { in_ = 1; next } in_ && /^}/ { print prev; exit } in_ && NF { prev = $0 }' "$d/new/t_style")
if [ "$last" = "  include if exists <local/t_style>" ]; then ok; else ko "style: the block's last line is \"$last\", not its local include"; sed 's/^/    /' "$d/new/t_style"; fi
grep -q '^  capability net_admin,$' "$d/new/t_style" && ok || ko "style: no capability rule in the patched profile"
mkdir -p "$d/newpol"
for f in t_style t_bare; do
	"$A" compile --parser "$PARSER" -I "$d/new" -I "$PINC" --features tests/features/linux-6.1 \
		-o "$d/newpol/$f.bin" "$d/new/$f" 2>"$T/cerr" || { ko "recompile $f"; cat "$T/cerr"; }
done
expect style-replay 1 "$A" replay --policy "$d/newpol" "$d/log"
has style-replay "now ALLOWED, was denied (9)"
hasnt style-replay "now DENIED"

# variables inside a name, where the tunables define them: a GUID is
# @{uuid} (apparmor.d's efivars rules, Name-@{uuid}); a number inside a
# name only where the scope writes that variable after the same text
# (its pipewire profile's pipewire-@{int}-manager, beside
# pipewire-@{int}.lock); else it stays. A socket's request names its
# operation once; a mount point gets aa-logprof's glob as an alternative.
d=$T/parts
mkdir -p "$d/src/tunables" "$d/pol"
cat >"$d/src/tunables/parts" <<-'EOF2'
@{d}=[0-9]
@{h}=[0-9a-fA-F]
@{int}=@{d}{@{d},}{@{d},}{@{d},}{@{d},}{@{d},}{@{d},}{@{d},}{@{d},}{@{d},}
@{uid}={[0-9],[1-9][0-9],[1-9][0-9][0-9],[1-9][0-9][0-9][0-9],[1-9][0-9][0-9][0-9][0-9]}
@{hex4}=@{h}@{h}@{h}@{h}
@{hex8}=@{hex4}@{hex4}
@{hex12}=@{hex8}@{hex4}
@{uuid}=@{hex8}[-_]@{hex4}[-_]@{hex4}[-_]@{hex4}[-_]@{hex12}
@{run}=/run/ /var/run/
@{sys}=/sys/
EOF2
cat >"$d/src/t_parts" <<-'EOF2'
include <tunables/parts>
profile t_parts {
  owner @{run}/user/@{uid}/sock-@{int}.lock rwk,
  @{sys}/firmware/efi/efivars/Bar-@{uuid} r,
  # umount(2) asks CAP_SYS_ADMIN before AppArmor's umount check
  capability sys_admin,
  mount fstype=tmpfs -> /srv/other/,
}
EOF2
{
	srec t_parts open /run/user/1000/sock-3-manager w 1000 1000
	srec t_parts open /sys/firmware/efi/efivars/Foo-4a67b082-0a4c-41cf-b6c7-440b29bb8c4f r 0 0
	srec t_parts open /run/log-7-x w 0 0
	echo 'type=AVC msg=audit(1700000000.000:3): apparmor="DENIED" operation="create" class="net" profile="t_parts" pid=364 comm="probe" family="netlink" sock_type="raw" protocol=0 requested_mask="create" denied_mask="create"'
	echo 'type=AVC msg=audit(1700000000.000:4): apparmor="DENIED" operation="umount" class="mount" profile="t_parts" name="/srv/mnt/20250818-101500/" pid=364 comm="probe"'
} >"$d/log"
"$A" compile --parser "$PARSER" -I "$d/src" -I "$PINC" --features tests/features/linux-6.1 \
	-o "$d/pol/t_parts.bin" "$d/src/t_parts" 2>"$T/cerr" || { ko "compile t_parts"; cat "$T/cerr"; }
expect suggest-parts 1 "$A" suggest --parser "$PARSER" -I "$PINC" --features tests/features/linux-6.1 \
	--policy "$d/pol" --source "$d/src" "$d/log"
has suggest-parts "  owner @{run}/user/@{uid}/sock-@{int}-manager w,"
has suggest-parts "  @{sys}/firmware/efi/efivars/Foo-@{uuid} r,"
has suggest-parts "  @{run}/log-7-x w,"
has suggest-parts "      for: create netlink raw (1 record)"
hasnt suggest-parts "create create"
has suggest-parts "  umount /srv/mnt/20250818-101500/,"
has suggest-parts "or (an alternative, not proven): umount /srv/mnt/*/,"
has suggest-parts "5 records, 5 requests rebuilt, 5 denied; 5 rules suggested, 5 proven"
# the diff names one witness per group: the requests it leaves out are
# listed (t_style's other pid among them)
expect suggest-style-again 1 "$A" suggest --parser "$PARSER" -I "$PINC" --features tests/features/linux-6.1 \
	--policy "$T/style/pol" --source "$T/style/src" "$T/style/log"
has suggest-style-again "    the requests themselves, which the witnesses above leave out: "
has suggest-style-again ", /proc/987/mounts,"

# A joined line whose proof fails is split, and only the rule that
# fails alone loses its variable: a deny rule wins over any allow rule
# (apparmor.d(5)), so the write of /proc/11/loud and the exec of
# /usr/bin/prog are not proposed, while the read of /proc/12/loud (which
# spelled to the same line as that write) and the mmap of the program
# (joined with its exec) are, written with their variables.
d=$T/split
mkdir -p "$d/src/tunables" "$d/pol"
cp "$T/style/src/tunables/style" "$d/src/tunables/"
cat >"$d/src/t_split" <<-'EOF2'
include <tunables/style>
profile t_split {
  @{PROC}/@{pid}/stat r,
  audit deny /proc/11/loud w,
  audit deny /usr/bin/prog x,
}
EOF2
{
	srec t_split open /proc/11/loud w 1000 1000
	srec t_split open /proc/12/loud r 1000 1000
	srec t_split file_mmap /usr/bin/prog m 0 0
	srec t_split exec /usr/bin/prog x 0 0
} >"$d/log"
"$A" compile --parser "$PARSER" -I "$d/src" -I "$PINC" --features tests/features/linux-6.1 \
	-o "$d/pol/t_split.bin" "$d/src/t_split" 2>"$T/cerr" || { ko "compile t_split"; cat "$T/cerr"; }
expect suggest-split 1 "$A" suggest --parser "$PARSER" -I "$PINC" --features tests/features/linux-6.1 \
	--policy "$d/pol" --source "$d/src" "$d/log"
has suggest-split "  owner @{PROC}/@{pid}/loud r,"
has suggest-split "  @{bin}/prog m,"
hasnt suggest-split "not generalised"
has suggest-split "  t_split: owner /proc/11/loud w,"
has suggest-split "  t_split: /usr/bin/prog ix,"
has suggest-split "4 records, 4 requests rebuilt, 4 denied; 4 rules suggested, 2 proven"

# --json: each request an entry, a joined one with its line as "rule"
B=$(dirname "$A")
expect suggest-style-json 1 "$A" suggest --json --parser "$PARSER" -I "$PINC" --features tests/features/linux-6.1 \
	--policy "$T/style/pol" --source "$T/style/src" "$T/style/log"
if make --no-print-directory BUILD="$B" "$B/tests/schemacheck" >/dev/null 2>&1; then
	if "$B/tests/schemacheck" docs/json-schema/suggest.v1.json "$T/out" >"$T/sc"; then ok; else ko "style json: schema"; head "$T/sc"; fi
else
	ko "build schemacheck"
fi
has suggest-style-json '"rule":"@{bin}/bzip2 rix,","exact":"/usr/bin/bzip2 r,"'
has suggest-style-json '"rule":"owner @{PROC}/@{pid}/mounts r,","exact":"owner /proc/987/mounts r,"'
