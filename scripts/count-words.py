#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Counts the sentences a tree's folders build: string literals (adjacent
ones joined, as C joins them) of five or more words, outside error and
usage messages.  A literal is an error or usage message when it is an
argument of a call that reports one (errf, err_warn, json_bad, the json
readers' expected words, die...), marked EXPECTED (lib/err.h), a usage
function's or a static assertion's, or an initializer of a struct
json_span (or its SPAN macro's) or struct words (the words their errors say) or of a struct
opt_row or arg_opt (a table of options, whose help is the usage).

usage: count-words.py [--list] [--max N] DIR...
Prints "DIR: N" for each folder; with --max, exits 1 when the folders
together hold more than N.  --list prints each literal counted."""
import os
import re
import sys

MESSAGE_CALLS = re.compile(
    r'^(errf|err_warn|err_die|die|json_bad|json_get_\w+|json_number|get_number'
    r'|get_numbers|bad|_Static_assert|static_assert|runner_check_\w+|EXPECTED|SPAN)$')


def tokens(src):
    """(kind, text, line) of C tokens: strings, identifiers, punctuation."""
    i, n, line = 0, len(src), 1
    while i < n:
        c = src[i]
        if c == '\n':
            line += 1
            i += 1
        elif src.startswith('/*', i):
            j = src.index('*/', i + 2)
            line += src.count('\n', i, j)
            i = j + 2
        elif src.startswith('//', i):
            j = src.find('\n', i)
            i = n if j < 0 else j
        elif c == '\\' and src.startswith('\n', i + 1):
            line += 1
            i += 2
        elif c == '#' and re.match(r'#\s*define\b', src[i:i + 40]):
            # a macro's body is code: its words count as any others
            i = src.index('define', i) + len('define')
        elif c == '#':
            j = i
            while True:
                j = src.find('\n', j)
                if j < 0 or src[j - 1] != '\\':
                    break
                j += 1
            j = n if j < 0 else j
            line += src.count('\n', i, j)
            i = j
        elif c in '"\'':
            j = i + 1
            while src[j] != c:
                j += 2 if src[j] == '\\' else 1
            if c == '"':
                yield ('str', src[i + 1:j], line)
            i = j + 1
        elif c.isalpha() or c == '_':
            j = i
            while j < n and (src[j].isalnum() or src[j] == '_'):
                j += 1
            yield ('id', src[i:j], line)
            i = j
        elif c.isspace():
            i += 1
        else:
            yield ('p', c, line)
            i += 1


def sentences(path):
    """The literals of path counted as sentences: (line, text)."""
    src = open(path, encoding='utf-8').read()
    calls, prev, lit, at = [], None, None, 0
    func, depth, decl_span, last_func = None, 0, False, None
    out = []
    for kind, text, line in tokens(src):
        if kind == 'str':
            if lit is None:
                lit, at = '', line
            lit += text
            continue
        if lit is not None:
            inside = [c for c in calls if c]
            message = (any(MESSAGE_CALLS.match(c) for c in inside) or decl_span or
                       (func and 'usage' in func))
            if len(lit.split()) >= 5 and not message:
                out.append((at, lit))
            lit = None
        if kind == 'id' and text in ('json_span', 'words', 'opt_row', 'arg_opt') and prev == ('id', 'struct'):
            decl_span = True
        if kind == 'p' and text == '(':
            if depth == 0 and not calls and prev and prev[0] == 'id':
                last_func = prev[1]
            calls.append(prev[1] if prev and prev[0] == 'id' else None)
        elif kind == 'p' and text == ')':
            if calls:
                calls.pop()
        elif kind == 'p' and text == '{':
            if depth == 0 and prev and prev[1] == ')':
                func = last_func
            depth += 1
            calls = []
        elif kind == 'p' and text == '}':
            depth -= 1
            if depth == 0:
                func = None
            calls = []
        elif kind == 'p' and text == ';':
            calls = []
            decl_span = False
        prev = (kind, text)
    return out


def main(argv):
    listing = '--list' in argv
    argv = [a for a in argv if a != '--list']
    limit = None
    if '--max' in argv:
        k = argv.index('--max')
        try:
            limit = int(argv[k + 1])
        except (IndexError, ValueError):
            print('count-words: --max: expected a whole number', file=sys.stderr)
            return 2
        del argv[k:k + 2]
    for a in argv:
        if a.startswith('-') or not os.path.isdir(a):
            print(f'count-words: {a}: expected a folder of the tree, --list or --max N',
                  file=sys.stderr)
            return 2
    total = 0
    for d in argv:
        n = 0
        for name in sorted(os.listdir(d)):
            if not name.endswith(('.c', '.h')):
                continue
            path = os.path.join(d, name)
            for line, text in sentences(path):
                n += 1
                if listing:
                    print(f'{path}:{line}: "{text[:100]}"')
        print(f'{d}: {n}')
        total += n
    if limit is not None and total > limit:
        print(f'count-words: {total} sentences in {" ".join(argv)}; expected at most {limit}',
              file=sys.stderr)
        return 1
    return 0


last_func = None
if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
