"""``python -m chainer`` / ``chainer.print_runtime_info()`` on the current install."""
import io
import platform
import subprocess
import sys

import numpy

import chainer
from chainer import _runtime


def test_print_runtime_info_reports_versions():
    out = io.StringIO()
    chainer.print_runtime_info(out)
    text = out.getvalue()
    assert platform.python_version() in text
    assert 'NumPy' in text and numpy.__version__ in text
    assert 'chainer-core' in text and chainer._version.__version__ in text
    for name in ('h5py', 'protobuf', 'cupy'):
        assert '\n  {}'.format(name) in text
    assert '\n  cuda' in text
    assert 'status: OK' in text


def test_python_m_chainer_exits_zero_on_a_consistent_install():
    result = subprocess.run([sys.executable, '-m', 'chainer'], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert 'Chainer distributions:' in result.stdout
    assert 'chainer-core' in result.stdout


class _Backend(object):
    def __init__(self, **attrs):
        self.__dict__.update(attrs)


def _state_with(monkeypatch, backend):
    """backend_state('cuda') with ``backend`` registered; entry-point discovery itself is
    the real code, only its cache is filled."""
    ep = type('EP', (), {'name': 'cuda'})()
    monkeypatch.setitem(_runtime._plugins._entry_points, 'chainer.backends', [ep])
    monkeypatch.setitem(_runtime._plugins._backends, 'cuda', backend)
    return _runtime.backend_state('cuda')


def test_backend_not_installed(monkeypatch):
    monkeypatch.setitem(_runtime._plugins._entry_points, 'chainer.backends', [])
    assert _runtime.backend_state('cuda').startswith(
        'not installed (pip install "cupy-kernels[cuda12]" (from a clone')


def test_backend_without_device(monkeypatch):
    backend = _Backend(available=False, unavailable_reason=lambda: 'cupy is not installed')
    assert _state_with(monkeypatch, backend) == 'installed, no device (cupy is not installed)'


def test_backend_with_device(monkeypatch):
    backend = _Backend(available=True, device_name=lambda: 'Tesla T4')
    assert _state_with(monkeypatch, backend) == 'installed, device: Tesla T4'


def test_backend_lacking_the_optional_methods(monkeypatch):
    assert _state_with(monkeypatch, _Backend()) == 'installed, no device (no reason given)'
    assert _state_with(monkeypatch, _Backend(available=True)) == 'installed, device: unnamed'


def test_backend_that_raises_is_reported(monkeypatch):
    def boom():
        raise RuntimeError('driver too old')
    state = _state_with(monkeypatch, _Backend(available=boom))
    assert state == 'installed, failed to load (RuntimeError: driver too old)'
