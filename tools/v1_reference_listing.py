"""Writes the listings of Chainer v1.24.0 module paths and public names that each
distribution's ``tests/v1_reference_names.txt`` holds.

Usage: python tools/v1_reference_listing.py UPSTREAM_GIT

UPSTREAM_GIT is a git directory of the chainer/chainer repository with the tag v1.24.0
(the search tool's fetch of github:chainer/chainer gives one). Only names are read: for
every module of the ``chainer`` package, its top-level classes, functions and assigned
names that do not start with ``_`` (for package ``__init__`` files also the names they
import), and every object that the reference documentation (docs/source/reference)
documents with autofunction/autoclass/autodata. Each module goes to the listing of the
distribution that owns its import path (DESIGN.md).
"""
import ast
import collections
import pathlib
import re
import subprocess
import sys

TAG = 'v1.24.0'
ROOT = pathlib.Path(__file__).resolve().parents[1]
#: Import path prefix -> distribution; the longest matching prefix wins.
OWNERS = {
    'chainer': 'chainer-core',
    'chainer.functions': 'chainer-links',
    'chainer.links': 'chainer-links',
    'chainer.links.caffe': 'chainer-caffe',
    'chainer.functions.caffe': 'chainer-caffe',
    'chainer.training': 'chainer-training',
    'chainer.optimizers': 'chainer-training',
    'chainer.dataset': 'chainer-training',
    'chainer.datasets': 'chainer-training',
    'chainer.iterators': 'chainer-training',
}
HEADER = ('# Chainer {} module paths and their public names (module: names), written by\n'
          '# tools/v1_reference_listing.py from the v1.24.0 sources and reference docs.\n')


def git(upstream, *args):
    return subprocess.check_output(['git', '--git-dir=' + upstream] + list(args)).decode()


def module_names(upstream):
    listing = collections.defaultdict(set)
    for path in git(upstream, 'ls-tree', '-r', '--name-only', TAG, 'chainer').split():
        if not path.endswith('.py'):
            continue
        module = path[:-3].replace('/', '.')
        is_package = module.endswith('.__init__')
        module = module[:-len('.__init__')] if is_package else module
        tree = ast.parse(git(upstream, 'show', '{}:{}'.format(TAG, path)))
        names = listing[module]
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Assign):
                names.update(t.id for t in node.targets if isinstance(t, ast.Name))
            elif isinstance(node, ast.ImportFrom) and is_package:
                names.update(a.asname or a.name for a in node.names)
    return listing


def documented_names(upstream, listing):
    directive = re.compile(r'^\s*\.\. (module|currentmodule|automodule|autofunction|'
                           r'autoclass|autodata)::\s*(\S+)')
    for path in git(upstream, 'ls-tree', '-r', '--name-only', TAG,
                    'docs/source/reference').split():
        if not path.endswith('.rst'):
            continue
        current = None
        for line in git(upstream, 'show', '{}:{}'.format(TAG, path)).splitlines():
            match = directive.match(line)
            if not match:
                continue
            kind, target = match.groups()
            if kind in ('module', 'currentmodule', 'automodule'):
                current = target
                listing[current]
            else:
                full = target if target.startswith('chainer') else current + '.' + target
                module, _, name = full.rpartition('.')
                if module in listing or module.count('.') < 2:
                    listing[module].add(name)
                else:  # a method or attribute documented on its class: list the class
                    module, _, name = module.rpartition('.')
                    listing[module].add(name)


def owner(module):
    prefixes = [p for p in OWNERS if module == p or module.startswith(p + '.')]
    return OWNERS[max(prefixes, key=len)]


def main(upstream):
    listing = module_names(upstream)
    documented_names(upstream, listing)
    per_package = collections.defaultdict(list)
    for module in sorted(listing):
        names = sorted(n for n in listing[module] if not n.startswith('_'))
        per_package[owner(module)].append('{}: {}'.format(module, ' '.join(names)).rstrip())
    for package, lines in sorted(per_package.items()):
        target = ROOT / 'packages' / package / 'tests' / 'v1_reference_names.txt'
        target.write_text(HEADER.format(TAG) + '\n'.join(lines) + '\n')
        print('{}: {} modules'.format(target.relative_to(ROOT), len(lines)))


if __name__ == '__main__':
    main(sys.argv[1])
