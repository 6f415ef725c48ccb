#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/ci: the CI files users copy keep working.
#  - action.yml's steps run as the runner runs them (tests/ci/action.py:
#    the YAML read with PyYAML, each run: step in a scratch directory with
#    the inputs substituted), on manifests of tests/test-cmd: the exit
#    code, the JUnit file where the junit input says and valid against
#    tests/test-cmd/junit.xsd, the action's outputs, build/ on GITHUB_PATH.
#    The deps step runs when `scripts/deps.sh --check` finds nothing
#    missing (then it installs nothing); otherwise it is skipped (input
#    install-deps: false) and counted. No network.
#  - .pre-commit-hooks.yaml parses, its aamed-test hook's entry is a
#    command that exists, its files: pattern takes manifests and leaves
#    other YAML, and the hook run as pre-commit runs it passes.
#  - docs/ci.md's YAML blocks parse, and the workflow's uses of the action
#    name only inputs and outputs action.yml has.
# Usage: sh tests/ci/run.sh build/aamed   Ends with "N passed, N failed".
# Environment: APPARMOR_PARSER, APPARMOR_INCLUDE as tests/tools.
set -u
. "$(dirname "$0")/../suite.sh"
suite_begin ci "$@"
if ! python3 -c 'import yaml' 2>/dev/null; then
	echo "SKIP: python3 with PyYAML (python3-yaml) not found (1 checks skipped)"
	echo "0 passed, 1 failed"
	exit 1
fi
# the action builds build/aamed of its checkout: that is the one tested
[ "$A" = "$ROOT/build/aamed" ] || echo "note: the action runs $ROOT/build/aamed, not $A"

FEAT=$ROOT/tests/features/linux-6.1
PARSER=${APPARMOR_PARSER:-apparmor_parser}
PINC=${APPARMOR_INCLUDE:-/etc/apparmor.d}
M=$ROOT/tests/test-cmd/manifests
W=$T/work
mkdir -p "$W/tests/more"
cp "$M/golden.yaml" "$M/failing.yaml" "$M/kernel612.yaml" "$W/tests/"
cp "$M/golden.yaml" "$W/tests/more/second.yaml"
"$A" compile --parser "$PARSER" -I "$PINC" --features "$FEAT" -o "$W/golden.bin" \
	tests/golden/profiles/*.profile 2>"$T/cerr" || { ko "compile the golden profiles"; cat "$T/cerr"; }

# the deps step, when it cannot reach for the network
DEPS="install-deps=true"
if ! sh scripts/deps.sh --check >"$T/deps" 2>&1; then
	DEPS="install-deps=false"
	echo "SKIP: the action's deps step: $(cat "$T/deps") (1 checks skipped)"
fi

# action NAME WANTED_RC INPUT=VALUE...: the action's steps in $W
action() {
	_n=$1 _rc=$2
	shift 2
	rm -rf "$W/reports"
	python3 tests/ci/action.py "$ROOT" "$W" "$DEPS" "$@" >"$T/out" 2>&1
	_got=$?
	if [ "$_got" -eq "$_rc" ]; then ok; else ko "$_n: exit $_got, wanted $_rc"; sed 's/^/    /' "$T/out" | tail -30; fi
}
junit_ok() {
	if [ -s "$2" ] && xmllint --noout --schema tests/test-cmd/junit.xsd "$2" 2>"$T/err"; then ok; else
		ko "$1: no valid JUnit file at $2"; cat "$T/err" 2>/dev/null | head -5; fi
}

# ---------------------------------------------------------------- passing
action pass 0 manifests=tests/golden.yaml policy=golden.bin junit=reports/aamed.xml
case $DEPS in *true) has pass "step 1: Install aamed's Debian packages: ran, exit 0" ;; *) has pass "step 1: Install aamed's Debian packages: skipped" ;; esac
has pass "step 2: Build aamed: ran, exit 0"
has pass "step 3: aamed test: ran, exit 0"
has pass "ok 21 - a signal needs both sides' rules"
has pass "output junit=$W/reports/aamed.xml"
has pass "output exit-code=0"
junit_ok pass "$W/reports/aamed.xml"
cp "$W/reports/aamed.xml" "$T/out"
has pass '<testsuites name="aamed test" tests="21" failures="0" errors="0">'
# aamed is on the PATH of the job's later steps
[ "$(cat "$W/.github_path")" = "$ROOT/build" ] && ok || ko "GITHUB_PATH: $(cat "$W/.github_path")"

# ---------------------------------------------------------------- failing
# a failing test fails the step, and the JUnit file is there to upload
action failing 1 manifests="tests/golden.yaml tests/failing.yaml" policy=golden.bin junit=reports/aamed.xml
has failing "step 3: aamed test: ran, exit 1"
has failing "not ok 23 - wrongly expects a write to read.txt"
has failing "output exit-code=1"
junit_ok failing "$W/reports/aamed.xml"
cp "$W/reports/aamed.xml" "$T/out"
has failing '<testsuites name="aamed test" tests="26" failures="4" errors="0">'

# ---------------------------------------------------------------- inputs
# wildcards, two policies, the default junit path
action glob 0 manifests="tests/golden.yaml tests/more/*.yaml" policy="golden.bin golden.bin"
has glob "1..42"
has glob "# tests/more/second.yaml"
has glob "output junit=$W/aamed-junit.xml"
junit_ok glob "$W/aamed-junit.xml"
# the kernel input overrides the manifest's
action kernel 0 manifests=tests/kernel612.yaml policy=golden.bin
action kernel-override 1 manifests=tests/kernel612.yaml policy=golden.bin kernel=6.1
has kernel-override "not ok 1 - a 6.12 record names its class"
# args: more options of aamed test
action args 1 manifests=tests/kernel612.yaml policy=golden.bin args="--kernel 6.1"
has args "not ok 1 - a 6.12 record names its class"
# nothing matches: exit 2, said
action no-match 2 manifests="tests/none/*.yaml" policy=golden.bin
has no-match 'aamed test: no manifest matches "tests/none/*.yaml"'
has no-match "output exit-code=2"
# a policy that does not load: 3, no JUnit
action no-policy 3 manifests=tests/golden.yaml policy=none.bin junit=reports/aamed.xml
has no-policy "output exit-code=3"
[ -e "$W/reports/aamed.xml" ] && ko "no-policy: a JUnit file" || ok
# an input is a value, never code
action quoting 0 manifests=tests/golden.yaml policy=golden.bin 'junit=reports/$(touch pwned) `touch pwned2`.xml'
[ -e "$W/pwned" ] || [ -e "$W/pwned2" ] || [ -e "$ROOT/pwned" ] && ko "quoting: an input ran" || ok
[ -s "$W/reports/\$(touch pwned) \`touch pwned2\`.xml" ] && ok || ko "quoting: the JUnit file is not named as given"
# a required input
action required 99 policy=golden.bin
has required "input manifests is required"

# the runner stand-in refuses what it cannot run as the runner would:
# an expression it does not know, one pasted into a script
mkdir -p "$T/fake"
printf 'runs:\n  using: composite\n  steps:\n    - shell: bash\n      env: {X: "${{ github.sha }}"}\n      run: "true"\n' >"$T/fake/action.yml"
python3 tests/ci/action.py "$T/fake" "$W" >"$T/out" 2>&1
[ $? -eq 99 ] && ok || ko "action.py: an unknown expression was run"
has fake-expr 'expression not understood: ${{ github.sha }}'
printf 'runs:\n  using: composite\n  steps:\n    - shell: bash\n      run: "echo ${{ github.action_path }}"\n' >"$T/fake/action.yml"
python3 tests/ci/action.py "$T/fake" "$W" >"$T/out" 2>&1
[ $? -eq 99 ] && ok || ko "action.py: an expression in run: was run"
has fake-run 'an expression in run: (pass it in env:)'

# ---------------------------------------------------------------- pre-commit
python3 - "$ROOT" "$A" >"$T/out" 2>&1 <<'PY'
import os, re, subprocess, sys, yaml
root, aamed = sys.argv[1], sys.argv[2]
hooks = yaml.safe_load(open(os.path.join(root, ".pre-commit-hooks.yaml")))
assert isinstance(hooks, list), "not a list of hooks"
h = [x for x in hooks if x.get("id") == "aamed-test"]
assert len(h) == 1, "no single aamed-test hook"
h = h[0]
for k in ("id", "name", "entry", "language"):
    assert k in h, "no %s" % k
assert h["language"] == "system", h["language"]
entry = h["entry"].split()
assert entry[:2] == ["aamed", "test"], entry
# the entry exists: aamed test answers --help
rc = subprocess.call([aamed] + entry[1:] + ["--help"], stdout=subprocess.DEVNULL)
assert rc == 0, "aamed test --help: exit %d" % rc
f = re.compile(h["files"])
for name in ("profiles/tests/nscd.aamed.yaml", "x.aamed.yml"):
    assert f.search(name), "files: does not take " + name
for name in (".github/workflows/ci.yml", "tests/nscd.yaml", ".pre-commit-config.yaml"):
    assert not f.search(name), "files: takes " + name
print("pre-commit: ok")
PY
if [ $? -eq 0 ]; then ok; else ko "pre-commit hook"; cat "$T/out"; fi
# the hook as pre-commit runs it: entry, args, the matching files
cp "$M/golden.yaml" "$W/nscd.aamed.yaml"
(cd "$W" && PATH=$(dirname "$A"):$PATH aamed test --policy golden.bin nscd.aamed.yaml) >"$T/out" 2>&1 && ok ||
	{ ko "pre-commit: the hook's command failed"; tail "$T/out"; }
has pre-commit-run "# 21 passed, 0 failed"

# ---------------------------------------------------------------- docs/ci.md
python3 - "$ROOT" >"$T/out" 2>&1 <<'PY'
import os, sys, yaml
root = sys.argv[1]
action = yaml.safe_load(open(os.path.join(root, "action.yml")))
inputs, outputs = set(action["inputs"]), set(action["outputs"])
# the fenced ```yaml blocks of the document
blocks, cur = [], None
for line in open(os.path.join(root, "docs/ci.md")):
    if cur is None and line.strip() == "```yaml":
        cur = []
    elif cur is not None and line.strip() == "```":
        blocks.append("".join(cur))
        cur = None
    elif cur is not None:
        cur.append(line)
assert cur is None, "an unclosed ```yaml block"
docs = [yaml.safe_load(b) for b in blocks]
# PyYAML reads YAML 1.1: a workflow's "on" key is True
workflows = [d for d in docs if isinstance(d, dict) and "jobs" in d and ("on" in d or True in d)]
assert workflows, "no GitHub workflow"
used = 0
for d in docs:
    for job in (d.get("jobs") or {}).values() if isinstance(d, dict) else []:
        for step in job.get("steps") or []:
            if "aamed" in str(step.get("uses", "")):
                used += 1
                extra = set(step.get("with") or {}) - inputs
                assert not extra, "inputs action.yml has not: %s" % extra
                assert "manifests" in (step.get("with") or {}), "no manifests input"
                assert step.get("id"), "the action's step has no id"
            for v in (step.get("with") or {}).values():
                if "steps." in str(v) and ".outputs." in str(v):
                    out = str(v).split(".outputs.")[1].split()[0].rstrip("}")
                    assert out in outputs, "output action.yml has not: " + out
assert used, "no step uses the action"
gitlab = [d for d in docs if isinstance(d, dict) and any(
    isinstance(j, dict) and "script" in j for j in d.values())]
assert gitlab, "no GitLab CI job"
hooks = [d for d in docs if isinstance(d, dict) and "repos" in d]
assert hooks and any(h.get("id") == "aamed-test" for r in hooks[0]["repos"]
                     for h in r.get("hooks", [])), "no pre-commit config with aamed-test"
print("docs/ci.md: %d YAML blocks, ok" % len(docs))
PY
if [ $? -eq 0 ]; then ok; else ko "docs/ci.md"; cat "$T/out"; fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
