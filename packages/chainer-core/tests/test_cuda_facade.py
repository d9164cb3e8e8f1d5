"""The documented v1 chainer.cuda API without a GPU backend, and with a backend
that has no device."""
import sys

import numpy

import chainer
import pytest

from chainer import cuda


class _NoDevice(object):
    """A backend that is installed but has no device."""
    available = False
    cudnn_enabled = False

    def unavailable_reason(self):
        return 'no CUDA device found'


@pytest.fixture(params=['no_backend', 'no_device'])
def degraded(request, monkeypatch):
    backend = None if request.param == 'no_backend' else _NoDevice()
    monkeypatch.setattr(cuda, '_backend_cache', [backend])
    return 'pip install "cupy-kernels' if backend is None else 'no CUDA device found'


def test_memoize_is_a_no_op_and_clear_memo_is_harmless(degraded):
    def f(x):
        return x
    assert cuda.memoize()(f) is f
    assert cuda.memoize(for_each_device=True)(f) is f
    cuda.clear_memo()


@pytest.mark.parametrize('call', [
    lambda: cuda.elementwise('T x', 'T y', 'y = x', 'copy_kernel'),
    lambda: cuda.reduce('T x', 'T y', 'x', 'a + b', 'y = a', '0', 'sum_kernel'),
    lambda: cuda.copy(numpy.zeros(1)),
    lambda: cuda.init(),
    lambda: cuda.zeros((2,)),
    lambda: cuda.full_like(numpy.zeros(1), 2),
    lambda: cuda.to_gpu(numpy.zeros(1)),
    lambda: cuda.kernel('relu_fwd'),
])
def test_gpu_calls_raise_with_the_reason(degraded, call):
    with pytest.raises(RuntimeError, match=degraded):
        call()


@pytest.mark.parametrize('name', ['Device', 'Event', 'Stream', 'memory_pool', 'cudnn'])
def test_backend_attributes_raise_attribute_error_with_the_reason(degraded, name):
    with pytest.raises(AttributeError, match=degraded):
        getattr(cuda, name)
    assert not hasattr(cuda, name)


def test_cupy_is_an_object_no_array_module_is_as_in_v2(degraded):
    # v2+ code compares ``xp is cuda.cupy``; anything read from it says why it is absent
    assert cuda.cupy is not numpy and cuda.cupy == cuda.cupy
    assert chainer.backend.get_array_module(numpy.zeros(1)) is not cuda.cupy
    with pytest.raises(AttributeError, match=degraded):
        cuda.cupy.ndarray


def test_ndarray_is_a_class_no_array_belongs_to_as_in_v1(degraded):
    assert isinstance(cuda.ndarray, type)
    assert not isinstance(numpy.zeros(1), cuda.ndarray)


def test_flags_are_false(degraded):
    assert cuda.available is False and cuda.cudnn_enabled is False


def test_import_chainer_does_not_import_cupy():
    import subprocess
    code = ('import sys, chainer, chainer.cuda; '
            'print("cupy" in sys.modules, "importlib.metadata" in sys.modules)')
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out[0] == 'False'


def test_a_backend_that_fails_to_import_counts_as_unavailable(monkeypatch):
    from chainer import _plugins

    class BrokenEntryPoint(object):
        name = 'cuda'

        def load(self):
            raise ImportError('simulated broken install')

    monkeypatch.setitem(_plugins._entry_points, 'chainer.backends', [BrokenEntryPoint()])
    monkeypatch.setattr(_plugins, '_backends', {})
    monkeypatch.setattr(cuda, '_backend_cache', [])
    assert cuda.available is False
    assert cuda.get_array_module(numpy.zeros(1)) is numpy
    with pytest.raises(RuntimeError, match='simulated broken install'):
        cuda.to_gpu(numpy.zeros(1))


def test_max_workspace_size_round_trips_and_rejects_bad_sizes():
    old = cuda.get_max_workspace_size()
    try:
        cuda.set_max_workspace_size(1 << 20)
        assert cuda.get_max_workspace_size() == 1 << 20
        for bad in (-1, 1.5, 'big', True):
            with pytest.raises(ValueError, match='size'):
                cuda.set_max_workspace_size(bad)
    finally:
        cuda.set_max_workspace_size(old)
