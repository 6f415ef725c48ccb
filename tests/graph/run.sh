#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/graph: aamed graph (the exec model, DOT that Graphviz renders,
# JSON against its schema) and aamed who-can (plain paths, globs answered
# exactly, stacks, hats, children, source attribution), on the profile
# sets of this directory. Expectations come from apparmor.d(5) and the
# kernel's domain.c, written next to each profile; none from aamed's
# output.
# Usage: sh tests/graph/run.sh build/aamed   Ends with "N passed, N failed".
# Environment: APPARMOR_PARSER, APPARMOR_INCLUDE (as tests/tools).
set -u
. "$(dirname "$0")/../suite.sh"
suite_begin graph "$@"
D=tests/graph
PY=${AAMED_PYTHON:-/usr/bin/python3}
FEAT=$ROOT/tests/features/linux-6.1
PARSER=${APPARMOR_PARSER:-apparmor_parser}
PINC=${APPARMOR_INCLUDE:-/etc/apparmor.d}
skipped=0
comp() { "$A" compile --parser "$PARSER" -I "$PINC" --features "$FEAT" -o "$2" "$1" 2>"$T/cerr" || { ko "compile $1"; cat "$T/cerr"; }; }
schema() { # schema NAME SCHEMA: $T/out against docs/json-schema/SCHEMA
	if "$B/tests/schemacheck" "$ROOT/docs/json-schema/$2" "$T/out" >"$T/sc"; then ok; else ko "$1: schema $2"; head "$T/sc"; fi
}
make --no-print-directory BUILD="$B" "$B/tests/schemacheck" >/dev/null 2>&1 || ko "build schemacheck"
for f in dangling other unconfined whocan; do comp "$D/$f.sd" "$T/$f.bin"; done

# The edges of graph --format json ($T/out), one a line:
# FROM KIND MODE TO dangling|- fell_back|- PATH-OR-NAME
edges() {
	"$PY" -c '
import json, sys
d = json.load(open(sys.argv[1]))
n = {x["id"]: x["name"] for x in d["nodes"]}
for e in d["edges"]:
    print(n[e["from"]], e["kind"], e["mode"] or "-", n[e["to"]],
          "dangling" if e["dangling"] else "-",
          "fell_back" if e["fell_back"] else "-", e["path"] or e["name"])
' "$T/out" >"$T/edges"
}
edge() { # edge NAME PATTERN: a line of $T/edges matches the ERE
	if grep -Eq -- "$2" "$T/edges"; then ok; else ko "$1: no edge /$2/"; sed 's/^/    /' "$T/edges" | head -30; fi
}
noedge() {
	if grep -Eq -- "$2" "$T/edges"; then ko "$1: unexpected edge /$2/"; grep -E -- "$2" "$T/edges" | sed 's/^/    /'; else ok; fi
}

# ---------------------------------------------------------------- graph: dangling
expect graph-json 0 "$A" graph --policy "$T/dangling.bin" --policy "$T/other.bin" --format json
schema graph-json graph.v1.json
edges
# positives: the exec (or change_profile) of each dp_* profile has a
# target no profile of the set provides
edge dp-named '^dp_named exec px g_nothere dangling - /g/bin/named$'
edge dp-named-safe '^dp_named_safe exec Px g_nothere2 dangling - /g/bin/nsafe$'
edge dp-attach '^dp_attach exec Px /g/bin/noattach dangling - /g/bin/noattach$'
edge dp-child '^dp_child exec cx [^ ]*nokid dangling - /g/bin/nokid$'
edge dp-child-attach '^dp_child_attach exec Cx /g/bin/nokidatt dangling - /g/bin/nokidatt$'
edge dp-change '^dp_change change_profile - g_ghost dangling - g_ghost$'
edge dp-onexec '^dp_onexec (change_profile|onexec) - g_ghost2 dangling - g_ghost2$'
edge dp-complain '^dp_complain exec Px g_nothere3 dangling - /g/bin/cnamed$'
# negatives, look-alikes: a target in the other file of the set, a
# fallback that decides (pix: the profile itself, pux: unconfined), an
# attachment that covers the path, a child that exists, change_profile
# to a profile (by name or by a glob), an exec a deny rule takes away
noedge dn-any '^dn_[^ ]* .* dangling '
edge dn-other-file '^dn_other_file exec Px g_in_other_file - - /g/bin/other$'
edge dn-pix '^dn_pix exec pix dn_pix - fell_back /g/bin/pix$'
edge dn-pux '^dn_pux exec pux unconfined - fell_back /g/bin/pux$'
edge dn-attach '^dn_attach exec Px g_att - - /g/att/'
edge dn-child '^dn_child exec cx dn_child//kid - - /g/bin/kid$'
edge dn-change '^dn_change change_profile - dn_child - - dn_child$'
edge dn-change-glob '^dn_change_glob change_profile - dn_pux - - dn_pux$'
noedge dn-deny '^dn_deny exec'
edge dn-cix '^dn_cix exec cix dn_cix - fell_back /g/bin/cix$'
# without other.bin, dn_other_file's target is missing
expect graph-alone 0 "$A" graph --policy "$T/dangling.bin" --format json
edges
edge dn-other-alone '^dn_other_file exec Px g_in_other_file dangling - /g/bin/other$'

# ---------------------------------------------------------------- graph: unconfined
expect graph-unconfined 0 "$A" graph --policy "$T/unconfined.bin" --format json
schema graph-unconfined graph.v1.json
edges
edge up-ux '^up_ux exec ux unconfined - - /u/bin/sh$'
edge up-Ux '^up_Ux exec Ux unconfined - - /u/bin/sh$'
edge up-pux '^up_pux_fallback exec pux unconfined - fell_back /u/bin/tool$'
edge up-cux '^up_cux_fallback exec cux unconfined - fell_back /u/bin/tool$'
edge up-chain-1 '^up_chain exec Px u_mid - - /u/bin/mid$'
edge up-chain-2 '^u_mid exec Ux unconfined - - /u/bin/sh$'
edge up-unconfined-mode '^up_to_unconfined_mode exec Px u_free - - /u/bin/free$'
"$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); print([n["unconfined"] for n in d["nodes"] if n["name"]=="u_free"])' "$T/out" | grep -q True && ok || ko "u_free (flags=(unconfined)) is an unconfined node"
edge un-pux-found '^un_pux_found exec pux u_confined - - /u/bin/tool$'
edge un-pix '^un_pix exec pix un_pix - fell_back /u/bin/tool$'
noedge un-deny '^un_deny exec'
noedge un-unconfined '^un_[^ ]* exec [^ ]* unconfined '
# --from: what up_chain reaches, and nothing else
expect graph-from 0 "$A" graph --policy "$T/unconfined.bin" --from up_chain --format json
edges
edge from-1 '^up_chain exec Px u_mid'
edge from-2 '^u_mid exec Ux unconfined'
noedge from-other '^up_ux '

# ---------------------------------------------------------------- graph: DOT
expect graph-dot 0 "$A" graph --policy "$T/dangling.bin" --policy "$T/other.bin"
has graph-dot 'digraph aamed {'
has graph-dot 'label="missing: g_nothere"'
has graph-dot 'label="no profile attaches:\n/g/bin/noattach"'
if command -v dot >/dev/null; then
	for f in dangling unconfined whocan; do
		"$A" graph --policy "$T/$f.bin" >"$T/$f.dot" 2>"$T/err" || ko "graph $f"
		if dot -Tsvg "$T/$f.dot" >"$T/$f.svg" 2>"$T/doterr" && grep -q '<svg' "$T/$f.svg"; then ok; else ko "dot -Tsvg $f.dot"; cat "$T/doterr"; fi
	done
	grep -q 'missing: g_nothere' "$T/dangling.svg" && ok || ko "the SVG names the missing target"
else
	echo "SKIP: Graphviz dot not found (scripts/deps.sh): DOT not rendered (4 checks skipped)"
	skipped=$((skipped + 4))
fi

# ---------------------------------------------------------------- graph: errors
expect graph-no-policy 2 "$A" graph
expect graph-bad-format 2 "$A" graph --policy "$T/dangling.bin" --format svg
has_err graph-bad-format '--format takes dot or json, not "svg"'
expect graph-bad-from 2 "$A" graph --policy "$T/dangling.bin" --from nosuch
has_err graph-bad-from 'no profile "nosuch"'
expect graph-bad-blob 3 "$A" graph --policy "$D/whocan.sd"
expect graph-help 0 "$A" graph --help
has graph-help 'usage: aamed graph'

# ---------------------------------------------------------------- the checks
# dangling-transition and unconfined-reachable (tools/analysis/xcheck.c),
# run by a driver of their own (xcheck_driver.c): one finding a line,
# "ID LEVEL PROFILE: MESSAGE | WITNESS", the chain indented below
# (a sanitizer build's library needs the driver built the same way)
driver() {
	cc -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -Iinclude -Itools/analysis \
		"$@" -o "$T/xcheck" "$D/xcheck_driver.c" tools/analysis/xgraph.c tools/analysis/xwalk.c \
		tools/analysis/xchange.c tools/analysis/xcheck.c "$B/libaamed.a" -lpthread 2>"$T/cc.err"
}
if driver || driver -fsanitize=address,undefined; then
	ok
	expect check-dangling 0 "$T/xcheck" "$T/dangling.bin" "$T/other.bin"
	for p in dp_named dp_named_safe dp_attach dp_child dp_child_attach dp_change dp_onexec dp_complain; do
		has "check-$p" "dangling-transition error $p: "
	done
	has check-named '/g/bin/named px -> g_nothere: no profile "g_nothere" in the set; the exec fails ("profile transition not found") | file /g/bin/named x'
	has check-attach '/g/bin/noattach Px: no profile attaches to /g/bin/noattach; the exec fails'
	has check-change 'dp_change: change_profile -> g_ghost: no profile of the set is named so | change_profile g_ghost'
	hasnt check-dn 'dangling-transition error dn_'
	hasnt check-dn-w 'dangling-transition warning dn_'
	[ "$(grep -c '^dangling-transition' "$T/out")" -eq 8 ] && ok || ko "check-dangling: $(grep -c '^dangling-transition' "$T/out") findings, wanted 8"
	expect check-dangling-alone 0 "$T/xcheck" "$T/dangling.bin"
	has check-other-alone 'dangling-transition error dn_other_file: /g/bin/other Px -> g_in_other_file'
	expect check-unconfined 0 "$T/xcheck" "$T/unconfined.bin"
	for p in up_ux up_Ux up_pux_fallback up_cux_fallback up_chain up_to_unconfined_mode; do
		has "check-$p" "unconfined-reachable warning $p: "
	done
	has check-chain-1 'up_chain: reaches unconfined in 2 execs (first: Px) | file /u/bin/mid x'
	has check-chain-2 '    up_chain -Px /u/bin/mid-> u_mid'
	has check-chain-3 '    u_mid -Ux /u/bin/sh-> unconfined'
	has check-fallback '    up_pux_fallback -pux /u/bin/tool (fallback)-> unconfined'
	has check-mode '    up_to_unconfined_mode -Px /u/bin/free-> u_free (unconfined mode)'
	hasnt check-un 'unconfined-reachable warning un_'
	hasnt check-free 'unconfined-reachable warning u_free:'
	has check-unconf-dangling 'dangling-transition error un_chain_dangling: '
else
	ko "build the checks' driver"
	cat "$T/cc.err"
fi

# ---------------------------------------------------------------- who-can
# a plain path: the profiles whose rules grant it (w_deny's deny rule
# takes precedence; w_owner's owner rule applies, fsuid = ouid = 0)
expect wc-plain 0 "$A" who-can --policy "$T/whocan.bin" file /etc/shadow w
has wc-plain 'w_all (profile): /etc/shadow'
has wc-plain 'w_star (profile): /etc/shadow'
has wc-plain 'w_owner (profile): /etc/shadow'
has wc-plain 'w_complain (profile): /etc/shadow (complain)'
hasnt wc-plain 'w_deny'
hasnt wc-plain 'w_some'
hasnt wc-plain 'w_none'
# a glob, every path of it: "**" covers "/etc/a/b", which "/etc/*" does not
expect wc-glob 0 "$A" who-can --policy "$T/whocan.bin" file '/etc/**' w
has wc-glob 'w_all (profile): all paths'
has wc-glob 'w_owner (profile): all paths'
has wc-glob 'w_some (profile): some paths, e.g. /etc/foo'
has wc-glob 'w_star (profile): some paths, e.g. /etc/'
has wc-glob 'w_deny (profile): some paths, e.g. /etc/'
has wc-glob 'w_hat//h (hat): some paths, e.g. /etc/hosts'
has wc-glob 'w_parent//kid (child): some paths, e.g. /etc/kid/'
has wc-glob 'w_complain (profile): all paths (complain)'
hasnt wc-glob 'w_none'
hasnt wc-glob 'w_dir'
# "/etc/*" is all of what w_star grants
expect wc-star 0 "$A" who-can --policy "$T/whocan.bin" file '/etc/*' w
has wc-star 'w_star (profile): all paths'
# the owner rule does not apply to a file the task does not own
expect wc-owner 0 "$A" who-can --policy "$T/whocan.bin" file '/etc/**' w --fsuid 1000 --ouid 0
hasnt wc-owner 'w_owner'
# a stack may what both members may: w_all's "/etc/**" with w_star's "/etc/*"
expect wc-stack 0 "$A" who-can --policy "$T/whocan.bin" --label 'w_all//&w_star' file '/etc/**' w
has wc-stack 'w_all//&w_star (stack): some paths, e.g. /etc/'
expect wc-stack-star 0 "$A" who-can --policy "$T/whocan.bin" --label 'w_all//&w_star' file '/etc/*' w
has wc-stack-star 'w_all//&w_star (stack): all paths'
# "/srv/**" does not match "/srv/" itself; "/srv/{,**}" includes it
expect wc-dir 0 "$A" who-can --policy "$T/whocan.bin" file '/srv/{,**}' r
has wc-dir 'w_dir (profile): some paths, e.g. /srv/'
expect wc-dir2 0 "$A" who-can --policy "$T/whocan.bin" file '/srv/**' r
has wc-dir2 'w_dir (profile): all paths'
# nobody (but complain mode) writes under /usr
expect wc-nobody 0 "$A" who-can --policy "$T/whocan.bin" file '/usr/**' w
has wc-nobody 'w_complain (profile): all paths (complain)'
hasnt wc-nobody 'w_all'
# JSON
expect wc-json 0 "$A" who-can --policy "$T/whocan.bin" --json file '/etc/**' w
schema wc-json who-can.v1.json
has wc-json '"label":"w_some","kind":"profile","extent":"some","witness":"/etc/foo"'
has wc-json '"label":"w_all","kind":"profile","extent":"all"'
# --source: the rule that grants, at its line
if "$PARSER" --version >/dev/null 2>&1; then
	expect wc-source 0 "$A" who-can --policy "$T/whocan.bin" --features "$FEAT" -I "$PINC" --source "$D/whocan.sd" file '/etc/*' w
	has wc-source "$D/whocan.sd:8: /etc/foo w,"
	has wc-source "$D/whocan.sd:14: /etc/* w,"
	has wc-source "$D/whocan.sd:21: owner /etc/** w,"
	expect wc-source-json 0 "$A" who-can --policy "$T/whocan.bin" --features "$FEAT" -I "$PINC" --json --source "$D/whocan.sd" file '/etc/foo' w
	schema wc-source-json who-can.v1.json
	has wc-source-json '"rules":[{"file":"tests/graph/whocan.sd","line":8,"rule":"/etc/foo w,"}]'
fi
# errors
expect wc-none 1 "$A" who-can --policy "$T/other.bin" file /nowhere/x w
[ -s "$T/out" ] && ko "wc-none: printed $(cat "$T/out")" || ok
expect wc-usage 2 "$A" who-can --policy "$T/whocan.bin"
expect wc-bad-label 2 "$A" who-can --policy "$T/whocan.bin" --label nosuch file /etc/a r
has_err wc-bad-label 'label "nosuch": no such profile'
expect wc-bad-glob 2 "$A" who-can --policy "$T/whocan.bin" file '/etc/{a' r
has_err wc-bad-glob 'apparmor_parser could not compile the glob'
expect wc-bad-policy 3 "$A" who-can --policy "$D/whocan.sd" file /etc/a r

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
