"""Incompatible installs are refused. The installed metadata is real: fake ``*.dist-info``
directories put first on ``sys.path`` of a subprocess shadow the real ones, exactly as a
second install of another version would."""
import os
import re
import subprocess
import sys
import textwrap

import pytest

from chainer import _runtime
from chainer._plugins import Distribution


def _fake_dist(root, name, version, requires=()):
    info = root / '{}-{}.dist-info'.format(name.replace('-', '_'), version)
    info.mkdir()
    lines = ['Metadata-Version: 2.1', 'Name: ' + name, 'Version: ' + version]
    lines += ['Requires-Dist: ' + r for r in requires]
    (info / 'METADATA').write_text('\n'.join(lines) + '\n')
    (info / 'entry_points.txt').write_text(
        '[chainer.plugins]\n{} = chainer._version:PLUGIN\n'.format(name))


def _run(root, code):
    env = dict(os.environ)
    env['PYTHONPATH'] = os.pathsep.join(filter(None, [str(root), env.get('PYTHONPATH')]))
    return subprocess.run([sys.executable, '-c', textwrap.dedent(code)], env=env,
                          capture_output=True, text=True)


@pytest.fixture
def sibling_needs_newer_core(tmp_path):
    _fake_dist(tmp_path, 'chainer-links', '9.0.0', ['numpy>=1.22', 'chainer-core<10,>=9.0'])
    return tmp_path


def test_python_m_chainer_refuses_and_says_what_to_upgrade(sibling_needs_newer_core):
    result = _run(sibling_needs_newer_core, 'import runpy; runpy.run_module("chainer", '
                  'run_name="__main__")')
    assert result.returncode == 1
    assert 'chainer-links 9.0.0 requires chainer-core<10,>=9.0' in result.stderr
    assert 'upgrade chainer-core (pip install -U "chainer-core<10,>=9.0")' in result.stderr
    assert re.search(r'chainer-links *: 9.0.0', result.stdout)  # the report is still printed


def test_check_compatibility_raises(sibling_needs_newer_core):
    result = _run(sibling_needs_newer_core, '''
        import chainer
        try:
            chainer.check_compatibility()
        except ImportError as e:
            print(type(e).__name__, e)
        ''')
    assert 'IncompatibleVersionsError' in result.stdout
    assert 'upgrade chainer-core' in result.stdout


def test_first_sibling_import_is_refused(sibling_needs_newer_core):
    result = _run(sibling_needs_newer_core, '''
        import chainer
        try:
            import chainer.functions
        except ImportError as e:
            print(type(e).__name__, e)
        ''')
    assert 'IncompatibleVersionsError' in result.stdout
    assert 'upgrade chainer-core' in result.stdout


def test_newer_core_than_a_sibling_supports(tmp_path):
    _fake_dist(tmp_path, 'chainer-core', '5.0.0')
    _fake_dist(tmp_path, 'chainer-training', '1.0.0', ['chainer-core<2,>=1.0'])
    result = _run(tmp_path, 'import runpy; runpy.run_module("chainer", run_name="__main__")')
    assert result.returncode == 1
    assert ('chainer-training 1.0.0 requires chainer-core<2,>=1.0, but chainer-core 5.0.0 '
            'is installed: upgrade chainer-training to a release that supports '
            'chainer-core 5.0.0') in result.stderr


def test_import_chainer_alone_does_not_check(sibling_needs_newer_core):
    result = _run(sibling_needs_newer_core, '''
        import chainer
        print('scanned:', bool(chainer._plugins._distributions))
        ''')
    assert result.returncode == 0, result.stderr
    assert 'scanned: False' in result.stdout


def test_missing_required_sibling():
    dists = [Distribution('chainer-core', '1.0.0', (), True),
             Distribution('chainer-caffe', '1.0.0',
                          ('chainer-core<2,>=1.0', 'chainer-links<2,>=1.0', 'protobuf>=4'),
                          True)]
    assert _runtime.find_incompatibilities(dists) == [
        'chainer-caffe 1.0.0 requires chainer-links<2,>=1.0, which is not installed: '
        'pip install "chainer-links<2,>=1.0"']


def test_extras_and_third_party_requirements_are_not_checked():
    dists = [Distribution('chainer-core', '1.0.0',
                          ('h5py>=99; extra == "hdf5"', 'numpy>=99'), True),
             Distribution('cupy-kernels', '1.0.0',
                          ('chainer-core>=1.0,<2', 'cupy-cuda12x>=13; extra == "cuda12"'),
                          True)]
    assert _runtime.find_incompatibilities(dists) == []
