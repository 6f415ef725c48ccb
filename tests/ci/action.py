#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Run the steps of a composite GitHub Action (action.yml) as the runner
would, without the runner and without a network, so that make check keeps
the action users copy working.

    action.py ACTION_DIR WORKDIR [NAME=VALUE...]

The action's YAML is read with PyYAML. Each `run:` step runs in WORKDIR
with `bash --noprofile --norc -eo pipefail FILE` (the runner's `shell:
bash`), its `env:` values with the expressions substituted, and
GITHUB_ACTION_PATH, GITHUB_OUTPUT, GITHUB_PATH, GITHUB_WORKSPACE set; a
step whose `if:` is false is skipped; the first failing step ends the run.
The inputs are NAME=VALUE, else the action's defaults; a required input
without a value is an error. The expressions understood are the few an
action of this kind uses: inputs.NAME, github.action_path,
steps.ID.outputs.NAME and `inputs.NAME == 'VALUE'`; any other is an error
(exit 99), so the action cannot grow one this test does not run.

Prints "step N: NAME: ran, exit RC" or "step N: NAME: skipped" per step,
then "output NAME=VALUE" per output of the action; exits with the exit
code of the failing step, or 0.
"""
import os
import re
import subprocess
import sys
import tempfile

import yaml

EXPR = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


class Unsupported(Exception):
    pass


def evaluate(expr, ctx):
    """The value of one expression (the text between ${{ and }})."""
    m = re.fullmatch(r"inputs\.([A-Za-z0-9_-]+)\s*==\s*'([^']*)'", expr)
    if m:
        return "true" if ctx["inputs"].get(m.group(1), "") == m.group(2) else "false"
    m = re.fullmatch(r"inputs\.([A-Za-z0-9_-]+)", expr)
    if m:
        if m.group(1) not in ctx["declared"]:
            raise Unsupported("input %s is not declared" % m.group(1))
        return ctx["inputs"].get(m.group(1), "")
    if expr == "github.action_path":
        return ctx["action_path"]
    m = re.fullmatch(r"steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)", expr)
    if m:
        return ctx["steps"].get(m.group(1), {}).get(m.group(2), "")
    raise Unsupported("expression not understood: ${{ %s }}" % expr)


def substitute(text, ctx):
    return EXPR.sub(lambda m: evaluate(m.group(1), ctx), str(text))


def condition(cond, ctx):
    if cond is None:
        return True
    cond = str(cond).strip()
    m = EXPR.fullmatch(cond)
    value = evaluate(m.group(1) if m else cond, ctx)
    return value == "true"


def read_outputs(path):
    """The NAME=VALUE lines a step appended to GITHUB_OUTPUT."""
    out = {}
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if "=" in line:
                k, v = line.split("=", 1)
                out[k] = v
    return out


def run_step(i, step, ctx, workdir, scratch):
    if "uses" in step:
        raise Unsupported("step %d: uses: %s (only run: steps)" % (i, step["uses"]))
    if step.get("shell") != "bash":
        raise Unsupported("step %d: shell %r (bash only)" % (i, step.get("shell")))
    script = os.path.join(scratch, "step%d.sh" % i)
    with open(script, "w") as f:
        f.write(step["run"])
    if EXPR.search(step["run"]):
        raise Unsupported("step %d: an expression in run: (pass it in env:)" % i)
    outfile = os.path.join(scratch, "output%d" % i)
    open(outfile, "w").close()
    env = dict(os.environ)
    env.update({
        "GITHUB_ACTION_PATH": ctx["action_path"],
        "GITHUB_OUTPUT": outfile,
        "GITHUB_PATH": ctx["path_file"],
        "GITHUB_WORKSPACE": workdir,
    })
    for k, v in (step.get("env") or {}).items():
        env[k] = substitute(v, ctx)
    rc = subprocess.call(["bash", "--noprofile", "--norc", "-eo", "pipefail", script],
                         cwd=workdir, env=env)
    if "id" in step:
        ctx["steps"][step["id"]] = read_outputs(outfile)
    return rc


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[3], file=sys.stderr)
        return 2
    action_dir = os.path.abspath(argv[1])
    workdir = os.path.abspath(argv[2])
    with open(os.path.join(action_dir, "action.yml")) as f:
        action = yaml.safe_load(f)
    declared = action.get("inputs") or {}
    inputs = {k: str(v.get("default", "")) for k, v in declared.items()}
    for a in argv[3:]:
        k, v = a.split("=", 1)
        if k not in declared:
            print("action.py: no input %s in action.yml" % k, file=sys.stderr)
            return 99
        inputs[k] = v
    for k, v in declared.items():
        if v.get("required") and not inputs.get(k):
            print("action.py: input %s is required" % k, file=sys.stderr)
            return 99
    if action["runs"]["using"] != "composite":
        print("action.py: not a composite action", file=sys.stderr)
        return 99
    scratch = tempfile.mkdtemp(prefix="aamed-action.")
    ctx = {"inputs": inputs, "declared": declared, "action_path": action_dir,
           "steps": {}, "path_file": os.path.join(workdir, ".github_path")}
    open(ctx["path_file"], "w").close()
    rc = 0
    try:
        for i, step in enumerate(action["runs"]["steps"], 1):
            name = step.get("name", "step %d" % i)
            if not condition(step.get("if"), ctx):
                print("step %d: %s: skipped" % (i, name))
                continue
            sys.stdout.flush()
            rc = run_step(i, step, ctx, workdir, scratch)
            print("step %d: %s: ran, exit %d" % (i, name, rc))
            if rc:
                break
        for k, v in (action.get("outputs") or {}).items():
            print("output %s=%s" % (k, substitute(v["value"], ctx)))
    except Unsupported as e:
        print("action.py: %s" % e, file=sys.stderr)
        return 99
    finally:
        subprocess.call(["rm", "-rf", scratch])
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv))
