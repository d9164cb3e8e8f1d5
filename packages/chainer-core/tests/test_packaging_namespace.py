"""The shared ``chainer`` namespace on the current install: missing siblings name the
package to install, ``import chainer`` stays lazy, and no two distributions' source trees
ship the same file."""
import os
import pathlib
import re
import subprocess
import sys
import textwrap

import pytest

import chainer
from chainer import _missing, _runtime

CORE_DIR = os.path.dirname(chainer.__file__)
REPO = pathlib.Path(__file__).resolve().parents[3]
PACKAGES = REPO / 'packages'
in_repo = pytest.mark.skipif(not (PACKAGES / 'chainer-core' / 'pyproject.toml').exists(),
                             reason='needs the source repository (not an sdist)')


def _run(code):
    result = subprocess.run([sys.executable, '-c', textwrap.dedent(code)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result.stdout


def _hint(module):
    """The pip command the error for ``module`` must contain (a reinstall when its
    distribution is installed but lacks the module)."""
    return re.compile(r'pip install (--force-reinstall )?' + _missing.SIBLING_MODULES[module])


@pytest.mark.parametrize('module', sorted(_missing.SIBLING_MODULES))
@pytest.mark.parametrize('installed', [None, '1.0.0'])
def test_finder_names_the_distribution(module, installed, monkeypatch):
    monkeypatch.setattr(_missing, '_installed_version', lambda dist: installed)
    with pytest.raises(ImportError) as info:
        _missing.MissingSiblingFinder().find_spec(module)
    dist = _missing.SIBLING_MODULES[module]
    expected = ('pip install ' + dist if installed is None else
                'installed {} 1.0.0 does not contain it'.format(dist))
    assert expected in str(info.value)
    assert info.value.name == module


def test_install_hints_work_from_an_index_and_from_a_clone(monkeypatch):
    assert _missing.install_hint('chainer-training') == (
        'pip install chainer-training (from a clone of the repository: nox -s build, then '
        'pip install --find-links dist chainer-training)')
    assert _missing.install_hint('cupy-kernels[cuda12]', '--force-reinstall') == (
        'pip install --force-reinstall "cupy-kernels[cuda12]" (from a clone of the '
        'repository: nox -s build, then pip install --find-links dist --force-reinstall '
        '"cupy-kernels[cuda12]")')
    monkeypatch.setattr(_missing, '_installed_version', lambda dist: None)
    assert _missing.missing_message('chainer.training').endswith(
        'which is not installed: ' + _missing.install_hint('chainer-training'))


def test_finder_ignores_other_modules():
    assert _missing.MissingSiblingFinder().find_spec('chainer.nonexistent') is None
    assert _missing.MissingSiblingFinder().find_spec('functions') is None


@pytest.mark.parametrize('module', [
    'chainer.functions', 'chainer.links', 'chainer.training', 'chainer.optimizers',
    'chainer.dataset', 'chainer.datasets', 'chainer.iterators'])
def test_import_of_a_missing_portion_says_what_to_install(module):
    # Hide every sibling portion: only core's own directory stays on chainer.__path__.
    out = _run('''
        import chainer
        chainer.__path__[:] = [{core!r}]
        for statement in ('import {module}', 'from chainer import {leaf}'):
            try:
                exec(statement)
            except ImportError as e:
                print(type(e).__name__, e)
        '''.format(core=CORE_DIR, module=module, leaf=module.split('.')[-1]))
    assert out.count('ImportError {} is provided by'.format(module)) == 2, out
    assert len(_hint(module).findall(out)) == 2, out


def test_import_of_missing_caffe_portion_says_what_to_install():
    out = _run('''
        import chainer
        try:
            import chainer.links
        except ImportError:
            print('no chainer-links')
            raise SystemExit
        chainer.links.__path__[:] = chainer.links.__path__[:1]
        try:
            import chainer.links.caffe
        except ImportError as e:
            print(e)
        ''')
    if out.strip() == 'no chainer-links':
        pytest.skip('chainer-links is not installed')
    assert _hint('chainer.links.caffe').search(out), out


def test_finders_sit_at_the_ends_of_meta_path_once():
    import importlib
    _missing.install()
    _runtime.install_gate()
    importlib.reload(chainer)  # re-running __init__ must not add a second copy
    assert isinstance(sys.meta_path[-1], _missing.MissingSiblingFinder)
    assert sum(isinstance(f, _missing.MissingSiblingFinder) for f in sys.meta_path) == 1
    assert sum(isinstance(f, _runtime.CompatibilityGate) for f in sys.meta_path) == 1


def test_import_chainer_does_not_scan_entry_points():
    out = _run('''
        import sys
        before = 'importlib.metadata' in sys.modules
        import chainer
        print(before or 'importlib.metadata' not in sys.modules,
              chainer._plugins._entry_points, chainer._plugins._distributions)
        ''')
    assert out.split() == ['True', '{}', '[]']


def test_cuda_works_without_scanning_until_asked():
    out = _run('''
        import numpy, chainer
        from chainer import cuda
        assert cuda.get_array_module(numpy.zeros(1)) is numpy
        print(chainer._plugins._entry_points)
        ''')
    assert out.strip() == '{}'


# --- the source trees of the five distributions --------------------------------------

def _source_files():
    """{distribution: set of paths relative to its src/} for every package in the repo."""
    trees = {}
    for pkg in sorted(PACKAGES.iterdir()):
        src = pkg / 'src'
        if src.is_dir():
            trees[pkg.name] = {
                p.relative_to(src).as_posix() for p in src.rglob('*')
                if p.is_file() and '__pycache__' not in p.parts and p.suffix != '.pyc'}
    return trees


def _portion_roots(files):
    """Packages a tree ships whose parent package it does not ship itself."""
    roots = set()
    for path in files:
        parts = path.split('/')
        if parts[-1] == '__init__.py':
            parent = '/'.join(parts[:-2] + ['__init__.py'])
            if len(parts) == 2 or parent not in files:
                roots.add('.'.join(parts[:-1]))
    return roots


@in_repo
def test_no_two_distributions_ship_the_same_file():
    owners = {}
    for dist, files in _source_files().items():
        for path in files:
            owners.setdefault(path, []).append(dist)
    assert {p: d for p, d in owners.items() if len(d) > 1} == {}


@in_repo
def test_only_core_ships_the_namespace_package():
    shipping = [d for d, files in _source_files().items() if 'chainer/__init__.py' in files]
    assert shipping == ['chainer-core']


@in_repo
def test_every_sibling_portion_has_an_install_hint():
    for dist, files in _source_files().items():
        # top-level packages of their own (chainerx: core's stand-in saying ChainerX is absent)
        for root in _portion_roots(files) - {'chainer', 'chainerx', 'cupy_kernels', 'chainermn'}:
            assert _missing.SIBLING_MODULES.get(root) == dist, (root, dist)


@in_repo
def test_known_distributions_are_the_repository_packages():
    assert sorted(_runtime.CHAINER_DISTRIBUTIONS) == sorted(_source_files())
