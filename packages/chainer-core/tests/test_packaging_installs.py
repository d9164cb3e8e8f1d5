"""The three ways the shared ``chainer`` namespace is installed, each in a fresh venv:

1. editable installs of every package (the development setup);
2. every wheel together;
3. each install profile alone, asked for by name in the root README's words
   (``pip install --find-links <wheelhouse> "chainer-training[plot]"``: pip resolves the
   siblings from the wheelhouse, the rest from the index), so with only what it
   declares: the portions it ships import, the others fail with the pip hint.

Slow (a venv and a pip install each): run by ``nox -s packaging`` and ``nox -s release``,
which build the wheels and point ``CHAINER_WHEELHOUSE`` at them; skipped otherwise.
"""
import json
import os
import pathlib
import subprocess
import sys
import textwrap
import zipfile

import pytest

from chainer import _missing, _runtime
from test_packaging_namespace import _portion_roots

WHEELHOUSE = os.environ.get('CHAINER_WHEELHOUSE')
REPO = pathlib.Path(__file__).resolve().parents[3]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not WHEELHOUSE, reason='set CHAINER_WHEELHOUSE to a directory with '
                       'the wheels of every package (nox -s packaging does)'),
]

#: Install profiles: what is asked of pip -> the distributions that must end up installed.
PROFILES = {
    'chainer-core': ['chainer-core'],
    'chainer-links': ['chainer-core', 'chainer-links'],
    'chainer-training': ['chainer-core', 'chainer-links', 'chainer-training'],
    # by name from the wheelhouse: 8.x there outranks the index's original Chainer 7.8.1
    'chainer': ['chainer-core', 'chainer-links', 'chainer-training', 'chainer'],
    'chainer-caffe': ['chainer-core', 'chainer-links', 'chainer-caffe'],
    'cupy-kernels': ['chainer-core', 'cupy-kernels'],
    'chainer-mn': ['chainer-core', 'chainer-links', 'chainer-training', 'chainer-mn'],
}

#: The extras the root README's install profiles ask for, and what else is installed
#: with a profile. cupy-kernels' ``[cuda12]`` is CuPy with its ``[ctk]`` extra, the CUDA
#: libraries (cuBLAS, cuSOLVER, cuSPARSE, cuFFT, ...: over a gigabyte of wheels that
#: only a GPU machine uses): here CuPy comes alone, and
#: :func:`test_cuda_extras_bring_cupy_with_the_cuda_libraries` reads the extras.
PROFILE_EXTRAS = {'chainer-training': '[plot]'}
PROFILE_ALSO = {'cupy-kernels': ('cupy-cuda12x>=13',)}


def _wheels():
    """{distribution: wheel path} of the wheelhouse."""
    found = {}
    for path in pathlib.Path(WHEELHOUSE).glob('*.whl'):
        name = path.name.split('-')[0].replace('_', '-').lower()
        assert name not in found, 'two wheels of {} in {}'.format(name, WHEELHOUSE)
        found[name] = path
    return found


def _shipped_files(wheel):
    with zipfile.ZipFile(wheel) as z:
        return {n for n in z.namelist() if '.dist-info/' not in n}


def _source_files(distribution):
    src = REPO / 'packages' / distribution / 'src'
    return {p.relative_to(src).as_posix() for p in src.rglob('*.py')
            if '__pycache__' not in p.parts}


def _venv(tmp_path_factory, name):
    path = tmp_path_factory.mktemp(name)
    subprocess.run([sys.executable, '-m', 'venv', '--without-pip', str(path)], check=True)
    python = path / ('Scripts/python.exe' if os.name == 'nt' else 'bin/python')
    return str(python)


def _pip_install(python, *args):
    # The outer pip installs into the venv (--python): no pip bootstrap per venv.
    subprocess.run([sys.executable, '-m', 'pip', '--python', python, 'install', '--quiet',
                    '--find-links', WHEELHOUSE, *args], check=True)


_PROBE = '''
import importlib, json, subprocess, sys
results = {}
for name in sys.argv[1:]:
    try:
        importlib.import_module(name)
        results[name] = 'ok'
    except ImportError as e:
        results[name] = str(e)
import chainer
report = subprocess.run([sys.executable, '-m', 'chainer'], capture_output=True, text=True)
print(json.dumps({'imports': results, 'path': list(chainer.__path__),
                  'status': report.returncode, 'report': report.stdout + report.stderr}))
'''


def _probe(python, modules):
    out = subprocess.run([python, '-c', textwrap.dedent(_PROBE), *modules],
                         capture_output=True, text=True, cwd=os.path.dirname(python))
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def _expected_hint(module, provided):
    """The distribution the error for ``module`` must name: that of its first missing
    ancestor (``chainer.links.caffe`` without chainer-links asks for chainer-links)."""
    parts = module.split('.')
    for i in range(2, len(parts) + 1):
        prefix = '.'.join(parts[:i])
        if prefix in _missing.SIBLING_MODULES and prefix not in provided:
            return _missing.SIBLING_MODULES[prefix]
    return None


def _check_namespace(python, installed, provided):
    """Every portion in ``provided`` imports, every other known sibling portion fails with
    its pip hint, and ``python -m chainer`` lists exactly ``installed``."""
    probe = _probe(python, sorted(provided | set(_missing.SIBLING_MODULES)))
    for module, outcome in probe['imports'].items():
        if module in provided:
            assert outcome == 'ok', (module, outcome)
            continue
        hint = _expected_hint(module, provided)
        if hint is not None and hint not in installed:
            assert 'pip install {}'.format(hint) in outcome, (module, outcome)
    assert probe['status'] == 0, probe['report']
    listed = {line.split(':')[0].strip() for line in probe['report'].splitlines()
              if line.startswith('  ') and line.split(':')[0].strip() in
              _runtime.CHAINER_DISTRIBUTIONS}
    assert listed == set(installed), probe['report']
    return probe


def test_wheelhouse_holds_every_package():
    assert sorted(_wheels()) == sorted(_runtime.CHAINER_DISTRIBUTIONS)


def test_no_two_wheels_ship_the_same_file():
    owners = {}
    for dist, wheel in _wheels().items():
        for path in _shipped_files(wheel):
            owners.setdefault(path, []).append(dist)
    assert {p: d for p, d in owners.items() if len(d) > 1} == {}


def test_only_core_ships_the_namespace_package():
    shipping = [d for d, w in _wheels().items() if 'chainer/__init__.py' in _shipped_files(w)]
    assert shipping == ['chainer-core']


@pytest.mark.parametrize('profile', sorted(PROFILES))
def test_each_profile_installs_by_name_with_its_declared_dependencies(profile, tmp_path_factory):
    python = _venv(tmp_path_factory, profile)
    wheels = _wheels()
    _pip_install(python, profile + PROFILE_EXTRAS.get(profile, ''),  # by name
                 *PROFILE_ALSO.get(profile, ()))
    installed = PROFILES[profile]
    provided = set().union(*(_portion_roots(_shipped_files(wheels[d])) for d in installed))
    _check_namespace(python, installed, provided)


def test_cuda_extras_bring_cupy_with_the_cuda_libraries():
    with zipfile.ZipFile(_wheels()['cupy-kernels']) as z:
        name = next(n for n in z.namelist() if n.endswith('.dist-info/METADATA'))
        metadata = z.read(name).decode('utf-8')
    requires = [line.split(':', 1)[1].strip() for line in metadata.splitlines()
                if line.startswith('Requires-Dist:')]
    for extra, cupy in (('cuda12', 'cupy-cuda12x[ctk]'), ('cuda13', 'cupy-cuda13x[ctk]')):
        assert 'Provides-Extra: ' + extra in metadata
        assert any(r.replace(' ', '').startswith(cupy) and
                   r.replace("'", '"').endswith('extra == "{}"'.format(extra))
                   for r in requires), requires


def test_the_onednn_extra_brings_onednn_on_linux_x86_64():
    with zipfile.ZipFile(_wheels()['chainer-links']) as z:
        name = next(n for n in z.namelist() if n.endswith('.dist-info/METADATA'))
        metadata = z.read(name).decode('utf-8')
    requires = [line.split(':', 1)[1].strip().replace("'", '"') for line in
                metadata.splitlines() if line.startswith('Requires-Dist:')]
    assert 'Provides-Extra: onednn' in metadata
    onednn = [r for r in requires if r.startswith('onednn-cpu-gomp')]
    assert len(onednn) == 1, requires
    for condition in ('platform_system == "Linux"', 'platform_machine == "x86_64"',
                      'extra == "onednn"'):
        assert condition in onednn[0]


def test_all_wheels_together(tmp_path_factory):
    python = _venv(tmp_path_factory, 'all-wheels')
    wheels = _wheels()
    _pip_install(python, *map(str, wheels.values()))
    provided = set().union(*(_portion_roots(_shipped_files(w)) for w in wheels.values()))
    _check_namespace(python, list(wheels), provided)


@pytest.mark.skipif(not (REPO / 'packages').is_dir(), reason='needs the source repository')
def test_editable_installs_of_all_packages(tmp_path_factory):
    python = _venv(tmp_path_factory, 'editable')
    dists = list(_runtime.CHAINER_DISTRIBUTIONS)
    # The build backend goes into the venv once instead of into an isolated build env each.
    _pip_install(python, 'hatchling>=1.18', 'editables')
    args = ['--no-build-isolation']
    for dist in dists:
        args += ['--editable', str(REPO / 'packages' / dist)]
    _pip_install(python, *args)
    provided = set().union(*(_portion_roots(_source_files(d)) for d in dists))
    probe = _check_namespace(python, dists, provided)
    # Every sibling's src/chainer is on chainer.__path__, i.e. the portions come from the
    # working tree, not from a copy.
    for dist in dists:
        src = REPO / 'packages' / dist / 'src' / 'chainer'
        if src.is_dir():
            assert str(src) in probe['path'], (dist, probe['path'])
