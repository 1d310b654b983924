#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Holds two folders of syncgate-verdict/1 files (BEFORE, AFTER) to the
same figures and rulings: every field the two share, less the words made
from them (reasons, notes, headline, the unit's description and why none),
must be equal.  Fields only AFTER has (codes added since) are left out.

usage: same-figures.py BEFORE AFTER
Prints each verdict that differs and where, then "N of M verdicts: ...";
exits 1 when any differs, 2 on bad usage."""
import glob
import json
import os
import sys

WORDS = {'reason', 'notes', 'headline', 'description', 'ceiling_note', 'why_none'}


def differences(a, b, path=''):
    """Where a and b differ, over the fields both have, words left out."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) & set(b) - WORDS):
            yield from differences(a[k], b[k], f'{path}.{k}')
    elif isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            yield f'{path}: {len(a)} items, then {len(b)}'
        for i, (x, y) in enumerate(zip(a, b)):
            yield from differences(x, y, f'{path}[{i}]')
    elif a != b:
        yield f'{path}: {a!r:.60} then {b!r:.60}'


def main(argv):
    if len(argv) != 2 or not all(os.path.isdir(d) for d in argv):
        print('usage: same-figures.py BEFORE AFTER (two folders)', file=sys.stderr)
        return 2
    n = same = 0
    for after in sorted(glob.glob(os.path.join(argv[1], '*.json'))):
        before = os.path.join(argv[0], os.path.basename(after))
        if not os.path.exists(before):
            continue
        with open(before, encoding='utf-8') as f:
            b = json.load(f)
        with open(after, encoding='utf-8') as f:
            a = json.load(f)
        if not isinstance(a, dict) or a.get('format') != 'syncgate-verdict/1':
            continue
        n += 1
        where = list(differences(b, a))
        if where:
            print(f'{os.path.basename(after)}: ' + '; '.join(where[:5]))
        else:
            same += 1
    print(f'{same} of {n} verdicts: the same figures and rulings, words apart')
    return 0 if same == n else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
