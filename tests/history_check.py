#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# history_check.py FILE...: each FILE, a syncgate export named *.bench.json
# (github-action-benchmark's customSmallerIsBetter) or *.bencher.json
# (Bencher Metric Format), checked against the fields those tools
# document: every required key, each key's type, no key they do not
# name, and lower_value <= value <= upper_value.  One line a problem on
# standard error; exit status 1 when any, 2 for a file it cannot read.
import json
import math
import sys

# github-action-benchmark, README, "customSmallerIsBetter": each entry
# needs name, unit and value; range and extra are optional strings.
ACTION_REQUIRED = {"name": str, "unit": str, "value": (int, float)}
ACTION_OPTIONAL = {"range": str, "extra": str}
# Bencher Metric Format (bencher.dev/docs/reference/bencher-metric-format):
# {benchmark: {measure: {value, lower_value?, upper_value?}}}, numbers;
# a benchmark name at most 1024 characters, a measure's at most 64.
BENCHER_REQUIRED = {"value": (int, float)}
BENCHER_OPTIONAL = {"lower_value": (int, float), "upper_value": (int, float)}
BENCHER_NAME_MAX = 1024
BENCHER_MEASURE_MAX = 64


def number(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def fields(where, obj, required, optional, problems):
    if not isinstance(obj, dict):
        problems.append(f"{where}: is {type(obj).__name__}; expected an object")
        return False
    for key, kind in required.items():
        if key not in obj:
            problems.append(f"{where}: no {key}; it is required")
    for key, val in obj.items():
        kind = required.get(key, optional.get(key))
        if kind is None:
            problems.append(f"{where}: {key} is not a documented key")
        elif kind == (int, float) and not number(val):
            problems.append(f"{where}.{key}: {val!r} is not a finite number")
        elif kind is str and not isinstance(val, str):
            problems.append(f"{where}.{key}: {val!r} is not a string")
    return True


def check_action(doc, problems):
    if not isinstance(doc, list):
        problems.append("the top level is not an array")
        return
    seen = set()
    for i, e in enumerate(doc):
        where = f"[{i}]"
        if not fields(where, e, ACTION_REQUIRED, ACTION_OPTIONAL, problems):
            continue
        name = e.get("name")
        if isinstance(name, str):
            if name in seen:
                problems.append(f"{where}: name {name!r} is given twice")
            seen.add(name)
            if not name:
                problems.append(f"{where}: name is empty")
        if number(e.get("value")) and e["value"] <= 0:
            problems.append(f"{where}.value: {e['value']} is not positive")


def check_bencher(doc, problems):
    if not isinstance(doc, dict):
        problems.append("the top level is not an object")
        return
    for name, measures in doc.items():
        if not name or len(name) > BENCHER_NAME_MAX:
            problems.append(f"{name[:40]!r}: a benchmark name of {len(name)} characters;"
                            f" expected 1 to {BENCHER_NAME_MAX}")
        if not isinstance(measures, dict) or not measures:
            problems.append(f"{name!r}: expected an object of measures")
            continue
        for measure, metric in measures.items():
            where = f"{name!r}.{measure}"
            if not measure or len(measure) > BENCHER_MEASURE_MAX:
                problems.append(f"{where}: a measure name of {len(measure)} characters;"
                                f" expected 1 to {BENCHER_MEASURE_MAX}")
            if not fields(where, metric, BENCHER_REQUIRED, BENCHER_OPTIONAL, problems):
                continue
            v = metric.get("value")
            lo = metric.get("lower_value")
            hi = metric.get("upper_value")
            if number(v) and number(lo) and not lo <= v:
                problems.append(f"{where}: lower_value {lo} is over value {v}")
            if number(v) and number(hi) and not v <= hi:
                problems.append(f"{where}: upper_value {hi} is under value {v}")


def main(argv):
    if len(argv) < 2:
        print("usage: history_check.py FILE.bench.json|FILE.bencher.json...", file=sys.stderr)
        return 2
    status = 0
    for path in argv[1:]:
        try:
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
        except (OSError, ValueError) as e:
            print(f"history_check: {path}: {e}", file=sys.stderr)
            return 2
        problems = []
        if path.endswith(".bencher.json"):
            check_bencher(doc, problems)
        elif path.endswith(".bench.json"):
            check_action(doc, problems)
        else:
            print(f"history_check: {path}: expected a name ending in .bench.json"
                  " or .bencher.json", file=sys.stderr)
            return 2
        for p in problems:
            print(f"history_check: {path}: {p}", file=sys.stderr)
        if problems:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
