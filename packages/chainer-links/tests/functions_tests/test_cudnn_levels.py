"""v7's levels of ``chainer.config.use_cudnn``: most functions take cuDNN under
``'auto'`` and ``'always'`` (``'>=auto'``), sigmoid and tanh only under ``'always'``
(``'==always'``); v1's explicit ``use_cudnn`` bool still wins. The GPU branches are run
on the CPU with a stand-in array module, recording the kernels they request."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import cuda
from chainer.functions import _cudnn
from chainer.functions.activation.relu import ReLU
from chainer.functions.activation.sigmoid import Sigmoid
from chainer.functions.activation.tanh import Tanh


@pytest.fixture
def cudnn_present(monkeypatch):
    monkeypatch.setattr(cuda, 'cudnn_enabled', True)


@pytest.mark.parametrize('setting,auto_level,always_level', [
    ('always', True, True), ('auto', True, False), ('never', False, False)])
def test_levels(cudnn_present, setting, auto_level, always_level):
    with chainer.using_config('use_cudnn', setting):
        assert _cudnn.enabled(None, '>=auto') is auto_level
        assert _cudnn.enabled(None) is auto_level  # the default level
        assert _cudnn.enabled(None, '==always') is always_level
        assert _cudnn.enabled(True, '==always') is True  # v1's explicit bool wins
        assert _cudnn.enabled(False, '>=auto') is False


def test_no_level_takes_cudnn_without_it(monkeypatch):
    monkeypatch.setattr(cuda, 'cudnn_enabled', False)
    with chainer.using_config('use_cudnn', 'always'):
        assert _cudnn.enabled(None, '==always') is False
        assert _cudnn.enabled(True, '>=auto') is False


@pytest.fixture
def requested(monkeypatch, cudnn_present):
    names = []

    def kernel(name):
        names.append(name)
        return lambda *args: args[0]
    monkeypatch.setattr(cuda, 'kernel', kernel)
    return names


class _GpuModule(object):
    """Any array module that is not numpy makes the functions take their GPU branch."""


@pytest.mark.parametrize('func,name,level_always', [
    (Sigmoid, 'sigmoid', True), (Tanh, 'tanh', True), (ReLU, 'relu', False)])
@pytest.mark.parametrize('setting', ['always', 'auto', 'never'])
def test_gpu_branches_follow_v7_levels(requested, func, name, level_always, setting):
    x = numpy.ones((2, 3), numpy.float32)
    with chainer.using_config('use_cudnn', setting):
        func().compute(_GpuModule, x)
        func().derivative(_GpuModule, x, x, x)
    cudnn = setting == 'always' or (setting == 'auto' and not level_always)
    if cudnn:
        assert requested == ['cudnn_activation_forward', 'cudnn_activation_backward']
    else:
        assert requested == [name + '_fwd', name + '_bwd']


def test_v1_explicit_use_cudnn_takes_cudnn_for_sigmoid(requested):
    x = numpy.ones((2, 3), numpy.float32)
    Sigmoid(True).compute(_GpuModule, x)
    Tanh(False).compute(_GpuModule, x)
    assert requested == ['cudnn_activation_forward', 'tanh_fwd']
    assert F.sigmoid(x, use_cudnn=True).array.shape == (2, 3)  # accepted on the CPU
