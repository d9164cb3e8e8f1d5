"""Runs the examples of Chainer v7.8.1's documentation against the ``chainer`` this
Python imports: the ``>>>`` examples of its docstrings (read from its source, never
imported) and the testsetup/testcode/testoutput/doctest blocks of its ``docs/source``
guides, as ``sphinx.ext.doctest`` would (ELLIPSIS and NORMALIZE_WHITESPACE on).

    python tools/v7_doc_examples.py --upstream-git /path/to/chainer.git [--json out.jsonl]
        [--compare reference.jsonl]

An oracle of documented v2-v7 behaviour: run it with the real Chainer 7.8.1 once
(``--json``), then here with ``--compare`` to list the examples that pass there and fail
here. Examples needing the network, a GPU, ChainerX, ChainerMN or onnx-chainer are
skipped. Writes nothing but the JSON file (the examples run in a scratch directory).
"""
import argparse
import contextlib
import doctest
import io
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import traceback
import warnings

SETUP = '''
import os
import numpy as np
import chainer
from chainer.backends import cuda
from chainer import Function, gradient_check, training, utils, Variable
from chainer import datasets, iterators, optimizers, serializers
from chainer import Link, Chain, ChainList
import chainer.functions as F
import chainer.links as L
from chainer.training import extensions
np.random.seed(0)
'''
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
NETWORK = ('get_mnist', 'get_cifar', 'get_ptb', 'get_svhn', 'get_fashion', 'get_kuzushiji',
           'cached_download')
SKIPPED_RST = ('chainerx', 'chainermn', 'onnx_chainer', 'guides/gpu.rst', 'install')
DIRECTIVE = re.compile(
    r'^(\s*)\.\. (testsetup|testcode|testoutput|doctest|testcleanup)::\s*(.*)$')


def _namespace():
    ns = {'__name__': '__main__'}
    exec(SETUP, ns)
    return ns


# ---- docstrings ---------------------------------------------------------------------

def _docstrings(path, modname):
    import ast
    tree = ast.parse(open(path, encoding='utf-8').read())
    found = []

    def visit(node, name):
        doc = ast.get_docstring(node, clean=True)
        if doc and '>>>' in doc:
            found.append((name, doc))
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, name + '.' + child.name)
    visit(tree, modname)
    return found


def run_docstrings(src, emit):
    """Runs the docstring examples of every module under ``src/chainer``."""
    parser = doctest.DocTestParser()
    for root, dirs, files in os.walk(os.path.join(src, 'chainer')):
        dirs.sort()
        for f in sorted(files):
            if not f.endswith('.py'):
                continue
            path = os.path.join(root, f)
            modname = os.path.relpath(path, src)[:-3].replace(os.sep, '.')
            for name, doc in _docstrings(path, modname):
                if any(k in doc for k in NETWORK):
                    continue
                test = parser.get_doctest(doc, _namespace(), name, path, 0)
                out = io.StringIO()
                runner = doctest.DocTestRunner(optionflags=FLAGS)
                try:
                    runner.run(test, out=out.write)
                except Exception as e:  # noqa: BLE001 - reported
                    out.write('runner error: {!r}'.format(e))
                result = doctest.TestResults(runner.failures, runner.tries)  # (summarize prints)
                emit({'where': 'docstring', 'name': name, 'ok': result.failed == 0,
                      'examples': result.attempted,
                      'detail': out.getvalue()[:1500] if result.failed else ''})


# ---- .rst guides --------------------------------------------------------------------

def _blocks(text):
    lines = text.split('\n')
    i = 0
    while i < len(lines):
        m = DIRECTIVE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, kind, arg = len(m.group(1)), m.group(2), m.group(3).strip()
        groups = [g.strip() for g in arg.split(',')] if arg else ['default']
        i += 1
        options = []
        while i < len(lines) and re.match(r'^\s+:\w+:', lines[i]):
            options.append(lines[i].strip())
            i += 1
        body = []
        while i < len(lines) and (not lines[i].strip() or
                                  len(lines[i]) - len(lines[i].lstrip()) > indent):
            body.append(lines[i])
            i += 1
        while body and not body[-1].strip():
            body.pop()
        while body and not body[0].strip():
            body.pop(0)
        if body:
            cut = min(len(line) - len(line.lstrip()) for line in body if line.strip())
            body = [line[cut:] for line in body]
        yield kind, groups, options, '\n'.join(body)


def _flags(options):
    flags = FLAGS
    for option in options:
        if option.startswith(':options:'):
            for sign, name in re.findall(r'([+-])(\w+)', option):
                bit = getattr(doctest, name, 0)
                flags = flags | bit if sign == '+' else flags & ~bit
    return flags


def _run_rst_file(path, rel, emit):
    items = list(_blocks(open(path, encoding='utf-8').read()))
    spaces = {}

    def space(group):
        if group not in spaces:
            ns = _namespace()
            for kind, groups, _, body in items:
                if kind == 'testsetup' and (group in groups or '*' in groups):
                    try:
                        exec(compile(body, rel + ':setup', 'exec'), ns)
                    except Exception:  # noqa: BLE001 - shows in the blocks after
                        pass
            spaces[group] = ns
        return spaces[group]

    for index, (kind, groups, options, body) in enumerate(items):
        if kind not in ('testcode', 'doctest'):
            continue
        nxt = items[index + 1] if index + 1 < len(items) else None
        for group in [g for g in groups if g != '*'] or ['default']:
            ns = space(group)
            where = {'where': 'rst', 'name': '{}#{}'.format(rel, index)}
            if kind == 'doctest':
                test = doctest.DocTestParser().get_doctest(body, ns, where['name'], rel, 0)
                runner = doctest.DocTestRunner(optionflags=_flags(options))
                out = io.StringIO()
                try:
                    runner.run(test, out=out.write, clear_globs=False)
                except Exception as e:  # noqa: BLE001 - reported
                    out.write(repr(e))
                result = doctest.TestResults(runner.failures, runner.tries)  # (summarize prints)
                emit(dict(where, ok=result.failed == 0, detail=out.getvalue()[:1200]))
                continue
            out = io.StringIO()
            error = None
            try:
                with contextlib.redirect_stdout(out):
                    exec(compile(body, where['name'], 'exec'), ns)
            except Exception as e:  # noqa: BLE001 - compared with the expected output
                error = ''.join(traceback.format_exception_only(type(e), e)).strip()
            if nxt is None or nxt[0] != 'testoutput':
                emit(dict(where, ok=error is None, detail=(error or '')[-600:]))
                continue
            got = out.getvalue()
            if error is not None:
                got = 'Traceback (most recent call last):\n  ...\n' + error + '\n'
            want = nxt[3] + '\n'
            ok = doctest.OutputChecker().check_output(want, got, _flags(nxt[2]))
            emit(dict(where, ok=ok, detail='' if ok else 'want:\n{}\ngot:\n{}'.format(
                want[:500], got[:500])))


def run_rst(src, emit):
    """Runs the test blocks of the guides under ``src/docs/source``."""
    root = os.path.join(src, 'docs', 'source')
    for dirpath, dirs, files in os.walk(root):
        dirs.sort()
        for f in sorted(files):
            rel = os.path.relpath(os.path.join(dirpath, f), root)
            if f.endswith('.rst') and not any(k in rel for k in SKIPPED_RST):
                try:
                    _run_rst_file(os.path.join(dirpath, f), rel, emit)
                except Exception as e:  # noqa: BLE001 - reported
                    emit({'where': 'rst', 'name': rel, 'ok': False, 'detail': repr(e)})


def _extract(upstream_git, tag, into):
    archive = subprocess.run(['git', '--git-dir', upstream_git, 'archive', tag, 'chainer',
                              'docs/source'], check=True, capture_output=True).stdout
    subprocess.run(['tar', '-x', '-C', into], input=archive, check=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--upstream-git', required=True,
                        help='a git directory of github.com/chainer/chainer')
    parser.add_argument('--tag', default='v7.8.1')
    parser.add_argument('--json', help='write one JSON line per example block here')
    parser.add_argument('--compare', help='JSON lines of a reference run (e.g. the real '
                        'Chainer 7.8.1): list what passes there and fails here')
    args = parser.parse_args(argv)
    socket.setdefaulttimeout(2)
    warnings.simplefilter('ignore')
    os.environ.setdefault('MPLBACKEND', 'Agg')
    results = []
    with tempfile.TemporaryDirectory() as src, tempfile.TemporaryDirectory() as scratch:
        _extract(args.upstream_git, args.tag, src)
        here = os.getcwd()
        os.chdir(scratch)
        try:
            run_docstrings(src, results.append)
            run_rst(src, results.append)
        finally:
            os.chdir(here)
    if args.json:
        with open(args.json, 'w') as f:
            for r in results:
                f.write(json.dumps(r) + '\n')
    for where in ('docstring', 'rst'):
        rs = [r for r in results if r['where'] == where]
        print('{}: {} blocks, {} pass, {} fail'.format(
            where, len(rs), sum(r['ok'] for r in rs), sum(not r['ok'] for r in rs)))
    if args.compare:
        reference = {}
        for line in open(args.compare):
            r = json.loads(line)
            reference[(r['where'], r['name'])] = r
        worse = [r for r in results if not r['ok'] and
                 reference.get((r['where'], r['name']), {}).get('ok')]
        print('{} pass in the reference and fail here'.format(len(worse)))
        for r in worse:
            print('--- {} {}\n{}'.format(r['where'], r['name'], r['detail']))
    return 0


if __name__ == '__main__':
    sys.exit(main())
