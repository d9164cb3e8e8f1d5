"""Plugin discovery and the backend's behaviour on a machine without a GPU."""
import subprocess
import sys

import numpy
import pytest

from chainer import _plugins, _runtime, cuda
from cupy_kernels import backend as backend_module
from cupy_kernels.backend import CudaBackend

try:
    import cupy  # noqa: F401
    HAVE_CUPY = True
except Exception:  # noqa: BLE001 - a broken CuPy counts as absent
    HAVE_CUPY = False


def test_entry_point_is_registered():
    eps = [ep for ep in _plugins.entry_points('chainer.backends') if ep.name == 'cuda']
    assert len(eps) == 1 and eps[0].value == 'cupy_kernels.backend:CudaBackend'
    assert eps[0].load() is CudaBackend


def test_without_cupy_the_reason_names_the_install(monkeypatch):
    def fail(name):
        raise ImportError('No module named ' + name)
    monkeypatch.setattr(backend_module.importlib, 'import_module', fail)
    b = CudaBackend()
    assert not b.available
    assert 'pip install cupy-kernels[cuda12]' in b.unavailable_reason()
    assert b.get_array_module(numpy.zeros(1)) is numpy
    assert b.get_device(0) is None
    with pytest.raises(RuntimeError, match='CUDA is not available'):
        b.cupy
    assert not b.cudnn_enabled


def _has_device():
    return CudaBackend().available


@pytest.mark.skipif(not HAVE_CUPY, reason='CuPy is not installed')
@pytest.mark.skipif(HAVE_CUPY and _has_device(), reason='a GPU is present')
def test_installed_without_device():
    b = CudaBackend()
    assert not b.available and 'CuPy' in b.unavailable_reason()
    with pytest.raises(RuntimeError, match='CUDA is not available'):
        b.kernel('relu_fwd')
    with pytest.raises(RuntimeError, match='CUDA is not available'):
        b.to_gpu(numpy.zeros(1))
    assert b.get_array_module(numpy.zeros(1)) is numpy


def test_nccl_without_a_device_is_an_attribute_error_saying_why(monkeypatch):
    if HAVE_CUPY and _has_device():
        pytest.skip('a GPU is present')
    b = CudaBackend()
    with pytest.raises(AttributeError, match='NCCL needs CUDA'):
        b.nccl
    assert not hasattr(cuda, 'nccl')  # the facade: MultiprocessParallelUpdater unavailable


@pytest.mark.gpu
def test_nccl_is_cupys_binding_on_a_gpu():
    if not (HAVE_CUPY and _has_device()):
        pytest.skip('needs a GPU')
    try:
        nccl = cuda.nccl
    except AttributeError as e:
        pytest.skip(str(e))  # CuPy without NCCL: the message is the reason
    assert hasattr(nccl, 'NcclCommunicator') and hasattr(nccl, 'get_unique_id')


@pytest.mark.skipif(not HAVE_CUPY, reason='CuPy is not installed')
@pytest.mark.skipif(HAVE_CUPY and _has_device(), reason='a GPU is present')
def test_runtime_report_says_installed_no_device():
    out = subprocess.run([sys.executable, '-m', 'chainer'], capture_output=True, text=True,
                         check=False).stdout
    assert 'cuda: installed, no device' in out


def test_runtime_report_without_the_entry_point(monkeypatch):
    monkeypatch.setitem(_plugins._entry_points, 'chainer.backends', [])
    assert _runtime.backend_state('cuda').startswith(
        'not installed (pip install "cupy-kernels[cuda12]" (from a clone')


@pytest.mark.skipif(HAVE_CUPY and _has_device(), reason='a GPU is present')
def test_facade_degrades_with_the_backend_reason():
    assert cuda.available is False and cuda.cudnn_enabled is False
    with pytest.raises(RuntimeError, match='needs a GPU'):
        cuda.kernel('relu_fwd')
    with pytest.raises(RuntimeError, match='needs a GPU'):
        cuda.elementwise('T x', 'T y', 'y = x', 'copy_kernel')
    f = cuda.memoize(for_each_device=True)(len)
    assert f is len  # dummy without a device, as documented
    cuda.clear_memo()


def test_cudnn_can_be_disabled(monkeypatch):
    from cupy_kernels import cudnn_support
    monkeypatch.setattr(cudnn_support, '_state', {})
    monkeypatch.setenv('CHAINER_CUDNN', '0')
    assert not cudnn_support.enabled()
    assert 'CHAINER_CUDNN=0' in cudnn_support.reason()
    with pytest.raises(RuntimeError, match='CHAINER_CUDNN=0'):
        cudnn_support.module()


def test_kernels_build_without_a_device():
    """Building CuPy kernel objects needs no device: every spec builds."""
    cupy = pytest.importorskip('cupy')
    from cupy_kernels import kernels
    for name in kernels.names():
        s = kernels.get(name)
        built = s.build(cupy, {u: kernels.get(u).build(cupy) for u in s.uses}) \
            if s.kind == 'python' else s.build(cupy)
        assert callable(built), name


class _StrictDeviceArray(object):
    """Plays a CuPy array for ``to_gpu``: ``set`` refuses a host array of another shape,
    as ``cupy.ndarray.set`` does (a GPU run found 0-d arrays arriving 1-d)."""

    def __init__(self, shape, dtype):
        self.shape, self.dtype, self.host = tuple(shape), numpy.dtype(dtype), None

    def set(self, array, stream=None):
        if array.shape != self.shape:
            raise ValueError('Shape mismatch. Old shape: {}, new shape: {}'.format(
                self.shape, array.shape))
        assert array.flags.c_contiguous
        self.host = array.copy()


class _StrictCupy(object):
    ndarray = _StrictDeviceArray

    def __init__(self):
        import types
        self.cuda = types.SimpleNamespace(Device=lambda *a: _NoDevice())

    def empty(self, shape, dtype):
        return _StrictDeviceArray(shape, dtype)


class _NoDevice(object):
    def __enter__(self):
        return self

    def __exit__(self, *args):
        return False


@pytest.mark.parametrize('host', [numpy.float32(2.5) * numpy.ones(()), numpy.float64(1.5),
                                  numpy.arange(6.).reshape(2, 3).T, numpy.zeros((0, 4))])
def test_to_gpu_keeps_the_shape_of_every_array(host):
    b = CudaBackend()
    b._cupy, b._reason = _StrictCupy(), ''
    out = b.to_gpu(host)
    assert out.shape == numpy.shape(host) and out.dtype == numpy.asarray(host).dtype
    numpy.testing.assert_array_equal(out.host, host)
