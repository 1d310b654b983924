#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# action_run.py ACTION.yml NAME=VALUE...: runs a composite action's steps
# as the runner does, for tests/cli_action.sh.  Each NAME=VALUE is an
# input (an undeclared or missing required one is refused); each step's
# env gets its ${{ inputs.* }} and ${{ steps.*.outputs.* }} expressions
# filled in (`A || B` too: A unless it is empty, else B), its `if:` is read
# (inputs.NAME == '' or != '', or several of those joined by ||), and its
# run goes to bash with a fresh $GITHUB_OUTPUT whose name=value lines and
# name<<DELIMITER blocks become the step's outputs.  GITHUB_ACTION_PATH is the action's folder;
# the caller sets the rest of what GitHub would (GITHUB_WORKSPACE,
# RUNNER_TEMP, GITHUB_STEP_SUMMARY).  The action's outputs go, as
# name=value lines (a value of several lines as a name<<SYNCGATE_EOF
# block), to the file $ACTION_OUTPUTS names.  Exit status: the
# first failing step's, else 0; 2 for an action or input it cannot run,
# with one line saying why.
import os
import re
import subprocess
import sys
import tempfile

import yaml

EXPR = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


def die(msg):
    print(f"action_run: {msg}", file=sys.stderr)
    sys.exit(2)


def evaluate(expr, inputs, steps):
    if "||" in expr:
        for part in expr.split("||"):
            value = evaluate(part.strip(), inputs, steps)
            if value != "":
                return value
        return ""
    m = re.fullmatch(r"inputs\.([A-Za-z0-9_-]+)", expr)
    if m:
        if m.group(1) not in inputs:
            die(f"${{{{ {expr} }}}}: no input {m.group(1)} is declared")
        return inputs[m.group(1)]
    m = re.fullmatch(r"steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)", expr)
    if m:
        return steps.get(m.group(1), {}).get(m.group(2), "")
    die(f"${{{{ {expr} }}}}: not an expression this runner knows")


def fill(text, inputs, steps):
    return EXPR.sub(lambda m: evaluate(m.group(1), inputs, steps), str(text))


def condition(cond, inputs, steps):
    if cond is None:
        return True
    for part in str(cond).split("||"):
        m = re.fullmatch(r"\s*inputs\.([A-Za-z0-9_-]+)\s*(==|!=)\s*''\s*", part)
        if not m:
            die(f"if: {cond}: not a condition this runner knows")
        value = evaluate(f"inputs.{m.group(1)}", inputs, steps)
        if (value == "") == (m.group(2) == "=="):
            return True
    return False


def outputs(path):
    """A step's $GITHUB_OUTPUT: name=value lines and name<<DELIMITER blocks."""
    found = {}
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        m = re.fullmatch(r"([A-Za-z0-9_-]+)<<(.+)", line)
        if m:
            try:
                end = lines.index(m.group(2), i)
            except ValueError:
                die(f"output {m.group(1)}: no line {m.group(2)} ends it")
            found[m.group(1)] = "\n".join(lines[i:end])
            i = end + 1
        elif "=" in line:
            name, value = line.split("=", 1)
            found[name] = value
    return found


def main(argv):
    if len(argv) < 2:
        die("usage: action_run.py ACTION.yml NAME=VALUE...")
    path = argv[1]
    with open(path, encoding="utf-8") as f:
        action = yaml.safe_load(f)
    declared = action.get("inputs") or {}
    inputs = {name: str(spec.get("default", "")) for name, spec in declared.items()}
    given = set()
    for arg in argv[2:]:
        name, sep, value = arg.partition("=")
        if not sep or name not in declared:
            die(f"{arg.split('=')[0]}: not an input {path} declares")
        inputs[name] = value
        given.add(name)
    for name, spec in declared.items():
        if spec.get("required") and name not in given:
            die(f"input {name} is required")
    runs = action.get("runs") or {}
    if runs.get("using") != "composite":
        die(f"{path}: runs.using is {runs.get('using')!r}; expected composite")
    steps = {}
    status = 0
    env_base = dict(os.environ)
    env_base["GITHUB_ACTION_PATH"] = os.path.dirname(os.path.abspath(path))
    for i, step in enumerate(runs.get("steps") or []):
        sid = step.get("id", f"step{i}")
        if not condition(step.get("if"), inputs, steps):
            continue
        if step.get("shell") != "bash":
            die(f"step {sid}: shell is {step.get('shell')!r}; expected bash")
        env = dict(env_base)
        for key, value in (step.get("env") or {}).items():
            env[key] = fill(value, inputs, steps)
        with tempfile.NamedTemporaryFile("r", prefix="out.", dir=env.get("RUNNER_TEMP"),
                                         delete=False) as out:
            env["GITHUB_OUTPUT"] = out.name
        try:
            rc = subprocess.call(["bash", "-e", "-c", fill(step["run"], inputs, steps)], env=env)
            steps[sid] = outputs(out.name)
        finally:
            os.unlink(out.name)
        if rc != 0:
            status = rc
            break
    dest = os.environ.get("ACTION_OUTPUTS")
    if dest:
        with open(dest, "w", encoding="utf-8") as f:
            for name, spec in (action.get("outputs") or {}).items():
                value = fill(spec.get("value", ""), inputs, steps)
                if "\n" in value:
                    f.write(f"{name}<<SYNCGATE_EOF\n{value}\nSYNCGATE_EOF\n")
                else:
                    f.write(f"{name}={value}\n")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
