# SPDX-License-Identifier: GPL-2.0-or-later
# tests/tools: aamed diff on every exec transition mode and fallback,
# sourced by run.sh (its helpers: expect, has, comp, $A, $T, $FEAT).
#
# The modes of apparmor.d(5) and the kernel's x_to_label(): ix, px, cx,
# ux, pix, pux, cix, cux, each unsafe (lower case: the environment is
# kept) and safe (upper case: scrubbed; ix has no such form). Profile t
# gives /bin/x one mode; the policy holds profile x attaching to /bin/x
# and t's child c attaching to /bin/x. Expected landings of an exec of
# /bin/x, from the documented semantics (px: the profile attached to the
# path; cx: t's child attached to it; a fallback only when none is):
#   MODE  LANDING-HERE                  LANDING-AS-THE-RULE-READS
XMODES='
ix|t|t
px|x|the profile attached to /bin/x, else denied
Px|x (environment scrubbed)|the profile attached to /bin/x (environment scrubbed), else denied
cx|t//c|the child attached to /bin/x, else denied
Cx|t//c (environment scrubbed)|the child attached to /bin/x (environment scrubbed), else denied
ux|unconfined|unconfined
Ux|unconfined (environment scrubbed)|unconfined (environment scrubbed)
pix|x|the profile attached to /bin/x, else t
Pix|x (environment scrubbed)|the profile attached to /bin/x (environment scrubbed), else t
pux|x|the profile attached to /bin/x, else unconfined
Pux|x (environment scrubbed)|the profile attached to /bin/x (environment scrubbed), else unconfined
cix|t//c|the child attached to /bin/x, else t
Cix|t//c (environment scrubbed)|the child attached to /bin/x (environment scrubbed), else t
cux|t//c|the child attached to /bin/x, else unconfined
Cux|t//c (environment scrubbed)|the child attached to /bin/x (environment scrubbed), else unconfined
'
xpolicy() { # xpolicy MODE FILE: t executes /bin/x with MODE
	printf 'profile t {\n  /bin/x %s,\n  profile c /bin/x {\n  }\n}\nprofile x /bin/x {\n}\n' "$1" >"$2"
}
echo "$XMODES" | grep . >"$T/xmodes"
# each mode compiled once; its landing checked with aamed query (which
# decides exec as the kernel does) before diff is judged by it
while IFS='|' read -r m here rule <&3; do
	xpolicy "$m" "$T/xm-$m.sd"
	comp "$T/xm-$m.sd" "$T/xm-$m.bin"
	expect "diff-xmode-query-$m" 0 "$A" query --policy "$T/xm-$m.bin" --label t file /bin/x x
	has "diff-xmode-query-$m" ":${here% (environment scrubbed)}"
done 3<"$T/xmodes"
# every pair of different modes: exit 1, both modes named, and where an
# exec of /bin/x lands on each side (here when that differs, else as the
# rules read)
while IFS='|' read -r m1 h1 r1 <&3; do
	while IFS='|' read -r m2 h2 r2 <&4; do
		[ "$m1" != "$m2" ] || continue
		_n=diff-xmode-$m1-$m2
		expect "$_n" 1 "$A" diff "$T/xm-$m1.bin" "$T/xm-$m2.bin"
		has "$_n" "transition $m1 => $m2 "
		if [ "$h1" != "$h2" ]; then
			has "$_n" "/bin/x: becomes $h1 => $h2"
		else
			has "$_n" "/bin/x: becomes $r1 => $r2"
		fi
	done 4<"$T/xmodes"
done 3<"$T/xmodes"
# the same mode spelled two ways: no difference, exit 0
while IFS='|' read -r m here rule <&3; do
	printf 'profile t {\n  /bin/x %s,\n  /bin/y %s,\n  profile c /bin/x {\n  }\n}\nprofile x /bin/x {\n}\n' "$m" "$m" >"$T/xs1.sd"
	printf 'profile t {\n  /bin/{x,y} %s,\n  profile c /bin/x {\n  }\n}\nprofile x /bin/x {\n}\n' "$m" >"$T/xs2.sd"
	expect "diff-xmode-same-$m" 0 "$A" diff --features "$FEAT" "$T/xs1.sd" "$T/xs2.sd"
	has "diff-xmode-same-$m" "no semantic difference"
done 3<"$T/xmodes"
eq xmode-PIx '  /bin/x Pix,' '  /bin/x PIx,'
eq xmode-pUx '  /bin/x pux,' '  /bin/x pUx,'
eq xmode-CUx '  /bin/x Cux,' '  /bin/x CUx,'
# named and stacked targets
df xmode-named '  /bin/x px -> a,' '  /bin/x px -> b,' 'transition px -> a => px -> b' '/bin/x: becomes a, else denied => b, else denied'
df xmode-stack '  /bin/x Px -> &a,' '  /bin/x Px -> &b,' 'transition Px -> &a => Px -> &b' \
	'/bin/x: becomes a stacked on the profile attached to /bin/x (environment scrubbed), else denied => b stacked on'
df xmode-stack-named '  /bin/x px -> &a,' '  /bin/x px -> a,' 'transition px -> &a => px -> a' '/bin/x: becomes'
