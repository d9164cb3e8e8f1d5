"""The name ``chainer`` resolves to this project from the wheelhouse, never to the package
index's original Chainer (7.8.1), each in a fresh venv:

1. ``pip install --no-index --find-links <wheelhouse> "chainer>=6"`` and a package built
   on Chainer (a wheel made here, requiring ``chainer>=6``), wheelhouse only;
2. the same package with the index reachable too (what a user types:
   ``pip install --find-links dist <package>``): ``chainer`` 8.x from the wheelhouse wins
   over the index's 7.8.1;
3. a stand-in for the original Chainer installed over the project: ``python -m chainer``
   warns, and the repair its warning gives restores the namespace.

Slow (venvs and pip installs): run by ``nox -s packaging`` and ``nox -s release`` with
``CHAINER_WHEELHOUSE`` set, like ``test_packaging_installs.py``; skipped otherwise.
"""
import base64
import hashlib
import json
import pathlib
import subprocess
import sys
import zipfile

import test_packaging_installs as installs
from chainer import _ecosystem

pytestmark = installs.pytestmark

#: What the venvs need from the index before ``--no-index`` (the third-party requirements
#: of chainer-core and of the ``chainer`` distribution).
THIRD_PARTY = ('numpy', 'six', 'threadpoolctl', 'filelock')

_STATE = '''
import json, subprocess, sys
from importlib import metadata
import chainer
dist = metadata.distribution('chainer')
report = subprocess.run([sys.executable, '-m', 'chainer'], capture_output=True, text=True)
print(json.dumps({
    'version': dist.version,
    'plugin': any(ep.group == 'chainer.plugins' for ep in dist.entry_points),
    'init': chainer.__file__, 'status': report.returncode,
    'out': report.stdout, 'err': report.stderr}))
'''


def _state(python):
    out = subprocess.run([python, '-c', _STATE], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def _release_version():
    return installs._wheels()['chainer'].name.split('-')[1]


def _write_wheel(directory, name, version, requires=(), files=None):
    """Writes a pure-Python wheel by hand (no build backend): ``files`` maps archive paths
    to text; returns its path."""
    stem = '{}-{}'.format(name.replace('-', '_'), version)
    info = stem + '.dist-info'
    contents = dict(files or {})
    contents[info + '/METADATA'] = 'Metadata-Version: 2.1\nName: {}\nVersion: {}\n{}'.format(
        name, version, ''.join('Requires-Dist: {}\n'.format(r) for r in requires))
    contents[info + '/WHEEL'] = ('Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: '
                                 'true\nTag: py3-none-any\n')
    record = []
    for path, text in contents.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest())
        record.append('{},sha256={},{}'.format(path, digest.rstrip(b'=').decode(),
                                                len(text.encode())))
    record.append(info + '/RECORD,,')
    contents[info + '/RECORD'] = '\n'.join(record) + '\n'
    path = pathlib.Path(directory) / (stem + '-py3-none-any.whl')
    with zipfile.ZipFile(path, 'w') as z:
        for name_in_zip, text in contents.items():
            z.writestr(name_in_zip, text)
    return path


def _downstream(tmp_path_factory):
    """A wheelhouse holding one package built on Chainer: ``downstream-probe`` 0.1,
    requiring ``chainer>=6`` as ChainerCV 0.13.1 does."""
    directory = tmp_path_factory.mktemp('downstream')
    _write_wheel(directory, 'downstream-probe', '0.1', ['chainer>=6'],
                 {'downstream_probe/__init__.py': 'import chainer.links\n'})
    return str(directory)


def _pip(python, *args):
    subprocess.run([sys.executable, '-m', 'pip', '--python', python, 'install', '--quiet',
                    *args], check=True)


def _check_ours(python, dependent=None):
    state = _state(python)
    assert state['version'] == _release_version() and state['plugin'], state
    assert state['status'] == 0 and 'warning' not in state['err'], state
    assert "Namespace:\n  status: this project's (chainer-core)" in state['out']
    if dependent:
        assert '{}: needs chainer>=6: met by chainer {} (this project)'.format(
            dependent, state['version']) in state['out'], state['out']
    return state


def test_requirement_on_chainer_resolves_from_the_wheelhouse_alone(tmp_path_factory):
    python = installs._venv(tmp_path_factory, 'chainer-no-index')
    _pip(python, *THIRD_PARTY)
    _pip(python, '--no-index', '--find-links', installs.WHEELHOUSE, 'chainer>=6')
    _check_ours(python)
    _pip(python, '--no-index', '--find-links', installs.WHEELHOUSE,
         '--find-links', _downstream(tmp_path_factory), 'downstream-probe')
    _check_ours(python, 'downstream-probe 0.1')
    subprocess.run([python, '-c', 'import downstream_probe, chainer.training'], check=True)


def test_wheelhouse_wins_over_the_index_and_the_original_is_reported(tmp_path_factory):
    python = installs._venv(tmp_path_factory, 'chainer-with-index')
    _pip(python, '--find-links', installs.WHEELHOUSE,
         '--find-links', _downstream(tmp_path_factory), 'downstream-probe')
    state = _check_ours(python, 'downstream-probe 0.1')

    # The original Chainer installed over it (a stand-in: the name, its last version and a
    # chainer/__init__.py of its own, which overwrites chainer-core's).
    init = pathlib.Path(state['init']).read_text() + '\n# not this project\'s\n'
    original = _write_wheel(tmp_path_factory.mktemp('original'), 'chainer',
                            _ecosystem.ORIGINAL_LAST_VERSION,
                            files={'chainer/__init__.py': init})
    _pip(python, '--no-deps', str(original))
    state = _state(python)
    assert state['version'] == _ecosystem.ORIGINAL_LAST_VERSION
    assert state['status'] == 0, state
    for words in ('"chainer" 7.8.1 is not this project\'s', 'belongs to chainer 7.8.1',
                  'downstream-probe 0.1: needs chainer>=6: met by chainer 7.8.1 (not this '
                  'project)'):
        assert words in state['out'], state['out']
    assert 'warning: the installed distribution "chainer" 7.8.1' in state['err']

    # The repair the warning gives.
    subprocess.run([sys.executable, '-m', 'pip', '--python', python, 'uninstall', '--yes',
                    '--quiet', 'chainer'], check=True)
    _pip(python, '--find-links', installs.WHEELHOUSE, '--force-reinstall', 'chainer')
    _check_ours(python, 'downstream-probe 0.1')
