"""CUDAProfileHook (v1.24): NVTX ranges around each forward and backward."""
import numpy
import pytest

import chainer
from chainer import cuda
from chainer.function_hooks import cuda_profile


class _RecordingNvtx(object):
    def __init__(self):
        self.calls = []

    def RangePush(self, message):  # noqa: N802 - CuPy's name
        self.calls.append(('push', message))

    def RangePop(self):  # noqa: N802 - CuPy's name
        self.calls.append(('pop',))


def test_without_cuda_the_hook_says_why():
    if cuda.available:
        pytest.skip('a GPU is present')
    with pytest.raises(RuntimeError, match='CUDA environment is not correctly set up'):
        chainer.function_hooks.CUDAProfileHook()


def test_ranges_enclose_each_forward_and_backward(monkeypatch):
    nvtx = _RecordingNvtx()
    monkeypatch.setattr(cuda, 'check_cuda_available', lambda: None)
    monkeypatch.setattr(cuda_profile, '_nvtx', lambda: nvtx)
    x = chainer.Variable(numpy.ones(3, numpy.float32))
    with cuda_profile.CUDAProfileHook():
        y = x * 2
        y.grad = numpy.ones(3, numpy.float32)
        y.backward()
    assert nvtx.calls == [('push', '_ * 2.forward'), ('pop',),
                          ('push', '_ * 2.backward'), ('pop',)]
